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
    case 'restated':
      return namesQuarter(spec.spec);
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

/** "worked out as the full year minus the first nine months", "i.e. FY less 9M": a fourth quarter's derivation stated. */
const Q4_DERIVATION =
  /(?:,\s*)?\b(?:(?:worked\s+out|computed|calculated|derived|taken|obtained|measured)\s+as|i\.\s?e\.?|that\s+is|meaning)\s*,?\s+(?:the\s+)?(?:full(?:[- ]year|\s+fiscal\s+year)(?:\s+(?:figure|total|amount))?|(?:fiscal|whole|entire)\s+year(?:\s+(?:figure|total|amount))?|annual\s+(?:figure|total|amount)|FY)\s+(?:minus|less)\s+(?:the\s+)?(?:first\s+(?:nine|9)\s+months|first\s+three\s+quarters|(?:nine|9)[- ]months?(?:\s+(?:ytd|year[- ]to[- ]date))?|9M|ytd\s+q3|q3\s+ytd)\b/gi;

/**
 * A fourth quarter's derivation the question states ("Q4 net income, worked out as the full year minus the first
 * nine months"): the library derives a fourth quarter exactly so (the fiscal year less its nine months, labelled
 * derived), so the words agree with it and are placed with the quarter; the nine months they name is no second
 * period. Read only when the question's one period is a fourth quarter; else nothing is placed.
 */
export function claimQ4Derivation(question: string, spans: SpanMap, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const quarters = phrases.filter((p) => p.spec.type === 'fiscal' && p.spec.position === 'Q4');
  if (quarters.length !== 1) return phrases;
  for (const m of question.matchAll(Q4_DERIVATION)) {
    const s = m.index ?? 0;
    const e = s + m[0].length;
    const inside = phrases.filter((p) => p.start >= s && p.end <= e);
    const others = phrases.filter((p) => !inside.includes(p));
    if (others.length !== 1 || others[0] !== quarters[0] || inside.some((p) => p.spec.type === 'fiscal' && p.spec.position === 'Q4'))
      continue;
    spans.claim(s, e, 'period', `the fourth quarter's derivation: ${quarters[0]?.text ?? ''}`);
    return others;
  }
  return phrases;
}
