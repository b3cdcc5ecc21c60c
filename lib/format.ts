/** Display helpers safe for client components (no Node imports). */
import { dec, mul } from '@/lib/calc/decimal';
import { formatValue, type DisplayScale } from '@/lib/calc/format-value';

const SCALE_OF_POWER: Record<number, DisplayScale> = { 0: 'none', 3: 'thousands', 5: 'lakh', 6: 'millions', 7: 'crore', 9: 'billions' };

/** A stored fact as its source presented it (crore, millions…), through the calculation service's formatter. */
export function formatFactValue(f: { value: string; unit: string; currency: string | null; scale: number }): string {
  return formatValue(f.value, { unit: f.unit, currency: f.currency, scale: SCALE_OF_POWER[f.scale] ?? 'auto' });
}

/** How a question asked its answer to be shown ("round to two decimal places", "in USD millions", "as a percentage"). */
export interface DisplayInstruction {
  decimals?: number;
  scale?: 'thousands' | 'millions' | 'billions' | 'trillions';
  unit?: 'percent' | 'cents';
}

/** Units a scale word ("in millions") applies to: amounts and counts, not rates, multiples or per-share figures. */
function scalable(unit: string): boolean {
  return unit !== 'ratio' && unit !== 'pp' && unit !== 'times' && unit !== 'days' && !/\/shares?$/.test(unit);
}

/**
 * A value shown as the question instructed, from its exact decimal text: the number of decimals, the
 * scale word and, for a multiple ("1.5×") asked "as a percentage", a percent (unit `ratio`, "150.00%").
 * The value itself is never changed — only its display and, for the percent case, the unit it is shown
 * in. A scale asked of a rate or a percent asked of an amount cannot apply and is left out.
 */
export function formatInstructed(
  v: { exact: string; unit: string; currency: string | null },
  instruction: DisplayInstruction | undefined,
): { display: string; unit: string } {
  let unit = v.unit;
  if (instruction?.unit === 'percent' && unit === 'times') unit = 'ratio';
  // a per-share amount asked in cents: its hundredths, named (the value itself stays in its currency)
  if (instruction?.unit === 'cents' && /^[A-Z]{3}\/shares?$/.test(unit)) {
    const cents = formatValue(mul(dec(v.exact), dec('100')), {
      unit: 'pure',
      currency: null,
      scale: 'none',
      decimals: instruction.decimals ?? 0,
    });
    return { display: `${cents} cents`, unit };
  }
  const options: Parameters<typeof formatValue>[1] = { unit, currency: v.currency };
  if (instruction?.decimals !== undefined) options.decimals = instruction.decimals;
  if (instruction?.scale && scalable(unit)) options.scale = instruction.scale;
  return { display: formatValue(v.exact, options), unit };
}

/** A timestamp as `YYYY-MM-DD HH:MM UTC` (admin tables; the same text on server and client). */
export function formatWhen(d: Date | string | null): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const CURRENCY_SYMBOL: Record<string, string> = { INR: '₹', USD: 'USD', EUR: 'EUR', GBP: 'GBP', JPY: 'JPY', CNY: 'CNY' };
const SCALE_WORDS: Record<string, string> = {
  thousand: 'thousands',
  million: 'millions',
  billion: 'billions',
  lakh: 'lakh',
  crore: 'crore',
};

/**
 * What a displayed number is measured in — unit, currency and scale in one caption: "₹ crore",
 * "USD millions", "USD per share", "percent", "shares". The scale is read from the display text the
 * calculation service's formatter produced, so the caption and the number can never disagree.
 */
export function unitCaption(v: { unit: string; currency: string | null; display: string }): string {
  const { unit } = v;
  if (unit === 'ratio') return 'percent';
  if (unit === 'pp') return 'percentage points';
  const perShare = /^([A-Z]{3})\/shares?$/.exec(unit);
  if (perShare) return `${CURRENCY_SYMBOL[perShare[1]!] ?? perShare[1]} per share`;
  const currency = v.currency ?? (/^[A-Z]{3}$/.test(unit) ? unit : null);
  const word = /\b(thousand|million|billion|lakh|crore)\b/.exec(v.display)?.[1];
  const scale = word ? SCALE_WORDS[word] : null;
  if (currency) {
    const sym = CURRENCY_SYMBOL[currency] ?? currency;
    if (scale) return `${sym} ${scale}`;
    return sym === currency ? currency : `${sym} (${currency})`;
  }
  const base = unit === 'pure' || unit === '' ? 'number' : unit;
  return scale ? `${base}, ${scale}` : base;
}
