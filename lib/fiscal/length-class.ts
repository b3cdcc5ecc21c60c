/**
 * Classes of duration length (end − start in days), calendar-independent. Used to compare periods
 * ("comparable length") and to recognize annual periods in raw data.
 *
 * - annual: 363–365 (52-week year 363, calendar year 364/365) or 369–371 (53-week year 370)
 * - quarter: 88–92 (calendar quarters 88–91, 13 weeks 90); quarter_14w: 96–98 (14 weeks 97)
 * - half: 179–184 (six calendar months, 26 weeks 181) or 186–189 (27 weeks 188)
 * - nine_months: 270–280 (39 weeks 272, 40 weeks 279, nine calendar months 272–274)
 */
export type LengthClass = 'annual' | 'quarter' | 'quarter_14w' | 'half' | 'nine_months' | 'other';

/** Length class of a duration from its end − start day count. */
export function lengthClass(days: number): LengthClass {
  if ((days >= 363 && days <= 365) || (days >= 369 && days <= 371)) return 'annual';
  if (days >= 88 && days <= 92) return 'quarter';
  if (days >= 96 && days <= 98) return 'quarter_14w';
  if ((days >= 179 && days <= 184) || (days >= 186 && days <= 189)) return 'half';
  if (days >= 270 && days <= 280) return 'nine_months';
  return 'other';
}

/** Broad family: 14-week quarters are quarters. */
export function lengthFamily(days: number): Exclude<LengthClass, 'quarter_14w'> {
  const c = lengthClass(days);
  return c === 'quarter_14w' ? 'quarter' : c;
}

/** True for an annual-length duration found in raw data (350–380 days end − start). */
export function isRoughlyAnnual(days: number): boolean {
  return days >= 350 && days <= 380;
}
