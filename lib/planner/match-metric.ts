import { DERIVED_METRICS, METRICS } from '@/lib/ontology/metrics';
import type { MetricRef } from './types';

interface MetricPhrase {
  phrase: string;
  ref: MetricRef;
}

function baseRef(id: string): MetricRef {
  const m = METRICS.find((x) => x.id === id)!;
  return { id: m.id, label: m.label, kind: 'base', op: null, numerator: null, denominator: null, periodType: m.periodType };
}

const PHRASES: MetricPhrase[] = [
  ...METRICS.flatMap((m) => [m.label, ...m.synonyms].map((phrase) => ({ phrase: phrase.toLowerCase(), ref: baseRef(m.id) }))),
  ...DERIVED_METRICS.flatMap((d) =>
    [d.label, ...d.synonyms].map((phrase) => ({
      phrase: phrase.toLowerCase(),
      ref: {
        id: d.id,
        label: d.label,
        kind: 'derived' as const,
        op: d.op,
        numerator: d.numerator ?? null,
        denominator: d.denominator ?? null,
        periodType: 'duration' as const,
      },
    })),
  ),
].sort((a, b) => b.phrase.length - a.phrase.length);

/** Phrases that name several metrics: the planner asks instead of choosing. */
const AMBIGUOUS: { pattern: RegExp; options: string[] }[] = [
  { pattern: /\b(eps|earnings per share)\b/, options: ['diluted EPS', 'basic EPS'] },
  { pattern: /\bearnings\b/, options: ['net income', 'diluted EPS'] },
  { pattern: /\bprofit\b/, options: ['net income', 'operating income', 'gross profit'] },
  { pattern: /\bmargin\b/, options: ['gross margin', 'operating margin', 'net margin'] },
];

export function normalizeForMetrics(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9&'%]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

export interface MetricMention {
  ref: MetricRef;
  phrase: string;
  index: number;
}

/** All metric mentions, longest phrase first, without overlaps, in question order. */
export function matchMetrics(question: string): { mentions: MetricMention[]; ambiguous: { phrase: string; options: string[] } | null } {
  const norm = normalizeForMetrics(question);
  const taken: [number, number][] = [];
  const mentions: MetricMention[] = [];
  for (const p of PHRASES) {
    let from = 0;
    for (;;) {
      const i = norm.indexOf(` ${p.phrase} `, from);
      if (i < 0) break;
      const s = i + 1;
      const e = s + p.phrase.length;
      if (taken.every(([a, b]) => e <= a || s >= b)) {
        taken.push([s, e]);
        mentions.push({ ref: p.ref, phrase: p.phrase, index: s });
      }
      from = i + 1;
    }
  }
  // a generic head ("profit for the year") preceded by a qualifier that names another measure ("gross")
  for (const [i, m] of mentions.entries()) {
    const head = m.phrase.split(' ')[0]!;
    if (!['profit', 'income', 'earnings', 'loss'].includes(head)) continue;
    const prev = /([a-z&]+) $/.exec(norm.slice(0, m.index))?.[1];
    if (!prev) continue;
    const qualified = PHRASES.find((p) => p.phrase === `${prev} ${head}`);
    if (qualified && qualified.ref.id !== m.ref.id) mentions[i] = { ref: qualified.ref, phrase: qualified.phrase, index: m.index - prev.length - 1 };
  }
  mentions.sort((a, b) => a.index - b.index);
  let ambiguous: { phrase: string; options: string[] } | null = null;
  if (mentions.length === 0) {
    let rest = norm;
    for (const a of AMBIGUOUS) {
      const m = a.pattern.exec(rest);
      if (m) {
        ambiguous = { phrase: m[1]!, options: a.options };
        break;
      }
      rest = norm;
    }
  }
  return { mentions, ambiguous };
}
