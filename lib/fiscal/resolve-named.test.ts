/**
 * Resolution of the analysts' period forms on four calendars: December (Tesla-like), January 31
 * (Snowflake: FY2025 = 2024-02-01..2025-01-31), 52/53-week last Saturday of September (Apple-like)
 * and March 31 (Indian). Month-named periods resolve only to a period the calendar has.
 */
import { describe, expect, it } from 'vitest';
import { APPLE, CALENDAR_YEAR, HELIOS, MARVELL, NVIDIA, SNOWFLAKE } from './__fixtures__/calendars';
import { extractPeriodPhrases } from './phrases';
import { resolveSpec, type ResolveContext } from './resolve-period';

const CTX: Record<string, ResolveContext> = {
  dec: { calendars: CALENDAR_YEAR, latestPeriodEnd: '2022-09-30' },
  jan: { calendars: SNOWFLAKE, latestPeriodEnd: '2025-04-30' },
  apple: { calendars: APPLE, latestPeriodEnd: '2025-06-28' },
  mar: { calendars: HELIOS, latestPeriodEnd: '2025-09-30' },
};

/** The one phrase of `text` resolved: "start..end LABEL", "@date", or "unresolvable"/"ambiguous". */
function resolveText(text: string, ctx: ResolveContext): string {
  const phrases = extractPeriodPhrases(text);
  if (phrases.length !== 1) throw new Error(`${text}: ${phrases.length} phrases`);
  const r = resolveSpec(phrases[0]!.spec, ctx, phrases[0]!.text);
  if (r.status !== 'resolved') return r.status;
  return r.period.type === 'instant' ? `@${r.period.date}` : `${r.period.start}..${r.period.end} ${r.label}`;
}

const X = 'unresolvable';

// text, December, January, Apple, March
const TABLE: [string, string, string, string, string][] = [
  [
    'the March quarter of 2025',
    '2025-01-01..2025-03-31 Q1 FY2025',
    X,
    '2024-12-29..2025-03-29 Q2 FY2025',
    '2025-01-01..2025-03-31 Q4 FY2025',
  ],
  ['June-quarter 2024', '2024-04-01..2024-06-30 Q2 FY2024', X, '2024-03-31..2024-06-29 Q3 FY2024', '2024-04-01..2024-06-30 Q1 FY2025'],
  [
    'the September quarter of fiscal 2023',
    '2023-07-01..2023-09-30 Q3 FY2023',
    X,
    '2023-06-25..2023-09-30 Q4 FY2023',
    '2022-07-01..2022-09-30 Q2 FY2023',
  ],
  [
    'the three months to September 2021',
    '2021-07-01..2021-09-30 Q3 FY2021',
    X,
    '2021-06-27..2021-09-25 Q4 FY2021',
    '2021-07-01..2021-09-30 Q2 FY2022',
  ],
  ['the April quarter of 2025', X, '2025-02-01..2025-04-30 Q1 FY2026', X, X],
  [
    'three months ended June 30, 2025',
    '2025-04-01..2025-06-30 Q2 FY2025',
    '2025-04-01..2025-06-30 3 months ended 30 Jun 2025',
    'ambiguous',
    '2025-04-01..2025-06-30 Q1 FY2026',
  ],
  ['the year ended September 2024', X, X, '2023-10-01..2024-09-28 FY2024', X],
  ['the fiscal year that ended in January 2025', X, '2024-02-01..2025-01-31 FY2025', X, X],
  ['FYE Jan-24', X, '2023-02-01..2024-01-31 FY2024', X, X],
  ['FYE Sept. 2023', X, X, '2022-09-25..2023-09-30 FY2023', X],
  // placed against another period: only the placed one, on each company's own calendar
  [
    'the quarter before Q1 FY2025',
    '2024-10-01..2024-12-31 Q4 FY2024',
    '2023-11-01..2024-01-31 Q4 FY2024',
    '2024-06-30..2024-09-28 Q4 FY2024',
    '2024-01-01..2024-03-31 Q4 FY2024',
  ],
  [
    'the quarter after Q4 FY2024',
    '2025-01-01..2025-03-31 Q1 FY2025',
    '2024-02-01..2024-04-30 Q1 FY2025',
    '2024-09-29..2024-12-28 Q1 FY2025',
    '2024-04-01..2024-06-30 Q1 FY2025',
  ],
  [
    'the year-ago quarter of Q2 FY2025',
    '2024-04-01..2024-06-30 Q2 FY2024',
    '2023-05-01..2023-07-31 Q2 FY2024',
    '2023-12-31..2024-03-30 Q2 FY2024',
    '2023-07-01..2023-09-30 Q2 FY2024',
  ],
  [
    'the year before FY2024',
    '2023-01-01..2023-12-31 FY2023',
    '2022-02-01..2023-01-31 FY2023',
    '2022-09-25..2023-09-30 FY2023',
    '2022-04-01..2023-03-31 FY2023',
  ],
  [
    'the year after FY2023',
    '2024-01-01..2024-12-31 FY2024',
    '2023-02-01..2024-01-31 FY2024',
    '2023-10-01..2024-09-28 FY2024',
    '2023-04-01..2024-03-31 FY2024',
  ],
  ['the quarter before FY2024', X, X, X, X],
  [
    'four quarters before Q1 FY2025',
    '2024-01-01..2024-03-31 Q1 FY2024',
    '2023-02-01..2023-04-30 Q1 FY2024',
    '2023-10-01..2023-12-30 Q1 FY2024',
    '2023-04-01..2023-06-30 Q1 FY2024',
  ],
  [
    'two fiscal years before FY2025',
    '2023-01-01..2023-12-31 FY2023',
    '2022-02-01..2023-01-31 FY2023',
    '2022-09-25..2023-09-30 FY2023',
    '2022-04-01..2023-03-31 FY2023',
  ],
  ['FYE Mar-25', X, X, X, '2024-04-01..2025-03-31 FY2025'],
  [
    'twelve months ended December 31, 2021',
    '2021-01-01..2021-12-31 FY2021',
    '2021-01-01..2021-12-31 CY2021',
    'ambiguous',
    '2021-01-01..2021-12-31 TTM Q3 FY2022',
  ],
  // twelve months that are no fiscal year: the TTM ending with the quarter ending there, if any
  [
    'twelve months ended June 30, 2022',
    '2021-07-01..2022-06-30 TTM Q2 FY2022',
    '2021-07-01..2022-06-30 12 months ended 30 Jun 2022',
    'ambiguous',
    '2021-07-01..2022-06-30 TTM Q1 FY2023',
  ],
  [
    'the 12 months to March 2025',
    '2024-04-01..2025-03-31 TTM Q1 FY2025',
    X,
    '2024-03-31..2025-03-29 TTM Q2 FY2025',
    '2024-04-01..2025-03-31 FY2025',
  ],
  [
    'first six months of fiscal 2026',
    '2026-01-01..2026-06-30 H1 FY2026',
    '2025-02-01..2025-07-31 H1 FY2026',
    '2025-09-28..2026-03-28 H1 FY2026',
    '2025-04-01..2025-09-30 H1 FY2026',
  ],
  ['nine months ended June 2025', X, X, '2024-09-29..2025-06-28 9M FY2025', X],
  ['nine months ended December 2024', X, X, X, '2024-04-01..2024-12-31 9M FY2025'],
  [
    'nine-month YTD FY2021',
    '2021-01-01..2021-09-30 9M FY2021',
    '2020-02-01..2020-10-31 9M FY2021',
    '2020-09-27..2021-06-26 9M FY2021',
    '2020-04-01..2020-12-31 9M FY2021',
  ],
  [
    'fourth-quarter fiscal 2025',
    '2025-10-01..2025-12-31 Q4 FY2025',
    '2024-11-01..2025-01-31 Q4 FY2025',
    '2025-06-29..2025-09-27 Q4 FY2025',
    '2025-01-01..2025-03-31 Q4 FY2025',
  ],
  [
    '3QFY25',
    '2025-07-01..2025-09-30 Q3 FY2025',
    '2024-08-01..2024-10-31 Q3 FY2025',
    '2025-03-30..2025-06-28 Q3 FY2025',
    '2024-10-01..2024-12-31 Q3 FY2025',
  ],
  [
    'F2025',
    '2025-01-01..2025-12-31 FY2025',
    '2024-02-01..2025-01-31 FY2025',
    '2024-09-29..2025-09-27 FY2025',
    '2024-04-01..2025-03-31 FY2025',
  ],
  [
    'latest 10-K',
    '2021-01-01..2021-12-31 FY2021',
    '2024-02-01..2025-01-31 FY2025',
    '2023-10-01..2024-09-28 FY2024',
    '2024-04-01..2025-03-31 FY2025',
  ],
  [
    'most recent 10-Q',
    '2022-07-01..2022-09-30 Q3 FY2022',
    '2025-02-01..2025-04-30 Q1 FY2026',
    '2025-03-30..2025-06-28 Q3 FY2025',
    '2025-07-01..2025-09-30 Q2 FY2026',
  ],
  [
    'most recent annual report',
    '2021-01-01..2021-12-31 FY2021',
    '2024-02-01..2025-01-31 FY2025',
    '2023-10-01..2024-09-28 FY2024',
    '2024-04-01..2025-03-31 FY2025',
  ],
  [
    'their 2024 10-Ks',
    '2024-01-01..2024-12-31 FY2024',
    '2023-02-01..2024-01-31 FY2024',
    '2023-10-01..2024-09-28 FY2024',
    '2023-04-01..2024-03-31 FY2024',
  ],
  [
    'most recent quarter',
    '2022-07-01..2022-09-30 Q3 FY2022',
    '2025-02-01..2025-04-30 Q1 FY2026',
    '2025-03-30..2025-06-28 Q3 FY2025',
    '2025-07-01..2025-09-30 Q2 FY2026',
  ],
  [
    'latest fiscal year',
    '2021-01-01..2021-12-31 FY2021',
    '2024-02-01..2025-01-31 FY2025',
    '2023-10-01..2024-09-28 FY2024',
    '2024-04-01..2025-03-31 FY2025',
  ],
  ['January–June 2021', '2021-01-01..2021-06-30 H1 FY2021', X, X, X],
  ['Oct–Dec 2021', '2021-10-01..2021-12-31 Q4 FY2021', X, '2021-09-26..2021-12-25 Q1 FY2022', '2021-10-01..2021-12-31 Q3 FY2022'],
  [
    'year-to-date through September 30, 2022',
    '2022-01-01..2022-09-30 9M FY2022',
    X,
    '2021-09-26..2022-09-24 FY2022',
    '2022-04-01..2022-09-30 H1 FY2023',
  ],
  ['trailing twelve months to April 2025', X, '2024-05-01..2025-04-30 TTM Q1 FY2026', X, X],
  [
    'last four quarters through March 2022',
    '2021-04-01..2022-03-31 TTM Q1 FY2022',
    X,
    '2021-03-28..2022-03-26 TTM Q2 FY2022',
    '2021-04-01..2022-03-31 TTM Q4 FY2022',
  ],
  ['September 2021', X, X, X, X],
  [
    'YTD revenue FY2022',
    '2022-01-01..2022-09-30 9M FY2022',
    '2021-02-01..2022-01-31 FY2022',
    '2021-09-26..2022-09-24 FY2022',
    '2021-04-01..2022-03-31 FY2022',
  ],
  ['YTD fiscal 2026', X, '2025-02-01..2025-04-30 Q1 FY2026', X, '2025-04-01..2025-09-30 H1 FY2026'],
  [
    'Q4 revenue of last year',
    '2021-10-01..2021-12-31 Q4 FY2021',
    '2024-11-01..2025-01-31 Q4 FY2025',
    '2024-06-30..2024-09-28 Q4 FY2024',
    '2025-01-01..2025-03-31 Q4 FY2025',
  ],
  [
    'the first half of the last fiscal year',
    '2021-01-01..2021-06-30 H1 FY2021',
    '2024-02-01..2024-07-31 H1 FY2025',
    '2023-10-01..2024-03-30 H1 FY2024',
    '2024-04-01..2024-09-30 H1 FY2025',
  ],
  [
    'the standalone quarter Q3 FY2023',
    '2023-07-01..2023-09-30 Q3 FY2023',
    '2022-08-01..2022-10-31 Q3 FY2023',
    '2023-03-26..2023-06-24 Q3 FY2023',
    '2022-10-01..2022-12-31 Q3 FY2023',
  ],
  // a balance at the end of a month: the end of the period the company reports ending in that month (its last weekend
  // on a 52/53-week calendar), none when no period of it ends then
  ['at the end of March 2025', '@2025-03-31', X, '@2025-03-29', '@2025-03-31'],
  ['as of the end of October 2024', X, '@2024-10-31', X, X],
  ['end of May 2025', X, X, X, X],
  [
    'latest twelve months',
    '2021-10-01..2022-09-30 TTM Q3 FY2022',
    '2024-05-01..2025-04-30 TTM Q1 FY2026',
    '2024-06-30..2025-06-28 TTM Q3 FY2025',
    '2024-10-01..2025-09-30 TTM Q2 FY2026',
  ],
];

describe('resolution on four calendars', () => {
  const [dec, jan, apple, mar] = ['dec', 'jan', 'apple', 'mar'].map((k) => CTX[k]!);
  it.each(TABLE)('%s', (text, d, j, a, m) => {
    expect([resolveText(text, dec!), resolveText(text, jan!), resolveText(text, apple!), resolveText(text, mar!)]).toEqual([d, j, a, m]);
  });

  it('says why a month-named period does not resolve, never snapping to a nearby period', () => {
    const [p] = extractPeriodPhrases('the three months to September 2021');
    const r = resolveSpec(p!.spec, CTX.jan!, p!.text);
    expect(r).toMatchObject({ status: 'unresolvable', reason: expect.stringContaining('January, April, July, October') });
  });

  it('a date-named quarter of a 52/53-week calendar resolves within days of its end', () => {
    expect(resolveText('the quarter ended July 28, 2024', { calendars: NVIDIA })).toBe('2024-04-29..2024-07-28 Q2 FY2025');
    expect(resolveText('the July quarter of 2024', { calendars: NVIDIA })).toBe('2024-04-29..2024-07-28 Q2 FY2025');
    expect(resolveText('the January quarter of 2025', { calendars: NVIDIA })).toBe('2024-10-28..2025-01-26 Q4 FY2025');
  });

  it('a length stated in weeks picks the layout of a 53-week year that has it, else says the period ran otherwise', () => {
    // Apple's FY2023 (53 weeks) has a 14-week quarter in one of its layouts
    expect(resolveText('the 14-week first quarter of fiscal 2023', { calendars: APPLE })).toMatch(/^2022-09-25\.\.2022-12-31 Q1 FY2023$/);
    expect(resolveText('the 14-week second quarter of fiscal 2024', { calendars: APPLE })).toBe('unresolvable');
    expect(resolveText('52-week fiscal 2023', { calendars: APPLE })).toBe('unresolvable');
    expect(resolveText('53-week fiscal 2023', { calendars: APPLE })).toBe('2022-09-25..2023-09-30 FY2023');
  });

  it('a 52/53-week period ending in the first days of a month is named by that month as dated, and by the month before', () => {
    // Marvell's Q1 FY2026 ended 3 May 2025: "the quarter ended May 2025" (as dated) and "the April quarter of 2025"
    expect(resolveText('the quarter ended May 2025', { calendars: MARVELL })).toBe('2025-02-02..2025-05-03 Q1 FY2026');
    expect(resolveText('the April quarter of 2025', { calendars: MARVELL })).toBe('2025-02-02..2025-05-03 Q1 FY2026');
    expect(resolveText('the year ended February 2024', { calendars: MARVELL })).toBe('2023-01-29..2024-02-03 FY2024');
    expect(resolveText('the year ended January 2024', { calendars: MARVELL })).toBe('2023-01-29..2024-02-03 FY2024');
    expect(resolveText('the quarter ended June 2025', { calendars: MARVELL })).toBe('unresolvable');
  });

  it('the end of a month is a period ending on its last day (within days on a 52/53-week calendar), not early in it', () => {
    // Marvell's Q1 FY2026 ended 3 May 2025: the end of April 2025, never the end of May
    expect(resolveText('at the end of April 2025', { calendars: MARVELL })).toBe('@2025-05-03');
    expect(resolveText('at the end of May 2025', { calendars: MARVELL })).toBe('unresolvable');
    expect(resolveText('the quarter ended May 2025', { calendars: MARVELL })).toBe('2025-02-02..2025-05-03 Q1 FY2026');
  });

  it('a fiscal position stated for a month-named period is checked on the calendar, never another period answered', () => {
    const half = (month: number, year: number, position: 'H1' | 'H2') =>
      resolveSpec(
        { type: 'named_by_month', length: 'half', month, year, yearKind: 'calendar', position },
        CTX.apple!,
        'the first-half total',
      );
    // Apple's half ending March 2025 is H1 FY2025; a "second half" ending then is refused with what it is
    expect(half(3, 2025, 'H1')).toMatchObject({ status: 'resolved', label: 'H1 FY2025' });
    expect(half(3, 2025, 'H2')).toMatchObject({ status: 'unresolvable', reason: expect.stringContaining('is H1 FY2025, not H2') });
    expect(half(6, 2025, 'H1').status).toBe('unresolvable');
  });

  it('a 10-Q of a named year asks which quarter', () => {
    const [p] = extractPeriodPhrases('the 2024 10-Q');
    const r = resolveSpec(p!.spec, CTX.dec!, p!.text);
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous') expect(r.options.map((o) => o.label)).toEqual(['Q1 FY2024', 'Q2 FY2024', 'Q3 FY2024']);
  });

  it('the same period of a year takes the position of the period it is compared with', () => {
    const phrases = extractPeriodPhrases('revenue for the first nine months of 2022 compared with the same period of 2021');
    expect(phrases.map((p) => resolveText(p.text.startsWith('same') ? 'first nine months of 2021' : p.text, CTX.dec!))).toEqual([
      '2022-01-01..2022-09-30 9M FY2022',
      '2021-01-01..2021-09-30 9M FY2021',
    ]);
    expect(phrases[1]!.spec).toMatchObject({ type: 'fiscal', position: '9M', year: { year: 2021 } });
    const alone = extractPeriodPhrases('the same period of 2021')[0]!;
    expect(resolveSpec(alone.spec, CTX.dec!, alone.text).status).toBe('unresolvable');
  });
});
