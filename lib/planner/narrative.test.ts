import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from './catalog';
import { classifyQuestion, findFilingRefs, namedPhrases, planNarrative, unheldListedNames } from './narrative';

const entity = (id: string, name: string, ticker: string, aliases: string[] = []): CatalogEntity =>
  ({
    id,
    name,
    legalName: null,
    ticker,
    cik: null,
    aliases: aliases.map((a) => ({ alias: a, normalized: a.toLowerCase(), kind: 'name' })),
  }) as CatalogEntity;
const catalog = [
  entity('aapl', 'Apple Inc.', 'AAPL', ['Apple']),
  entity('nvda', 'NVIDIA CORP', 'NVDA', ['NVIDIA']),
  entity('wmt', 'Walmart Inc.', 'WMT', ['Walmart']),
  entity('wfc', 'WELLS FARGO & COMPANY/MN', 'WFC'),
];

describe('classifyQuestion', () => {
  it.each([
    ['Compare the cybersecurity risk factor disclosures of Apple and NVIDIA in their latest 10-K filings', 'narrative', 'comparison'],
    ["How has NVIDIA's customer concentration changed between its fiscal 2025 10-K and its latest 10-Q?", 'narrative', 'longitudinal'],
    ["What are the main risks to Walmart's sales in its latest 10-K?", 'narrative', 'detail'],
    ['Describe Walmart’s supply chain risks in its most recent annual report', 'narrative', 'detail'],
    ['What does P&G say about climate change in its latest 10-K?', 'narrative', 'detail'],
    ["What was Apple's revenue in FY2024?", 'numeric', 'detail'],
    ["How did Apple's net sales change from 2023 to 2024?", 'numeric', 'longitudinal'],
    // a figure moving from one filing to another: no one filing holds it, what the filings say of it answers
    ["How did Acme's operating expenses move from its fiscal 2024 10-K to its latest 10-Q?", 'narrative', 'longitudinal'],
    ['How have operating expenses at Acme trended since its fiscal 2024 10-K?', 'narrative', 'longitudinal'],
    ["What were Acme's operating expenses in its fiscal 2024 10-K?", 'numeric', 'detail'],
    ["How did Acme's operating expenses change in its latest 10-Q?", 'numeric', 'longitudinal'],
    ["Compare Acme's operating expenses in its fiscal 2024 10-K with its latest 10-Q.", 'narrative', 'comparison'],
    ["How did the shares outstanding on Acme's 10-K cover change by its latest 10-Q?", 'numeric', 'longitudinal'],
    ["What were Apple's total R&D expenses in fiscal 2024 and what percentage of revenue did they represent?", 'numeric', 'detail'],
    ["What was NVIDIA's revenue in fiscal 2025 and what drove its growth?", 'mixed', 'detail'],
    // a narrative word inside a measure's name asks nothing; outside it, it still does
    ['Apple net income attributable to common stockholders, 2024', 'numeric', 'detail'],
    ['What did Apple attribute its revenue growth to in 2024?', 'narrative', 'detail'],
    // who, which or what things — a list or a description, not a figure — are in the filings' text
    ['Who are the main suppliers of Acme in fiscal 2024?', 'narrative', 'detail'],
    ['What industry is Acme in, according to its 2023 10-K?', 'narrative', 'detail'],
    ['What are the principal markets Acme serves as of fiscal 2024?', 'narrative', 'detail'],
    ['What were the key brands that Acme bought in 2022 and 2023?', 'narrative', 'detail'],
    ['What does Acme manufacture?', 'narrative', 'detail'],
    // a count the filings give in text; counts of a figure's kind stay figures
    ['How many people does Acme employ?', 'narrative', 'detail'],
    ["How many times did Acme's operating income cover its interest expense in 2024?", 'numeric', 'detail'],
    ["What are Acme's total assets at the end of 2023?", 'numeric', 'detail'],
    ['Which segment had the highest revenue in fiscal 2024?', 'numeric', 'detail'],
    // a filing's cover page gives figures, whatever the question's form; a question of what it says stays text
    ['Ordinary shares of Acme outstanding, going by the cover of its Q2 FY2025 10-Q', 'numeric', 'detail'],
    ["Acme's public float on its 10-K cover page?", 'numeric', 'detail'],
    ["What does Acme's 10-K cover page say about where its stock is listed?", 'narrative', 'detail'],
  ])('%s → %s', (q, kind, pathway) => {
    const c = classifyQuestion(q);
    expect([c.kind, c.pathwayHint]).toEqual([kind, pathway]);
  });

  it('keeps a question word that opens a term with the word after it ("disclosure controls", "state aid")', () => {
    expect(classifyQuestion('How does Acme describe its disclosure controls?').topic).toMatch(/\bdisclosure controls$/);
    expect(classifyQuestion('Is Acme exposed to a state aid investigation?').topic).toContain('state aid');
    expect(classifyQuestion('What does Acme state about its disclosures on tariffs?').topic).not.toMatch(/state|disclosure/);
  });

  it('drops operation, pathway and filing words from the topic and expands it', () => {
    const q = 'Compare the cybersecurity risk factor disclosures of Apple and NVIDIA in their latest 10-K filings';
    const span = (w: string) => ({ start: q.indexOf(w), end: q.indexOf(w) + w.length, role: 'entity' });
    const c = classifyQuestion(q, [span('Apple'), span('NVIDIA')]);
    expect(c.topic).toBe('cybersecurity risk factor');
    expect(c.topics).toEqual(['cybersecurity']);
    expect(c.topicTerms).toEqual(expect.arrayContaining(['cyber', 'information security', 'ciso', 'ransomware']));
  });

  it('splits a mixed question into its numeric and narrative parts, the figure joining the topic', () => {
    const c = classifyQuestion("What was NVIDIA's revenue in fiscal 2025 and what drove its growth?");
    expect(c.numericPart).toBe("What was NVIDIA's revenue in fiscal 2025");
    expect(c.narrativePart).toBe('what drove its growth');
    expect(c.topic).toContain('revenue');
  });
});

describe('names in the question', () => {
  it('reads a capitalised name as one term, with its initials', () => {
    expect(namedPhrases('Explain what Apple’s 2024 annual report discloses about the EU Digital Markets Act.')).toEqual([
      'eu digital markets act',
    ]);
    const c = classifyQuestion('Explain what the 2024 annual report discloses about the EU Digital Markets Act.');
    expect(c.topicTerms).toEqual(expect.arrayContaining(['eu digital markets act', 'dma']));
  });

  it('finds a company listed beside a known one that the workspace does not hold', () => {
    const q = 'Contrast the supply chain risks of Nike and Adidas in their most recent 10-Ks.';
    expect(unheldListedNames(q, [{ start: q.indexOf('Nike'), end: q.indexOf('Nike') + 4 }])).toEqual(['Adidas']);
    const r = 'Compare Adidas versus Nike on tariffs';
    expect(unheldListedNames(r, [{ start: r.indexOf('Nike'), end: r.indexOf('Nike') + 4 }])).toEqual(['Adidas']);
    const k = 'Compare Apple and NVIDIA on AI in their latest 10-Ks';
    expect(
      unheldListedNames(k, [
        { start: 8, end: 13 },
        { start: 18, end: 24 },
      ]),
    ).toEqual([]);
    expect(planNarrative('Compare the cybersecurity risks of Apple and Microsoft in their latest 10-Ks', { catalog })).toMatchObject({
      status: 'insufficient_evidence',
    });
  });

  it('reads a company and a topic with no filing named from its recent filings, without asking which', () => {
    for (const q of [
      'What does Walmart flag as its main supply-chain risks?',
      'Which quarters matter most for Walmart — how does it describe seasonality?',
      'How do Apple and NVIDIA talk about protecting their intellectual property?',
    ]) {
      const p = planNarrative(q, { catalog });
      expect(p.status).toBe('planned_narrative');
      if (p.status !== 'planned_narrative') continue;
      expect(p.narrative.filings?.map((f) => [f.form, f.latest, f.recent])).toEqual([[null, true, true]]);
      expect(p.notes.join(' ')).toMatch(/no filing or period named/);
    }
  });

  it('reads "FY25 10-K" as one filing (a detail answer), and "what\'s new" as no topic word', () => {
    const p = planNarrative("What does NVIDIA's FY25 10-K say about export controls?", { catalog });
    expect(p.status === 'planned_narrative' && [p.narrative.pathway, p.narrative.periods.length]).toEqual(['detail', 0]);
    const q = planNarrative("What's new in NVIDIA's latest 10-Q versus its 10-K on customer concentration?", { catalog });
    expect(q.status === 'planned_narrative' && [q.narrative.pathway, q.narrative.topic]).toEqual([
      'longitudinal',
      'customer concentration',
    ]);
  });

  it('asks about the company measured, not the one it is measured against ("like Apple’s", "as Walmart did")', () => {
    const ids = (q: string) => {
      const p = planNarrative(q, { catalog });
      return p.status === 'planned_narrative' ? p.narrative.entities.map((e) => e.id) : p.status;
    };
    expect(ids('Does NVIDIA face an antitrust probe like Apple’s?')).toEqual(['nvda']);
    expect(ids('Does Walmart describe its export control risks as NVIDIA does?')).toEqual(['wmt']);
    // companies listed as examples are all asked about
    expect(ids('How do companies like Apple and NVIDIA describe export controls?')).toEqual(['aapl', 'nvda']);
    expect(ids('Compare the tariff risks of Apple and Walmart.')).toEqual(['aapl', 'wmt']);
  });

  it('leaves the rest of a company name out of the topic ("Fargo" of "Wells Fargo’s")', () => {
    const p = planNarrative('How does Wells Fargo’s 2024 10-K describe its cybersecurity governance?', { catalog });
    expect(p.status).toBe('planned_narrative');
    if (p.status === 'planned_narrative') expect(p.narrative.topic).toBe('cybersecurity governance');
  });
});

describe('findFilingRefs', () => {
  it('reads latest / most recent / year-qualified filings as periods of a filing', () => {
    expect(findFilingRefs('in their latest 10-K filings').map((f) => [f.form, f.latest, f.fiscalYear])).toEqual([['10-K', true, null]]);
    expect(findFilingRefs('its most recent annual report').map((f) => [f.form, f.latest])).toEqual([['10-K', true]]);
    expect(findFilingRefs('in their 2024 10-Ks').map((f) => [f.form, f.latest, f.fiscalYear])).toEqual([['10-K', false, 2024]]);
    expect(findFilingRefs('its fiscal 2025 10-K and its latest 10-Q').map((f) => [f.form, f.fiscalYear])).toEqual([
      ['10-K', 2025],
      ['10-Q', null],
    ]);
    expect(findFilingRefs('what the report says')).toEqual([]);
    // a two-digit fiscal year and a named period month are the filing's, not another period
    expect(findFilingRefs("Nike's FY25 10-K").map((f) => [f.form, f.latest, f.fiscalYear])).toEqual([['10-K', false, 2025]]);
    expect(findFilingRefs('the June 2025 10-Q').map((f) => [f.form, f.latest, f.fiscalYear, f.periodMonth])).toEqual([
      ['10-Q', false, null, '2025-06'],
    ]);
    expect(findFilingRefs('its annual report for 2024').map((f) => [f.form, f.latest, f.fiscalYear])).toEqual([['10-K', false, 2024]]);
  });
});

describe('planNarrative', () => {
  it('plans a comparison over the latest 10-Ks with the entities out of the topic', () => {
    const p = planNarrative('Compare the cybersecurity risk factor disclosures of Apple and NVIDIA in their latest 10-K filings', {
      catalog,
    });
    expect(p.status).toBe('planned_narrative');
    if (p.status !== 'planned_narrative') return;
    expect(p.narrative.entities.map((e) => e.id)).toEqual(['aapl', 'nvda']);
    expect(p.narrative.pathway).toBe('comparison');
    expect(p.narrative.topic).toBe('cybersecurity risk factor');
    expect(p.narrative.periods).toEqual([]);
    expect(p.narrative.filings?.map((f) => f.form)).toEqual(['10-K']);
  });

  it('keeps the year of a "fiscal 2025 10-K" in the filing, not as a second period', () => {
    const p = planNarrative("How has NVIDIA's customer concentration changed between its fiscal 2025 10-K and its latest 10-Q?", {
      catalog,
    });
    if (p.status !== 'planned_narrative') throw new Error(p.status);
    expect(p.narrative.periods).toEqual([]);
    expect(p.narrative.filings?.map((f) => [f.form, f.fiscalYear, f.latest])).toEqual([
      ['10-K', 2025, false],
      ['10-Q', null, true],
    ]);
    expect(p.narrative.pathway).toBe('longitudinal');
    expect(p.narrative.topic).toBe('customer concentration');
  });

  it('reads recent filings when none is named, and leaves numeric questions alone', () => {
    expect(planNarrative("What are Apple's supply chain risks?", { catalog }).status).toBe('planned_narrative');
    expect(planNarrative("What was Apple's revenue in FY2024?", { catalog }).status).toBe('not_narrative');
  });
});
