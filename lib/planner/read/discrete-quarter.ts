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

/** The words that open a stated derivation: "worked out as", "i.e.", "that is", "meaning", "=", the position said again before it ("H2 ="). */
const DERIVED_LEAD = String.raw`(?:(?:(?:worked\s+out|computed|calculated|derived|taken|obtained|measured|defined)\s+as|i\.\s?e\.?|that\s+is|meaning)\s*,?\s+|(?:(?:the\s+)?(?:H2|2H|second[- ]half|Q4|4Q|fourth[- ]quarter)\s*)?=\s*)`;
/** The fiscal year a derivation starts from: "the full year", "the fiscal year total", "annual figure", "FY". */
const FULL_YEAR_TERM = String.raw`(?:the\s+)?(?:full(?:[- ]year|\s+fiscal\s+year)(?:\s+(?:figure|total|amount))?|(?:fiscal|whole|entire)\s+year(?:\s+(?:figure|total|amount))?|annual\s+(?:figure|total|amount)|FY)\s+(?:minus|less|[−–-])\s+(?:the\s+)?`;

/**
 * What the library subtracts from the fiscal year to derive each position it derives (lib/answer/compute): the fourth
 * quarter is the year less its first nine months, the second half the year less its first half.
 */
const DERIVED_FROM: Record<'Q4' | 'H2', string> = {
  Q4: String.raw`(?:first\s+(?:nine|9)\s+months|first\s+three\s+quarters|(?:nine|9)[- ]months?(?:\s+(?:ytd|year[- ]to[- ]date))?|9M|ytd\s+q3|q3\s+ytd)`,
  H2: String.raw`(?:first[- ]half(?:[- ]year)?|first\s+(?:six|6)\s+months|first\s+two\s+quarters|(?:six|6)[- ]months?(?:\s+(?:ytd|year[- ]to[- ]date))?|H1|1H|6M|ytd\s+q2|q2\s+ytd)`,
};

const DERIVATION = (position: 'Q4' | 'H2') =>
  new RegExp(String.raw`(?:,\s*)?(?<![\w-])${DERIVED_LEAD}${FULL_YEAR_TERM}${DERIVED_FROM[position]}(?![\w-])`, 'gi');

/**
 * A derived position's derivation the question states ("Q4 net income, worked out as the full year minus the first
 * nine months", "second-half revenue (H2 = full year minus first half)"): the library derives a fourth quarter and a
 * second half exactly so (the fiscal year less its nine months or its first half, labelled derived), so the words agree
 * with it and are placed with the period; the periods they name are no second period. Read only when the question's
 * one period is such a position; else nothing is placed.
 */
export function claimQ4Derivation(question: string, spans: SpanMap, phrases: PeriodPhrase[]): PeriodPhrase[] {
  for (const position of ['Q4', 'H2'] as const) {
    for (const m of question.matchAll(DERIVATION(position))) {
      const s = m.index ?? 0;
      const e = s + m[0].length;
      const inside = phrases.filter((p) => p.start >= s && p.end <= e);
      const [target, ...more] = phrases.filter((p) => !inside.includes(p));
      if (!target || more.length > 0 || target.spec.type !== 'fiscal' || target.spec.position !== position) continue;
      // the words name no other period: the position said again or the part subtracted, in no year or the period's own
      if (!inside.every((p) => sameYear(p.spec, target.spec))) continue;
      spans.claim(s, e, 'period', `the ${position === 'Q4' ? 'fourth quarter' : 'second half'}'s derivation: ${target.text}`);
      return [target];
    }
  }
  return phrases;
}

/** A position without a year, or one in the fiscal year of `of` (the year the grammar gave a lone "first half"). */
function sameYear(spec: PeriodSpec, of: PeriodSpec): boolean {
  if (spec.type === 'latest_position') return true;
  return spec.type === 'fiscal' && of.type === 'fiscal' && spec.year.year === of.year.year && spec.year.style === of.year.style;
}
