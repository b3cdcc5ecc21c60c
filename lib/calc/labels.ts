/** Period labels for formulas: fiscal labels when calendars (or operand labels) are known. */
import type { Period } from '@/lib/domain/types';
import { deriveFiscal, formatFiscalLabel, type CalendarInput, type DerivedFiscal } from '@/lib/fiscal';
import { periodText } from './checks';
import type { Operand } from './types';

/** Fiscal derivation of an operand's period, or null without calendars. */
export function fiscalOf(period: Period, calendars: CalendarInput | undefined): DerivedFiscal | null {
  return calendars ? deriveFiscal(period, calendars) : null;
}

/** "FY2026", "Q2 FY2026" (from calendars or the operand's own fiscal fields), else the dates. */
export function operandPeriodLabel(op: Operand, calendars: CalendarInput | undefined): string {
  const derived = fiscalOf(op.period, calendars);
  if (derived && derived.fiscalPeriod !== 'OTHER') return derived.label;
  if (!calendars && op.fiscalYear != null && op.fiscalPeriod && op.fiscalPeriod !== 'OTHER') {
    return op.period.type === 'instant'
      ? `end of ${formatFiscalLabel(op.fiscalYear, op.fiscalPeriod)}`
      : formatFiscalLabel(op.fiscalYear, op.fiscalPeriod);
  }
  return periodText(op.period);
}
