/**
 * Exact decimal arithmetic on BigInt-scaled integers: `coef × 10^-scale`. Sums and differences are
 * exact; quotients are rounded (half away from zero) to a stated number of decimal places.
 * Fact values arrive as decimal strings in base units ("394328000000", "-0.98", "1.2E+3").
 */

/** An exact decimal number. */
export interface Decimal {
  readonly coef: bigint;
  readonly scale: number;
}

/** Decimal places kept by {@link div} unless told otherwise. */
export const DEFAULT_QUOTIENT_PLACES = 20;

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a decimal string; null when it is not a finite decimal number. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return null;
  const [, sign, int = '', frac = '', exp] = m;
  if (int === '' && frac === '') return null;
  const exponent = exp ? Number(exp) : 0;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return null;
  let coef = BigInt(`${int}${frac}` || '0');
  if (sign === '-') coef = -coef;
  let scale = frac.length - exponent;
  if (scale < 0) {
    coef *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return normalize({ coef, scale });
}

/** Parses or throws (for constants in code). */
export function dec(text: string): Decimal {
  const d = parseDecimal(text);
  if (!d) throw new RangeError(`not a decimal: ${text}`);
  return d;
}

/** Exact decimal of an integer. */
export function fromBigInt(n: bigint): Decimal {
  return { coef: n, scale: 0 };
}

/** Removes trailing zeros of the fraction. */
export function normalize(d: Decimal): Decimal {
  let { coef, scale } = d;
  while (scale > 0 && coef % 10n === 0n) {
    coef /= 10n;
    scale--;
  }
  return { coef, scale };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.coef * 10n ** BigInt(scale - a.scale), b.coef * 10n ** BigInt(scale - b.scale), scale];
}

/** a + b (exact). */
export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize({ coef: x + y, scale });
}

/** a − b (exact). */
export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize({ coef: x - y, scale });
}

/** a × b (exact). */
export function mul(a: Decimal, b: Decimal): Decimal {
  return normalize({ coef: a.coef * b.coef, scale: a.scale + b.scale });
}

/** −a. */
export function neg(a: Decimal): Decimal {
  return { coef: -a.coef, scale: a.scale };
}

/** |a|. */
export function abs(a: Decimal): Decimal {
  return a.coef < 0n ? neg(a) : a;
}

/** −1, 0 or 1. */
export function sign(a: Decimal): -1 | 0 | 1 {
  return a.coef === 0n ? 0 : a.coef < 0n ? -1 : 1;
}

/** True when a = 0. */
export function isZero(a: Decimal): boolean {
  return a.coef === 0n;
}

/** −1 if a < b, 0 if equal, 1 if a > b. */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Integer division rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const dAbs = d < 0n ? -d : d;
  if (twice < dAbs) return q;
  return n < 0n !== d < 0n ? q - 1n : q + 1n;
}

/** a rounded to `places` decimal places, half away from zero. */
export function round(a: Decimal, places: number): Decimal {
  if (a.scale <= places) return a;
  return normalize({ coef: divRound(a.coef, 10n ** BigInt(a.scale - places)), scale: places });
}

/** a ÷ b rounded to `places` decimal places (half away from zero). Throws on b = 0. */
export function div(a: Decimal, b: Decimal, places = DEFAULT_QUOTIENT_PLACES): Decimal {
  if (b.coef === 0n) throw new RangeError('division by zero');
  // a/b = (a.coef / b.coef) × 10^(b.scale − a.scale); scale the numerator to get `places` digits
  const shift = places + b.scale - a.scale;
  const num = shift >= 0 ? a.coef * 10n ** BigInt(shift) : a.coef;
  const den = shift >= 0 ? b.coef : b.coef * 10n ** BigInt(-shift);
  return normalize({ coef: divRound(num, den), scale: places });
}

/** Sum of several decimals (exact). */
export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce(add, { coef: 0n, scale: 0 });
}

/** Plain decimal string without exponent or trailing fraction zeros ("-6", "0.12"). */
export function toDecimalString(a: Decimal): string {
  const d = normalize(a);
  const negative = d.coef < 0n;
  const digits = (negative ? -d.coef : d.coef).toString();
  if (d.scale === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(d.scale + 1, '0');
  const int = padded.slice(0, padded.length - d.scale);
  const frac = padded.slice(padded.length - d.scale);
  return `${negative ? '-' : ''}${int}.${frac}`;
}

/** Nearest JS number (for output only; never feed it back into arithmetic). */
export function toNumber(a: Decimal): number {
  return Number(toDecimalString(a));
}
