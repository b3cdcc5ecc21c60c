/**
 * Display formatting of calculated and reported values: "₹1,200 crore" (Indian grouping for INR,
 * "8,45,512.61"), "$394.3 billion", "$1.95 billion", "12.00%", "−$0.98", "−6.00 pp". Negative numbers always use the
 * minus sign U+2212 in front of the currency symbol. Rounding is exact (half away from zero).
 */
import { compare, dec, div, mul, parseDecimal, round, sign, toDecimalString, type Decimal } from './decimal';

const TEN = dec('10');

/** Scale words for display; `auto` picks crore/lakh for INR, billions/millions otherwise. */
export type DisplayScale = 'auto' | 'none' | 'thousands' | 'millions' | 'billions' | 'trillions' | 'lakh' | 'crore';

/** Options of {@link formatValue}. */
export interface FormatValueOptions {
  /** unit as stored: `USD`, `INR`, `USD/shares`, `shares`, `ratio`, `pp`, `pure`, … */
  unit: string;
  /** ISO currency of a monetary value (defaults to a currency-code unit) */
  currency?: string | null;
  /** default 'auto': crore/lakh for INR, billions/millions otherwise */
  scale?: DisplayScale;
  /** decimal places; defaults depend on the unit and scale */
  decimals?: number;
}

/** The minus sign used for every negative display. */
export const MINUS = '\u2212';

const SYMBOLS: Record<string, string> = { USD: '$', INR: '₹', EUR: '€', GBP: '£', JPY: '¥', CNY: 'CN¥' };
const SCALE_POWER: Record<Exclude<DisplayScale, 'auto'>, number> = {
  none: 0,
  thousands: 3,
  millions: 6,
  billions: 9,
  trillions: 12,
  lakh: 5,
  crore: 7,
};
const SCALE_WORD: Record<Exclude<DisplayScale, 'auto'>, string> = {
  none: '',
  thousands: 'thousand',
  millions: 'million',
  billions: 'billion',
  trillions: 'trillion',
  lakh: 'lakh',
  crore: 'crore',
};

/** True for a three-letter ISO currency code. */
export function isCurrencyCode(unit: string): boolean {
  return /^[A-Z]{3}$/.test(unit);
}

/** Groups an unsigned integer string: western "1,234,567" or Indian "12,34,567". */
export function groupDigits(int: string, indian: boolean): string {
  if (int.length <= 3) return int;
  const last3 = int.slice(-3);
  const rest = int.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  for (let i = rest.length; i > 0; i -= size) groups.unshift(rest.slice(Math.max(0, i - size), i));
  return `${groups.join(',')},${last3}`;
}

/** Fixed-point text of |d| with exactly `places` decimals, grouped. */
function fixed(d: Decimal, places: number, indian: boolean): string {
  const r = round(d, places);
  const text = toDecimalString(r).replace('-', '');
  const [int = '0', frac = ''] = text.split('.');
  const grouped = groupDigits(int, indian);
  return places > 0 ? `${grouped}.${frac.padEnd(places, '0')}` : grouped;
}

function toDecimal(value: number | string | Decimal): Decimal {
  if (typeof value === 'object') return value;
  const d = parseDecimal(typeof value === 'number' ? numberText(value) : value);
  if (!d) throw new RangeError(`not a number: ${value}`);
  return d;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return String(n);
}

function pickScale(abs: Decimal, inr: boolean, requested: DisplayScale | undefined): Exclude<DisplayScale, 'auto'> {
  if (requested && requested !== 'auto') return requested;
  const at = (power: number) => round(abs, 0).coef >= 10n ** BigInt(power);
  if (inr) return at(7) ? 'crore' : at(5) ? 'lakh' : 'none';
  return at(9) ? 'billions' : at(6) ? 'millions' : 'none';
}

function signed(negative: boolean, body: string): string {
  return negative ? `${MINUS}${body}` : body;
}

/** True when d rounds to zero at `places` (so no minus sign is shown). */
function roundsToZero(d: Decimal, places: number): boolean {
  return sign(round(d, places)) === 0;
}

/**
 * Formats a value for display. Monetary values get a currency symbol and a scale word; ratios
 * (unit `ratio`) are percentages; `pp` values are percentage points; `<CUR>/shares` values are
 * per-share amounts with two decimals (more for an amount under a cent, to its first significant digit).
 */
export function formatValue(value: number | string | Decimal, options: FormatValueOptions): string {
  const d = toDecimal(value);
  const { unit } = options;
  const negative = sign(d) < 0;
  const absD = negative ? mul(d, dec('-1')) : d;

  // percentages and percentage points with two decimals: an analyst comparing margins reads 8.02%, not 8.0%
  if (unit === 'ratio') {
    const places = options.decimals ?? 2;
    const pct = mul(absD, dec('100'));
    return signed(negative && !roundsToZero(pct, places), `${fixed(pct, places, false)}%`);
  }
  if (unit === 'times') {
    const places = options.decimals ?? 2;
    return signed(negative && !roundsToZero(absD, places), `${fixed(absD, places, false)}×`);
  }
  if (unit === 'days') {
    const places = options.decimals ?? 1;
    return signed(negative && !roundsToZero(absD, places), `${fixed(absD, places, false)} days`);
  }
  if (unit === 'pp') {
    const places = options.decimals ?? 2;
    return signed(negative && !roundsToZero(absD, places), `${fixed(absD, places, false)} pp`);
  }
  const perShare = /^([A-Z]{3})\/shares?$/.exec(unit);
  if (perShare) {
    const cur = perShare[1]!;
    // a per-share amount under a cent (a par value of $0.00001) keeps its first significant digit, never "$0.00"
    let places = options.decimals ?? 2;
    if (options.decimals === undefined) while (places < 8 && sign(absD) !== 0 && roundsToZero(absD, places)) places++;
    const symbol = SYMBOLS[cur] ?? `${cur} `;
    return signed(negative && !roundsToZero(absD, places), `${symbol}${fixed(absD, places, cur === 'INR')}`);
  }
  const currency = options.currency ?? (isCurrencyCode(unit) ? unit : null);
  const inr = currency === 'INR';
  const scale = pickScale(absD, inr, options.scale);
  const scaled = scale === 'none' ? absD : div(absD, dec(`1e${SCALE_POWER[scale]}`), 24);
  const integral = round(scaled, 12).scale === 0; // normalized: no fraction digits left
  // at least three significant digits in a scale word: $1,951,382 thousand is "$1.95 billion", never
  // "$2.0 billion" (2.5 % off the filing); "$394.3 billion" keeps one decimal
  const places =
    options.decimals ??
    (scale === 'none' || scale === 'lakh' || scale === 'crore' ? (integral ? 0 : 2) : compare(round(scaled, 2), TEN) < 0 ? 2 : 1);
  const word = SCALE_WORD[scale];
  const number = `${fixed(scaled, places, inr)}${word ? ` ${word}` : ''}`;
  const zero = roundsToZero(scaled, places);
  if (currency) {
    const symbol = SYMBOLS[currency] ?? `${currency} `;
    return signed(negative && !zero, `${symbol}${number}`);
  }
  const suffix = unit === 'pure' || unit === '' ? '' : ` ${unit}`;
  return signed(negative && !zero, `${number}${suffix}`);
}
