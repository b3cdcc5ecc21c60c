/** Table tests of the period grammar: one row per form analysts write (see grammar.ts). */
import { describe, expect, it } from 'vitest';
import { extractPeriodPhrases, parsePeriodPhrase } from './phrases';

const fy = (position: string, year: number, style?: string) => ({ type: 'fiscal', position, year: style ? { year, style } : { year } });

describe('period grammar: each form is one phrase', () => {
  it.each([
    // ordinals with spaces or hyphens, with or without "fiscal"
    ['fourth-quarter fiscal 2025', fy('Q4', 2025, 'fiscal')],
    ['fourth quarter fiscal 2025', fy('Q4', 2025, 'fiscal')],
    ['fiscal second-quarter 2024', fy('Q2', 2024, 'fiscal')],
    ['fiscal second quarter 2024', fy('Q2', 2024, 'fiscal')],
    ['fiscal Q2 2025', fy('Q2', 2025, 'fiscal')],
    ['final quarter of fiscal 2023', fy('Q4', 2023, 'fiscal')],
    ['last quarter of fiscal 2023', fy('Q4', 2023, 'fiscal')],
    ['Q4 of fiscal 2022', fy('Q4', 2022, 'fiscal')],
    ['3rd quarter of 2019', fy('Q3', 2019, 'bare')],
    ['second quarter of FY23', fy('Q2', 2023, 'fiscal')],
    ['first-half 2020', fy('H1', 2020, 'bare')],
    ['second half-year of fiscal 2024', fy('H2', 2024, 'fiscal')],
    // codes
    ["Q3'24", fy('Q3', 2024, 'bare')],
    ['Q3’24', fy('Q3', 2024, 'bare')],
    ['3Q24', fy('Q3', 2024, 'bare')],
    ['3QFY25', fy('Q3', 2025, 'fiscal')],
    ['1QFY26', fy('Q1', 2026, 'fiscal')],
    ['Q2FY26', fy('Q2', 2026, 'fiscal')],
    ['F3Q25', fy('Q3', 2025, 'fiscal')],
    ['F1Q26', fy('Q1', 2026, 'fiscal')],
    ["FQ1'25", fy('Q1', 2025, 'fiscal')],
    ['FQ1 2025', fy('Q1', 2025, 'fiscal')],
    ['1Q 2025', fy('Q1', 2025, 'bare')],
    ['2020Q3', fy('Q3', 2020, 'bare')],
    ['Q1-25', fy('Q1', 2025, 'bare')],
    ['Q2-2020', fy('Q2', 2020, 'bare')],
    ['Q3/2022', fy('Q3', 2022, 'bare')],
    ['9M22', fy('9M', 2022, 'bare')],
    ['6M 2019', fy('H1', 2019, 'bare')],
    ['H1 FY26', fy('H1', 2026, 'fiscal')],
    ['1H25', fy('H1', 2025, 'bare')],
    ['1HFY24', fy('H1', 2024, 'fiscal')],
    ['FY26 Q3', fy('Q3', 2026, 'fiscal')],
    ['F2025', fy('FY', 2025, 'fiscal')],
    ["FY'24", fy('FY', 2024, 'fiscal')],
    ['FY’24', fy('FY', 2024, 'fiscal')],
    ['FY-25', fy('FY', 2025, 'fiscal')],
    ['FY25A', fy('FY', 2025, 'fiscal')],
    ["fiscal '24", fy('FY', 2024, 'fiscal')],
    ['fiscal ’19', fy('FY', 2019, 'fiscal')],
    ['fiscal 25', fy('FY', 2025, 'fiscal')],
    ['FY-2021', fy('FY', 2021, 'fiscal')],
    ['fy 2023', fy('FY', 2023, 'fiscal')],
    ['fiscal-year 2023', fy('FY', 2023, 'fiscal')],
    ['fiscal yr 2022', fy('FY', 2022, 'fiscal')],
    ['2025 fiscal year', fy('FY', 2025, 'fiscal')],
    ['full-year 2021', fy('FY', 2021, 'bare')],
    ['CY21', { type: 'calendar', position: 'FY', year: 2021 }],
    ['CQ3 2024', { type: 'calendar', position: 'Q3', year: 2024 }],
    // first n months, YTD
    ['first three months of 2020', fy('Q1', 2020, 'bare')],
    ['first six months of fiscal 2026', fy('H1', 2026, 'fiscal')],
    ['first two quarters of fiscal 2025', fy('H1', 2025, 'fiscal')],
    ['first three quarters of fiscal 2025', fy('9M', 2025, 'fiscal')],
    ['nine-month YTD FY2021', fy('9M', 2021, 'fiscal')],
    ['YTD Q3 FY25', fy('9M', 2025, 'fiscal')],
    ['YTD through Q2 FY2024', fy('H1', 2024, 'fiscal')],
    ['year-to-date through the third quarter of fiscal 2026', fy('9M', 2026, 'fiscal')],
    ['year-to-date through September 30, 2022', { type: 'ytd_through', ref: { type: 'instant', date: '2022-09-30' } }],
    // months
    ['March quarter of 2025', { type: 'named_by_month', length: 'quarter', month: 3, year: 2025, yearKind: 'calendar' }],
    ['June-quarter 2024', { type: 'named_by_month', length: 'quarter', month: 6, year: 2024, yearKind: 'calendar' }],
    ['December 2025 quarter', { type: 'named_by_month', length: 'quarter', month: 12, year: 2025, yearKind: 'calendar' }],
    ['June 2024 quarter', { type: 'named_by_month', length: 'quarter', month: 6, year: 2024, yearKind: 'calendar' }],
    ['September quarter of fiscal 2023', { type: 'named_by_month', length: 'quarter', month: 9, year: 2023, yearKind: 'fiscal' }],
    ['quarter ended July 28, 2024', { type: 'ended', length: 'quarter', date: '2024-07-28' }],
    ['three months to September 2021', { type: 'named_by_month', length: 'quarter', month: 9, year: 2021, yearKind: 'calendar' }],
    ['three months ended June 30, 2025', { type: 'ended', length: 'quarter', date: '2025-06-30' }],
    ['year ended September 2024', { type: 'named_by_month', length: 'year', month: 9, year: 2024 }],
    ['fiscal year that ended in January 2025', { type: 'named_by_month', length: 'year', month: 1, year: 2025 }],
    ['fiscal year that ended 1/31/2024', { type: 'ended', length: 'year', date: '2024-01-31' }],
    ['FYE Jan-24', { type: 'named_by_month', length: 'year', month: 1, year: 2024 }],
    ['FYE Sept. 2023', { type: 'named_by_month', length: 'year', month: 9, year: 2023 }],
    ['FYE 12/31/2020', { type: 'ended', length: 'year', date: '2020-12-31' }],
    ['year ended 31-Dec-2023', { type: 'ended', length: 'year', date: '2023-12-31' }],
    ['at 31-Dec-23', { type: 'instant', date: '2023-12-31' }],
    ['year ending Dec-2023', { type: 'named_by_month', length: 'year', month: 12, year: 2023 }],
    ['April-2026 quarter', { type: 'named_by_month', length: 'quarter', month: 4, year: 2026 }],
    ['six-month FY26', fy('H1', 2026)],
    ["F'26", fy('FY', 2026)],
    ['F26', fy('FY', 2026)],
    ['YE2024', { type: 'boundary', edge: 'end', ref: { type: 'bare_year', year: 2024 } }],
    ['YE25', { type: 'boundary', edge: 'end', ref: { type: 'bare_year', year: 2025 } }],
    [
      'at quarter-end, Dec-2025',
      { type: 'boundary', edge: 'end', ref: { type: 'named_by_month', length: 'quarter', month: 12, year: 2025 } },
    ],
    ['YTD through the June 2025 quarter', { type: 'ytd_through', ref: { type: 'month', month: 6, year: 2025 } }],
    ['second fiscal quarter 2025', fy('Q2', 2025, 'fiscal')],
    ['the 14-week first quarter of fiscal 2023', { ...fy('Q1', 2023, 'fiscal'), weeks: 14 }],
    ['as at 30.09.2022', { type: 'instant', date: '2022-09-30' }],
    ['at 05.06.2022', { type: 'invalid' }],
    [
      'at the end of June 2025',
      { type: 'boundary', edge: 'end', ref: { type: 'named_by_month', length: 'quarter', month: 6, year: 2025, monthEnd: true } },
    ],
    [
      'as of the end of April 2026',
      { type: 'boundary', edge: 'end', ref: { type: 'named_by_month', length: 'quarter', month: 4, year: 2026, monthEnd: true } },
    ],
    [
      'end of Sept. 2024',
      { type: 'boundary', edge: 'end', ref: { type: 'named_by_month', length: 'quarter', month: 9, year: 2024, monthEnd: true } },
    ],
    [
      'at the end of the December 2025 quarter',
      { type: 'boundary', edge: 'end', ref: { type: 'named_by_month', length: 'quarter', month: 12, year: 2025 } },
    ],
    ['at their latest quarter-ends', { type: 'boundary', edge: 'end', ref: { type: 'relative', which: 'latest_quarter' } }],
    ['53-week fiscal 2023', { ...fy('FY', 2023, 'fiscal'), weeks: 53 }],
    ["FY ended Jan '25", { type: 'named_by_month', length: 'year', month: 1, year: 2025 }],
    ['twelve months ended December 31, 2021', { type: 'ended', length: 'year', date: '2021-12-31' }],
    ['12 months ending December 2019', { type: 'named_by_month', length: 'year', month: 12, year: 2019 }],
    ['year to 31 January 2022', { type: 'ended', length: 'year', date: '2022-01-31' }],
    ['six months ended July 31, 2023', { type: 'ended', length: 'half', date: '2023-07-31' }],
    ['nine months ended June 2025', { type: 'named_by_month', length: 'nine_months', month: 6, year: 2025 }],
    ['nine months to October 31, 2022', { type: 'ended', length: 'nine_months', date: '2022-10-31' }],
    ['January–June 2021', { type: 'month_range', from: { month: 1, year: 2021 }, to: { month: 6, year: 2021 } }],
    ['Oct-Dec 2021', { type: 'month_range', from: { month: 10, year: 2021 }, to: { month: 12, year: 2021 } }],
    ['September 2021', { type: 'month', month: 9, year: 2021 }],
    // filings and relative
    ['latest 10-K', { type: 'filing', form: '10-K', which: 'latest' }],
    ['most recent 10-Q', { type: 'filing', form: '10-Q', which: 'latest' }],
    ['most recent annual report', { type: 'filing', form: 'annual', which: 'latest' }],
    ['2024 10-Ks', { type: 'filing', form: '10-K', which: 2024 }],
    ['FY2024 10-K', { type: 'filing', form: '10-K', which: 2024 }],
    ['most recent quarter', { type: 'relative', which: 'latest_quarter' }],
    ['most recent quarterly', { type: 'relative', which: 'latest_quarter' }],
    ['last three fiscal years', { type: 'latest_years', count: 3 }],
    ['past 5 years', { type: 'latest_years', count: 5 }],
    ['most recent four full fiscal years', { type: 'latest_years', count: 4 }],
    ['latest fiscal year', { type: 'relative', which: 'last_fiscal_year' }],
    ['penultimate fiscal year', { type: 'relative_to', which: 'prior_year', ref: { type: 'relative', which: 'last_fiscal_year' } }],
    ['second-to-last quarter', { type: 'relative_to', which: 'prior_quarter', ref: { type: 'relative', which: 'latest_quarter' } }],
    ['same period last year', { type: 'relative', which: 'prior_year' }],
    ['same period of 2021', { type: 'same_period', year: { year: 2021, style: 'bare' } }],
    // a period placed against another one: one phrase, the other period is its reference only
    ['the quarter before Q3 FY2024', { type: 'relative_to', which: 'prior_quarter', ref: fy('Q3', 2024) }],
    ['quarter preceding Q1 FY2025', { type: 'relative_to', which: 'prior_quarter', ref: fy('Q1', 2025) }],
    ['the previous quarter to Q1 FY2025', { type: 'relative_to', which: 'prior_quarter', ref: fy('Q1', 2025) }],
    ['the quarter following Q4 FY2024', { type: 'relative_to', which: 'next_quarter', ref: fy('Q4', 2024) }],
    ['the fiscal year prior to FY2024', { type: 'relative_to', which: 'prior_year', ref: fy('FY', 2024) }],
    ['the year after FY2022', { type: 'relative_to', which: 'next_year', ref: fy('FY', 2022) }],
    ['the next fiscal year after FY2023', { type: 'relative_to', which: 'next_year', ref: fy('FY', 2023) }],
    ['the year-ago quarter of Q1 FY2025', { type: 'relative_to', which: 'year_ago_quarter', ref: fy('Q1', 2025) }],
    ['the prior-year quarter to Q1 FY2025', { type: 'relative_to', which: 'year_ago_quarter', ref: fy('Q1', 2025) }],
    ['the same quarter a year earlier than Q1 FY2025', { type: 'relative_to', which: 'year_ago_quarter', ref: fy('Q1', 2025) }],
    ['the comparable quarter last year to Q3 FY2025', { type: 'relative_to', which: 'year_ago_quarter', ref: fy('Q3', 2025) }],
    ['the comparable prior-year period of Q3 FY2025', { type: 'relative_to', which: 'prior_year', ref: fy('Q3', 2025) }],
    ['a year earlier than Q2 FY2025', { type: 'relative_to', which: 'prior_year', ref: fy('Q2', 2025) }],
    // TTM and boundaries
    ['trailing 12-month basis as of September 30, 2022', { type: 'ttm', ref: { type: 'instant', date: '2022-09-30' } }],
    ['last four quarters through March 2022', { type: 'ttm', ref: { type: 'named_by_month', length: 'quarter', month: 3, year: 2022 } }],
    ['trailing four quarters through Q3 FY25', { type: 'ttm', ref: fy('Q3', 2025) }],
    ['trailing-12M through 3Q22', { type: 'ttm', ref: fy('Q3', 2022) }],
    ['LTM basis through fiscal Q2 2025', { type: 'ttm', ref: fy('Q2', 2025) }],
    ['period-end Q2 2022', { type: 'boundary', edge: 'end', ref: fy('Q2', 2022) }],
    ['FY24 year-end', { type: 'boundary', edge: 'end', ref: fy('FY', 2024) }],
    ['at the close of Q3 FY25', { type: 'boundary', edge: 'end', ref: fy('Q3', 2025) }],
    ['when fiscal 2025 began', { type: 'boundary', edge: 'start', ref: fy('FY', 2025, 'fiscal') }],
    ['as FY2023 ended', { type: 'boundary', edge: 'end', ref: fy('FY', 2023) }],
    ['start 2025 with', { type: 'boundary', edge: 'start', ref: { type: 'bare_year', year: 2025 } }],
    ['entered fiscal 2024 with', { type: 'boundary', edge: 'start', ref: fy('FY', 2024, 'fiscal') }],
    ['closed Q3 FY25 with', { type: 'boundary', edge: 'end', ref: fy('Q3', 2025) }],
    ['at 3/31/22', { type: 'instant', date: '2022-03-31' }],
    ['on Sept 30, 2022', { type: 'instant', date: '2022-09-30' }],
  ])('%s', (text, spec) => {
    expect(parsePeriodPhrase(text)).toMatchObject(spec);
  });

  it('refuses numeric dates that could be read either way, and impossible dates', () => {
    expect(parsePeriodPhrase('as of 3/4/2022')).toMatchObject({ type: 'invalid', reason: expect.stringContaining('3/4 or 4/3') });
    expect(parsePeriodPhrase('as of 2/30/2022')).toMatchObject({ type: 'invalid' });
  });

  it('keeps offsets into the original text, including curly quotes and dashes', () => {
    const q = 'Snowflake revenue FY’24 vs January–June 2021 and Q3’24';
    for (const p of extractPeriodPhrases(q)) expect(q.slice(p.start, p.end)).toBe(p.text);
    expect(extractPeriodPhrases(q).map((p) => p.text)).toEqual(['FY’24', 'January–June 2021', 'Q3’24']);
  });

  it('does not read product names, amounts or words as periods', () => {
    expect(extractPeriodPhrases('H100 and Q100 sales, F150 trucks, 3M revenue, $2025 of cash, 2025% up, AB2024')).toEqual([]);
    expect(extractPeriodPhrases('the fiscal 2024 10-K filing').map((p) => p.text)).toEqual(['fiscal 2024 10-K']);
    expect(extractPeriodPhrases('revenue in the fiscal 10-K and the FY 10-Q')).toEqual([]);
  });
});

describe('period grammar: lists and ranges with bare years', () => {
  it.each([
    [
      '2019-2021',
      [
        ['2019', 'bare_year', 2019],
        ['2021', 'bare_year', 2021],
      ],
    ],
    [
      '2019-21',
      [
        ['2019', 'bare_year', 2019],
        ['21', 'bare_year', 2021],
      ],
    ],
    [
      'FY2019 through FY2021',
      [
        ['FY2019', 'fiscal', 2019],
        ['FY2021', 'fiscal', 2021],
      ],
    ],
    [
      '2019, 2020 and 2021',
      [
        ['2019', 'bare_year', 2019],
        ['2020', 'bare_year', 2020],
        ['2021', 'bare_year', 2021],
      ],
    ],
    [
      'fiscal 2022 and 2023',
      [
        ['fiscal 2022', 'fiscal', 2022],
        ['2023', 'fiscal', 2023],
      ],
    ],
    [
      'fiscal years 2021 through 2025',
      [
        ['fiscal years 2021', 'fiscal', 2021],
        ['2025', 'fiscal', 2025],
      ],
    ],
    [
      'fiscal years 2022-2024',
      [
        ['fiscal years 2022', 'fiscal', 2022],
        ['2024', 'fiscal', 2024],
      ],
    ],
    [
      'FY2019-2021',
      [
        ['FY2019', 'fiscal', 2019],
        ['2021', 'fiscal', 2021],
      ],
    ],
  ])('%s', (text, expected) => {
    const got = extractPeriodPhrases(text).map((p) => [
      p.text,
      p.spec.type,
      'year' in p.spec ? (typeof p.spec.year === 'number' ? p.spec.year : p.spec.year.year) : null,
    ]);
    expect(got).toEqual(expected);
  });

  it('a prefix written once applies to every year of its list', () => {
    expect(extractPeriodPhrases('fiscal 2022 and 2023')[1]!.spec).toMatchObject(fy('FY', 2023, 'fiscal'));
    expect(extractPeriodPhrases('Q1, Q2 and Q3 fiscal 2025').map((p) => p.spec)).toMatchObject([
      fy('Q1', 2025, 'fiscal'),
      fy('Q2', 2025, 'fiscal'),
      fy('Q3', 2025, 'fiscal'),
    ]);
    expect(extractPeriodPhrases('Q1 and Q2 2022').map((p) => p.spec)).toMatchObject([fy('Q1', 2022, 'bare'), fy('Q2', 2022, 'bare')]);
    expect(extractPeriodPhrases('FQ1 and FQ2 FY26').map((p) => p.spec)).toMatchObject([fy('Q1', 2026, 'fiscal'), fy('Q2', 2026, 'fiscal')]);
  });
});
