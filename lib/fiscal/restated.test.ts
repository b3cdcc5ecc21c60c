/**
 * One period said twice (the second time in parentheses) and a month range said of a quarter, on four calendars:
 * Apple-like (52/53 weeks, late September), NVIDIA-like (52/53 weeks, late January), January 31 (Snowflake, as
 * Walmart's) and the calendar year. The same dates answer once; two periods are asked back naming both.
 */
import { describe, expect, it } from 'vitest';
import { APPLE, CALENDAR_YEAR, NVIDIA, SNOWFLAKE } from './__fixtures__/calendars';
import type { PeriodSpec } from './period-spec';
import { extractPeriodPhrases } from './phrases';
import { resolveSpec, type PeriodResolution, type ResolveContext } from './resolve-period';

const apple: ResolveContext = { calendars: APPLE, latestPeriodEnd: '2025-06-28' };
const nvidia: ResolveContext = { calendars: NVIDIA, latestPeriodEnd: '2025-07-27' };
const jan31: ResolveContext = { calendars: SNOWFLAKE, latestPeriodEnd: '2025-07-31' };
const dec: ResolveContext = { calendars: CALENDAR_YEAR, latestPeriodEnd: '2025-06-30' };

function specOf(text: string): PeriodSpec {
  const phrases = extractPeriodPhrases(text);
  if (phrases.length !== 1) throw new Error(`${text}: ${phrases.length} phrases`);
  return phrases[0]!.spec;
}

const restated = (main: string, as: string, ctx: ResolveContext) =>
  resolveSpec({ type: 'restated', spec: specOf(main), as: specOf(as), asText: as }, ctx, main);

/** "start..end LABEL", or the status with the options' labels. */
function said(r: PeriodResolution): string {
  if (r.status === 'resolved') return r.period.type === 'instant' ? `@${r.period.date}` : `${r.period.start}..${r.period.end} ${r.label}`;
  if (r.status === 'ambiguous') return `ambiguous: ${r.options.map((o) => o.label).join(' | ')}`;
  return 'unresolvable';
}

describe('a period restated in parentheses', () => {
  it.each([
    ['the quarter ending December 28, 2024', 'Q1 FY2025', apple, '2024-09-29..2024-12-28 Q1 FY2025'],
    ['the June 2025 quarter', 'Q3', apple, '2025-03-30..2025-06-28 Q3 FY2025'],
    ['the three months ended April 27, 2025', 'first quarter of fiscal 2026', nvidia, '2025-01-27..2025-04-27 Q1 FY2026'],
    ['the Aug–Oct 2024 quarter', 'Q3 fiscal 2025', jan31, '2024-08-01..2024-10-31 Q3 FY2025'],
    ['the Jul-Sep 2024 quarter', 'Q3 2024', dec, '2024-07-01..2024-09-30 Q3 FY2024'],
    ['fiscal 2024', 'the year ended September 28, 2024', apple, '2023-10-01..2024-09-28 FY2024'],
  ])('%s (%s): the same period, answered once', (main, as, ctx, expected) => {
    const r = restated(main, as, ctx);
    expect(said(r)).toBe(expected);
    expect(r.status === 'resolved' && r.notes.some((n) => n.includes(as))).toBe(true);
  });

  it.each([
    ['the quarter ending December 28, 2024', 'Q2 FY2025', apple, 'ambiguous: Q1 FY2025 | Q2 FY2025'],
    ['the June 2025 quarter', 'Q4', apple, 'ambiguous: Q3 FY2025 | Q4 FY2025'],
    ['the three months ended April 27, 2025', 'Q2 fiscal 2026', nvidia, 'ambiguous: Q1 FY2026 | Q2 FY2026'],
    ['the Jul-Sep 2024 quarter', 'Q2 2024', dec, 'ambiguous: Q3 FY2024 | Q2 FY2024'],
  ])('%s (%s): two periods, asked back naming both', (main, as, ctx, expected) => {
    const r = restated(main, as, ctx);
    expect(said(r)).toBe(expected);
    if (r.status === 'ambiguous') expect(r.reason).toMatch(new RegExp(`“${as}” is`));
  });

  it('a date restates a trailing twelve months when the twelve months end on it', () => {
    expect(said(restated('TTM through fiscal Q1 2026', 'April 30, 2025', jan31))).toBe('2024-05-01..2025-04-30 TTM Q1 FY2026');
    const off = restated('TTM through fiscal Q1 2026', 'May 3, 2025', jan31);
    expect(off.status).toBe('ambiguous');
    if (off.status === 'ambiguous') expect(off.reason).toContain('3 May 2025');
  });
});

describe('a month range said of a quarter', () => {
  it.each([
    ['the May–July 2025 quarter', nvidia, '2025-04-28..2025-07-27 Q2 FY2026'],
    ['the Feb-Apr 2025 quarter', jan31, '2025-02-01..2025-04-30 Q1 FY2026'],
    ['the January–March 2025 quarter', apple, '2024-12-29..2025-03-29 Q2 FY2025'],
    ['the Oct-Dec 2024 quarter', dec, '2024-10-01..2024-12-31 Q4 FY2024'],
  ])('%s is the fiscal quarter covering those months', (text, ctx, expected) => {
    expect(said(resolveSpec(specOf(text), ctx, text))).toBe(expected);
  });

  it.each([
    ['the Feb–Apr 2025 quarter', apple, 'ambiguous: Q2 FY2025 | Q3 FY2025'],
    ['the Jan-Mar 2025 quarter', jan31, 'ambiguous: Q4 FY2025 | Q1 FY2026'],
    ['the Aug-Oct 2024 quarter', dec, 'ambiguous: Q3 FY2024 | Q4 FY2024'],
  ])('%s: no quarter covers those months, asked back with the quarters they fall in', (text, ctx, expected) => {
    const r = resolveSpec(specOf(text), ctx, text);
    expect(said(r)).toBe(expected);
    if (r.status === 'ambiguous') expect(r.reason).toMatch(/^the entity has no fiscal quarter running from/);
  });

  it('without "quarter" a month range may still be a half or nine months', () => {
    expect(specOf('January–June 2025')).toEqual({ type: 'month_range', from: { month: 1, year: 2025 }, to: { month: 6, year: 2025 } });
    expect(said(resolveSpec(specOf('January–June 2025'), dec, 'January–June 2025'))).toBe('2025-01-01..2025-06-30 H1 FY2025');
  });
});

describe('four quarters said as one compound word', () => {
  it.each(['trailing 4-quarter', 'rolling four-quarter'])('%s is a TTM', (lead) => {
    const phrases = extractPeriodPhrases(`${lead} operating income through the October 2024 quarter`);
    expect(phrases.map((p) => p.spec)).toEqual([
      { type: 'ttm', ref: { type: 'named_by_month', length: 'quarter', month: 10, year: 2024, yearKind: 'calendar' } },
    ]);
    expect(said(resolveSpec(phrases[0]!.spec, jan31, phrases[0]!.text))).toBe('2023-11-01..2024-10-31 TTM Q3 FY2025');
  });
});

describe('trailing twelve months at a written date', () => {
  it.each([
    ['TTM at April 30, 2025', jan31, '2024-05-01..2025-04-30 TTM Q1 FY2026'],
    ['trailing twelve months as of June 30, 2025', dec, '2024-07-01..2025-06-30 TTM Q2 FY2025'],
    ['LTM as of July 27, 2025', nvidia, '2024-07-29..2025-07-27 TTM Q2 FY2026'],
  ])('%s: a quarter end of the company is the four quarters ending there', (text, ctx, expected) => {
    expect(said(resolveSpec(specOf(text), ctx, text))).toBe(expected);
  });

  it.each([
    ['TTM at March 31, 2025', apple, 'ambiguous: TTM Q2 FY2025'],
    ['trailing twelve months as of May 15, 2025', dec, 'ambiguous: TTM Q1 FY2025'],
  ])('%s: a date that is no quarter end offers the four quarters ended by then, never takes them', (text, ctx, expected) => {
    const r = resolveSpec(specOf(text), ctx, text);
    expect(said(r)).toBe(expected);
    if (r.status === 'ambiguous') expect(r.reason).toMatch(/^the entity has no fiscal quarter ending on/);
  });
});

describe('a per-share measure between a TTM and its end', () => {
  it.each([
    ['Tesla trailing twelve month basic earnings per share at September 30, 2025', { type: 'instant', date: '2025-09-30' }],
    [
      'NVIDIA LTM net income per diluted share through Q2 FY2026',
      { type: 'fiscal', position: 'Q2', year: { year: 2026, style: 'fiscal' } },
    ],
  ])('%s is one TTM ending there', (q, ref) => {
    expect(extractPeriodPhrases(q).map((p) => p.spec)).toEqual([{ type: 'ttm', ref }]);
  });

  it('"per" of a ratio still keeps two periods apart', () => {
    expect(extractPeriodPhrases('TTM revenue per employee at FY2024 headcount').map((p) => p.spec.type)).toEqual(['ttm', 'fiscal']);
  });
});
