import { describe, expect, it } from 'vitest';
import type { Period } from '@/lib/domain/types';
import { APPLE, CALENDAR_YEAR, DEC_TO_MAR, HELIOS, MARVELL, NVIDIA, SNOWFLAKE } from './__fixtures__/calendars';
import { deriveFiscal } from './derive';

const d = (start: string, end: string): Period => ({ type: 'duration', start, end });
const i = (date: string): Period => ({ type: 'instant', date });

describe('deriveFiscal: durations', () => {
  it.each([
    [HELIOS, d('2025-04-01', '2026-03-31'), 2026, 'FY', 'annual'],
    [HELIOS, d('2025-07-01', '2025-09-30'), 2026, 'Q2', 'quarter'],
    [HELIOS, d('2025-04-01', '2025-09-30'), 2026, 'H1', 'half'],
    [HELIOS, d('2025-10-01', '2026-03-31'), 2026, 'H2', 'half'],
    [HELIOS, d('2024-04-01', '2024-12-31'), 2025, '9M', 'ytd'],
    [HELIOS, d('2026-01-01', '2026-03-31'), 2026, 'Q4', 'quarter'],
    [APPLE, d('2022-09-25', '2023-09-30'), 2023, 'FY', 'annual'],
    [APPLE, d('2022-09-25', '2022-12-31'), 2023, 'Q1', 'quarter_14w'],
    [APPLE, d('2023-04-02', '2023-07-01'), 2023, 'Q3', 'quarter'],
    [APPLE, d('2022-09-25', '2023-07-01'), 2023, '9M', 'ytd'],
    [APPLE, d('2023-07-02', '2023-09-30'), 2023, 'Q4', 'quarter'],
    [APPLE, d('2022-06-26', '2022-09-24'), 2022, 'Q4', 'quarter'],
    [NVIDIA, d('2024-01-29', '2025-01-26'), 2025, 'FY', 'annual'],
    [NVIDIA, d('2020-10-26', '2021-01-31'), 2021, 'Q4', 'quarter_14w'],
    [MARVELL, d('2023-01-29', '2024-02-03'), 2024, 'FY', 'annual'],
    [SNOWFLAKE, d('2023-02-01', '2024-01-31'), 2024, 'FY', 'annual'],
    [SNOWFLAKE, d('2023-02-01', '2023-04-30'), 2024, 'Q1', 'quarter'],
    [CALENDAR_YEAR, d('2024-01-01', '2024-12-31'), 2024, 'FY', 'annual'],
  ] as const)('case %#', (calendar, period, fy, fp, classification) => {
    const r = deriveFiscal(period, calendar);
    expect(r).toMatchObject({ fiscalYear: fy, fiscalPeriod: fp, classification, exact: true });
  });

  it('reports days (end − start) and the fiscal year frame', () => {
    const r = deriveFiscal(d('2022-09-25', '2023-07-01'), APPLE);
    expect(r.days).toBe(279);
    expect(r.label).toBe('9M FY2023');
    expect(r).toMatchObject({
      fiscalYearStart: '2022-09-25',
      fiscalYearEnd: '2023-09-30',
      fiscalYearWeeks: 53,
      lengthClass: 'nine_months',
    });
  });

  it('tolerates a few days of drift but says it is not exact', () => {
    const r = deriveFiscal(d('2025-04-02', '2026-04-01'), HELIOS);
    expect(r).toMatchObject({ fiscalYear: 2026, fiscalPeriod: 'FY', exact: false });
    // an Apple-style quarter reported one week off still reads as that quarter
    expect(deriveFiscal(d('2023-04-09', '2023-07-08'), APPLE)).toMatchObject({ fiscalPeriod: 'Q3', exact: false });
    // a length outside the annual class is not a fiscal year, however close its ends
    expect(deriveFiscal(d('2025-04-01', '2026-03-28'), HELIOS).fiscalPeriod).toBe('OTHER');
  });

  it('needs a matching length for a position', () => {
    // starts on the FY start, 4 months long: no fiscal position
    const r = deriveFiscal(d('2025-04-01', '2025-07-31'), HELIOS);
    expect(r).toMatchObject({ fiscalPeriod: 'OTHER', classification: 'other', fiscalYear: 2026 });
    expect(r.label).toBe('1 Apr 2025 – 31 Jul 2025');
  });

  it('does not treat a calendar year as a fiscal year of an April–March entity', () => {
    const r = deriveFiscal(d('2024-01-01', '2024-12-31'), HELIOS);
    expect(r.fiscalPeriod).toBe('OTHER');
    expect(r.lengthClass).toBe('annual');
  });

  it('labels the fiscal year by where the period ends, not by the source', () => {
    // a TTM window ending in Q3 FY2025 is OTHER in FY2025
    expect(deriveFiscal(d('2024-01-01', '2024-12-31'), HELIOS).fiscalYear).toBe(2025);
  });

  it('recognizes the transition period between calendars', () => {
    expect(deriveFiscal(d('2021-01-01', '2021-03-31'), DEC_TO_MAR)).toMatchObject({
      fiscalPeriod: 'TRANSITION',
      classification: 'transition',
      fiscalYear: 2021,
      label: 'Transition period 2021',
      exact: true,
    });
    expect(deriveFiscal(d('2021-04-01', '2022-03-31'), DEC_TO_MAR)).toMatchObject({ fiscalPeriod: 'FY', fiscalYear: 2022 });
    expect(deriveFiscal(d('2020-01-01', '2020-12-31'), DEC_TO_MAR)).toMatchObject({ fiscalPeriod: 'FY', fiscalYear: 2020 });
  });

  it('rejects inverted durations', () => {
    expect(() => deriveFiscal(d('2025-04-02', '2025-04-01'), HELIOS)).toThrow(RangeError);
  });
});

describe('deriveFiscal: instants', () => {
  it.each([
    [HELIOS, '2025-03-31', 2025, 'FY', 'end of FY2025'],
    [HELIOS, '2024-09-30', 2025, 'Q2', 'end of Q2 FY2025'],
    [HELIOS, '2024-12-31', 2025, 'Q3', 'end of Q3 FY2025'],
    [HELIOS, '2024-11-15', 2025, 'OTHER', '15 Nov 2024'],
    [APPLE, '2023-07-01', 2023, 'Q3', 'end of Q3 FY2023'],
    [APPLE, '2023-06-24', 2023, 'Q3', 'end of Q3 FY2023'],
    [APPLE, '2023-09-30', 2023, 'FY', 'end of FY2023'],
    [APPLE, '2023-10-01', 2024, 'OTHER', '1 Oct 2023'],
    [DEC_TO_MAR, '2021-03-31', 2021, 'TRANSITION', 'end of Transition period 2021'],
    [DEC_TO_MAR, '2021-02-28', 2021, 'OTHER', '28 Feb 2021'],
  ] as const)('instant case %#', (calendar, date, fy, fp, label) => {
    const r = deriveFiscal(i(date), calendar);
    expect(r).toMatchObject({ fiscalYear: fy, fiscalPeriod: fp, label, classification: 'instant', days: 0 });
  });
});
