import { describe, expect, it } from 'vitest';
import { expandYear, extractPeriodPhrases, grammarPhrases, parsePeriodPhrase } from './phrases';
import { parseDateText } from './parse-date';

describe('parseDateText', () => {
  it.each([
    ['31 March 2026', '2026-03-31'],
    ['31st Mar 2026', '2026-03-31'],
    ['March 31, 2026', '2026-03-31'],
    ['Mar. 31 2026', '2026-03-31'],
    ['Sept 30, 2024', '2024-09-30'],
    ['2026-03-31', '2026-03-31'],
    ['29 February 2024', '2024-02-29'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });

  it.each(['31 February 2026', '2026-02-30', '31/03/2026', 'March 2026', 'Smarch 3, 2026'])('rejects %s', (text) => {
    expect(parseDateText(text)).toBeNull();
  });
});

describe('parsePeriodPhrase', () => {
  it.each([
    ['FY2026', { type: 'fiscal', position: 'FY', year: { year: 2026, style: 'fiscal' } }],
    ['FY26', { type: 'fiscal', position: 'FY', year: { year: 2026, style: 'fiscal' } }],
    ["FY'99", { type: 'fiscal', position: 'FY', year: { year: 1999, style: 'fiscal' } }],
    ['fiscal year 2026', { type: 'fiscal', position: 'FY', year: { year: 2026 } }],
    ['FY2025-26', { type: 'fiscal', position: 'FY', year: { year: 2025, style: 'span', spanEnd: 2026 } }],
    ['FY 2025/26', { type: 'fiscal', year: { style: 'span', spanEnd: 2026 } }],
    ['financial year 2024-25', { type: 'fiscal', year: { year: 2024, spanEnd: 2025 } }],
    ['Q2 FY2026', { type: 'fiscal', position: 'Q2', year: { year: 2026, style: 'fiscal' } }],
    ['Q2FY26', { type: 'fiscal', position: 'Q2', year: { year: 2026 } }],
    ['Q2 2026', { type: 'fiscal', position: 'Q2', year: { year: 2026, style: 'bare' } }],
    ["Q2 '26", { type: 'fiscal', position: 'Q2', year: { year: 2026 } }],
    ['2Q26', { type: 'fiscal', position: 'Q2', year: { year: 2026 } }],
    ['FY2026 Q3', { type: 'fiscal', position: 'Q3', year: { year: 2026 } }],
    ['third quarter of fiscal 2024', { type: 'fiscal', position: 'Q3', year: { year: 2024 } }],
    ['fourth fiscal quarter of 2024', { type: 'fiscal', position: 'Q4', year: { year: 2024 } }],
    ['H1 2026', { type: 'fiscal', position: 'H1', year: { year: 2026, style: 'bare' } }],
    ['1H26', { type: 'fiscal', position: 'H1', year: { year: 2026 } }],
    ['second half of FY2026', { type: 'fiscal', position: 'H2', year: { year: 2026 } }],
    ['first half of fiscal 2026', { type: 'fiscal', position: 'H1', year: { year: 2026 } }],
    ['first nine months of fiscal 2025', { type: 'fiscal', position: '9M', year: { year: 2025 } }],
    ['9M FY2025', { type: 'fiscal', position: '9M', year: { year: 2025 } }],
    ['nine-month YTD FY2025', { type: 'fiscal', position: '9M', year: { year: 2025 } }],
    ['CY2024', { type: 'calendar', position: 'FY', year: 2024 }],
    ['calendar 2024', { type: 'calendar', position: 'FY', year: 2024 }],
    ['calendar year 2024', { type: 'calendar', position: 'FY', year: 2024 }],
    ['Q2 CY2024', { type: 'calendar', position: 'Q2', year: 2024 }],
    ['CQ3 2024', { type: 'calendar', position: 'Q3', year: 2024 }],
    ['2026', { type: 'bare_year', year: 2026 }],
    ['fiscal year ended 31 March 2026', { type: 'ended', length: 'year', date: '2026-03-31' }],
    ['year ended March 31, 2026', { type: 'ended', length: 'year', date: '2026-03-31' }],
    ['quarter ended June 30, 2025', { type: 'ended', length: 'quarter', date: '2025-06-30' }],
    ['six months ended 30 September 2025', { type: 'ended', length: 'half', date: '2025-09-30' }],
    ['nine months ended December 31, 2024', { type: 'ended', length: 'nine_months', date: '2024-12-31' }],
    ['as of 30 September 2024', { type: 'instant', date: '2024-09-30' }],
    ['as at March 31, 2025', { type: 'instant', date: '2025-03-31' }],
    ['end of FY2019', { type: 'boundary', edge: 'end', ref: { type: 'fiscal', position: 'FY' } }],
    ['beginning of fiscal 2020', { type: 'boundary', edge: 'start', ref: { type: 'fiscal', year: { year: 2020 } } }],
    ['TTM as of Q3 FY2025', { type: 'ttm', ref: { type: 'fiscal', position: 'Q3', year: { year: 2025 } } }],
    ['trailing twelve months ended 30 June 2025', { type: 'ttm', ref: { type: 'instant', date: '2025-06-30' } }],
    ['LTM', { type: 'ttm', ref: null }],
    ['last fiscal year', { type: 'relative', which: 'last_fiscal_year' }],
    ['latest quarter', { type: 'relative', which: 'latest_quarter' }],
    ['most recent quarter', { type: 'relative', which: 'latest_quarter' }],
    ['prior year', { type: 'relative', which: 'prior_year' }],
    ['previous fiscal year', { type: 'relative', which: 'prior_year' }],
    ['prior quarter', { type: 'relative', which: 'prior_quarter' }],
    ['same quarter last year', { type: 'relative', which: 'year_ago_quarter' }],
    ['year-to-date', { type: 'relative', which: 'ytd' }],
    ['Transition period 2021', { type: 'transition', year: 2021 }],
    ['Q3', { type: 'latest_position', position: 'Q3' }],
    ['first half', { type: 'latest_position', position: 'H1' }],
    ['fourth quarter', { type: 'latest_position', position: 'Q4' }],
  ])('%s', (text, spec) => {
    expect(parsePeriodPhrase(text)).toMatchObject(spec);
  });

  it('reports invalid dates and year spans', () => {
    expect(parsePeriodPhrase('as of 31 February 2026')).toMatchObject({ type: 'invalid' });
    // "FY2020-25" is the range FY2020 to FY2025 (two phrases), never one fiscal year; "FY2025-26" is one year's span
    expect(parsePeriodPhrase('FY2020-25')).toBeNull();
    expect(parsePeriodPhrase('FY2025-26')).toMatchObject({ type: 'fiscal', year: { year: 2025, style: 'span', spanEnd: 2026 } });
  });

  it('returns null for text that is not one whole phrase', () => {
    expect(parsePeriodPhrase('revenue')).toBeNull();
    expect(parsePeriodPhrase('revenue in FY2026')).toBeNull();
    expect(parsePeriodPhrase('FY2026 and FY2025')).toBeNull();
  });

  it('expands two-digit years around 1970', () => {
    expect(expandYear('26')).toBe(2026);
    expect(expandYear('69')).toBe(2069);
    expect(expandYear('70')).toBe(1970);
    expect(expandYear('1999')).toBe(1999);
  });
});

describe('extractPeriodPhrases', () => {
  it('finds every period phrase in a question, with spans', () => {
    const q = "What was Helios' operating margin in FY2026 vs the prior year?";
    const found = extractPeriodPhrases(q);
    expect(found.map((p) => p.text)).toEqual(['FY2026', 'prior year']);
    for (const p of found) expect(q.slice(p.start, p.end)).toBe(p.text);
  });

  it('prefers the longest phrase over the phrases inside it', () => {
    const q = 'TTM revenue as of Q3 FY2025 and cash as of 30 September 2024 and the first half of fiscal 2026';
    expect(grammarPhrases(q).map((p) => [p.text, p.rule])).toEqual([
      ['TTM', 'ttm'],
      ['Q3 FY2025', 'fiscal_position'],
      ['as of 30 September 2024', 'as_of'],
      ['first half of fiscal 2026', 'fiscal_position'],
    ]);
    // folded: the TTM written apart from its anchor is one phrase of two parts
    expect(extractPeriodPhrases(q).map((p) => [p.text, p.rule, p.parts ?? null])).toEqual([
      [
        'TTM as of Q3 FY2025',
        'ttm',
        [
          [0, 3],
          [12, 27],
        ],
      ],
      ['as of 30 September 2024', 'as_of', null],
      ['first half of fiscal 2026', 'fiscal_position', null],
    ]);
    expect(extractPeriodPhrases('TTM as of Q3 FY2025 revenue').map((p) => p.text)).toEqual(['TTM as of Q3 FY2025']);
  });

  it('does not read amounts, percentages or words as years', () => {
    const q = 'Revenue was $2026 million, up 2024% on 2,024 units; AB2024 and 2024.5';
    expect(extractPeriodPhrases(q)).toEqual([]);
    expect(extractPeriodPhrases('shy of 2025 targets').map((p) => p.text)).toEqual(['2025']);
  });

  it('does not find periods inside words', () => {
    expect(extractPeriodPhrases('the Q2X chip and the H100 and FY2026X')).toEqual([]);
  });

  it('reads analyst questions', () => {
    const cases: [string, string[]][] = [
      ["What was Apple's revenue in Q3?", ['Q3']],
      ['How did NVIDIA gross margin change from FY2024 to FY2025?', ['FY2024', 'FY2025']],
      [
        'Revenue for the three months ended July 1, 2023 vs the same quarter last year',
        ['three months ended July 1, 2023', 'same quarter last year'],
      ],
      ['What were total assets at the end of fiscal 2019 and as of 31 March 2025?', ['at the end of fiscal 2019', 'as of 31 March 2025']],
      ['Net income for calendar year 2023 vs fiscal year 2023', ['calendar year 2023', 'fiscal year 2023']],
      ['H100 sales in the first quarter of fiscal 2024 and in 1H FY25', ['first quarter of fiscal 2024', '1H FY25']],
    ];
    for (const [q, spans] of cases) expect(extractPeriodPhrases(q).map((p) => p.text)).toEqual(spans);
  });

  it('reads several comparisons in one question', () => {
    const q = 'Compare Q2 FY2026 with 2Q25, H1 CY2024, calendar 2023 and the year ended March 31, 2026.';
    expect(extractPeriodPhrases(q).map((p) => p.text)).toEqual([
      'Q2 FY2026',
      '2Q25',
      'H1 CY2024',
      'calendar 2023',
      'year ended March 31, 2026',
    ]);
  });
});
