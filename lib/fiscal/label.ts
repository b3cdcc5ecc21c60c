/**
 * Fiscal labels ("FY2026", "Q2 FY2026", "H1 FY2026", "9M FY2025", "Transition period 2021") and
 * human date ranges ("1 Apr 2025 – 31 Mar 2026"). Labels round-trip through `parseFiscalLabel`.
 */
import type { FiscalPeriodCode, Period } from '@/lib/domain/types';
import { formatHumanDate } from './dates';

/** Fiscal period codes that have a label (OTHER has none: show its dates). */
export type LabelledPeriodCode = Exclude<FiscalPeriodCode, 'OTHER'>;

/** Fiscal label of a position in a fiscal year, e.g. (2026, 'Q2') → "Q2 FY2026". */
export function formatFiscalLabel(fiscalYear: number, fiscalPeriod: LabelledPeriodCode): string {
  if (fiscalPeriod === 'FY') return `FY${fiscalYear}`;
  if (fiscalPeriod === 'TRANSITION') return `Transition period ${fiscalYear}`;
  return `${fiscalPeriod} FY${fiscalYear}`;
}

/** Label of a calendar-year position, e.g. (2024, 'FY') → "CY2024", (2024, 'Q2') → "Q2 CY2024". */
export function formatCalendarLabel(year: number, position: Exclude<LabelledPeriodCode, 'TRANSITION'>): string {
  return position === 'FY' ? `CY${year}` : `${position} CY${year}`;
}

const LABEL_RE = /^(?:(Q[1-4]|H[12]|9M) )?FY(\d{4})$/;
const TRANSITION_RE = /^Transition period (\d{4})$/;

/** Parses a label written by {@link formatFiscalLabel}; null for anything else. */
export function parseFiscalLabel(label: string): { fiscalYear: number; fiscalPeriod: LabelledPeriodCode } | null {
  const t = TRANSITION_RE.exec(label);
  if (t) return { fiscalYear: Number(t[1]), fiscalPeriod: 'TRANSITION' };
  const m = LABEL_RE.exec(label);
  if (!m) return null;
  return { fiscalYear: Number(m[2]), fiscalPeriod: (m[1] ?? 'FY') as LabelledPeriodCode };
}

/** Human range "1 Apr 2025 – 31 Mar 2026" for durations, "31 Mar 2026" for instants. */
export function formatDateRange(period: Period): string {
  if (period.type === 'instant') return formatHumanDate(period.date);
  return `${formatHumanDate(period.start)} – ${formatHumanDate(period.end)}`;
}
