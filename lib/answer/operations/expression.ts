/**
 * Explicit arithmetic the user wrote (sum, difference, ratio, share, stated definitions): the
 * expression tree evaluated by the figure engine, each operand on its own period. A result whose
 * period is not the one the question names is refused (PERIOD_MISMATCH); a refused calculation
 * offers its valid parts as chips.
 */
import { answerPeriod, type Failure } from '../compute';
import { evaluateExpression, type ResolveOperandPeriod } from '../expression';
import { TARGET, endOf, resolveFor, startOf } from '../targets';
import { lowerFirst, periodText } from '../text';
import { copulaFor } from '@/lib/ontology/inflect';
import type { Answer } from '../types';
import type { Operation } from './types';

export const expressionOperation: Operation = {
  handles: ['expression'],
  resolvesPeriods: false,
  async run({ ctx, ent, intent, outcomes }) {
    if (!intent.expression) return;
    const targetReq = intent.periods.find((p) => p.forMetric === TARGET);
    const target = targetReq ? resolveFor(ent, targetReq, intent.metric.periodType) : null;
    const resolvePeriod: ResolveOperandPeriod = (req, periodType) => {
      const r = resolveFor(ent, req, periodType);
      if (r.ok) return { ok: true, target: r.target };
      const code = r.status === 'rejected' ? 'INSTANT_DURATION_MIX' : 'MISSING_FACT';
      const failure: Failure =
        r.status === 'rejected'
          ? { kind: 'rejected', message: r.message, errors: [{ code, message: r.message, factIds: [] }] }
          : { kind: 'missing', message: r.message, errors: [{ code, message: r.message, factIds: [] }] };
      return { ok: false, failure };
    };
    const named = intent.metric.kind === 'derived' || targetReq ? intent.metric : null;
    const r = await evaluateExpression(ctx, ent, intent.expression, resolvePeriod, named);
    if (
      r.ok &&
      target?.ok &&
      (endOf(target.target.period) !== endOf(r.figure.period) || startOf(target.target.period) !== startOf(r.figure.period))
    ) {
      const got = answerPeriod(r.figure.period, ent.calendars);
      outcomes.push({
        failure: {
          kind: 'rejected',
          message: `the calculation described gives ${periodText(got)}, not ${target.target.label} as asked`,
          errors: [
            {
              code: 'PERIOD_MISMATCH',
              message: `calculated period ${got.dateRange} differs from the period asked`,
              factIds: r.figure.factIds,
            },
          ],
        },
        entity: ent,
        target: target.target,
      });
      return;
    }
    outcomes.push(
      r.ok ? { figure: r.figure, entity: ent, target: target?.ok ? target.target : undefined } : { failure: r.failure, entity: ent },
    );
  },
  label: (intent) => {
    const parts = shareParts(intent);
    return parts ? `${parts[0]} as a share of ${lowerFirst(parts[1])}` : intent.metric.label;
  },
  say({ tb, v, intent, name, calculation }) {
    if (shareParts(intent) && v.inputs.length === 2) {
      // "R&D in FY2024 and what share of revenue": the part, then its share of the whole, each cited
      const [part, whole] = v.inputs as [(typeof v.inputs)[number], (typeof v.inputs)[number]];
      // balances are said at their date ("at the end of FY2025 (27 Sep 2025) … of its total assets at that date")
      const at = part.period.type === 'instant';
      tb.text(
        `${name} ${lowerFirst(part.label)} ${at ? `at the ${periodText(part.period).replace(/^the /, '')}` : `for ${periodText(part.period)}`} ${copulaFor(part.label)} `,
      ).value(part.id, part.display);
      tb.text(', ')
        .value(v.id, v.display)
        .text(at ? ` of its ${lowerFirst(whole.label)} at that date (` : ` of its ${whole.period.label} ${lowerFirst(whole.label)} (`)
        .value(whole.id, whole.display)
        .text(').');
      return;
    }
    const symbol = ({ sum: ' + ', difference: ' − ', ratio: ' ÷ ', share: ' ÷ ', product: ' × ' } as const)[
      intent.expression?.kind === 'op' ? intent.expression.op : 'sum'
    ];
    if (calculation === 'change' && v.inputs.length === 2) {
      // a later period minus an earlier one: the change from the one to the other
      const [later, earlier] = v.inputs as [(typeof v.inputs)[number], (typeof v.inputs)[number]];
      tb.text(`${name} ${lowerFirst(v.label)} from ${periodText(earlier.period)} to ${periodText(later.period)} is `)
        .value(v.id, v.display)
        .text(', computed as ');
      tb.text(`${lowerFirst(later.label)} for ${later.period.label} `)
        .value(later.id, later.display)
        .text(`${symbol}${lowerFirst(earlier.label)} for ${earlier.period.label} `)
        .value(earlier.id, earlier.display);
      tb.text('.');
      return;
    }
    if (calculation === 'formula') {
      // one measure over the periods combined: its formula over the combined window, each operand summed over it
      tb.text(`${name} ${lowerFirst(v.label)} for ${periodText(v.period)} (the periods combined) is `)
        .value(v.id, v.display)
        .text(', computed from ');
      v.inputs.forEach((inp, i) => {
        const overWindow = inp.period.start === v.period.start && inp.period.end === v.period.end;
        tb.text(
          `${i ? (i === v.inputs.length - 1 ? ' and ' : ', ') : ''}${lowerFirst(inp.label)} ${overWindow ? 'for the same period' : `at ${inp.period.dateRange}`} `,
        ).value(inp.id, inp.display);
      });
      tb.text(' — not by adding the periods’ ratios.');
      return;
    }
    tb.text(`${name} ${lowerFirst(v.label)} for ${periodText(v.period)} is `)
      .value(v.id, v.display)
      .text(', computed as ');
    // the root's terms in order: its figures (each cited) and the numbers the question wrote into the formula
    const root = intent.expression?.kind === 'op' ? intent.expression.args : [];
    const terms = root.length ? root : v.inputs.map(() => null);
    let k = 0;
    terms.forEach((t, i) => {
      if (i) tb.text(symbol);
      if (t?.kind === 'const') {
        tb.text(t.text);
        return;
      }
      const inp = v.inputs[k++];
      if (inp) tb.text(`${lowerFirst(inp.label)} for ${inp.period.label} `).value(inp.id, inp.display);
    });
    tb.text('.');
    // a formula stated for a measure the library computes otherwise: computed as written, and said so
    const stated = intent.statedFormula;
    if (stated)
      tb.text(
        ` This follows the formula in the question; Ledgerline's own ${lowerFirst(stated.measure)} is ${lowerFirst(stated.library.replace(/\.\s*$/, ''))}.`,
      );
  },
  alternatives: (intent, status) => (status === 'rejected' ? expressionAlternatives(intent) : null),
};

/** The valid questions inside a refused calculation: each operand on its own. */
function expressionAlternatives(intent: Parameters<Operation['label']>[0]): Answer['clarification'] {
  const operands: { label: string; period: string }[] = [];
  const walk = (n: NonNullable<typeof intent.expression>) => {
    if (n.kind === 'operand') operands.push({ label: n.operand.metric.label, period: withItsYear(n.operand.period) });
    else if (n.kind === 'op') n.args.forEach(walk);
  };
  if (intent.expression) walk(intent.expression);
  const who = intent.entities[0]?.name ?? '';
  const options = [...new Set(operands.map((o) => `${who} ${lowerFirst(o.label)} ${o.period}`.trim()))];
  if (intent.metric.kind === 'derived') {
    for (const p of [...new Set(operands.map((o) => o.period))]) options.push(`${who} ${lowerFirst(intent.metric.label)} ${p}`.trim());
  }
  return { question: 'Ask for a valid figure instead:', options, rewrites: options };
}

/** The measures of a two-operand share ("X as a percentage of Y"), or null. */
function shareParts(intent: Parameters<Operation['label']>[0]): [string, string] | null {
  const e = intent.expression;
  if (e?.kind !== 'op' || e.op !== 'share' || e.args.length !== 2) return null;
  const [a, b] = e.args;
  if (a?.kind !== 'operand' || b?.kind !== 'operand') return null;
  // "what share of revenue came from the iPhone": the member's figure is the part, its own total the whole
  const memberLast = b.operand.metric.dimensions && !a.operand.metric.dimensions && a.operand.metric.id === b.operand.metric.id;
  return memberLast ? [b.operand.metric.label, a.operand.metric.label] : [a.operand.metric.label, b.operand.metric.label];
}

/** A period as written, with the year it took from a sibling ("Q1" of "Q1 and Q2 2022" → "Q1 2022"), so a chip asks a whole question. */
function withItsYear(p: { text: string; spec: { type: string; year?: unknown } }): string {
  const year = p.spec.type === 'fiscal' ? (p.spec.year as { year: number; style: string }) : null;
  if (!year || p.text.includes(String(year.year % 100).padStart(2, '0'))) return p.text;
  return `${p.text} ${year.style === 'fiscal' ? 'FY' : ''}${year.year}`;
}
