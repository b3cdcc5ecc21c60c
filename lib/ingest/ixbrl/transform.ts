/**
 * Inline XBRL number transforms: the displayed text of an ix:nonFraction → a decimal string, then
 * `scale` (power of ten) and `sign`.
 */
import { NUMBER_WORDS } from '@/lib/domain/number-words';

/** "no" and "none" are zero in a filing's words ("none were outstanding"); the rest is the one table of number words. */
const SMALL: Record<string, number> = { no: 0, none: 0, ...NUMBER_WORDS };

/** English number words ("twenty-one", "one hundred five", "no", "none") → integer, or null. */
export function numberFromWords(text: string): number | null {
  const words = text
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w in SMALL) current += SMALL[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (w === 'million') {
      total += (current || 1) * 1_000_000;
      current = 0;
    } else return null;
  }
  return total + current;
}

/**
 * Applies an ix `format` to displayed text. Returns a plain decimal string (no sign), or null when
 * the text is not a number in that format.
 */
export function applyFormat(text: string, format: string | undefined): string | null {
  const t = text.replace(/[\u00a0\u2009\u202f]/g, ' ').trim();
  const f = (format ?? '').slice((format ?? '').indexOf(':') + 1).toLowerCase();
  if (/^(fixed-?zero|zero-?dash|fixedzero|zerodash)$/.test(f)) return '0';
  if (/numwords/.test(f)) {
    const n = numberFromWords(t);
    return n === null ? null : String(n);
  }
  let s = t;
  if (/comma-?decimal/.test(f)) s = s.replace(/[.\s']/g, '').replace(',', '.');
  else s = s.replace(/[,\s']/g, '');
  s = s.replace(/^[($]+|[)%]+$/g, '');
  if (s === '' && /^[-–—]+$/.test(t)) return '0';
  return /^(\d+(\.\d*)?|\.\d+)$/.test(s) ? s : null;
}

/** `digits × 10^scale` on decimal strings, exactly. */
export function shiftDecimal(value: string, scale: number): string {
  if (!scale) return value;
  const neg = value.startsWith('-');
  const body = neg ? value.slice(1) : value;
  const [intPart = '0', frac = ''] = body.split('.');
  let digits = intPart + frac;
  let point = intPart.length + scale;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  const out = rest ? `${int}.${rest}` : int;
  return neg && /[1-9]/.test(out) ? `-${out}` : out;
}

/** The fact value of an ix:nonFraction: format, then scale, then sign. */
export function nonFractionValue(text: string, attrs: { format?: string; scale?: string; sign?: string }): string | null {
  const base = applyFormat(text, attrs.format);
  if (base === null) return null;
  const scale = attrs.scale ? Number.parseInt(attrs.scale, 10) : 0;
  const shifted = shiftDecimal(base, Number.isFinite(scale) ? scale : 0);
  return attrs.sign === '-' && /[1-9]/.test(shifted) ? `-${shifted}` : shifted;
}
