/** Pieces written apart fold into one phrase with parts; temporal words; year ranges. */
import { describe, expect, it } from 'vitest';
import { extractPeriodPhrases } from './phrases';
import { phraseRanges, temporalWordSpans, uncoveredTemporalWords } from './temporal-words';
import { yearRange, yearRangeSpan } from './year-range';

const pieces = (q: string, parts: [number, number][] | undefined) => parts?.map(([a, b]) => q.slice(a, b));

describe('folding pieces written apart', () => {
  it.each([
    ['Q3 revenue FY2025', 'Q3 FY2025', ['Q3', 'FY2025'], { type: 'fiscal', position: 'Q3', year: { year: 2025 } }],
    [
      'nine-month YTD revenue FY2021',
      'nine-month YTD FY2021',
      ['nine-month YTD', 'FY2021'],
      { type: 'fiscal', position: '9M', year: { year: 2021 } },
    ],
    [
      'fourth quarter revenue for fiscal 2024',
      'fourth quarter for fiscal 2024',
      ['fourth quarter', 'for fiscal 2024'],
      { type: 'fiscal', position: 'Q4', year: { year: 2024 } },
    ],
    [
      'FY2025 revenue in the first half',
      'FY2025 first half',
      ['FY2025', 'first half'],
      { type: 'fiscal', position: 'H1', year: { year: 2025 } },
    ],
    [
      'TTM revenue as of Q3 FY2025',
      'TTM as of Q3 FY2025',
      ['TTM', 'as of Q3 FY2025'],
      { type: 'ttm', ref: { type: 'fiscal', position: 'Q3' } },
    ],
    [
      'LTM revenue through 1QFY26',
      'LTM through 1QFY26',
      ['LTM', 'through 1QFY26'],
      { type: 'ttm', ref: { position: 'Q1', year: { year: 2026 } } },
    ],
    [
      'LTM revenue at April 30, 2025',
      'LTM at April 30, 2025',
      ['LTM', 'at April 30, 2025'],
      { type: 'ttm', ref: { type: 'instant', date: '2025-04-30' } },
    ],
    [
      'TTM revenue to September 2022',
      'TTM to September 2022',
      ['TTM', 'to September 2022'],
      { type: 'ttm', ref: { type: 'named_by_month', month: 9, year: 2022 } },
    ],
    [
      'TTM revenue for 2021',
      'TTM for 2021',
      ['TTM', 'for 2021'],
      { type: 'ttm', ref: { type: 'fiscal', position: 'FY', year: { year: 2021, style: 'bare' } } },
    ],
    ['LTM revenue Q2', 'LTM Q2', ['LTM', 'Q2'], { type: 'ttm', ref: { type: 'latest_position', position: 'Q2' } }],
    [
      'YTD revenue FY2025',
      'YTD FY2025',
      ['YTD', 'FY2025'],
      { type: 'ytd_through', ref: { type: 'fiscal', position: 'FY', year: { year: 2025 } } },
    ],
    ['Q4 revenue of last year', 'Q4 last year', ['Q4', 'last year'], { type: 'relative_position', position: 'Q4', which: 'prior_year' }],
    [
      'YTD revenue through Q2 FY2024',
      'YTD through Q2 FY2024',
      ['YTD', 'through Q2 FY2024'],
      { type: 'fiscal', position: 'H1', year: { year: 2024 } },
    ],
    [
      'year-to-date revenue through the third quarter of fiscal 2026',
      'year-to-date through the third quarter of fiscal 2026',
      ['year-to-date', 'through the third quarter of fiscal 2026'],
      { type: 'fiscal', position: '9M', year: { year: 2026 } },
    ],
    [
      'year to date revenue through Q3 FY25',
      'year to date through Q3 FY25',
      ['year to date', 'through Q3 FY25'],
      { type: 'fiscal', position: '9M', year: { year: 2025 } },
    ],
    [
      'YTD operating income through September 30, 2022',
      'YTD through September 30, 2022',
      ['YTD', 'through September 30, 2022'],
      { type: 'ytd_through', ref: { type: 'instant', date: '2022-09-30' } },
    ],
  ])('%s', (q, text, parts, spec) => {
    const found = extractPeriodPhrases(q);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text, spec });
    expect(pieces(q, found[0]!.parts)).toEqual(parts);
    expect([found[0]!.start, found[0]!.end]).toEqual([found[0]!.parts![0]![0], found[0]!.parts![found[0]!.parts!.length - 1]![1]]);
  });

  it('an adjacent anchor needs no parts', () => {
    expect(extractPeriodPhrases('TTM as of Q3 FY2025 revenue')[0]).toMatchObject({ text: 'TTM as of Q3 FY2025', start: 0, end: 19 });
    expect(extractPeriodPhrases('TTM as of Q3 FY2025 revenue')[0]!.parts).toBeUndefined();
  });

  it('never folds across words that make separate operands', () => {
    for (const q of [
      'TTM net income = FY2021 net income + 9M 2021 net income',
      'trailing-twelve-month R&D by adding fiscal 2024 R&D and nine-month fiscal 2024 R&D',
      'Q3 revenue vs FY2024 revenue',
      'Q3 revenue, and FY2024 revenue',
      'Q3 revenue; FY2024 revenue',
    ]) {
      expect(
        extractPeriodPhrases(q).some((p) => p.parts),
        q,
      ).toBe(false);
    }
  });

  it('a position distributes over the years compared with its year', () => {
    expect(extractPeriodPhrases('Q3 revenue growth FY2025 vs FY2024').map((p) => p.spec)).toMatchObject([
      { type: 'fiscal', position: 'Q3', year: { year: 2025 } },
      { type: 'fiscal', position: 'Q3', year: { year: 2024 } },
    ]);
  });

  it('a position without a year takes the one year the question names', () => {
    expect(
      extractPeriodPhrases('Q4 2021 gross profit: take full-year 2021 and subtract the first nine months').map((p) => [p.text, p.spec]),
    ).toMatchObject([
      ['Q4 2021', { position: 'Q4', year: { year: 2021 } }],
      ['full-year 2021', { position: 'FY', year: { year: 2021 } }],
      ['first nine months', { position: '9M', year: { year: 2021 } }],
    ]);
    expect(extractPeriodPhrases('Q2 revenue and FY2024 vs FY2023 net income').find((p) => p.text === 'Q2')!.spec.type).toBe(
      'latest_position',
    );
  });
});

describe('a quarter named only by the month it ends in', () => {
  const specs = (q: string) => extractPeriodPhrases(q).map((p) => p.spec);
  it('stands alone as a month quarter when no year is written', () => {
    expect(specs('sales for the October quarter')).toEqual([{ type: 'month_quarter', month: 10 }]);
    expect(specs('the July-quarter gross margin')).toEqual([{ type: 'month_quarter', month: 7 }]);
  });
  it('folds with the year written after it: fiscal for "fiscal", calendar for a bare year', () => {
    expect(specs('October quarter operating income for fiscal 2024')).toMatchObject([
      { type: 'named_by_month', length: 'quarter', month: 10, year: 2024, yearKind: 'fiscal' },
    ]);
  });
  it('takes the one year a sibling month quarter names, of the same kind', () => {
    expect(specs('gross profit in the October quarter compared with the July quarter of FY2024')).toMatchObject([
      { type: 'named_by_month', month: 10, year: 2024, yearKind: 'fiscal' },
      { type: 'named_by_month', month: 7, year: 2024, yearKind: 'fiscal' },
    ]);
    expect(specs('sales in the October quarter against the July quarter of 2023')).toMatchObject([
      { type: 'named_by_month', month: 10, year: 2023, yearKind: 'calendar' },
      { type: 'named_by_month', month: 7, year: 2023, yearKind: 'calendar' },
    ]);
  });
  it('takes no year when the question names two', () => {
    expect(specs('the October quarter of 2023 vs the July quarter of fiscal 2024 and the April quarter')[2]).toEqual({
      type: 'month_quarter',
      month: 4,
    });
  });
});

describe('temporalWordSpans', () => {
  const words = (q: string) => temporalWordSpans(q).map((s) => s.word);
  it('reports every temporal-looking word, generously', () => {
    expect(words('fourth blah quarter 2025 revenue as of Sept. 30, 2022')).toEqual([
      'fourth',
      'quarter',
      '2025',
      'as of',
      'Sept',
      '30',
      '2022',
    ]);
    expect(words('nine-month YTD revenue')).toEqual(['nine', 'month', 'YTD']);
    expect(words("9M22 and FY’24, fiscal '24, the latest 10-K")).toEqual(['9M22', 'FY', '’24', 'fiscal', "'24", '10-K']);
    expect(words('the three months to September 2021 and 1st half ended')).toEqual([
      'three',
      'months',
      'September',
      '2021',
      '1st',
      'half',
      'ended',
    ]);
    expect(words('TTM, LTM and year-to-date through the half-year annual results')).toEqual([
      'TTM',
      'LTM',
      'year',
      'to-date',
      'through',
      'half',
      'year',
      'annual',
    ]);
  });
  it('leaves ordinary words, products and amounts alone', () => {
    expect(words('NVIDIA H100 revenue may rise; $2026 million, 2,024 units, Apple iPhone')).toEqual([]);
    expect(words('revenue in May 2024')).toEqual(['May', '2024']);
  });
  it('names the temporal words no period phrase covers', () => {
    const q = 'Tesla fourth blah quarter revenue 2025, nine-month YTD revenue FY2021';
    const covered = extractPeriodPhrases(q).flatMap(phraseRanges);
    expect(uncoveredTemporalWords(q, covered).map((w) => w.word)).toEqual(['fourth', 'quarter']);
    const q2 = 'Q3 revenue FY2025';
    expect(uncoveredTemporalWords(q2, extractPeriodPhrases(q2).flatMap(phraseRanges))).toEqual([]);
  });

  it('gives offsets into the original text', () => {
    const q = 'Snowflake revenue FY’24 vs the three months to Sept. 2021';
    for (const s of temporalWordSpans(q)) expect(q.slice(s.start, s.end)).toBe(s.word);
  });
});

describe('yearRange', () => {
  it.each([
    ['revenue by fiscal year FY2018-FY2021', { from: 2018, to: 2021 }],
    ['revenue from FY2022 to FY2024', { from: 2022, to: 2024 }],
    ['revenue between 2019 and 2021', { from: 2019, to: 2021 }],
    ['gross profit 2019-21', { from: 2019, to: 2021 }],
    ['revenue for each year 2017 through 2021', { from: 2017, to: 2021 }],
    ['revenue for fiscal years 2021 through 2025', { from: 2021, to: 2025 }],
    ['revenue FY2019 through FY2021', { from: 2019, to: 2021 }],
    ['revenue 2019 and 2021', null],
    ['revenue FY2021 vs FY2020', null],
    ['Q1 2021 to Q3 2022 revenue', null],
  ])('%s', (q, range) => {
    expect(yearRange(q, extractPeriodPhrases(q))).toEqual(range);
  });

  it('gives the text a range spans, joiner and lead word included', () => {
    const q = 'Snowflake R&D each fiscal year from FY2022 to FY2024';
    const r = yearRangeSpan(q, extractPeriodPhrases(q))!;
    expect(q.slice(r.start, r.end)).toBe('from FY2022 to FY2024');
    const q2 = 'revenue between 2019 and 2021';
    const r2 = yearRangeSpan(q2, extractPeriodPhrases(q2))!;
    expect(q2.slice(r2.start, r2.end)).toBe('between 2019 and 2021');
  });
});
