import { describe, expect, it } from 'vitest';
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';
import { readVersionBasis } from './version-basis';

function ent(id: string, name: string, ticker: string): CatalogEntity {
  const aliases = [
    { alias: name, kind: 'name' },
    { alias: ticker, kind: 'ticker' },
  ].map((a) => ({ ...a, normalized: normalizeAlias(a.alias) }));
  return { id, name, legalName: name, ticker, cik: null, aliases };
}
const CATALOG = [
  ent('googl', 'Alphabet', 'GOOGL'),
  ent('nvda', 'NVIDIA', 'NVDA'),
  ent('aapl', 'Apple', 'AAPL'),
  ent('lpa', 'Logistic Properties of the Americas', 'LPA'),
];

function plan(q: string) {
  const r = planQuestion(q, { catalog: CATALOG });
  return r;
}

describe('readVersionBasis: version words', () => {
  it.each([
    ['NVDA FY2024 diluted EPS as reported at the time', { kind: 'original' }],
    ['Alphabet 2021 diluted EPS as first published', { kind: 'original' }],
    ['Apple revenue FY2023 as initially reported', { kind: 'original' }],
    ['Apple revenue FY2023, unrestated', { kind: 'original' }],
    ['NVDA FY24 diluted EPS as originally reported (pre-split)', { kind: 'original', require: 'split' }],
    ['NVDA FY24 diluted EPS, pre-split', { kind: 'pre_split' }],
    ['NVDA FY24 diluted EPS before the stock split', { kind: 'pre_split' }],
    ['LPA basic EPS FY2023, restated', { kind: 'latest', require: 'restatement' }],
    ['NVDA FY24 diluted EPS, as restated', { kind: 'latest', require: 'restatement' }],
    ['NVDA FY24 diluted EPS as last restated', { kind: 'latest', require: 'restatement' }],
    ['GOOGL 2021 diluted EPS, split-adjusted', { kind: 'latest', require: 'split' }],
    ['GOOGL 2021 diluted EPS on a split-adjusted basis', { kind: 'latest', require: 'split' }],
    ['GOOGL 2021 diluted EPS adjusted for the stock split', { kind: 'latest', require: 'split' }],
    ['NVDA revenue FY2024 as most recently reported', { kind: 'latest' }],
    ['NVDA revenue FY2024 as reported on 1 March 2024', { kind: 'as_of', date: '2024-03-01' }],
  ])('%s', (q, basis) => {
    const r = readVersionBasis(q);
    expect(r.clarification).toBeNull();
    expect(r.basis).toEqual(basis);
    expect(r.claims.length).toBeGreaterThan(0);
  });

  it('no version word: the latest basis and nothing claimed', () => {
    expect(readVersionBasis('Apple revenue FY2023')).toMatchObject({
      basis: { kind: 'latest' },
      claims: [],
      hidden: [],
      filingPeriod: null,
      clarification: null,
    });
  });

  it('version words that disagree are asked back, never picked', () => {
    for (const q of [
      'Apple revenue FY2023 as originally reported restated',
      'NVDA EPS FY2024 as reported on 1 March 2024, restated',
      'Alphabet EPS 2021 as reported in the 2021 10-K, split-adjusted',
    ]) {
      expect(readVersionBasis(q).clarification?.question, q).toMatch(/more than one version/);
    }
  });

  it.each([
    ['NVDA FY2024 diluted EPS, originally reported vs restated', [{ kind: 'original' }, { kind: 'latest', require: 'restatement' }]],
    ['What did NVDA originally report for FY2024 diluted EPS, and what is it now?', [{ kind: 'original' }, { kind: 'latest' }]],
    ['NVDA FY2024 diluted EPS pre-split and split-adjusted', [{ kind: 'pre_split' }, { kind: 'latest', require: 'split' }]],
    ['Apple revenue FY2023 as first reported compared with as last reported', [{ kind: 'original' }, { kind: 'latest' }]],
  ])('two versions side by side: %s', (q, versions) => {
    const r = readVersionBasis(q);
    expect(r.clarification).toBeNull();
    expect(r.versions).toEqual(versions);
    expect(r.basis).toEqual(versions[0]);
  });

  it('"as restated in <filing>": the filing, whose value must be a restatement', () => {
    const r = readVersionBasis('NVDA FY2024 diluted EPS as restated in the FY2025 10-K');
    expect(r.basis).toEqual({
      kind: 'filing',
      name: { form: '10-K', fiscalYear: 2025, fiscalPeriod: 'FY', text: 'the FY2025 10-K' },
      require: 'restatement',
    });
    expect(r.claims.map((c) => q(c))).toEqual(['as restated in the FY2025 10-K']);
    function q(c: { start: number; end: number }) {
      return 'NVDA FY2024 diluted EPS as restated in the FY2025 10-K'.slice(c.start, c.end);
    }
  });

  it('"as reported at <not a date>" is not an as-of basis and is not claimed (the planner asks)', () => {
    expect(readVersionBasis('NVDA FY2024 revenue as reported at the meeting')).toMatchObject({ basis: { kind: 'latest' }, claims: [] });
  });
});

describe('readVersionBasis: named filings', () => {
  it.each([
    ['Alphabet diluted EPS 2021 as reported in the 2021 10-K', { form: '10-K', fiscalYear: 2021, fiscalPeriod: 'FY' }, 'the 2021 10-K'],
    ['Alphabet 2021 diluted EPS in its 10-K for 2021', { form: '10-K', fiscalYear: 2021, fiscalPeriod: 'FY' }, 'its 10-K for 2021'],
    ['NVDA FY2024 diluted EPS per the fiscal 2024 10-K', { form: '10-K', fiscalYear: 2024, fiscalPeriod: 'FY' }, 'the fiscal 2024 10-K'],
    [
      'NVDA shares outstanding at Jan 28, 2024 per the FY2025 10-K',
      { form: '10-K', fiscalYear: 2025, fiscalPeriod: 'FY' },
      'the FY2025 10-K',
    ],
    ["NVDA FY2024 revenue according to its FY'25 10-K", { form: '10-K', fiscalYear: 2025, fiscalPeriod: 'FY' }, "its FY'25 10-K"],
    ['LPA basic EPS 2022 as reported in the 2023 20-F', { form: '20-F', fiscalYear: 2023, fiscalPeriod: 'FY' }, 'the 2023 20-F'],
    ['Apple revenue Q1 FY2025 in the Q2 FY2025 10-Q', { form: '10-Q', fiscalYear: 2025, fiscalPeriod: 'Q2' }, 'the Q2 FY2025 10-Q'],
    [
      'Apple revenue in the 10-Q for the second quarter of fiscal 2025',
      { form: '10-Q', fiscalYear: 2025, fiscalPeriod: 'Q2' },
      'the 10-Q for the second quarter of fiscal 2025',
    ],
    [
      'Apple FY2008 diluted EPS as reported in the 2009 10-K/A',
      { form: '10-K/A', fiscalYear: 2009, fiscalPeriod: 'FY' },
      'the 2009 10-K/A',
    ],
    [
      'Apple net income FY2021 according to its annual report for fiscal 2022',
      { form: 'annual', fiscalYear: 2022, fiscalPeriod: 'FY' },
      'its annual report for fiscal 2022',
    ],
    ['Apple FY2022 revenue as reported in the latest 10-K', { form: '10-K', fiscalYear: 'latest', fiscalPeriod: 'FY' }, 'the latest 10-K'],
    ["Alphabet diluted EPS from Alphabet's 2021 10-K", { form: '10-K', fiscalYear: 2021, fiscalPeriod: 'FY' }, "Alphabet's 2021 10-K"],
    [
      'Apple and NVIDIA revenue as reported in their FY2024 10-Ks',
      { form: '10-K', fiscalYear: 2024, fiscalPeriod: 'FY' },
      'their FY2024 10-Ks',
    ],
    [
      'Apple revenue FY2023 in its Form 10-K filing for fiscal 2023',
      { form: '10-K', fiscalYear: 2023, fiscalPeriod: 'FY' },
      'its Form 10-K filing for fiscal 2023',
    ],
    [
      'Alphabet diluted EPS 2021 as reported in the 2021 annual report',
      { form: 'annual', fiscalYear: 2021, fiscalPeriod: 'FY' },
      'the 2021 annual report',
    ],
  ])('%s', (q, name, text) => {
    const r = readVersionBasis(q);
    expect(r.clarification).toBeNull();
    expect(r.basis).toEqual({ kind: 'filing', name: { ...name, text } });
    // the lead ("as reported in", "per", "in its") and the filing are one claim, hidden from the period grammar
    const claim = r.claims.find((c) => c.detail.startsWith('filing'))!;
    expect(q.slice(claim.end)).not.toMatch(/10-?[KQ]|20-F/);
    expect(r.hidden).toEqual([[claim.start, claim.end]]);
  });

  it('the filing’s own period: its fiscal year, or its quarter for a 10-Q', () => {
    expect(readVersionBasis('Alphabet diluted EPS in the 2021 10-K').filingPeriod?.spec).toEqual({
      type: 'filing',
      form: 'annual',
      which: 2021,
    });
    expect(readVersionBasis('Apple revenue in the Q2 FY2025 10-Q').filingPeriod?.spec).toEqual({
      type: 'fiscal',
      position: 'Q2',
      year: { year: 2025, style: 'fiscal' },
    });
    expect(readVersionBasis('Apple revenue in the latest 10-Q').filingPeriod?.spec).toEqual({
      type: 'filing',
      form: '10-Q',
      which: 'latest',
    });
  });

  it('a filing named by its form alone is asked back, never guessed (its own year? the latest?)', () => {
    expect(readVersionBasis('Apple revenue FY2023 in its 10-K').clarification?.question).toBe(
      'Which 10-K do you mean by “its 10-K”? Name it by the fiscal year it reports (e.g. “the FY2024 10-K”), or say “the latest 10-K”.',
    );
    expect(readVersionBasis('NVDA Q1 FY2025 revenue according to the 10-Q').clarification?.question).toMatch(
      /fiscal quarter it reports \(e\.g\. “the Q2 FY2025 10-Q”\)/,
    );
    expect(readVersionBasis('LPA revenue 2023 per the 20-F').clarification).not.toBeNull();
    expect(plan('Apple revenue FY2023 from the 10-K')).toMatchObject({
      status: 'needs_clarification',
      clarification: { question: expect.stringMatching(/^Which 10-K/) },
    });
  });

  it('a filing that cannot be named this way is asked back', () => {
    expect(readVersionBasis('Apple revenue in the FY2025 10-Q').clarification?.question).toMatch(/Q1, Q2 or Q3/);
    expect(readVersionBasis('Apple revenue in the Q2 FY2025 10-K').clarification?.question).toMatch(/quarter and an annual filing/);
    expect(readVersionBasis('Apple revenue FY2023 in the 2023 10-K and the 2024 10-K').clarification?.question).toMatch(/2 filings/);
  });
});

describe('planner: the version is a basis, the filing is not a second period', () => {
  it('"as reported in the 2021 10-K" beside a period: one period, the filing basis', () => {
    const r = plan('Alphabet diluted EPS 2021 as reported in the 2021 10-K');
    expect(r.status).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.periods.map((p) => p.spec)).toEqual([{ type: 'bare_year', year: 2021 }]);
    expect(r.intent.basis).toMatchObject({ kind: 'filing', name: { form: '10-K', fiscalYear: 2021 } });
    expect(r.spans!.filter((s) => s.role === 'basis').map((s) => s.text)).toEqual(['as reported in the 2021 10-K']);
  });

  it('a filing without another period is its own period', () => {
    const r = plan('Alphabet diluted EPS as reported in the 2021 10-K');
    expect(r.status === 'planned' && r.intent.periods.map((p) => p.spec)).toEqual([{ type: 'filing', form: 'annual', which: 2021 }]);
    const q = plan('LPA revenue in the 2023 20-F');
    expect(q.status === 'planned' && q.intent.periods.map((p) => p.spec)).toEqual([{ type: 'filing', form: 'annual', which: 2023 }]);
  });

  it('a balance at a date per a later filing', () => {
    const r = plan('NVDA shares outstanding at Jan 28, 2024 per the FY2025 10-K');
    expect(r.status === 'planned' && [r.intent.periods.map((p) => p.spec), r.intent.basis]).toEqual([
      [{ type: 'instant', date: '2024-01-28' }],
      { kind: 'filing', name: { form: '10-K', fiscalYear: 2025, fiscalPeriod: 'FY', text: 'the FY2025 10-K' } },
    ]);
  });

  it.each([
    ['NVDA FY2024 diluted EPS as reported at the time', { kind: 'original' }],
    ['LPA basic EPS FY2023, restated', { kind: 'latest', require: 'restatement' }],
    ['NVDA shares outstanding at January 28, 2024 (split-adjusted)', { kind: 'latest', require: 'split' }],
    ['NVDA FY24 diluted EPS as originally reported (pre-split)', { kind: 'original', require: 'split' }],
  ])('%s', (q, basis) => {
    const r = plan(q);
    expect(r.status).toBe('planned');
    expect(r.status === 'planned' && r.intent.basis).toEqual(basis);
  });

  it('two versions side by side: a value of one company; not a calculation', () => {
    const r = plan('NVDA FY2024 diluted EPS, originally reported vs restated');
    expect(r.status === 'planned' && [r.intent.operation, r.intent.basis, r.intent.versions]).toEqual([
      'value',
      { kind: 'original' },
      [{ kind: 'original' }, { kind: 'latest', require: 'restatement' }],
    ]);
    expect(plan('NVDA diluted EPS growth FY2024, originally reported vs restated')).toMatchObject({
      status: 'needs_clarification',
      clarification: { question: expect.stringMatching(/side by side/) },
    });
  });

  it('disagreeing version words and an unplaceable "as reported at" are asked back', () => {
    expect(plan('Apple revenue FY2023 as originally reported restated')).toMatchObject({
      status: 'needs_clarification',
      clarification: { question: expect.stringMatching(/more than one version/) },
    });
    expect(plan('NVDA FY2024 revenue as reported at the meeting')).toMatchObject({
      status: 'needs_clarification',
      clarification: { question: expect.stringMatching(/meeting/) },
    });
  });
});

describe('a filing named by the day or month it was filed', () => {
  const annual = [
    { form: '10-K', filedAt: '2024-10-30', fiscalYear: 2024, quarter: null },
    { form: '10-K', filedAt: '2023-11-03', fiscalYear: 2023, quarter: null },
  ] as const;
  const quarterly = [
    { form: '10-Q', filedAt: '2024-08-02', fiscalYear: 2024, quarter: 'Q3' },
    { form: '10-Q/A', filedAt: '2024-08-29', fiscalYear: 2024, quarter: 'Q3' },
    { form: '10-Q', filedAt: '2024-05-03', fiscalYear: 2024, quarter: 'Q2' },
    { form: '10-Q', filedAt: '2024-05-24', fiscalYear: 2024, quarter: 'Q1' },
  ] as const;
  const filedFilings = { aapl: { '10-K': annual, annual, '10-Q': quarterly.filter((f) => f.form === '10-Q') } };
  const plan = (q: string) => planQuestion(q, { catalog: CATALOG, filedFilings });

  it('is the filing of that form filed that day, or in that month, named as its own period names it', () => {
    for (const [q, year] of [
      ['How many Apple shares were outstanding according to the cover of its 10-K filed 30 October 2024?', 2024],
      ['Apple net income in the annual report that it filed during November 2023', 2023],
      ['Apple revenue per the 10-K filed on Oct. 30, 2024', 2024],
    ] as const) {
      const r = plan(q);
      expect(r.status).toBe('planned');
      if (r.status !== 'planned') continue;
      expect(r.intent.basis).toMatchObject({ kind: 'filing', name: { fiscalYear: year, fiscalPeriod: 'FY' } });
    }
    const q = plan('Apple revenue per the 10-Q filed in August 2024');
    expect(q.status === 'planned' && q.intent.basis).toMatchObject({
      kind: 'filing',
      name: { form: '10-Q', fiscalYear: 2024, fiscalPeriod: 'Q3' },
    });
  });

  it('is never a filing of another day: none filed then, or two in the month, is asked back naming the ones held', () => {
    const none = plan('Apple revenue per the 10-K filed on 1 December 2024');
    expect(none.status).toBe('needs_clarification');
    if (none.status === 'needs_clarification') {
      expect(none.clarification.question).toMatch(/No 10-K .* filed on 1 December 2024; it holds the FY2024 10-K \(filed 2024-10-30\)/);
      expect(none.clarification.options).toEqual(['the FY2024 10-K', 'the FY2023 10-K']);
    }
    const two = plan('Apple revenue per the 10-Q filed in May 2024');
    expect(two.status).toBe('needs_clarification');
    if (two.status === 'needs_clarification') expect(two.clarification.options).toEqual(['the Q2 FY2024 10-Q', 'the Q1 FY2024 10-Q']);
  });

  it('asks which filing when the filings held are not known', () => {
    const r = planQuestion('Apple revenue per the 10-K filed on 30 October 2024', { catalog: CATALOG });
    expect(r.status).toBe('needs_clarification');
    expect(readVersionBasis('revenue per the 10-K filed on 30 October 2024').clarification?.question).toMatch(/Which 10-K/);
  });
});
