/**
 * Words that say a quarter is meant by itself, not the year to date it ends ("Q2 alone", "the quarter only",
 * "(three months)", "on its own", "on a standalone basis"): a quarter is always answered as its own three
 * months (the filed three-month fact, or derived from the year-to-date columns and labelled so), so these
 * words restate the quarter the question names and are placed with it. They are read only when every period
 * the question names is a quarter; beside a year, a half or nine months they change the period and stay
 * unplaced (asked back).
 */
import type { PeriodPhrase, PeriodSpec } from '@/lib/fiscal';
import type { SpanMap } from '../spans';

/** Whether a period phrase names one quarter (three months), whichever way it is written. */
export function namesQuarter(spec: PeriodSpec): boolean {
  switch (spec.type) {
    case 'fiscal':
    case 'calendar':
    case 'latest_position':
      return /^Q[1-4]$/.test(spec.position);
    case 'named_by_month':
    case 'ended':
      return spec.length === 'quarter';
    case 'month_range': {
      const months = (spec.to.year - spec.from.year) * 12 + spec.to.month - spec.from.month + 1;
      return months === 3;
    }
    default:
      return false;
  }
}

/** The words that say "this quarter by itself" (each a whole phrase; "only" alone is never one). */
const DISCRETE = [
  /\b(?:the\s+)?(?:quarter|three[- ]months?|3[- ]months?)(?:\s+period)?\s+(?:only|alone|by\s+itself|on\s+its\s+own)\b/gi,
  /\b(?:on\s+its\s+own|by\s+itself|in\s+isolation|alone)\b/gi,
  /\b(?:on\s+an?\s+)?(?:standalone|stand-alone|discrete)(?:\s+quarterly)?\s+basis\b/gi,
  /\b(?:the\s+)?(?:three|3)[- ]months?(?:\s+period)?(?:\s+only)?\b/gi,
];

/** Places the words that restate a quarter as its own three months (see the module comment). */
export function claimDiscreteQuarter(question: string, spans: SpanMap, phrases: readonly PeriodPhrase[]): void {
  if (phrases.length === 0 || !phrases.every((p) => namesQuarter(p.spec))) return;
  for (const re of DISCRETE)
    for (const m of question.matchAll(re)) {
      // a quarter word the period phrase holds already ("Q2 quarter only") stays the phrase's
      const free = spans.untaken(m.index!, m.index! + m[0].length, ['period']);
      if (free) spans.claim(free[0], free[1], 'period', 'discrete quarter');
    }
}
