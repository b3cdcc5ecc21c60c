import { describe, expect, it } from 'vitest';
import type { YearEndRule } from '@/lib/domain/types';
import { cal } from './__fixtures__/calendars';
import { inferCalendar } from './infer-calendar';
import { fiscalYearBounds } from './timeline';
import { fiscalPeriodBounds } from './positions';

function years(rule: YearEndRule, from: number, to: number) {
  const c = cal(rule);
  const out = [];
  for (let y = from; y <= to; y++) {
    const b = fiscalYearBounds(c, y)!;
    out.push({ start: b.start, end: b.end });
  }
  return out;
}

describe('inferCalendar', () => {
  it.each<[string, YearEndRule]>([
    ['Apple', { kind: 'week', weekday: 6, month: 9, rule: 'last' }],
    ['NVIDIA', { kind: 'week', weekday: 0, month: 1, rule: 'last' }],
    ['Marvell', { kind: 'week', weekday: 6, month: 1, rule: 'nearest' }],
    ['Saturday nearest 31 December', { kind: 'week', weekday: 6, month: 12, rule: 'nearest' }],
    ['Helios', { kind: 'fixed', month: 3, day: 31 }],
    ['Snowflake', { kind: 'fixed', month: 1, day: 31 }],
    ['calendar year', { kind: 'fixed', month: 12, day: 31 }],
    ['June', { kind: 'fixed', month: 6, day: 30 }],
    ['end of February', { kind: 'fixed', month: 2, day: 29 }],
  ])('recovers %s from ten years', (_name, rule) => {
    const r = inferCalendar(years(rule, 2010, 2019));
    expect(r.calendar).toEqual({ yearEnd: rule, labelBy: 'end-year' });
    expect(r.matched).toBe(10);
    expect(r.evidence).toBe(10);
    expect(r.confidence).toBeGreaterThan(0.99);
    expect(r.calendars).toHaveLength(1);
  });

  it('tells "28 February" from "the end of February" by a year that starts on 29 February', () => {
    // fast-check counterexample: FY2017..FY2019 on a fixed 28 February year end; FY2017 starts 2016-02-29
    const given = years({ kind: 'fixed', month: 2, day: 28 }, 2017, 2019);
    expect(given[0]!.start).toBe('2016-02-29');
    const r = inferCalendar(given);
    expect(r.calendar?.yearEnd).toEqual({ kind: 'fixed', month: 2, day: 28 });
    for (const [i, y] of given.entries()) expect(fiscalYearBounds(r.calendars, 2017 + i)).toMatchObject(y);
    // without a leap year among them, the last day of February stays the reading
    expect(inferCalendar(years({ kind: 'fixed', month: 2, day: 29 }, 2017, 2019)).calendar?.yearEnd).toEqual({
      kind: 'fixed',
      month: 2,
      day: 29,
    });
  });

  it('labels NVIDIA years by their end year', () => {
    const r = inferCalendar([
      { start: '2024-01-29', end: '2025-01-26' },
      { start: '2023-01-30', end: '2024-01-28' },
    ]);
    const bounds = fiscalYearBounds(r.calendars, 2025)!;
    expect([bounds.start, bounds.end]).toEqual(['2024-01-29', '2025-01-26']);
  });

  it('ignores duplicates and non-annual periods, and says so', () => {
    const ys = years({ kind: 'fixed', month: 3, day: 31 }, 2020, 2022);
    const r = inferCalendar([...ys, ...ys, { start: '2021-04-01', end: '2021-06-30' }, { start: 'x', end: 'y' }]);
    expect(r.evidence).toBe(3);
    expect(r.notes[0]).toMatch(/2 period\(s\) ignored/);
  });

  it('is less confident on thin or ambiguous evidence', () => {
    // one calendar year: the start date rules out the week rules, but one year is thin evidence
    const one = inferCalendar([{ start: '2022-01-01', end: '2022-12-31' }]);
    expect(one.calendar?.yearEnd).toEqual({ kind: 'fixed', month: 12, day: 31 });
    expect(one.confidence).toBe(0.5);
    const many = inferCalendar(years({ kind: 'fixed', month: 12, day: 31 }, 2015, 2024));
    expect(many.confidence).toBeGreaterThan(one.confidence);
    // 2017-09-30 and 2018-09-29 are both the last Saturday of September and the Saturday nearest its end
    const tie = inferCalendar([{ start: '2017-10-01', end: '2018-09-29' }]);
    expect(tie.calendar?.yearEnd).toEqual({ kind: 'week', weekday: 6, month: 9, rule: 'last' });
    expect(tie.confidence).toBe(0.4);
    expect(tie.notes.join(' ')).toMatch(/1 other rule\(s\) fit the evidence equally well/);
  });

  it('uses the fiscal year end hint to break ties', () => {
    const r = inferCalendar([{ start: '2022-01-01', end: '2022-12-31' }], { fiscalYearEndMMDD: '1231' });
    expect(r.calendar?.yearEnd).toEqual({ kind: 'fixed', month: 12, day: 31 });
    const hintOnly = inferCalendar([], { fiscalYearEndMMDD: '--03-31' });
    expect(hintOnly.calendar?.yearEnd).toEqual({ kind: 'fixed', month: 3, day: 31 });
    expect(hintOnly.confidence).toBeLessThan(0.5);
  });

  it('returns no calendar without evidence', () => {
    expect(inferCalendar([])).toMatchObject({ calendar: null, calendars: [], confidence: 0 });
  });

  it('detects a change of year end as effective-dated calendars', () => {
    const before = years({ kind: 'fixed', month: 12, day: 31 }, 2015, 2020);
    const after = years({ kind: 'fixed', month: 3, day: 31 }, 2022, 2025);
    const r = inferCalendar([...before, ...after]);
    expect(r.calendars.map((c) => c.yearEnd)).toEqual([
      { kind: 'fixed', month: 12, day: 31 },
      { kind: 'fixed', month: 3, day: 31 },
    ]);
    expect(r.calendar?.yearEnd).toEqual({ kind: 'fixed', month: 3, day: 31 });
    expect(r.matched).toBe(10);
    expect(fiscalYearBounds(r.calendars, 2020)?.end).toBe('2020-12-31');
    expect(fiscalYearBounds(r.calendars, 2022)?.start).toBe('2021-04-01');
    expect(r.notes.join(' ')).toMatch(/year end changed 1 time/);
  });

  it('treats one odd year among a steady rule as an outlier', () => {
    const ys = years({ kind: 'fixed', month: 3, day: 31 }, 2015, 2024);
    ys.splice(5, 1, { start: '2019-04-01', end: '2020-03-30' });
    const r = inferCalendar(ys);
    expect(r.calendars).toHaveLength(1);
    expect(r.matched).toBe(9);
    expect(r.notes.join(' ')).toMatch(/outlier/);
  });

  it('infers the label convention from labelled years', () => {
    const ys = years({ kind: 'fixed', month: 3, day: 31 }, 2020, 2023);
    const r = inferCalendar(ys, { labelledYears: ys.map((y) => ({ end: y.end, fiscalYear: Number(y.start.slice(0, 4)) })) });
    expect(r.calendar?.labelBy).toBe('start-year');
    expect(fiscalYearBounds(r.calendars, 2022)?.end).toBe('2023-03-31');
    expect(inferCalendar(ys, { labelBy: 'start-year' }).calendar?.labelBy).toBe('start-year');
  });

  it('finds where the 53rd week goes from quarter periods', () => {
    const apple = cal({ kind: 'week', weekday: 6, month: 9, rule: 'last' });
    const ys = years(apple.yearEnd, 2020, 2024);
    const q1Long = fiscalPeriodBounds(apple, 2023, 'Q1', { week53Quarter: 'Q1' })!;
    expect(inferCalendar(ys, { quarterPeriods: [q1Long] }).week53Quarter).toBe('Q1');
    const q1Short = fiscalPeriodBounds(apple, 2023, 'Q1')!;
    expect(inferCalendar(ys, { quarterPeriods: [q1Short] }).week53Quarter).toBe('Q4');
    expect(inferCalendar(ys).week53Quarter).toBeNull();
  });
});
