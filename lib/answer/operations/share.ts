/**
 * A share of one figure in another ("X as a percentage of Y", "what share of revenue came from X"): a
 * member's figure over the total of the same measure for the same period is the member's share of its
 * total (lib/calc share: the part may carry the members the whole lacks, nothing else may differ); two
 * flows of different measures are a margin, two balances at one date their quotient.
 */
import { type CalcResult, margin, type Operand, ratio, share } from '@/lib/calc';
import type { EntityContext } from '../compute';

type Calendars = EntityContext['calendars'];

/** Whether `part` is `whole` restricted to more members: the same measure, every member of the whole kept. */
export function isMemberOfTotal(part: Operand, whole: Operand): boolean {
  const extra = Object.keys(part.dimensions).length > Object.keys(whole.dimensions).length;
  const sameMeasure = part.metricId !== null ? part.metricId === whole.metricId : part.concept === whole.concept;
  return extra && sameMeasure && Object.entries(whole.dimensions).every(([k, v]) => part.dimensions[k] === v);
}

/** The share of `part` in `whole` (see the module comment); `asMargin`: two flows divide as a margin. */
export function shareOfTotal(part: Operand, whole: Operand, calendars: Calendars, asMargin: boolean): CalcResult {
  if (isMemberOfTotal(part, whole)) return share({ part, whole, calendars });
  const balances = part.period.type === 'instant' && whole.period.type === 'instant';
  return asMargin && !balances
    ? margin({ numerator: part, denominator: whole, calendars })
    : ratio({ numerator: part, denominator: whole, calendars });
}
