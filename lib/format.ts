/** Display helpers safe for client components (no Node imports). */

const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', INR: '₹', EUR: '€', GBP: '£', JPY: '¥' };

/** Value as the source presented it: scaled (crore, millions…) with its currency symbol. */
export function formatFactValue(f: { value: string; unit: string; currency: string | null; scale: number }): string {
  const n = Number(f.value);
  if (!Number.isFinite(n)) return f.value;
  const scaleName: Record<number, string> = { 3: 'thousand', 5: 'lakh', 6: 'million', 7: 'crore', 9: 'billion' };
  const name = scaleName[f.scale];
  const shown = name ? n / 10 ** f.scale : n;
  const locale = f.currency === 'INR' ? 'en-IN' : 'en-US';
  const digits = Number.isInteger(shown) ? 0 : Math.min(4, (String(shown).split('.')[1] ?? '').length);
  const body = Math.abs(shown).toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const symbol = f.currency ? (CURRENCY_SYMBOL[f.currency] ?? `${f.currency} `) : '';
  const sign = shown < 0 ? '−' : '';
  const suffix = name ? ` ${name}` : f.currency ? '' : ` ${f.unit}`;
  return `${sign}${symbol}${body}${suffix}`;
}
