import { describe, expect, it } from 'vitest';
import { formatCalendarLabel, formatDateRange, formatFiscalLabel, parseFiscalLabel } from './label';

describe('labels', () => {
  it('formats fiscal labels', () => {
    expect(formatFiscalLabel(2026, 'FY')).toBe('FY2026');
    expect(formatFiscalLabel(2026, 'Q2')).toBe('Q2 FY2026');
    expect(formatFiscalLabel(2026, 'H1')).toBe('H1 FY2026');
    expect(formatFiscalLabel(2025, '9M')).toBe('9M FY2025');
    expect(formatFiscalLabel(2021, 'TRANSITION')).toBe('Transition period 2021');
    expect(formatCalendarLabel(2024, 'FY')).toBe('CY2024');
    expect(formatCalendarLabel(2024, 'Q2')).toBe('Q2 CY2024');
  });

  it('parses its own labels and nothing else', () => {
    for (const code of ['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', '9M', 'TRANSITION'] as const) {
      expect(parseFiscalLabel(formatFiscalLabel(1999, code))).toEqual({ fiscalYear: 1999, fiscalPeriod: code });
    }
    expect(parseFiscalLabel('FY26')).toBeNull();
    expect(parseFiscalLabel('Q5 FY2026')).toBeNull();
  });

  it('formats human date ranges', () => {
    expect(formatDateRange({ type: 'duration', start: '2025-04-01', end: '2026-03-31' })).toBe('1 Apr 2025 – 31 Mar 2026');
    expect(formatDateRange({ type: 'instant', date: '2024-09-30' })).toBe('30 Sep 2024');
  });
});
