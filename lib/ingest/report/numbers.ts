/**
 * Numbers as printed in report tables: Western (845,512.61) and Indian (8,45,512.61) digit grouping,
 * parentheses and minus signs (hyphen, en dash, U+2212) as negatives, dashes and "nil" as nil,
 * footnote markers (*, †, ‡, §, #, ^, superscripts, "(1)", "(a)"), currency glyphs — including the
 * rupee sign that PDF text extraction turns into "J" or "H" — and percentages.
 */

export type CellValue =
  | {
      kind: 'number';
      /** exact decimal string as printed (sign applied, grouping removed) */
      value: string;
      /** digits after the decimal point */
      fractionDigits: number;
      percent: boolean;
      /** currency named by a glyph in the cell (₹, $, €, £, Rs.) */
      currency: string | null;
    }
  | { kind: 'nil' }
  | { kind: 'text' };

/** A negative of one or two digits in parentheses ("(16)", "$(2)"): written like a footnote marker "(1)". */
export const SMALL_NEGATIVE = /^(?:\$|US\$)?\(\d{1,2}\)$/;
const NIL = /^(?:[-–—−‒―]+|nil|n\/?a|none|—%|-%|–%)$/i;
const FOOTNOTE_TAIL = /(?:\s*(?:[*†‡§#^¹²³⁴⁵⁶⁷⁸⁹⁰]+|\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)|\[(?:[a-z]|\d{1,2})\]))+$/i;
const CURRENCY_PREFIX: [RegExp, string][] = [
  [/^(?:₹|rs\.?|inr|`)\s*/i, 'INR'],
  [/^(?:us\$|usd|\$)\s*/i, 'USD'],
  [/^(?:€|eur)\s*/i, 'EUR'],
  [/^(?:£|gbp)\s*/i, 'GBP'],
];
/** a mangled rupee sign: "J 1,234" / "H1,234" (pdftotext and pdf.js render ₹ as J or H in many Indian reports) */
const MANGLED_RUPEE = /^[JH](?=\s*[\d(.])\s*/;
const WESTERN = /^\d{1,3}(?:,\d{3})+$/;
const INDIAN = /^\d{1,2}(?:,\d{2})*,\d{3}$/;
const PLAIN = /^\d+$/;

function stripCurrency(s: string): { rest: string; currency: string | null } {
  for (const [re, code] of CURRENCY_PREFIX) {
    if (re.test(s)) return { rest: s.replace(re, ''), currency: code };
  }
  if (MANGLED_RUPEE.test(s)) return { rest: s.replace(MANGLED_RUPEE, ''), currency: 'INR' };
  return { rest: s, currency: null };
}

/** Parses one table cell. Years and other bare integers are numbers too; callers decide by position. */
export function parseCellValue(raw: string, opts: { figure?: boolean } = {}): CellValue {
  let s = raw
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s === '') return { kind: 'text' };
  // (a cell its position shows to be a figure of its column: "(16)" alone is a small negative, not a footnote marker)
  if (!(opts.figure && SMALL_NEGATIVE.test(s.replace(/\s+/g, '')))) s = s.replace(FOOTNOTE_TAIL, '').trim();
  if (s === '') return { kind: 'text' };
  if (NIL.test(s)) return { kind: 'nil' };
  let negative = false;
  let currency: string | null = null;
  let percent = false;
  // outer sign or parentheses may sit outside or inside the currency glyph: "($1,234)", "$(1,234)", "-$5", "$-5"
  for (let pass = 0; pass < 3; pass++) {
    const before = s;
    const c = stripCurrency(s);
    if (c.currency) {
      currency = c.currency;
      s = c.rest.trim();
    }
    if (/^\(.*\)$/.test(s)) {
      negative = !negative;
      s = s.slice(1, -1).trim();
    } else if (/^\(.*[^)]$/.test(s) && /\)\s*%$/.test(s)) {
      // "(12.5)%"
      negative = !negative;
      s = s
        .slice(1)
        .replace(/\)\s*%$/, '%')
        .trim();
    } else if (/^[-–−‒]\s*/.test(s) && s.length > 1) {
      negative = !negative;
      s = s.replace(/^[-–−‒]\s*/, '');
    }
    if (s === before) break;
  }
  if (/%$/.test(s)) {
    percent = true;
    s = s.slice(0, -1).trim();
    if (/^\(.*\)$/.test(s)) {
      negative = !negative;
      s = s.slice(1, -1).trim();
    }
  }
  const m = /^(\d[\d,]*)(?:\.(\d+))?$|^\.(\d+)$/.exec(s);
  if (!m) return NIL.test(s) ? { kind: 'nil' } : { kind: 'text' };
  const intPart = m[1] ?? '0';
  const frac = m[2] ?? m[3] ?? '';
  if (intPart.includes(',') && !WESTERN.test(intPart) && !INDIAN.test(intPart)) return { kind: 'text' };
  if (!intPart.includes(',') && !PLAIN.test(intPart)) return { kind: 'text' };
  const digits = intPart.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const body = frac ? `${digits}.${frac}` : digits;
  const isZero = /^0*(?:\.0*)?$/.test(body);
  return { kind: 'number', value: negative && !isZero ? `-${body}` : body, fractionDigits: frac.length, percent, currency };
}

/** True when the text is a number cell (not nil, not text). */
export function isNumberText(text: string): boolean {
  return parseCellValue(text).kind === 'number';
}

/** A four-digit year alone (a column header such as "2025"), not an amount. */
export function isYearText(text: string): boolean {
  return /^(?:19|20)\d{2}$/.test(text.trim());
}

/**
 * Multiplies a decimal string by 10^exp exactly (exp may be negative), returning a normalized decimal
 * string: "845512.61" × 10^7 → "8455126100000".
 */
export function shiftDecimal(value: string, exp: number): string {
  const negative = value.startsWith('-');
  const v = negative ? value.slice(1) : value;
  const [int = '0', frac = ''] = v.split('.');
  let digits = int + frac;
  let point = int.length + exp;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits = digits + '0'.repeat(point - digits.length);
  let i = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const f = digits.slice(point).replace(/0+$/, '');
  if (i === '') i = '0';
  const out = f ? `${i}.${f}` : i;
  return negative && out !== '0' ? `-${out}` : out;
}
