/**
 * The verdict a question asks of its figures ("did it exceed $400bn", "which had the highest"), said after
 * the figures from their values only: a figure in another currency or unit than the threshold is not
 * compared, and a ranking ranks figures of one unit only.
 */
import type { Verdict } from '@/lib/planner/verdict';
import type { Intent } from '@/lib/planner/types';
import type { ComposedAnswer } from './compose';

const SAID: Record<Extract<Verdict, { kind: 'threshold' }>['op'], string> = {
  '>': 'above',
  '<': 'below',
  '>=': 'at least',
  '<=': 'at most',
};

function meets(value: number, op: Extract<Verdict, { kind: 'threshold' }>['op'], amount: number): boolean {
  return op === '>' ? value > amount : op === '<' ? value < amount : op === '>=' ? value >= amount : value <= amount;
}

export function sayVerdict(intent: Intent, answer: ComposedAnswer): ComposedAnswer {
  const verdict = intent.instructions?.verdict;
  if (!verdict || answer.status !== 'answered' || answer.values.length === 0) return answer;
  const segments = [...answer.segments];
  const add = (text: string) => segments.push({ type: 'text', text });
  const several = answer.values.length > 1;
  if (verdict.kind === 'threshold') {
    const dollars = /\$|usd|dollar/i.test(verdict.text);
    for (const v of answer.values) {
      const who = several ? `${v.entity.name}, ${v.period.label}: ` : '';
      const percent = v.unit === 'ratio';
      if ((verdict.unit === 'percent') !== percent || (verdict.unit === 'money' && (!v.currency || (dollars && v.currency !== 'USD')))) {
        add(
          ` ${who}${v.display} is not compared with ${verdict.text}: ${v.currency && verdict.unit === 'money' ? `the figure is in ${v.currency}` : 'the figure is not in that unit'}.`,
        );
        continue;
      }
      const yes = meets(v.value, verdict.op, verdict.amount);
      add(` ${who}${yes ? 'Yes' : 'No'} — `);
      segments.push({ type: 'value', valueId: v.id, text: v.display });
      add(` is ${yes ? '' : 'not '}${SAID[verdict.op]} ${verdict.text}.`);
    }
  } else {
    const units = new Set(answer.values.map((v) => `${v.unit}|${v.currency ?? ''}`));
    if (units.size !== 1 || answer.values.length < 2) return answer;
    const ranked = [...answer.values].sort((a, b) => (verdict.order === 'desc' ? b.value - a.value : a.value - b.value));
    add(` Ranked ${verdict.order === 'desc' ? 'highest' : 'lowest'} first: `);
    ranked.forEach((v, i) => {
      add(
        `${i ? ', ' : ''}${v.entity.name}${new Set(answer.values.map((x) => x.period.label)).size > 1 || new Set(answer.values.map((x) => x.entity.id)).size < answer.values.length ? ` (${v.period.label})` : ''} `,
      );
      segments.push({ type: 'value', valueId: v.id, text: v.display });
    });
    add('.');
  }
  const text = segments
    .map((s) => s.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return { ...answer, text, segments };
}
