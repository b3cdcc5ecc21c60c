/**
 * Fiscal calendars of real companies, inferred from the annual periods in their 10-K facts
 * (SEC companyfacts in ../shared/data), and the fiscal labels derived from dates. The `fy` field of
 * a fact describes its filing, never the fact, so it is used here only to show that it differs.
 */
import { describe, expect, it } from 'vitest';
import type { YearEndRule } from '@/lib/domain/types';
import { annualPeriodsFrom10K, durations, loadCompanyFacts } from './__fixtures__/companyfacts';
import { daysBetween } from './dates';
import { deriveFiscal } from './derive';
import { inferCalendar } from './infer-calendar';
import { fiscalYearBounds } from './timeline';

interface Company {
  ticker: string;
  rule: YearEndRule;
  /** fiscal years with 53 weeks inside the data */
  weeks53: number[];
  /** (fiscal year, start, end) the company itself reports */
  known: [number, string, string][];
}

const COMPANIES: Company[] = [
  {
    ticker: 'AAPL',
    rule: { kind: 'week', weekday: 6, month: 9, rule: 'last' },
    weeks53: [2012, 2017, 2023],
    known: [
      [2023, '2022-09-25', '2023-09-30'],
      [2022, '2021-09-26', '2022-09-24'],
    ],
  },
  {
    ticker: 'NVDA',
    rule: { kind: 'week', weekday: 0, month: 1, rule: 'last' },
    weeks53: [2010, 2016, 2021],
    known: [
      [2025, '2024-01-29', '2025-01-26'],
      [2011, '2010-02-01', '2011-01-30'],
    ],
  },
  {
    ticker: 'MRVL',
    rule: { kind: 'week', weekday: 6, month: 1, rule: 'nearest' },
    weeks53: [2024],
    known: [
      [2024, '2023-01-29', '2024-02-03'],
      [2023, '2022-01-30', '2023-01-28'],
    ],
  },
  {
    ticker: 'SNOW',
    rule: { kind: 'fixed', month: 1, day: 31 },
    weeks53: [],
    known: [[2024, '2023-02-01', '2024-01-31']],
  },
  { ticker: 'GOOGL', rule: { kind: 'fixed', month: 12, day: 31 }, weeks53: [], known: [[2024, '2024-01-01', '2024-12-31']] },
  { ticker: 'TSLA', rule: { kind: 'fixed', month: 12, day: 31 }, weeks53: [], known: [[2021, '2021-01-01', '2021-12-31']] },
];

describe.each(COMPANIES)('$ticker', (company) => {
  const { facts } = loadCompanyFacts(company.ticker);
  const annual = annualPeriodsFrom10K(facts);
  const quarters = durations(facts, /^10-[KQ]/, 85, 100);
  const inferred = inferCalendar(annual, { quarterPeriods: quarters });
  const calendars = inferred.calendars;

  it('infers the year-end rule from the 10-K annual periods, labelled by end year', () => {
    expect(annual.length).toBeGreaterThanOrEqual(5);
    expect(inferred.calendar).toEqual({ yearEnd: company.rule, labelBy: 'end-year' });
    expect(calendars).toHaveLength(1);
    expect(inferred.matched).toBe(annual.length);
    expect(inferred.confidence).toBeGreaterThan(0.9);
  });

  it('labels every 10-K annual period with the fiscal year the company uses (the year it ends in)', () => {
    const wrong = annual
      .map((p) => ({ p, d: deriveFiscal({ type: 'duration', ...p }, calendars) }))
      .filter(({ p, d }) => d.fiscalPeriod !== 'FY' || d.fiscalYear !== Number(p.end.slice(0, 4)))
      .map(({ p, d }) => `${p.start}..${p.end} → ${d.label}`);
    expect(wrong).toEqual([]);
    const inexact = annual.filter((p) => !deriveFiscal({ type: 'duration', ...p }, calendars).exact).map((p) => `${p.start}..${p.end}`);
    expect(inexact).toEqual([]);
  });

  it('reproduces the fiscal years the company reports', () => {
    for (const [fy, start, end] of company.known) {
      expect(fiscalYearBounds(calendars, fy)).toMatchObject({ start, end });
    }
  });

  it('knows which years had 53 weeks', () => {
    const long = annual
      .filter((p) => daysBetween(p.start, p.end) >= 369)
      .map((p) => deriveFiscal({ type: 'duration', ...p }, calendars))
      .filter((d) => d.exact)
      .map((d) => d.fiscalYear);
    expect(long).toEqual(company.weeks53);
    for (const fy of company.weeks53) expect(fiscalYearBounds(calendars, fy)?.weeks).toBe(53);
  });

  it('classifies every quarter-length 10-Q/10-K duration as a fiscal quarter', () => {
    const strays = quarters
      .filter((p) => daysBetween(p.start, p.end) >= 88 && daysBetween(p.start, p.end) <= 98)
      .filter((p) => !/^Q[1-4]$/.test(deriveFiscal({ type: 'duration', ...p }, calendars).fiscalPeriod));
    expect(strays).toEqual([]);
  });
});

describe('Apple FY2023 (53 weeks, 14-week Q1)', () => {
  const { facts } = loadCompanyFacts('AAPL');
  const inferred = inferCalendar(annualPeriodsFrom10K(facts), { quarterPeriods: durations(facts, /^10-[KQ]/, 85, 100) });

  it('puts the 53rd week in Q1, as the 10-Qs show', () => {
    expect(inferred.week53Quarter).toBe('Q1');
  });

  it('reads the Q3 FY2023 10-Q periods by their dates', () => {
    const q3 = deriveFiscal({ type: 'duration', start: '2023-04-02', end: '2023-07-01' }, inferred.calendars);
    expect(q3).toMatchObject({ fiscalYear: 2023, fiscalPeriod: 'Q3', classification: 'quarter', days: 90, exact: true });
    const ytd = deriveFiscal({ type: 'duration', start: '2022-09-25', end: '2023-07-01' }, inferred.calendars);
    expect(ytd).toMatchObject({ fiscalYear: 2023, fiscalPeriod: '9M', classification: 'ytd', days: 279, exact: true });
    const q1 = deriveFiscal({ type: 'duration', start: '2022-09-25', end: '2022-12-31' }, inferred.calendars);
    expect(q1).toMatchObject({ fiscalPeriod: 'Q1', classification: 'quarter_14w', days: 97 });
  });

  it('has the 10-Q facts the test relies on', () => {
    const revenue = facts.filter((f) => f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax' && f.form === '10-Q');
    expect(revenue.some((f) => f.start === '2023-04-02' && f.end === '2023-07-01' && f.val === 81797000000)).toBe(true);
    expect(revenue.some((f) => f.start === '2022-09-25' && f.end === '2023-07-01' && f.val === 293787000000)).toBe(true);
  });

  it('never needs the frame: the frame of fiscal Q3 2023 is calendar CY2023Q2', () => {
    const framed = facts.find(
      (f) =>
        f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax' &&
        f.start === '2023-04-02' &&
        f.end === '2023-07-01' &&
        f.frame,
    );
    expect(framed?.frame).toBe('CY2023Q2');
    expect(deriveFiscal({ type: 'duration', start: '2023-04-02', end: '2023-07-01' }, inferred.calendars).label).toBe('Q3 FY2023');
  });
});

describe('the fy field describes the filing, not the fact', () => {
  it('NVIDIA FY2011 revenue is filed with fy 2010; dates say FY2011', () => {
    const { facts } = loadCompanyFacts('NVDA');
    const calendars = inferCalendar(annualPeriodsFrom10K(facts)).calendars;
    const fact = facts.find(
      (f) => f.concept === 'Revenues' && f.start === '2010-02-01' && f.end === '2011-01-30' && f.accn === '0001045810-11-000015',
    );
    expect(fact?.fy).toBe(2010);
    expect(deriveFiscal({ type: 'duration', start: '2010-02-01', end: '2011-01-30' }, calendars)).toMatchObject({
      fiscalYear: 2011,
      fiscalPeriod: 'FY',
    });
  });

  it('Apple FY2022 revenue appears in three 10-Ks with three fy values', () => {
    const { facts } = loadCompanyFacts('AAPL');
    const copies = facts.filter(
      (f) =>
        f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax' &&
        f.form === '10-K' &&
        f.start === '2021-09-26' &&
        f.end === '2022-09-24',
    );
    expect(new Set(copies.map((f) => f.fy))).toEqual(new Set([2022, 2023, 2024]));
  });
});
