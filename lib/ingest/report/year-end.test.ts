import { describe, expect, it } from 'vitest';
import type { CoverPage } from './cover';
import type { ReportDocument } from './model';
import { documentYearEnds, statedYearEndRule, weekRuleDates } from './year-end';

describe('52/53-week year ends', () => {
  it('keeps the dates of the rule the cover year end follows (last Saturday of December)', () => {
    const named = ['2018-01-01', '2019-01-01', '2008-12-31', '2020-12-26', '2021-12-25', '2021-01-02', '2022-12-31'];
    expect(weekRuleDates('2022-12-31', named)).toEqual(['2020-12-26', '2021-12-25', '2022-12-31']);
  });

  it('a year end in the first days of a month follows the month before (Saturday nearest 31 January)', () => {
    expect(weekRuleDates('2024-02-03', ['2023-01-28', '2022-01-29', '2023-01-31', '2024-02-03'])).toEqual(['2022-01-29', '2023-01-28', '2024-02-03']);
  });
});

describe('a 52/53-week rule stated in words', () => {
  it('reads last-weekday and nearest-weekday rules', () => {
    expect(statedYearEndRule(['Our fiscal year ends on the last Saturday of each December, resulting in a 53 reporting week every five or six years.'])).toEqual({ kind: 'week', weekday: 6, month: 12, rule: 'last' });
    expect(statedYearEndRule(['The Company’s fiscal year is the 52- or 53-week period that ends on the last Saturday of September.'])).toEqual({ kind: 'week', weekday: 6, month: 9, rule: 'last' });
    expect(statedYearEndRule(['Our fiscal year ends on the Saturday nearest the end of January.'])).toEqual({ kind: 'week', weekday: 6, month: 1, rule: 'nearest' });
    expect(statedYearEndRule(['We report on a 52/53-week fiscal year ending on the Sunday closest to August 31.'])).toEqual({ kind: 'week', weekday: 0, month: 8, rule: 'nearest' });
  });

  it('is no rule when the sentence names no weekday rule or an odd anchor day', () => {
    expect(statedYearEndRule(['Our fiscal year ends on December 31.'])).toBeNull();
    expect(statedYearEndRule(['The term business day means any day, other than a Saturday or Sunday.'])).toBeNull();
    expect(statedYearEndRule(['Our fiscal year ends on the Sunday closest to August 15.'])).toBeNull();
  });
});

describe('year ends of a document that states its rule', () => {
  it("go back to the year end before the earliest year compared, the one that tells 'nearest' from 'last'", () => {
    const doc: ReportDocument = { format: 'pdf', title: null, meta: {}, tables: [], pages: 1, problems: [], blocks: [{ kind: 'paragraph', level: 0, text: 'Our fiscal year ends on the Saturday nearest the end of January. Fiscal 2023, fiscal 2022 and fiscal 2021 included 52 weeks.', page: 1, spanStart: 0, spanEnd: 10 }] } as unknown as ReportDocument;
    const cover = { form: '10-K', periodKind: 'annual', periodEnd: '2023-01-28', registrantName: null, cik: null, tickers: [], exchanges: [], commissionFileNumber: null, state: null, irsNumber: null, sharesOutstanding: null, fiscalYearEnd: null, kind: 'filing' } as CoverPage;
    // Best Buy: fiscal 2020 ended on 1 February 2020 (no "last Saturday of January" does)
    expect(documentYearEnds(doc, cover, 'mdy').dates).toEqual(['2020-02-01', '2021-01-30', '2022-01-29', '2023-01-28']);
  });
});
