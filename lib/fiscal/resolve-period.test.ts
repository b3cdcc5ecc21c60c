import { describe, expect, it } from 'vitest';
import { APPLE, CALENDAR_YEAR, DEC_TO_MAR, HELIOS, MARVELL, NVIDIA } from './__fixtures__/calendars';
import { resolvePeriod, resolveSpec, type PeriodResolution, type ResolveContext, type ResolvedPeriod } from './resolve-period';
import type { PeriodSpec, YearEndCheck } from './period-spec';

const helios: ResolveContext = { calendars: HELIOS, latestPeriodEnd: '2025-09-30' };

function ok(r: PeriodResolution): ResolvedPeriod {
  if (r.status !== 'resolved') throw new Error(`expected resolved, got ${r.status}: ${'reason' in r ? r.reason : ''}`);
  return r;
}

function range(r: PeriodResolution): string {
  const p = ok(r).period;
  return p.type === 'instant' ? `@${p.date}` : `${p.start}..${p.end}`;
}

describe('resolvePeriod: fiscal phrases (Helios, April–March)', () => {
  it.each([
    ['FY2026', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['fiscal 2026', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['FY26', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['fiscal year 2026', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['FY2025-26', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['Q2 FY2026', '2025-07-01..2025-09-30', 'Q2 FY2026', 'Q2'],
    ['Q2 FY26', '2025-07-01..2025-09-30', 'Q2 FY2026', 'Q2'],
    ['2QFY26', '2025-07-01..2025-09-30', 'Q2 FY2026', 'Q2'],
    ['H1 FY2026', '2025-04-01..2025-09-30', 'H1 FY2026', 'H1'],
    ['first half of fiscal 2026', '2025-04-01..2025-09-30', 'H1 FY2026', 'H1'],
    ['second half of FY2026', '2025-10-01..2026-03-31', 'H2 FY2026', 'H2'],
    ['first nine months of fiscal 2025', '2024-04-01..2024-12-31', '9M FY2025', '9M'],
    ['9M FY2025', '2024-04-01..2024-12-31', '9M FY2025', '9M'],
    ['nine-month YTD FY2025', '2024-04-01..2024-12-31', '9M FY2025', '9M'],
    ['fiscal year ended 31 March 2026', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['year ended March 31, 2026', '2025-04-01..2026-03-31', 'FY2026', 'FY'],
    ['quarter ended 31 December 2024', '2024-10-01..2024-12-31', 'Q3 FY2025', 'Q3'],
    ['six months ended 30 September 2025', '2025-04-01..2025-09-30', 'H1 FY2026', 'H1'],
    ['nine months ended December 31, 2024', '2024-04-01..2024-12-31', '9M FY2025', '9M'],
  ])('%s → %s', (text, dates, label, fp) => {
    const r = ok(resolvePeriod(text, helios));
    expect(range(r)).toBe(dates);
    expect(r).toMatchObject({ label, fiscalPeriod: fp, kind: 'fiscal_period' });
  });

  it('gives the human date range', () => {
    expect(ok(resolvePeriod('FY2026', helios)).dateRange).toBe('1 Apr 2025 – 31 Mar 2026');
  });

  it('asks whether a position with a bare year is fiscal or calendar, and notes a period not yet reported', () => {
    // "Q2 2026" for an April–March company: fiscal Q2 FY2026 (Jul–Sep 2025) or calendar Q2 2026 (Apr–Jun 2026)
    for (const text of ['Q2 2026', '2Q26', "Q2'26", 'H1 2026', 'second quarter of 2026']) {
      const r = resolvePeriod(text, helios);
      expect(r.status, text).toBe('ambiguous');
      if (r.status === 'ambiguous')
        expect(
          r.options.map((o) => o.dateRange),
          text,
        ).toEqual([expect.stringContaining('2025'), expect.stringContaining('2026')]);
    }
    expect(ok(resolvePeriod('Q2 FY2026', helios)).notes).toEqual([]);
    expect(ok(resolvePeriod('FY2026', helios)).notes).toEqual([expect.stringContaining('may not be reported yet')]);
  });
});

describe('resolvePeriod: instants', () => {
  it.each([
    ['as of 30 September 2024', '@2024-09-30', 'end of Q2 FY2025', 'Q2'],
    ['as at March 31, 2025', '@2025-03-31', 'end of FY2025', 'FY'],
    ['end of FY2019', '@2019-03-31', 'end of FY2019', 'FY'],
    ['end of Q2 FY2026', '@2025-09-30', 'end of Q2 FY2026', 'Q2'],
    ['start of FY2020', '@2019-03-31', 'start of FY2020', 'FY'],
    ['as of 15 November 2024', '@2024-11-15', 'as of 15 Nov 2024', 'OTHER'],
  ])('%s → %s', (text, dates, label, fp) => {
    const r = ok(resolvePeriod(text, helios));
    expect(range(r)).toBe(dates);
    expect(r).toMatchObject({ kind: 'instant', label, fiscalPeriod: fp });
  });

  it('keeps the stated date but notes a nearby 52/53-week period end', () => {
    const r = ok(resolvePeriod('as of September 30, 2024', { calendars: APPLE }));
    expect(range(r)).toBe('@2024-09-30');
    expect(r.notes).toEqual([expect.stringContaining('2024-09-28 (end of FY2024)')]);
  });
});

describe('resolvePeriod: calendar years and ambiguity', () => {
  it('keeps calendar years distinct from fiscal years', () => {
    expect(range(resolvePeriod('calendar 2024', helios))).toBe('2024-01-01..2024-12-31');
    const cy = ok(resolvePeriod('CY2024', helios));
    expect(cy).toMatchObject({ kind: 'calendar_period', label: 'CY2024', fiscalYear: null, fiscalPeriod: null });
    expect(ok(resolvePeriod('Q2 CY2024', helios))).toMatchObject({ label: 'Q2 CY2024', fiscalYear: 2025, fiscalPeriod: 'Q1' });
    expect(range(resolvePeriod('year ended December 31, 2024', helios))).toBe('2024-01-01..2024-12-31');
  });

  it('asks which 2026 is meant when the fiscal year is not the calendar year', () => {
    const r = resolvePeriod('2026', helios);
    expect(r.status).toBe('ambiguous');
    if (r.status !== 'ambiguous') return;
    expect(r.options.map((o) => o.label)).toEqual(['FY2026', 'CY2026']);
    expect(r.options.map((o) => o.dateRange)).toEqual(['1 Apr 2025 – 31 Mar 2026', '1 Jan 2026 – 31 Dec 2026']);
  });

  it('does not ask when the fiscal year is the calendar year', () => {
    const r = ok(resolvePeriod('2024', { calendars: CALENDAR_YEAR }));
    expect(r).toMatchObject({ label: 'FY2024', fiscalPeriod: 'FY' });
    expect(ok(resolvePeriod('Q2 2024', { calendars: CALENDAR_YEAR })).notes).toEqual([]);
  });

  it('carries ambiguity through "end of"', () => {
    const r = resolvePeriod('end of 2024', helios);
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous')
      expect(r.options.map((o) => o.period)).toEqual([
        { type: 'instant', date: '2024-03-31' },
        { type: 'instant', date: '2024-12-31' },
      ]);
  });

  it('resolves a year span only when it is one fiscal year', () => {
    expect(resolvePeriod('FY2024-25', { calendars: CALENDAR_YEAR })).toMatchObject({ status: 'unresolvable' });
  });
});

describe('resolvePeriod: TTM and relative phrases', () => {
  it('resolves TTM as of a fiscal quarter to four quarters', () => {
    const r = ok(resolvePeriod('TTM as of Q3 FY2025', helios));
    expect(r).toMatchObject({ kind: 'ttm', label: 'TTM Q3 FY2025', fiscalYear: 2025 });
    expect(range(r)).toBe('2024-01-01..2024-12-31');
    expect(r.periods).toEqual([
      { type: 'duration', start: '2024-01-01', end: '2024-03-31' },
      { type: 'duration', start: '2024-04-01', end: '2024-06-30' },
      { type: 'duration', start: '2024-07-01', end: '2024-09-30' },
      { type: 'duration', start: '2024-10-01', end: '2024-12-31' },
    ]);
  });

  it('resolves TTM as of a date, a fiscal year, or the latest quarter', () => {
    // a date that is no quarter end: the four quarters ended by then are offered, never taken for it
    const offered = resolvePeriod('trailing twelve months ended 15 November 2024', helios);
    expect(offered.status === 'ambiguous' && offered.options.map((o) => o.label)).toEqual(['TTM Q2 FY2025']);
    expect(ok(resolvePeriod('trailing twelve months ended 30 September 2024', helios)).label).toBe('TTM Q2 FY2025');
    expect(range(resolvePeriod('TTM FY2025', helios))).toBe('2024-04-01..2025-03-31');
    expect(ok(resolvePeriod('TTM', helios)).label).toBe('TTM Q2 FY2026');
  });

  it('anchors relative phrases on the latest reported period, never the clock', () => {
    expect(ok(resolvePeriod('last fiscal year', helios)).label).toBe('FY2025');
    expect(ok(resolvePeriod('latest quarter', helios)).label).toBe('Q2 FY2026');
    expect(ok(resolvePeriod('prior year', helios)).label).toBe('FY2025');
    expect(ok(resolvePeriod('prior quarter', helios)).label).toBe('Q1 FY2026');
    expect(ok(resolvePeriod('same quarter last year', helios)).label).toBe('Q2 FY2025');
    expect(ok(resolvePeriod('latest YTD', helios))).toMatchObject({ label: 'H1 FY2026', fiscalPeriod: 'H1' });
    // "YTD" alone does not say through when: the latest is offered, not taken
    expect(resolvePeriod('YTD', helios)).toMatchObject({ status: 'ambiguous', options: [expect.objectContaining({ label: 'H1 FY2026' })] });
    const atYearEnd: ResolveContext = { calendars: HELIOS, latestPeriodEnd: '2025-03-31' };
    expect(ok(resolvePeriod('last fiscal year', atYearEnd)).label).toBe('FY2025');
    expect(ok(resolvePeriod('prior year', atYearEnd)).label).toBe('FY2024');
    expect(ok(resolvePeriod('latest quarter', atYearEnd)).label).toBe('Q4 FY2025');
    expect(ok(resolvePeriod('the latest YTD', atYearEnd)).label).toBe('FY2025');
    const early: ResolveContext = { calendars: HELIOS, latestPeriodEnd: '2025-05-15' };
    expect(ok(resolvePeriod('latest quarter', early)).label).toBe('Q4 FY2025');
  });

  it('resolves relative phrases against an anchor period', () => {
    const fy2026 = ok(resolvePeriod('FY2026', helios));
    expect(ok(resolvePeriod('prior year', { ...helios, anchor: fy2026 })).label).toBe('FY2025');
    const q2 = ok(resolvePeriod('Q2 FY2026', helios));
    expect(ok(resolvePeriod('prior year', { ...helios, anchor: q2 })).label).toBe('Q2 FY2025');
    expect(ok(resolvePeriod('prior quarter', { ...helios, anchor: q2 })).label).toBe('Q1 FY2026');
    expect(ok(resolvePeriod('year-ago quarter', { ...helios, anchor: q2 })).label).toBe('Q2 FY2025');
    const q1 = ok(resolvePeriod('Q1 FY2026', helios));
    expect(ok(resolvePeriod('prior quarter', { ...helios, anchor: q1 })).label).toBe('Q4 FY2025');
    const ttm = ok(resolvePeriod('TTM as of Q3 FY2025', helios));
    expect(ok(resolvePeriod('prior year', { ...helios, anchor: ttm })).label).toBe('TTM Q3 FY2024');
    const cy = ok(resolvePeriod('CY2024', helios));
    expect(ok(resolvePeriod('prior year', { ...helios, anchor: cy }))).toMatchObject({ label: 'CY2023', kind: 'calendar_period' });
    const endFy = ok(resolvePeriod('end of FY2019', helios));
    expect(range(resolvePeriod('prior year', { ...helios, anchor: endFy }))).toBe('@2018-03-31');
    expect(resolvePeriod('prior quarter', { ...helios, anchor: fy2026 })).toMatchObject({ status: 'unresolvable' });
  });

  it('asks the year of a position written without one, offering the latest reported and the one before', () => {
    const labels = (text: string) => {
      const r = resolvePeriod(text, helios);
      return r.status === 'ambiguous' ? r.options.map((o) => o.label) : r.status;
    };
    expect(labels('Q3')).toEqual(['Q3 FY2025', 'Q3 FY2024']);
    expect(labels('Q2')).toEqual(['Q2 FY2026', 'Q2 FY2025']);
    expect(labels('first half')).toEqual(['H1 FY2026', 'H1 FY2025']);
    expect(labels('second half')).toEqual(['H2 FY2025', 'H2 FY2024']);
  });

  it('refuses relative phrases without the latest reported period', () => {
    for (const text of ['latest quarter', 'last fiscal year', 'prior year', 'TTM', 'YTD', 'Q3']) {
      expect(resolvePeriod(text, { calendars: HELIOS })).toMatchObject({
        status: 'unresolvable',
        reason: expect.stringContaining('latestPeriodEnd'),
      });
    }
  });
});

describe('resolvePeriod: 52/53-week calendars', () => {
  it('resolves Apple quarters with the 14-week Q1 layout when told', () => {
    const ctx: ResolveContext = { calendars: APPLE, latestPeriodEnd: '2023-07-01', options: { week53Quarter: 'Q1' } };
    expect(range(resolvePeriod('Q3 FY2023', ctx))).toBe('2023-04-02..2023-07-01');
    expect(range(resolvePeriod('Q1 FY2023', ctx))).toBe('2022-09-25..2022-12-31');
    expect(range(resolvePeriod('9M FY2023', ctx))).toBe('2022-09-25..2023-07-01');
    expect(range(resolvePeriod('FY2023', ctx))).toBe('2022-09-25..2023-09-30');
  });

  it('follows the layout the latest reported period reveals', () => {
    const ctx: ResolveContext = { calendars: APPLE, latestPeriodEnd: '2023-07-01' };
    expect(range(resolvePeriod('latest quarter', ctx))).toBe('2023-04-02..2023-07-01');
    const ttm = ok(resolvePeriod('TTM', ctx));
    expect(range(ttm)).toBe('2022-06-26..2023-07-01');
    expect(ttm.periods).toHaveLength(4);
  });

  it('offers the 52/53-week year end a few days from a written date, never takes it for that date', () => {
    const r = resolvePeriod('year ended September 30, 2024', { calendars: APPLE });
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous') {
      expect(r.reason).toContain('ended 28 Sep 2024');
      expect(r.options.map(range)).toEqual(['2023-10-01..2024-09-28']);
    }
    expect(range(resolvePeriod('fiscal year ended January 26, 2025', { calendars: NVIDIA }))).toBe('2024-01-29..2025-01-26');
  });

  it('does not stretch a fixed calendar: an off-calendar year end is a window', () => {
    const r = ok(resolvePeriod('year ended June 30, 2025', helios));
    expect(r).toMatchObject({ kind: 'window', fiscalPeriod: 'OTHER' });
    expect(range(r)).toBe('2024-07-01..2025-06-30');
    expect(ok(resolvePeriod('quarter ended 31 May 2025', helios)).kind).toBe('window');
  });
});

describe('resolvePeriod: a numeric date either of whose parts could be the month', () => {
  const marvell: ResolveContext = { calendars: MARVELL, latestPeriodEnd: '2025-05-03' };
  it('takes the one reading that ends a fiscal period of the entity, by its calendar', () => {
    // 1 Feb 2025 ends Marvell's fiscal 2025; 2 Jan 2025 ends nothing
    expect(range(resolvePeriod('fiscal year ended 2/1/25', marvell))).toBe('2024-02-04..2025-02-01');
    // 2 Nov 2024 ends its third quarter; 11 Feb 2024 ends nothing
    expect(range(resolvePeriod('three months ended 11/2/24', marvell))).toBe('2024-08-04..2024-11-02');
    expect(range(resolvePeriod('as of 11/2/24', marvell))).toBe('@2024-11-02');
    const r = ok(resolvePeriod('FYE 2/1/25', marvell));
    expect(r.label).toBe('FY2025');
    expect(r.notes.join(' ')).toContain('1 Feb 2025');
  });
  it('refuses, naming both readings, when neither ends a period of the entity', () => {
    const r = resolvePeriod('quarter ended 5/4/24', { calendars: CALENDAR_YEAR });
    expect(r.status).toBe('unresolvable');
    expect('reason' in r ? r.reason : '').toMatch(/4 May 2024 or 5 Apr 2024|5 Apr 2024 or 4 May 2024/);
  });
  it('reads the entity it is asked for: the same text ends a period of one company and not of another', () => {
    expect(range(resolvePeriod('year ended 2/1/25', marvell))).toBe('2024-02-04..2025-02-01');
    expect(resolvePeriod('year ended 2/1/25', { calendars: CALENDAR_YEAR }).status).toBe('unresolvable');
  });
});

describe('resolvePeriod: a quarter named only by its month, no year', () => {
  const marvell: ResolveContext = { calendars: MARVELL, latestPeriodEnd: '2025-05-03' };
  it('asks back with the latest reported quarter ending in that month and the one a year before', () => {
    const r = resolvePeriod('the November quarter', marvell);
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous') expect(r.options.map((o) => o.label)).toEqual(['Q3 FY2025', 'Q3 FY2024']);
  });
  it('offers the latest quarters when no quarter of the entity ends in that month', () => {
    const r = resolvePeriod('the September quarter', marvell);
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous') {
      expect(r.reason).toContain('ends in September');
      expect(r.options.map((o) => o.label)).toEqual(['Q1 FY2026', 'Q4 FY2025', 'Q3 FY2025', 'Q2 FY2025']);
    }
  });
  it('resolves the quarter ending in that month once the question gives the year', () => {
    expect(range(resolvePeriod('the November quarter of fiscal 2025', marvell))).toBe('2024-08-04..2024-11-02');
  });
});

describe('resolvePeriod: calendar changes', () => {
  it('resolves the transition period and refuses the skipped label', () => {
    const ctx: ResolveContext = { calendars: DEC_TO_MAR };
    expect(ok(resolvePeriod('Transition period 2021', ctx))).toMatchObject({ kind: 'transition', fiscalPeriod: 'TRANSITION' });
    expect(range(resolvePeriod('Transition period 2021', ctx))).toBe('2021-01-01..2021-03-31');
    expect(resolvePeriod('FY2021', ctx)).toMatchObject({ status: 'unresolvable', reason: expect.stringContaining('transition period') });
    expect(resolvePeriod('Transition period 2019', ctx)).toMatchObject({ status: 'unresolvable' });
    expect(resolvePeriod('TTM Q2 FY2022', ctx)).toMatchObject({
      status: 'unresolvable',
      reason: expect.stringContaining('change of fiscal year end'),
    });
    expect(ok(resolvePeriod('prior year', { calendars: DEC_TO_MAR, latestPeriodEnd: '2022-12-31' })).label).toBe('FY2022');
  });
});

describe('resolvePeriod: not a period', () => {
  it.each([
    ['revenue', 'no period phrase'],
    ['FY2026 and FY2025', 'several period phrases'],
    ['as of 31 February 2026', 'not a valid date'],
  ])('%s → unresolvable', (text, reason) => {
    expect(resolvePeriod(text, helios)).toMatchObject({ status: 'unresolvable', reason: expect.stringContaining(reason) });
  });
});

describe('resolvePeriod: dates written out and analysts’ shorthand', () => {
  const apple: ResolveContext = { calendars: APPLE, latestPeriodEnd: '2025-06-28' };
  const alphabet: ResolveContext = { calendars: CALENDAR_YEAR, latestPeriodEnd: '2025-12-31' };
  it.each([
    ['from July 1 to September 30, 2024', alphabet, '2024-07-01..2024-09-30', 'Q3 FY2024'],
    ['between 1 July 2024 and 30 September 2024', alphabet, '2024-07-01..2024-09-30', 'Q3 FY2024'],
    ['the period from 2024-07-01 to 2024-09-30', alphabet, '2024-07-01..2024-09-30', 'Q3 FY2024'],
    ['from June 30, 2024 to September 28, 2024', apple, '2024-06-30..2024-09-28', 'Q4 FY2024'],
    // the calendar quarter is not Apple's fourth quarter: matched by its own dates, never snapped
    ['from July 1 to September 30, 2024', apple, '2024-07-01..2024-09-30', '1 Jul 2024 – 30 Sep 2024'],
    ['back-half 2024', alphabet, '2024-07-01..2024-12-31', 'H2 FY2024'],
    ['front half of 2024', alphabet, '2024-01-01..2024-06-30', 'H1 FY2024'],
    ['fiscal year-end 2024', apple, '@2024-09-28', null],
    ['the last day of fiscal 2024', apple, '@2024-09-28', null],
  ] as const)('%s', (text, ctx, bounds, label) => {
    const r = resolvePeriod(text, ctx);
    expect(range(r)).toBe(bounds);
    if (label) expect(ok(r).label).toBe(label);
  });
  it('a range that ends before it starts is refused, not flipped', () => {
    expect(resolvePeriod('from September 30, 2024 to July 1, 2024', alphabet).status).toBe('unresolvable');
  });
});

describe('resolvePeriod: a stated number of weeks must be the period’s length (Apple, 52/53 weeks)', () => {
  const apple: ResolveContext = { calendars: APPLE, latestPeriodEnd: '2024-09-28' };
  it('keeps the period when its weeks agree', () => {
    expect(range(resolvePeriod('52 weeks ended September 28, 2024', apple))).toBe('2023-10-01..2024-09-28');
    expect(range(resolvePeriod('53 weeks ended September 30, 2023', apple))).toBe('2022-09-25..2023-09-30');
    expect(range(resolvePeriod('fourteen weeks ended December 31, 2022', apple))).toBe('2022-09-25..2022-12-31');
  });
  it('refuses a period that ran another number of weeks, never the nearest one', () => {
    const r = resolvePeriod('52 weeks ended September 30, 2023', apple);
    expect(r.status).toBe('unresolvable');
    expect('reason' in r ? r.reason : '').toContain('ran 53 weeks, not 52');
    expect(resolvePeriod('14 weeks ended December 30, 2023', apple).status).toBe('unresolvable');
  });
});

describe('resolvePeriod: a stated year end is checked', () => {
  it('accepts the month (a week either way on 52/53-week calendars) and refuses another', () => {
    const spec = (endsIn: YearEndCheck): PeriodSpec => ({ type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' }, endsIn });
    expect(resolveSpec(spec({ month: 9 }), { calendars: APPLE }, 'fiscal 2024').status).toBe('resolved');
    expect(resolveSpec(spec({ month: 9, year: 2024, part: 'late' }), { calendars: APPLE }, 'fiscal 2024').status).toBe('resolved');
    expect(resolveSpec(spec({ month: 9, year: 2024, day: 28 }), { calendars: APPLE }, 'fiscal 2024').status).toBe('resolved');
    const off = resolveSpec(spec({ month: 9, year: 2024, day: 30 }), { calendars: APPLE }, 'fiscal 2024');
    expect(off).toMatchObject({ status: 'unresolvable', reason: expect.stringContaining('ended 28 Sep 2024, not on September 30, 2024') });
    expect(resolveSpec(spec({ month: 3 }), { calendars: APPLE }, 'fiscal 2024').status).toBe('unresolvable');
    expect(resolveSpec(spec({ month: 9, part: 'early' }), { calendars: APPLE }, 'fiscal 2024').status).toBe('unresolvable');
  });
});

describe('resolvePeriod: a year or part of a month a period ended in', () => {
  it('"the fiscal year ended in 2024" is the fiscal year whose end falls in 2024; "early 2025" in its first months', () => {
    expect(range(resolvePeriod('fiscal year ended in 2024', { calendars: APPLE }))).toBe('2023-10-01..2024-09-28');
    expect(range(resolvePeriod('fiscal years ended in early 2025', { calendars: NVIDIA }))).toBe('2024-01-29..2025-01-26');
    expect(resolvePeriod('fiscal year ended in early 2024', { calendars: APPLE }).status).toBe('unresolvable');
  });
  it('"the quarter ended in late July 2025" keeps only a quarter ending in that part of the month', () => {
    expect(resolvePeriod('quarter ended in late July 2025', { calendars: NVIDIA })).toMatchObject({
      status: 'resolved',
      label: 'Q2 FY2026',
    });
    expect(resolvePeriod('quarter ended in early July 2025', { calendars: NVIDIA }).status).toBe('unresolvable');
  });
});

describe('resolvePeriod: the end of the latest fiscal year', () => {
  it('reads "the end of the latest fiscal year", "its last fiscal year-end", "fiscal year-ends in 2025"', () => {
    const ctx = { calendars: APPLE, latestPeriodEnd: '2025-12-27' };
    for (const t of ['the end of the latest fiscal year', 'its last fiscal year-end', 'the latest fiscal year end']) {
      expect(resolvePeriod(t, ctx), t).toMatchObject({ status: 'resolved', period: { type: 'instant', date: '2025-09-27' } });
    }
    expect(resolvePeriod('their fiscal year-ends in 2025', ctx)).toMatchObject({
      status: 'resolved',
      period: { type: 'instant', date: '2025-09-27' },
    });
  });
});
