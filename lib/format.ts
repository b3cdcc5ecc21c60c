/** Display helpers safe for client components (no Node imports). */
import { formatValue, type DisplayScale } from '@/lib/calc/format-value';

const SCALE_OF_POWER: Record<number, DisplayScale> = { 0: 'none', 3: 'thousands', 5: 'lakh', 6: 'millions', 7: 'crore', 9: 'billions' };

/** A stored fact as its source presented it (crore, millions…), through the calculation service's formatter. */
export function formatFactValue(f: { value: string; unit: string; currency: string | null; scale: number }): string {
  return formatValue(f.value, { unit: f.unit, currency: f.currency, scale: SCALE_OF_POWER[f.scale] ?? 'auto' });
}
