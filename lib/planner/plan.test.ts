import { describe, expect, it } from 'vitest';
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';

function ent(id: string, name: string, legal: string, ticker: string, cik: string | null, extra: string[] = []): CatalogEntity {
  const aliases = [
    { alias: name, kind: 'name' },
    { alias: legal, kind: 'legal_name' },
    { alias: ticker, kind: 'ticker' },
    ...extra.map((a) => ({ alias: a, kind: 'abbreviation' })),
  ].map((a) => ({ ...a, normalized: normalizeAlias(a.alias) }));
  return { id, name, legalName: legal, ticker, cik, aliases };
}

const CATALOG: CatalogEntity[] = [
  ent('aapl', 'Apple', 'Apple Inc.', 'AAPL', '0000320193'),
  ent('nvda', 'NVIDIA', 'NVIDIA Corporation', 'NVDA', '0001045810'),
  ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA', '0001318605'),
  ent('snow', 'Snowflake', 'Snowflake Inc.', 'SNOW', '0001640147'),
  ent('googl', 'Alphabet', 'Alphabet Inc.', 'GOOGL', '0001652044', ['Google']),
  ent('mrvl', 'Marvell Technology', 'Marvell Technology, Inc.', 'MRVL', '0001835632', ['Marvell']),
  ent('helios', 'Helios Components', 'Helios Components Ltd', 'HELIOS', null, ['Helios']),
];

const ENTITY_PHRASES: [string, string][] = [
  ['Apple', 'aapl'],
  ['Apple Inc.', 'aapl'],
  ['AAPL', 'aapl'],
  ['Appel', 'aapl'],
  ['NVIDIA', 'nvda'],
  ['Nvidia Corporation', 'nvda'],
  ['NVDA', 'nvda'],
  ['Tesla', 'tsla'],
  ['Tesla, Inc.', 'tsla'],
  ['TSLA', 'tsla'],
  ['Snowflake', 'snow'],
  ['SNOW', 'snow'],
  ['Snowflke', 'snow'],
  ['Alphabet', 'googl'],
  ['Google', 'googl'],
  ['GOOGL', 'googl'],
  ['Marvell', 'mrvl'],
  ['Marvell Technology', 'mrvl'],
  ['Helios Components', 'helios'],
  ['Helios Components Ltd', 'helios'],
  ['CIK 320193', 'aapl'],
];

const METRIC_PHRASES: [string, string][] = [
  ['revenue', 'revenue'],
  ['total revenue', 'total_revenues'],
  ['net sales', 'revenue'],
  ['total net sales', 'revenue'],
  ['turnover', 'revenue'],
  ['R&D spending', 'rnd'],
  ['research and development expense', 'rnd'],
  ['operating income', 'operating_income'],
  ['income from operations', 'operating_income'],
  ['operating profit', 'operating_income'],
  ['net income', 'net_income'],
  ['net earnings', 'net_income'],
  ['diluted EPS', 'eps_diluted'],
  ['diluted earnings per share', 'eps_diluted'],
  ['basic EPS', 'eps_basic'],
  ['total assets', 'total_assets'],
  ['cash and cash equivalents', 'cash'],
  ["shareholders' equity", 'total_equity'],
  ['gross margin', 'gross_margin'],
  ['operating margin', 'operating_margin'],
  ['net margin', 'net_margin'],
  ['free cash flow', 'free_cash_flow'],
  ['capex', 'capex'],
  ['cost of revenue', 'cost_of_revenue'],
];

const PERIOD_PHRASES: [string, { type: string; position?: string; year: number }][] = [
  ['FY2024', { type: 'fiscal', position: 'FY', year: 2024 }],
  ['fiscal 2023', { type: 'fiscal', position: 'FY', year: 2023 }],
  ['fiscal year 2022', { type: 'fiscal', position: 'FY', year: 2022 }],
  ['FY21', { type: 'fiscal', position: 'FY', year: 2021 }],
  ['Q2 FY2024', { type: 'fiscal', position: 'Q2', year: 2024 }],
  ['Q3 fiscal 2023', { type: 'fiscal', position: 'Q3', year: 2023 }],
  ['H1 FY2025', { type: 'fiscal', position: 'H1', year: 2025 }],
  ['the first nine months of fiscal 2025', { type: 'fiscal', position: '9M', year: 2025 }],
];

const TEMPLATES = [
  (e: string, m: string, p: string) => `What was ${e} ${m} in ${p}?`,
  (e: string, m: string, p: string) => `${e} ${m} ${p}`,
  (e: string, m: string, p: string) => `Report ${e}'s ${p} ${m}.`,
  (e: string, m: string, p: string) => `Show me the ${m} of ${e} for ${p}`,
  (e: string, m: string, p: string) => `${p} ${m} for ${e}?`,
];

interface Case {
  q: string;
  entity: string;
  metric: string;
  period: { type: string; position?: string; year: number };
}

/** A deterministic spread over entity × metric × period × template phrasings. */
function cases(): Case[] {
  const out: Case[] = [];
  let i = 0;
  for (const [e, eid] of ENTITY_PHRASES) {
    for (const [m, mid] of METRIC_PHRASES) {
      const [p, spec] = PERIOD_PHRASES[i % PERIOD_PHRASES.length]!;
      const t = TEMPLATES[i % TEMPLATES.length]!;
      i++;
      // possessive forms only where the template does not add one
      const name = t === TEMPLATES[2] || e.startsWith('CIK') || /[A-Z]{3,}$/.test(e) ? e : i % 3 === 0 ? `${e}'s` : e;
      out.push({ q: t(name, m, p), entity: eid, metric: mid, period: spec });
    }
  }
  return out;
}

describe('planner: entity × metric × period phrasings', () => {
  const all = cases();
  it('covers several hundred phrasings', () => {
    expect(all.length).toBeGreaterThanOrEqual(500);
  });
  it.each(all.map((c) => [c.q, c] as const))('%s', (_q, c) => {
    const r = planQuestion(c.q, { catalog: CATALOG });
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.entities.map((e) => e.id)).toEqual([c.entity]);
    expect(r.intent.metric.id).toBe(c.metric);
    expect(r.intent.periods).toHaveLength(1);
    expect(r.intent.periods[0]!.spec).toMatchObject({ type: c.period.type, position: c.period.position, year: { year: c.period.year } });
    expect(r.intent.pathway).toBe('detail');
    expect(r.intent.scope).toBe('consolidated');
    expect(r.intent.basis).toEqual({ kind: 'latest' });
  });
});

describe('planner: operations, pathways, scope and basis', () => {
  const plan = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it.each([
    ['Tesla revenue growth FY2019 vs FY2018', 'growth'],
    ['How much did Apple net sales grow in fiscal 2023?', 'growth'],
    ['Year-over-year increase in NVIDIA revenue for FY2025', 'growth'],
    ['Change in Apple operating margin from FY2022 to FY2023', 'change'],
    ['How did Helios operating margin change between FY2025 and FY2026?', 'change'],
    ['Apple TTM revenue as of Q3 FY2023', 'ttm'],
    ['Tesla trailing twelve months revenue as of Q2 FY2024', 'ttm'],
    ['Tesla revenue by fiscal year FY2018-FY2021', 'series'],
    ['Snowflake revenue trend FY2022 to FY2025', 'series'],
    ['Apple revenue FY2023', 'value'],
    ["Apple's R&D expense growth from FY2022 to FY2024, annualized", 'cagr'],
    ["Apple's annualized R&D growth from FY2022 to FY2024", 'cagr'],
    ["By what percentage did Alphabet's net income rise in 2024?", 'growth'],
    ["What was Alphabet's incremental revenue in 2024 over 2023?", 'change'],
    ["Alphabet's total revenue for 2023 and 2024 combined", 'expression'],
    ["Alphabet's Q1 and Q2 2024 revenue in total", 'expression'],
  ])('%s → %s', (q, op) => {
    expect(plan(q).operation).toBe(op);
  });
  it('“the last N fiscal years” asks each year counted back from the last one, oldest first', () => {
    const i = plan('Apple revenue for the last three fiscal years');
    expect(i.operation).toBe('series');
    expect(i.periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal_year_back', back: 2 },
      { type: 'fiscal_year_back', back: 1 },
      { type: 'fiscal_year_back', back: 0 },
    ]);
    expect(plan('Tesla gross margin trend over the past 5 years').periods).toHaveLength(5);
  });
  it('a growth, change or CAGR over “the last N years” is asked back, never picked', () => {
    for (const q of ['Apple revenue growth over the last 3 years', 'Tesla net income change over the past three fiscal years']) {
      const r = planQuestion(q, { catalog: CATALOG });
      expect(r.status, q).toBe('needs_clarification');
      if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/first and last fiscal year/);
    }
  });
  it('a measure whose words touch the version basis is still placed (“latest reported net income”)', () => {
    const r = planQuestion('Apple latest reported operating income', { catalog: CATALOG });
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toBe('Which period? Ledgerline never assumes one.');
  });
  it('“X in FY2024 and what percentage of Y did they represent” is X as a share of Y over that year', () => {
    const i = plan("What were Apple's total R&D expenses in fiscal 2024 and what percentage of revenue did they represent?");
    expect(i.operation).toBe('expression');
    expect(i.expression).toMatchObject({
      kind: 'op',
      op: 'share',
      args: [{ operand: { metric: { id: 'rnd' } } }, { operand: { metric: { id: 'revenue' } } }],
    });
  });
  it('a series range is inclusive and longitudinal', () => {
    const i = plan('Tesla revenue by fiscal year FY2018-FY2021');
    expect(i.range).toEqual({ from: 2018, to: 2021 });
    expect(i.pathway).toBe('longitudinal');
  });
  it('several companies make a comparison, each resolved later on its own calendar', () => {
    const i = plan('Tesla vs Snowflake research and development expense FY2021');
    expect(i.entities.map((e) => e.id)).toEqual(['tsla', 'snow']);
    expect(i.pathway).toBe('comparison');
    expect(plan('Compare NVDA and AAPL net income in fiscal 2024').entities.map((e) => e.id)).toEqual(['nvda', 'aapl']);
  });
  it('standalone only when asked; original basis and as-of basis', () => {
    expect(plan('Helios standalone revenue FY2026').scope).toBe('standalone');
    expect(plan('Apple diluted EPS FY2008 as originally reported').basis).toEqual({ kind: 'original' });
    expect(plan('Apple total assets at end of FY2009 as reported on 31 December 2009').basis).toEqual({
      kind: 'as_of',
      date: '2009-12-31',
    });
  });
  it('pins a period to one operand of a derived measure', () => {
    const i = plan('What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?');
    expect(i.metric.id).toBe('operating_margin');
    expect(i.periods.map((p) => [p.text, p.forMetric])).toEqual([
      ['FY2026', null],
      ['FY2025', 'operating_income'],
    ]);
  });
  it('separated positions join their year: nine-month YTD, TTM anchors', () => {
    expect(plan('Tesla, Inc. nine-month YTD revenue FY2021').periods[0]!.spec).toMatchObject({ position: '9M', year: { year: 2021 } });
    expect(plan('TTM revenue for Apple as of Q3 FY2025').periods[0]!.spec).toMatchObject({ type: 'ttm', ref: { position: 'Q3' } });
    expect(plan('Tesla, Inc. total assets as of the end of FY2019').periods[0]!.spec).toMatchObject({ type: 'boundary', edge: 'end' });
  });
});

describe('planner: ambiguity is explicit, never a guess', () => {
  const run = (q: string, catalog = CATALOG) => planQuestion(q, { catalog });
  it('unknown companies are named as unavailable', () => {
    for (const q of [
      'What was Acme Corp revenue in FY2024?',
      'Globex Industries net income FY2023',
      'Report Initech’s fiscal 2022 revenue.',
    ]) {
      const r = run(q);
      expect(r.status, q).toBe('insufficient_evidence');
    }
  });
  it.each([
    ["Which was larger in fiscal 2024, Apple's R&D or its SG&A?", 2],
    ["Apple's R&D and SG&A in fiscal 2024", 2],
    ["What were Apple's current assets and current liabilities at the end of fiscal 2024?", 2],
    ['Tesla FY2021 revenue, net income and operating cash flow', 3],
  ])('%s names several measures: each is planned and answered, never the first alone', (q, n) => {
    const r = run(q);
    expect(r.status, q).toBe('planned');
    if (r.status === 'planned') expect(new Set([r.intent, ...(r.also ?? [])].map((i) => i.metric.id)).size).toBe(n);
  });
  it('a word two measures may share is asked back when the second reading is a measure of its own', () => {
    const r = run("What were Apple's current assets and liabilities at the end of fiscal 2024?");
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification')
      expect(r.clarification.options).toEqual([
        expect.stringContaining('current assets and current liabilities'),
        expect.stringContaining('current assets and total liabilities'),
      ]);
    const spread = run('Apple diluted and basic EPS FY2024');
    expect(spread.status === 'planned' && [spread.intent, ...(spread.also ?? [])].map((i) => i.metric.id)).toEqual([
      'eps_diluted',
      'eps_basic',
    ]);
    // one of the measures not understood blocks the whole answer
    expect(run('Apple revenue and blorf FY2024').status).not.toBe('planned');
  });
  it.each([
    "What was the difference between Apple's and NVIDIA's revenue in fiscal 2024?",
    'What is the gap between NVIDIA and Marvell operating margin in fiscal 2025?',
  ])('%s is a calculation across companies: asked back, never each company’s own change', (q) => {
    const r = run(q);
    expect(r.status).toBe('needs_clarification');
  });
  it('a difference between two periods for several companies is each company’s change', () => {
    const r = run('Difference between fiscal 2023 and fiscal 2024 revenue for Apple and NVIDIA');
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.operation).toBe('change');
  });
  it('a name shared by several companies asks which one', () => {
    const twins = [...CATALOG, ent('helios-energy', 'Helios Energy', 'Helios Energy plc', 'HELE', null, ['Helios'])];
    const r = run('Helios revenue FY2026', twins);
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.options.sort()).toEqual(['Helios Components Ltd', 'Helios Energy plc']);
  });
  it.each([
    ['Apple EPS FY2023', ['diluted EPS', 'basic EPS']],
    ['Apple earnings per share fiscal 2023', ['diluted EPS', 'basic EPS']],
    ['Tesla profit FY2021', ['net income', 'operating income', 'gross profit']],
    ['Snowflake margin FY2024', ['gross margin', 'operating margin', 'net margin']],
  ])('%s asks which measure', (q, options) => {
    const r = run(q);
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.options).toEqual(options);
  });
  it('a missing period asks which one', () => {
    for (const q of ['What was Apple revenue?', 'Tesla net income', 'NVIDIA total assets'])
      expect(run(q).status, q).toBe('needs_clarification');
  });
  it('a missing company asks which one', () => {
    expect(run('What was revenue in FY2024?').status).toBe('needs_clarification');
  });
  it('follow-ups inherit what they leave unsaid', () => {
    const first = run('Apple revenue FY2023');
    if (first.status !== 'planned') throw new Error('expected a plan');
    const next = planQuestion('and FY2022?', { catalog: CATALOG, previous: first.intent });
    expect(next.status).toBe('planned');
    if (next.status === 'planned') {
      expect(next.intent.entities[0]!.id).toBe('aapl');
      expect(next.intent.metric.id).toBe('revenue');
      expect(next.intent.periods[0]!.spec).toMatchObject({ year: { year: 2022 } });
    }
    const other = planQuestion('what about Alphabet?', { catalog: CATALOG, previous: first.intent });
    expect(other.status).toBe('planned');
    if (other.status === 'planned') {
      expect(other.intent.entities[0]!.id).toBe('googl');
      expect(other.intent.periods[0]!.text).toBe('FY2023');
    }
  });
  it('narrative questions plan passages, not numbers', () => {
    const r = run('How did the risk factors on customer concentration at Apple change from FY2022 to FY2024?');
    expect(r.status).toBe('planned_narrative');
    if (r.status === 'planned_narrative') {
      expect(r.narrative.topic).toContain('customer concentration');
      expect(r.narrative.periods.map((p) => p.text)).toEqual(['FY2022', 'FY2024']);
    }
  });
  it('a mixed question is one plan naming its parts: the figure part planned as a figure question, the text part as the narrative', () => {
    const parts = (q: string) => {
      const r = run(q);
      if (r.status !== 'planned_narrative' || !r.parts) throw new Error(`${q}: no parts (${r.status})`);
      return r.parts;
    };
    for (const [q, metric, period] of [
      ["What was NVIDIA's revenue in fiscal 2025 and what drove its growth?", 'revenue', 'fiscal 2025'],
      ["Apple's net income in FY2024, and explain what management said about its outlook", 'net_income', 'FY2024'],
    ] as const) {
      const p = parts(q);
      expect(p.figures.plan.status).toBe('planned');
      if (p.figures.plan.status !== 'planned') continue;
      expect([p.figures.plan.intent.metric.id, p.figures.plan.intent.periods.map((x) => x.text)]).toEqual([metric, [period]]);
      expect(p.narrative.text.length).toBeGreaterThan(0);
      expect(q).toContain(p.figures.text);
    }
    // a figure part that must ask back is planned as such; the narrative part stands beside it
    const ask = parts("What was NVIDIA's revenue and what drove its growth?");
    expect(ask.figures.plan.status).toBe('needs_clarification');
    // a question about text only has no parts
    const only = run('What did Apple say about supply chain risks in FY2024?');
    expect(only.status === 'planned_narrative' && only.parts).toBeFalsy();
  });
});

describe('how a change is wanted, currencies, "each of", losses', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  const planned = (q: string) => {
    const r = run(q);
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('"in percentage terms" is a growth rate; "in absolute terms", "in dollars", "by how many dollars" a change', () => {
    expect(planned("What was the change in Apple's revenue from fiscal 2023 to 2024 in percentage terms?").operation).toBe('growth');
    expect(planned("What was the change in Apple's revenue from fiscal 2023 to 2024 in absolute terms?").operation).toBe('change');
    expect(planned("How much did Apple's revenue grow from fiscal 2023 to 2024 in dollar terms?").operation).toBe('change');
    expect(planned("By how many dollars did Apple's revenue change from fiscal 2023 to 2024?").operation).toBe('change');
    expect(planned("What was the year-on-year change in Tesla's operating income in 2021, in dollars?").operation).toBe('change');
  });
  it('a margin that expands or contracts is its change', () => {
    expect(planned("How much did NVIDIA's gross margin expand in fiscal 2024?").operation).toBe('change');
    expect(planned("How much did Alphabet's operating margin contract in 2023?").operation).toBe('change');
  });
  it('"in absolute terms" with no change or growth is not placed', () => {
    expect(run("Apple's revenue in fiscal 2024 in absolute terms").status).toBe('needs_clarification');
  });
  it('a currency named as the unit of the answer is an instruction the answer must meet', () => {
    expect(planned("Apple's fiscal 2024 revenue in US dollars").instructions?.currency).toBe('USD');
    expect(planned('Helios Components revenue for FY2026 in USD millions').instructions).toMatchObject({
      currency: 'USD',
      scale: 'millions',
    });
    expect(planned('Helios Components revenue for FY2026 in euros').instructions?.currency).toBe('EUR');
    expect(planned("Apple's fiscal 2024 revenue in millions").instructions?.currency).toBeUndefined();
  });
  it('"each of" before several periods is one figure per period; before one period it is not placed', () => {
    expect(planned("Give me Apple's diluted EPS for each of fiscal 2022, 2023 and 2024").periods).toHaveLength(3);
    expect(planned("What was Apple's revenue in each of the last three fiscal years?").operation).toBe('series');
    expect(run("What was Apple's revenue in each of fiscal 2024?").status).toBe('needs_clarification');
  });
  it('"in each fiscal year 2021-2024" and "2021 to 2023, year by year" are series', () => {
    expect(planned('NVIDIA revenue in each fiscal year 2021-2024').operation).toBe('series');
    expect(planned('Alphabet net income, 2021 to 2023, year by year').operation).toBe('series');
  });
  it('"computed with FY2024 gross profit and FY2023 revenue" pins each operand to its period', () => {
    const i = planned('Apple gross margin computed with FY2024 gross profit and FY2023 revenue');
    expect(i.metric.id).toBe('gross_margin');
    expect(i.periods.map((p) => p.forMetric).sort()).toEqual(['gross_profit', 'revenue']);
  });
  it('"how much did X lose" is its net income (a loss is said as a negative figure)', () => {
    expect(planned('How much money did Marvell lose in fiscal 2024?').metric.id).toBe('net_income');
    expect(run('How much revenue did Marvell lose in fiscal 2024?').status).not.toBe('planned');
  });
});

describe('a period placed against another one is the only period asked', () => {
  const planned = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('"the year-ago quarter of Q1 FY2025", "the quarter before Q3 FY2024": one period, no second value for the reference', () => {
    for (const q of [
      "Apple's net income in the year-ago quarter of Q1 FY2025",
      "What was Apple's net income in the prior-year quarter to Q1 FY2025?",
      'Apple net income for the same quarter a year earlier than Q1 FY2025',
      'Apple revenue in the quarter before Q3 FY2024',
      'Apple revenue in the fiscal year prior to FY2024',
      'Apple revenue a year earlier than Q2 FY2025',
    ]) {
      const i = planned(q);
      expect(i.operation, q).toBe('value');
      expect(
        i.periods.map((p) => p.spec.type),
        q,
      ).toEqual(['relative_to']);
    }
  });
  it('a reference period named on its own stays a second period ("Q3 FY2025 revenue and the prior-year quarter")', () => {
    expect(planned('Apple Q3 FY2025 revenue and the prior-year quarter').periods).toHaveLength(2);
  });
});

describe('calculation words over windows of periods are never dropped', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  const planned = (q: string) => {
    const r = run(q);
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  const operandTexts = (q: string) => {
    const e = planned(q).expression;
    if (e?.kind !== 'op') throw new Error(`no expression for ${q}`);
    return { op: e.op, periods: e.args.map((a) => (a.kind === 'operand' ? a.operand.period.spec : null)) };
  };

  it('"TTM revenue growth" is the growth of the TTM (a TTM written apart from its end is one period), never the TTM level', () => {
    for (const q of [
      "NVIDIA TTM revenue growth y/y as of FQ1'27",
      'Alphabet LTM revenue, % change y/y, as of Q1 2026',
      "Apple trailing-twelve-month net income growth through FQ1'26",
    ]) {
      const i = planned(q);
      expect(i.operation, q).toBe('growth');
      expect(i.periods, q).toHaveLength(1);
      expect(i.periods[0]!.spec, q).toMatchObject({ type: 'ttm', ref: { type: 'fiscal', position: 'Q1' } });
    }
    expect(planned('Apple TTM net income change through Q1 FY2026').operation).toBe('change');
    // without a growth word the TTM is the figure, ending where the question says
    const ttm = planned("NVIDIA TTM revenue as of FQ3'26");
    expect(ttm.operation).toBe('ttm');
    expect(ttm.periods.map((p) => p.spec)).toEqual([
      { type: 'ttm', ref: { type: 'fiscal', position: 'Q3', year: { year: 2026, style: 'fiscal' } } },
    ]);
  });

  it('a growth in each of several years is one rate per year, not one rate from the first to the last', () => {
    const each = planned('NVIDIA revenue growth in each of FY2024, FY2025 and FY2026');
    expect(each).toMatchObject({ operation: 'growth', each: true, pathway: 'longitudinal' });
    expect(each.periods).toHaveLength(3);
    expect(planned("Apple's yearly net income growth rates for FY24 and FY25")).toMatchObject({ operation: 'growth', each: true });
    // one period: "annual growth" is its year-over-year growth
    expect(planned('Apple annual revenue growth FY2025')).toMatchObject({ operation: 'growth', periods: [{ text: 'FY2025' }] });
    expect(planned('Apple annual revenue growth FY2025').each).toBeUndefined();
    // without a growth word, "annual" only says the period is a fiscal year, which FY2025 is
    expect(planned('Apple annual revenue FY2025')).toMatchObject({ operation: 'value', periods: [{ text: 'FY2025' }] });
    expect(run('Apple annual revenue Q3 FY2025').status).not.toBe('planned');
    expect(planned('Tesla revenue growth by fiscal year FY2018-FY2021')).toMatchObject({
      operation: 'growth',
      each: true,
      range: { from: 2018, to: 2021 },
    });
    // two years joined by from/to are one growth between them
    expect(planned('Tesla revenue growth from FY2019 to FY2021').each).toBeUndefined();
  });

  it('"quarterly", "by quarter", "each quarter of" a year are its four fiscal quarters', () => {
    for (const [q, style] of [
      ['Apple quarterly revenue for fiscal 2025', 'fiscal'],
      ['GOOGL revenue by quarter, 2025', 'bare'],
      ['NVIDIA revenue each quarter of FY2026', 'fiscal'],
    ] as const) {
      const i = planned(q);
      expect(i.operation, q).toBe('series');
      expect(
        i.periods.map((p) => p.spec),
        q,
      ).toEqual(
        (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((position) => ({
          type: 'fiscal',
          position,
          year: { year: q.includes('2026') ? 2026 : 2025, style },
        })),
      );
    }
    expect(planned('Alphabet y/y revenue growth for each quarter of 2025')).toMatchObject({
      operation: 'growth',
      each: true,
      comparison: 'year_over_year',
    });
  });

  it('arithmetic in words: a range or a run of quarters added up is each of its periods; "together", "cumulative", "net of"', () => {
    expect(
      operandTexts('Aggregate Apple revenue FY2023 to FY2025').periods.map(
        (s) => s && 'year' in s && (typeof s.year === 'number' ? s.year : s.year.year),
      ),
    ).toEqual([2023, 2024, 2025]);
    expect(operandTexts('Alphabet cumulative net income 2023 through 2025').periods).toEqual(
      [2023, 2024, 2025].map((year) => ({ type: 'bare_year', year })),
    );
    expect(
      operandTexts("Sum of the first two quarters of Alphabet's 2025 revenue").periods.map((s) => s && s.type === 'fiscal' && s.position),
    ).toEqual(['Q1', 'Q2']);
    expect(
      operandTexts("NVIDIA's first three quarters of FY26 revenue combined").periods.map((s) => s && s.type === 'fiscal' && s.position),
    ).toEqual(['Q1', 'Q2', 'Q3']);
    for (const q of ['Tesla revenue Q2-Q4 2021 combined', 'Tesla revenue Q2 through Q4 2021 in total'])
      expect(operandTexts(q).periods.map((s) => s && s.type === 'fiscal' && s.position)).toEqual(['Q2', 'Q3', 'Q4']);
    expect(operandTexts('Alphabet Q1 and Q2 2025 net income together').op).toBe('sum');
    // taken together, or added as written (a ratio refuses the second)
    expect(planned('Alphabet Q1 and Q2 2025 gross margin combined').expression).toMatchObject({ op: 'sum', combined: true });
    expect(
      planned('Alphabet Q1 2025 gross margin plus Q2 2025 gross margin').expression?.kind === 'op' &&
        (planned('Alphabet Q1 2025 gross margin plus Q2 2025 gross margin').expression as { combined?: true }).combined,
    ).toBeFalsy();
    expect(planned('Add up Apple gross margin for Q1 and Q2 FY25').expression).toMatchObject({ op: 'sum' });
    // a closing "combined"/"together" followed only by the sum's period, company or an instruction
    for (const [q, period] of [
      ['How much did Apple pay in dividends and share repurchases combined in fiscal 2025, in billions?', 'fiscal 2025'],
      ["NVIDIA's revenue and net income together for FY2025", 'FY2025'],
      ['Alphabet capital expenditures and dividends paid in total in 2024, rounded to one decimal', '2024'],
    ]) {
      const e = planned(q!).expression;
      expect(e?.kind === 'op' && [e.op, e.args.map((a) => a.kind === 'operand' && a.operand.period.text)]).toEqual([
        'sum',
        [period, period],
      ]);
    }
    // the clause before a comma names what a calculation written after it stands for
    for (const [q, a, b] of [
      [
        "How much did Apple's total assets change over fiscal 2025, end of fiscal 2025 minus end of fiscal 2024?",
        'end of fiscal 2025',
        'end of fiscal 2024',
      ],
      ["NVIDIA's cash and cash equivalents, change during FY2025, end of FY2025 less end of FY2024", 'end of FY2025', 'end of FY2024'],
    ]) {
      const e = planned(q!).expression;
      expect(e?.kind === 'op' && [e.op, e.args.map((x) => x.kind === 'operand' && x.operand.period.text)]).toEqual(['difference', [a, b]]);
    }
    expect(planned("Alphabet's net margin for 2024, net income divided by revenue").expression).toMatchObject({ op: 'ratio' });
    // an operator opening the clause after the comma keeps the clause before it as an operand
    const first = planned("Apple's revenue in FY2025, minus FY2024 revenue").expression;
    expect(first?.kind === 'op' && first.args.map((a) => a.kind === 'operand' && a.operand.period.text)).toEqual(['FY2025', 'FY2024']);
    // a preamble's colon is no divider; a position without its year takes the year of the period the calculation stands for
    for (const q of [
      "Assume you are an equity analyst: what was Apple's nine-month fiscal 2025 net income, worked out as the first half plus the third quarter?",
      "Apple's fiscal 2025 nine-month net income, taken as the first half plus the third quarter",
    ]) {
      const e = planned(q).expression;
      expect(
        e?.kind === 'op' && e.args.map((a) => a.kind === 'operand' && a.operand.period.spec.type === 'fiscal' && a.operand.period.spec),
      ).toMatchObject([
        { position: 'H1', year: { year: 2025 } },
        { position: 'Q3', year: { year: 2025 } },
      ]);
    }
    // each operand keeps the period written with it, even one whose year comes after the calculation
    for (const q of ["Apple's Q3 net income over Q2 revenue, fiscal 2024", "Apple's Q3 net income divided by Q2 revenue, fiscal 2024"]) {
      const e = planned(q).expression;
      expect(
        e?.kind === 'op' &&
          e.args.map((a) => a.kind === 'operand' && a.operand.period.spec.type === 'fiscal' && a.operand.period.spec.position),
      ).toEqual(['Q3', 'Q2']);
    }
    // a period no reader can read is never replaced by another operand's
    expect(run("Apple's third-quarter net income over full-year revenue, fiscal 2024").status).not.toBe('planned');
    // before a word no reader placed it is no closing sum
    expect(run("What was Apple's revenue and net income combined with its peers in FY2025?").status).not.toBe('planned');
    const net = planned('Apple FY2025 gross profit net of opex');
    expect(net.expression).toMatchObject({ kind: 'op', op: 'difference' });
    // the plain nine months are one period: nothing to spread
    expect(planned('NVIDIA revenue for the first nine months of FY2026').operation).toBe('value');
  });

  it('growth and change marks: "% chg", "y/y %", "in $" beside a change', () => {
    expect(planned('Apple FY25 revenue % chg').operation).toBe('growth');
    expect(planned('Apple FY25 revenue y/y %')).toMatchObject({ operation: 'growth', comparison: 'year_over_year' });
    expect(planned('Marvell operating income change, FY26 vs FY25, in $').operation).toBe('change');
    expect(planned("NVIDIA TTM revenue change in $ as of FQ1'27")).toMatchObject({
      operation: 'change',
      periods: [{ spec: { type: 'ttm' } }],
    });
    // a scale is not a change: "in $m" stays the scale of a plain figure
    expect(planned('Apple revenue FY2025 in $m')).toMatchObject({ operation: 'value', instructions: { scale: 'millions' } });
    // "in $" with no change or growth is the currency the figure is wanted in (an instruction the answer meets)
    expect(planned('Apple revenue FY2025 in $')).toMatchObject({ operation: 'value', instructions: { currency: 'USD' } });
  });
});

describe('percent and comparison marks', () => {
  const planned = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('"% chg", "yoy %", "y/y (%)", "q/q %" are growth rates; the comparable period last year is the base', () => {
    expect(planned('Apple FY25 revenue % chg').operation).toBe('growth');
    expect(planned('NVIDIA Q2 FY2026 revenue yoy %')).toMatchObject({ operation: 'growth', comparison: 'year_over_year' });
    expect(planned('Apple FY2025 revenue y/y (%)').operation).toBe('growth');
    expect(planned('NVIDIA revenue Q2 FY2026 q/q %')).toMatchObject({ operation: 'growth', comparison: 'sequential' });
    expect(planned('Apple Q1 FY2026 revenue growth vs. the comparable period last year')).toMatchObject({
      operation: 'growth',
      comparison: 'year_over_year',
    });
  });
});

describe('second blind pass: places, comparatives, runs of quarters, balance rates', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  const planned = (q: string) => {
    const r = run(q);
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('"US" and "other" before a measure are never filler; "tell us" is', () => {
    expect(run('Apple US revenue FY2025').status).toBe('needs_clarification');
    expect(run('Apple revenue in the US FY2025').status).toBe('needs_clarification');
    expect(run('Tesla other revenue 2021').status).toBe('needs_clarification');
    expect(planned('Can you tell us Apple revenue FY2025?').metric.id).toBe('revenue');
    expect(planned('NVDA US pre-tax income FY2026').metric.id).toBe('pretax_income_domestic');
  });
  it('"how much more … than", "by how much … exceed" are the change; across companies they are asked back', () => {
    expect(planned('How much more revenue did Apple make in FY2025 than in FY2024?').operation).toBe('change');
    expect(planned("By how much did Apple's FY2025 revenue exceed its FY2024 revenue?").operation).toBe('change');
    expect(run("How much bigger was Apple's FY2025 revenue than NVDA's FY2026 revenue?").status).toBe('needs_clarification');
  });
  it('a run of quarters is every quarter in it', () => {
    const specs = (q: string) =>
      planned(q).periods.map((p) => (p.spec.type === 'fiscal' ? `${p.spec.position} ${p.spec.year.year}` : p.spec.type));
    expect(specs('Alphabet revenue Q1-Q3 2025')).toEqual(['Q1 2025', 'Q2 2025', 'Q3 2025']);
    expect(specs('NVIDIA revenue Q1 through Q4 FY26')).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
    expect(specs('Alphabet revenue Q3 2024-Q2 2025')).toEqual(['Q3 2024', 'Q4 2024', 'Q1 2025', 'Q2 2025']);
  });
  it('a run of three-month spans named by their months is every span in it, never its two ends alone', () => {
    const texts = (q: string) => planned(q).periods.map((p) => p.text);
    expect(texts('Tesla net income Oct–Dec 2021 through Apr–Jun 2022')).toEqual(['Oct–Dec 2021', 'Jan–Mar 2022', 'Apr–Jun 2022']);
    // spans that are not three months apart are no run
    expect(texts('Tesla net income Jan–Mar 2022 and Feb–Apr 2022')).toEqual(['Jan–Mar 2022', 'Feb–Apr 2022']);
  });
  it('a balance asked as a rate is a growth; its rise or fall alone an amount', () => {
    expect(planned("Apple shareholders' equity % change FY2025").operation).toBe('growth');
    expect(planned('Apple cash growth rate FY2025 vs FY2024').operation).toBe('growth');
    expect(planned("How much did Apple's cash increase in FY2025?").operation).toBe('change');
  });
  it('depreciation alone is not D&A', () => {
    expect(planned('Apple depreciation FY2025').metric.id).toBe('depreciation_only');
    expect(planned('Apple D&A FY2025').metric.id).toBe('depreciation');
  });
  it('a period placed against the latest quarter is one period', () => {
    expect(planned('Alphabet revenue in the year-ago quarter of its latest quarter').periods).toHaveLength(1);
    expect(planned('Apple revenue for the quarter before the latest quarter').periods).toHaveLength(1);
  });
});

describe('ranges of years written with FY and two digits', () => {
  it('"FY24-26", "FY2023-25" are ranges of fiscal years; "FY2025-26" one fiscal year', () => {
    const r = (q: string) => planQuestion(q, { catalog: CATALOG });
    const a = r('NVDA revenue FY24-26');
    expect(a.status === 'planned' && a.intent.range).toEqual({ from: 2024, to: 2026 });
    const b = r('Apple revenue over FY2023-25');
    expect(b.status === 'planned' && b.intent.range).toEqual({ from: 2023, to: 2025 });
    const c = r('Helios revenue FY2025-26');
    expect(c.status === 'planned' && c.intent.periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'FY', year: { year: 2025, style: 'span', spanEnd: 2026 } },
    ]);
  });
});

describe('third batch of marks', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  const planned = (q: string) => {
    const r = run(q);
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  const specs = (q: string) => planned(q).periods.map((p) => p.spec);
  it('"through the first three quarters of fiscal 2025" and "the 3 quarters ended …" are the nine months', () => {
    expect(specs('Apple revenue through the first three quarters of fiscal 2025')).toEqual([
      { type: 'fiscal', position: '9M', year: { year: 2025, style: 'fiscal' } },
    ]);
    expect(specs('Apple revenue for the 3 quarters ended June 28, 2025')).toEqual([
      { type: 'ended', length: 'nine_months', date: '2025-06-28' },
    ]);
  });
  it('"(fiscal years)" makes the bare years fiscal; a position takes a lone year written apart as one period', () => {
    expect(specs('Which had higher R&D in 2024, Alphabet or Apple (fiscal years)?')).toEqual([
      { type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' } },
    ]);
    expect(specs('Alphabet revenue Q3 (2025)')).toEqual([{ type: 'fiscal', position: 'Q3', year: { year: 2025, style: 'bare' } }]);
    expect(planned('Alphabet Q3 revenue vs 2025 revenue').periods).toHaveLength(2);
  });
  it('"(USD \'000)" is thousands', () => {
    expect(planned("Apple revenue FY2025 (USD '000)").instructions).toMatchObject({ scale: 'thousands', currency: 'USD' });
  });
});

describe('fourth batch: shares of balances, marks, NCI captions', () => {
  const planned = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('reads FYE2025, qtr-end, "31 Dec 23", "vs the comparable period"', () => {
    expect(planned('Apple total assets at FYE2025').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'FY', year: { year: 2025, style: 'fiscal' } },
    ]);
    expect(planned('Apple cash at qtr-end Dec 2025').periods[0]!.spec).toMatchObject({ type: 'boundary', edge: 'end' });
    expect(planned('Apple cash at 31 Dec 23').periods[0]!.spec).toEqual({ type: 'instant', date: '2023-12-31' });
    expect(planned('Apple Q1 FY26 revenue growth vs the comparable period')).toMatchObject({
      operation: 'growth',
      comparison: 'year_over_year',
    });
  });
  it('NCI captions are their own lines', () => {
    expect(planned('Tesla comprehensive income including noncontrolling interests, 2021').metric.id).toBe(
      'comprehensive_income_including_nci',
    );
    expect(planned('Tesla redeemable noncontrolling interests at Dec 31, 2021').metric.id).toBe('redeemable_noncontrolling_interest');
    expect(planned('Tesla net income before noncontrolling interests, 9M 2022').metric.id).toBe('net_income_including_nci');
    expect(planned("Tesla stockholders' equity including noncontrolling interests at 12/31/2021").metric.id).toBe(
      'total_equity_including_nci',
    );
  });
});

describe('counted relations and the latest quarters', () => {
  const planned = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r.intent;
  };
  it('"four quarters before Q1 FY26", "the fiscal year before the latest" are one period; "the last 8 quarters" eight', () => {
    expect(planned('Apple revenue four quarters before Q1 FY26').periods.map((p) => p.spec)).toMatchObject([
      { type: 'relative_to', which: 'prior_quarter', steps: 4 },
    ]);
    expect(planned('Apple revenue in the fiscal year before the latest').periods.map((p) => p.spec)).toEqual([
      { type: 'relative_to', which: 'prior_year', ref: { type: 'relative', which: 'last_fiscal_year' } },
    ]);
    expect(planned('Apple revenue for the quarter before the latest').periods.map((p) => p.spec)).toEqual([
      { type: 'relative_to', which: 'prior_quarter', ref: { type: 'relative', which: 'latest_quarter' } },
    ]);
    expect(planned('NVDA revenue for the last 8 quarters').periods.map((p) => p.spec)).toEqual(
      Array.from({ length: 8 }, (_, k) => ({ type: 'quarter_back', back: 7 - k })),
    );
    // four is the TTM
    expect(planned('NVDA revenue last four quarters').operation).toBe('ttm');
  });
});

describe('words a question adds to its period and measure', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  const planned = (q: string) => {
    const r = run(q);
    if (r.status !== 'planned') throw new Error(`expected a plan for ${q}: ${JSON.stringify(r)}`);
    return r;
  };
  it('a year end stated for a fiscal year is a check on it, never a second period', () => {
    const at = (q: string) => planned(q).intent.periods.map((p) => p.spec);
    expect(at('Apple fiscal year 2024 (ended September) diluted EPS')).toEqual([
      expect.objectContaining({ type: 'fiscal', position: 'FY', endsIn: { month: 9 } }),
    ]);
    expect(at('Apple fiscal 2025 revenue (ended September 2025)')).toEqual([expect.objectContaining({ endsIn: { month: 9, year: 2025 } })]);
    expect(at("NVIDIA's net income for its fiscal year 2026, which ended in late January 2026")).toEqual([
      expect.objectContaining({ endsIn: { month: 1, year: 2026, part: 'late' } }),
    ]);
    expect(at('Marvell revenue fiscal 2025 (ended February 1, 2025)')).toEqual([
      expect.objectContaining({ endsIn: { month: 2, day: 1, year: 2025 } }),
    ]);
  });
  it('a misspelt measure word with one reading is planned as corrected and says so', () => {
    const r = planned('Apple reveune FY2024');
    expect(r.status === 'planned' && r.corrections).toEqual([{ from: 'reveune', to: 'revenue' }]);
    expect(r.status === 'planned' && r.intent.metric.id).toBe('revenue');
    expect(run('Apple blorf FY2024').status).not.toBe('planned');
  });
  it('"consolidated net income" and "total net income" are the line before noncontrolling interests', () => {
    expect(planned('Tesla consolidated net income FY2021').intent.metric.id).toBe('net_income_including_nci');
    expect(planned('Tesla total net income FY2021').intent.metric.id).toBe('net_income_including_nci');
    expect(planned('Tesla consolidated revenue FY2021').intent).toMatchObject({ scope: 'consolidated', metric: { id: 'revenue' } });
  });
});

describe('qualifiers that change nothing, and names that are the company itself', () => {
  const run = (q: string) => planQuestion(q, { catalog: CATALOG });
  it('"GAAP" is the filed figure; "non-GAAP" is not answered', () => {
    expect(run('Alphabet 2025 revenue — GAAP, in $bn').status).toBe('planned');
    expect(run('Alphabet non-GAAP operating income 2025').status).not.toBe('planned');
  });
  it("years written '23 after a full year are years", () => {
    const r = run("Alphabet capex 2022, '23 and '24");
    expect(r.status === 'planned' && r.intent.periods.length).toBe(3);
  });
  it('"attributable to <the company asked about>" is the parent\'s share, not a second company', () => {
    const r = run('Apple net income attributable to Apple, FY2024');
    expect(r.status === 'planned' && [r.intent.entities.length, r.intent.metric.id]).toEqual([1, 'net_income']);
  });
});

describe('a measure whose words the period or company interrupts', () => {
  it('a ratio is never read across a period word: the period one operand is asked for is not dropped', () => {
    const r = planQuestion('Tesla: quarterly R&D as a share of yearly revenue, FY2021', { catalog: CATALOG });
    expect(r.status === 'planned' && r.intent.metric?.id === 'rnd_intensity').toBe(false);
  });
  it('is read around the period: the figure the whole phrase names, never its first words alone', () => {
    for (const q of ['Tesla net income 2021 including noncontrolling interests', 'Tesla net income 2021 incl. noncontrolling interests']) {
      const r = planQuestion(q, { catalog: CATALOG });
      expect(r.status, q).toBe('planned');
      if (r.status === 'planned') expect(r.intent.metric?.id, q).toBe('net_income_including_nci');
    }
  });
});

describe('several measures, each with its own period', () => {
  const periodsOf = (q: string) => {
    const r = planQuestion(q, { catalog: CATALOG });
    if (r.status !== 'planned') throw new Error(`${q}: ${r.status}`);
    return [r.intent, ...(r.also ?? [])].map((i) => [i.metric.id, i.periods.map((p) => p.text)]);
  };
  it('each measure is asked for the periods its own clause names, never for the other measure’s', () => {
    expect(periodsOf('Tesla operating income for FY2021 and its R&D expense for FY2019')).toEqual([
      ['operating_income', ['FY2021']],
      ['rnd', ['FY2019']],
    ]);
  });
  it('periods named once for all the measures are every measure’s', () => {
    expect(periodsOf('Tesla operating income and R&D expense for FY2021 and FY2020')).toEqual([
      ['operating_income', ['FY2021', 'FY2020']],
      ['rnd', ['FY2021', 'FY2020']],
    ]);
  });
});

describe('an average of one fiscal year’s quarters', () => {
  it('"average quarterly" over one year is the mean of its four fiscal quarters, not of fiscal years', () => {
    const r = planQuestion('What was Snowflake’s average quarterly revenue in fiscal 2024?', { catalog: CATALOG });
    expect(r.status).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.operation).toBe('average');
    expect(r.intent.averagePer).toBe('quarter');
    expect(r.intent.range).toEqual({ from: 2024, to: 2024 });
  });
  it('an average over several fiscal years stays one over years', () => {
    const r = planQuestion('Snowflake 3-year average revenue through FY2024', { catalog: CATALOG });
    expect(r.status === 'planned' && r.intent.averagePer).toBeFalsy();
  });
});
