/** Display helpers safe for client components (no Node imports). */
import { formatValue, type DisplayScale } from '@/lib/calc/format-value';

const SCALE_OF_POWER: Record<number, DisplayScale> = { 0: 'none', 3: 'thousands', 5: 'lakh', 6: 'millions', 7: 'crore', 9: 'billions' };

/** A stored fact as its source presented it (crore, millions…), through the calculation service's formatter. */
export function formatFactValue(f: { value: string; unit: string; currency: string | null; scale: number }): string {
  return formatValue(f.value, { unit: f.unit, currency: f.currency, scale: SCALE_OF_POWER[f.scale] ?? 'auto' });
}

/** A timestamp as `YYYY-MM-DD HH:MM UTC` (admin tables; the same text on server and client). */
export function formatWhen(d: Date | string | null): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
