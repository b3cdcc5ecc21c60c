/**
 * How a ratio on average balances (returns, turnovers, days outstanding, the cash conversion cycle)
 * says its inputs: each flow over the period, and each balance as the average of its opening and
 * closing values with both dates — the averaging rule stated, both balances cited. The day count of a
 * days ratio is the period's own length, or the count the question states ("365 days"), said with it.
 */
import { getFormula } from '@/lib/ontology/formulas';
import { lowerFirst } from '../text';
import type { TextBuilder } from '../text';
import type { AnswerValue } from '../types';

type Input = AnswerValue['inputs'][number];

/** Whether the formula divides flows by average balances (the ratios this module says). */
export function isAverageBalanceFormula(formulaId: string): boolean {
  return getFormula(formulaId)?.relation === 'flow_over_average_balance';
}

/** Days as the formula used them ("364 days", or "365 days (as stated)" in the question), read from the calculation's formula text. */
function dayCount(v: AnswerValue): { days: string; stated: boolean } | null {
  const m = /\b(\d{3}) days( \(as stated\))?/.exec(v.formula ?? '');
  return m?.[1] ? { days: m[1], stated: Boolean(m[2]) } : null;
}

/** ", from net income $X over FY2025 and average total equity — the mean of the opening $A (28 Sep 2024) and closing $B (27 Sep 2025) balances". */
export function sayAverageBalanceInputs(tb: TextBuilder, v: AnswerValue): void {
  const flows = v.inputs.filter((i) => i.period.type === 'duration');
  const balances = new Map<string, Input[]>();
  for (const i of v.inputs.filter((x) => x.period.type === 'instant')) balances.set(i.label, [...(balances.get(i.label) ?? []), i]);
  tb.text(', from ');
  let first = true;
  const sep = () => {
    tb.text(first ? '' : '; ');
    first = false;
  };
  for (const f of flows) {
    sep();
    tb.text(`${lowerFirst(f.label)} over ${f.period.label} `).value(f.id, f.display);
  }
  for (const [label, list] of balances) {
    sep();
    const [opening, closing] = [...list].sort((a, b) => a.period.end.localeCompare(b.period.end));
    if (!opening || !closing) {
      for (const b of list) tb.text(`${lowerFirst(label)} at ${b.period.dateRange} `).value(b.id, b.display);
      continue;
    }
    tb.text(`average ${lowerFirst(label)}, the mean of the opening balance `)
      .value(opening.id, opening.display)
      .text(` (${opening.period.dateRange}) and the closing balance `)
      .value(closing.id, closing.display)
      .text(` (${closing.period.dateRange})`);
  }
  const days = dayCount(v);
  if (days) tb.text(days.stated ? `; days = ${days.days}, as the question states` : `; days = the ${days.days} days of the period`);
}
