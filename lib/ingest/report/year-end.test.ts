import { describe, expect, it } from 'vitest';
import type { CoverPage } from './cover';
import type { ReportDocument } from './model';
import { documentLabelledYears, documentYearEnds, statedYearEndRule, weekRuleDates } from './year-end';

describe('52/53-week year ends', () => {
  it('keeps the dates of the rule the cover year end follows (last Saturday of December)', () => {
    const named = ['2018-01-01', '2019-01-01', '2008-12-31', '2020-12-26', '2021-12-25', '2021-01-02', '2022-12-31'];
    expect(weekRuleDates('2022-12-31', named)).toEqual(['2020-12-26', '2021-12-25', '2022-12-31']);
  });

  it('a year end in the first days of a month follows the month before (Saturday nearest 31 January)', () => {
    expect(weekRuleDates('2024-02-03', ['2023-01-28', '2022-01-29', '2023-01-31', '2024-02-03'])).toEqual([
      '2022-01-29',
      '2023-01-28',
      '2024-02-03',
    ]);
  });
});

describe('a 52/53-week rule stated in words', () => {
  it('reads last-weekday and nearest-weekday rules', () => {
    expect(
      statedYearEndRule([
        'Our fiscal year ends on the last Saturday of each December, resulting in a 53 reporting week every five or six years.',
      ]),
    ).toEqual({ kind: 'week', weekday: 6, month: 12, rule: 'last' });
    expect(
      statedYearEndRule(['The Company’s fiscal year is the 52- or 53-week period that ends on the last Saturday of September.']),
    ).toEqual({ kind: 'week', weekday: 6, month: 9, rule: 'last' });
    expect(statedYearEndRule(['Our fiscal year ends on the Saturday nearest the end of January.'])).toEqual({
      kind: 'week',
      weekday: 6,
      month: 1,
      rule: 'nearest',
    });
    expect(statedYearEndRule(['We report on a 52/53-week fiscal year ending on the Sunday closest to August 31.'])).toEqual({
      kind: 'week',
      weekday: 0,
      month: 8,
      rule: 'nearest',
    });
  });

  it('is no rule when the sentence names no weekday rule or an odd anchor day', () => {
    expect(statedYearEndRule(['Our fiscal year ends on December 31.'])).toBeNull();
    expect(statedYearEndRule(['The term business day means any day, other than a Saturday or Sunday.'])).toBeNull();
    expect(statedYearEndRule(['Our fiscal year ends on the Sunday closest to August 15.'])).toBeNull();
  });
});

describe('year ends of a document that states its rule', () => {
  it("go back to the year end before the earliest year compared, the one that tells 'nearest' from 'last'", () => {
    const doc: ReportDocument = {
      format: 'pdf',
      title: null,
      meta: {},
      tables: [],
      pages: 1,
      problems: [],
      blocks: [
        {
          kind: 'paragraph',
          level: 0,
          text: 'Our fiscal year ends on the Saturday nearest the end of January. Fiscal 2023, fiscal 2022 and fiscal 2021 included 52 weeks.',
          page: 1,
          spanStart: 0,
          spanEnd: 10,
        },
      ],
    } as unknown as ReportDocument;
    const cover = {
      form: '10-K',
      periodKind: 'annual',
      periodEnd: '2023-01-28',
      registrantName: null,
      cik: null,
      tickers: [],
      exchanges: [],
      commissionFileNumber: null,
      state: null,
      irsNumber: null,
      sharesOutstanding: null,
      fiscalYearEnd: null,
      kind: 'filing',
    } as CoverPage;
    // Best Buy: fiscal 2020 ended on 1 February 2020 (no "last Saturday of January" does)
    expect(documentYearEnds(doc, cover, 'mdy').dates).toEqual(['2020-02-01', '2021-01-30', '2022-01-29', '2023-01-28']);
  });
});

describe('how a document names its fiscal years', () => {
  const block = (text: string, page = 1, kind: 'heading' | 'paragraph' = 'paragraph') => ({
    kind,
    level: kind === 'heading' ? 2 : 0,
    text,
    page,
    spanStart: 0,
    spanEnd: 10,
  });
  const docOf = (title: string | null, blocks: ReturnType<typeof block>[]) =>
    ({ format: 'pdf', title, meta: {}, tables: [], pages: 1, problems: [], blocks }) as unknown as ReportDocument;
  const annual = (periodEnd: string) =>
    ({
      form: '10-K',
      periodKind: 'annual',
      periodEnd,
      registrantName: null,
      cik: null,
      tickers: [],
      exchanges: [],
      commissionFileNumber: null,
      state: null,
      irsNumber: null,
      sharesOutstanding: null,
      fiscalYearEnd: null,
      kind: 'filing',
    }) as CoverPage;
  const release = { ...annual('2023-01-28'), form: null, periodKind: null, periodEnd: null, kind: 'release' } as CoverPage;
  const ye = (dates: string[]) => ({ dates, mmdd: null, weekBased: true, how: 'headers' as const });

  it('reads a date with its label in parentheses (Walmart names a year by the year it ends in)', () => {
    const doc = docOf(null, [
      block(
        'our results for the fiscal years ended January 31, 2020 ("fiscal 2020"), January 31, 2019 ("fiscal 2019") and January 31, 2018 ("fiscal 2018").',
        30,
      ),
    ]);
    expect(documentLabelledYears(doc, annual('2020-01-31'), ye(['2018-01-31', '2019-01-31', '2020-01-31']))).toEqual([
      { end: '2020-01-31', fiscalYear: 2020 },
      { end: '2019-01-31', fiscalYear: 2019 },
      { end: '2018-01-31', fiscalYear: 2018 },
    ]);
  });

  it('reads a label followed by the date its year ended on', () => {
    const doc = docOf(null, [block('Fiscal 2022, which ended January 28, 2023, included 52 weeks.', 20)]);
    expect(documentLabelledYears(doc, annual('2023-01-28'), ye(['2022-01-29', '2023-01-28']))).toEqual([
      { end: '2023-01-28', fiscalYear: 2022 },
    ]);
  });

  it("pairs a release's headline with the latest year end (Ulta names its year by the year it starts in)", () => {
    const doc = docOf('Ulta Beauty Announces Fourth Quarter Fiscal 2022 Results', [
      block('Ulta Beauty Announces Fourth Quarter', 1, 'heading'),
      block('Fiscal 2022 Results', 1, 'heading'),
      block(
        'Net sales increased 18.2% to $3.2 billion compared to $2.7 billion in the fourth quarter of fiscal 2021 primarily due to the favorable impact from the continued resilience of the beauty category, our strong execution and new brands.',
      ),
    ]);
    expect(documentLabelledYears(doc, release, ye(['2021-01-30', '2022-01-29', '2023-01-28']))).toEqual([
      { end: '2023-01-28', fiscalYear: 2022 },
    ]);
  });

  it('a headline of an interim quarter, two years named, or a label that is no year of that end pairs nothing', () => {
    const ends = ye(['2021-01-30', '2022-01-29']);
    expect(documentLabelledYears(docOf('Ulta Beauty Announces Third Quarter Fiscal 2022 Results', []), release, ends)).toEqual([]);
    expect(
      documentLabelledYears(
        docOf('Fiscal 2022 and Fiscal 2021 Results', [block('Fourth quarter fiscal 2021 results', 1, 'heading')]),
        release,
        ends,
      ),
    ).toEqual([]);
    // "fiscal 2020 … Annual Report on Form 10-K for the fiscal year ended December 3, 2021": the label is not tied to that date
    const adobe = docOf(null, [
      block(
        'Discussion regarding our results for fiscal 2021 as compared to fiscal 2020 is included in Item 7 of our Annual Report on Form 10-K for the fiscal year ended December 3, 2021.',
        40,
      ),
    ]);
    expect(documentLabelledYears(adobe, annual('2022-12-02'), ye(['2021-12-03', '2022-12-02']))).toEqual([]);
    // an Indian "fiscal 2022-23" is no single year
    expect(
      documentLabelledYears(
        docOf(null, [block('for the year ended 31 March 2023 (fiscal 2022-23)', 5)]),
        annual('2023-03-31'),
        ye(['2022-03-31', '2023-03-31']),
      ),
    ).toEqual([]);
  });

  it("reads a quarterly report's own quarter: the year before it ended on the last year end", () => {
    const q = { ...annual('2023-07-29'), form: '10-Q', periodKind: 'quarterly' } as CoverPage;
    const doc = docOf(null, [
      block(
        'The effective tax rate increased to 26.1% in the second quarter of fiscal 2024 compared to 15.6% in the second quarter of fiscal 2023.',
        25,
      ),
    ]);
    expect(documentLabelledYears(doc, q, ye(['2022-01-29', '2023-01-28']))).toEqual([{ end: '2023-01-28', fiscalYear: 2023 }]);
  });
});
