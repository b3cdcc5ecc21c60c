/**
 * Members named in the filer's own words, through the planner: captions and QName words with lemmas,
 * initials and "&"; a slice by both its members' names; a name two members carry asked back; a place the
 * filer does not report never answered with the total; a parenthesised gloss of a measure is not a second one.
 */
import { describe, expect, it } from 'vitest';
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';
import type { MemberEntry } from './match-metric';
import { planQuestion } from './plan';

function ent(id: string, name: string, extra: string[] = []): CatalogEntity {
  const aliases = [{ alias: name, kind: 'name' }, ...extra.map((a) => ({ alias: a, kind: 'abbreviation' }))].map((a) => ({
    ...a,
    normalized: normalizeAlias(a.alias),
  }));
  return { id, name, legalName: `${name} Inc.`, ticker: id.toUpperCase(), cik: null, aliases };
}

const catalog: CatalogEntity[] = [ent('aapl', 'Apple'), ent('wmt', 'Walmart'), ent('nke', 'Nike'), ent('pg', 'Procter & Gamble', ['P&G'])];
const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const PROD = 'srt:ProductOrServiceAxis';
const GEO = 'srt:StatementGeographicalAxis';
const members: MemberEntry[] = [
  { entityId: 'aapl', axis: SEG, member: 'aapl:AmericasSegmentMember', labels: ['Americas'] },
  { entityId: 'aapl', axis: SEG, member: 'aapl:RestOfAsiaPacificSegmentMember', labels: ['Rest of Asia Pacific'] },
  { entityId: 'aapl', axis: GEO, member: 'country:US', labels: ['U.S.'] },
  { entityId: 'nke', axis: SEG, member: 'nke:AsiaPacificAndLatinAmericaMember', labels: ['Asia Pacific & Latin America'] },
  { entityId: 'pg', axis: SEG, member: 'pg:FabricAndHomeCareMember', labels: ['Fabric & Home Care'] },
  { entityId: 'wmt', axis: SEG, member: 'wmt:WalmartUSSegmentMember', labels: ['U.S.'], display: { 'U.S.': 'Walmart U.S.' } },
  { entityId: 'wmt', axis: SEG, member: 'wmt:SamsClubSegmentMember', labels: ["Sam's Club"] },
  {
    entityId: 'wmt',
    axis: PROD,
    member: 'wmt:GroceryMember',
    labels: ['Grocery'],
    dimensions: { [SEG]: 'wmt:WalmartUSSegmentMember', [PROD]: 'wmt:GroceryMember' },
  },
  {
    entityId: 'wmt',
    axis: PROD,
    member: 'wmt:GroceryMember',
    labels: ['Grocery'],
    dimensions: { [SEG]: 'wmt:SamsClubSegmentMember', [PROD]: 'wmt:GroceryMember' },
  },
  { entityId: 'wmt', axis: GEO, member: 'country:MX', labels: ['Mexico'] },
  { entityId: 'wmt', axis: GEO, member: 'country:US', labels: ['U.S.'] },
  { entityId: 'wmt', axis: SEG, member: 'wmt:MexicoSegmentMember', labels: ['Mexico'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });
const dims = (q: string) => {
  const r = plan(q);
  return r.status === 'planned' ? (r.intent.metric?.dimensions ?? null) : r.status;
};

describe('members named in the filer’s words', () => {
  it('reads a member by its caption, with a possessive, a member noun, "&" or "and", and by its initials', () => {
    expect(dims("What was the Americas segment's operating income at Apple for fiscal 2024?")).toEqual({
      [SEG]: 'aapl:AmericasSegmentMember',
    });
    expect(dims('Rest of Asia Pacific net sales at Apple in fiscal 2023')).toEqual({ [SEG]: 'aapl:RestOfAsiaPacificSegmentMember' });
    expect(dims('Fabric and Home Care net sales at Procter & Gamble in fiscal 2024')).toEqual({ [SEG]: 'pg:FabricAndHomeCareMember' });
    expect(dims('Fabric & Home Care net sales at P&G in fiscal 2024')).toEqual({ [SEG]: 'pg:FabricAndHomeCareMember' });
    expect(dims('Nike APLA revenues, fiscal 2025')).toEqual({ [SEG]: 'nke:AsiaPacificAndLatinAmericaMember' });
    expect(dims("Walmart's Sam's Club net sales in fiscal 2024")).toEqual({ [SEG]: 'wmt:SamsClubSegmentMember' });
  });

  it('a member whose name opens with a task verb joined by "&" is the member, not an instruction', () => {
    const compute = { entityId: 'aapl', axis: SEG, member: 'aapl:ComputeAndStorageSegmentMember', labels: ['Compute And Storage'] };
    const r = planQuestion('Compute & Storage segment operating income for fiscal 2024 (Apple)', {
      catalog,
      measures: { members: [...members, compute] },
    });
    expect(r.status === 'planned' ? r.intent.metric?.dimensions : r.status).toEqual({ [SEG]: 'aapl:ComputeAndStorageSegmentMember' });
    // the verb alone still leads the task
    expect(plan('Compute the Americas segment operating income at Apple for fiscal 2024').status).toBe('planned');
  });

  it('reads a slice only by both its members’ names; one name filed only as slices is asked back', () => {
    expect(dims('Grocery net sales at Walmart U.S. in fiscal 2025')).toEqual({
      [SEG]: 'wmt:WalmartUSSegmentMember',
      [PROD]: 'wmt:GroceryMember',
    });
    expect(dims('Walmart grocery net sales in fiscal 2025')).toBe('needs_clarification');
  });

  it('reads a name the filing writes after the company’s word as that member when the question writes it so', () => {
    expect(dims('Walmart U.S. net sales in fiscal 2025')).toEqual({ [SEG]: 'wmt:WalmartUSSegmentMember' });
    expect(dims('Walmart U.S. segment operating income, fiscal 2024')).toEqual({ [SEG]: 'wmt:WalmartUSSegmentMember' });
    // written without it, the name is the segment's and the country's: asked back
    expect(dims('Walmart net sales in the U.S. in fiscal 2025')).toBe('needs_clarification');
  });

  it('never answers the total for a place the filer does not report', () => {
    for (const q of ['Apple net sales in India, fiscal 2024', 'Apple revenue from Brazil in fiscal 2024'])
      expect(plan(q).status, q).not.toBe('planned');
  });

  it('reads a parenthesised gloss as part of the measure before it, not as a second measure', () => {
    const r = plan('How much did Nike pay in income taxes (cash) during fiscal 2025?');
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric?.id).toBe('income_taxes_paid');
    expect(JSON.stringify(r)).not.toContain('cash_and_equivalents');
  });

  it('reads "what share of <measure> came from <member>" as the member over its own total', () => {
    const r = plan("What share of Apple's fiscal 2024 revenue came from the Americas?");
    expect(r.status).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.expression).toMatchObject({
      op: 'share',
      args: [
        { operand: { metric: { id: 'revenue' } } },
        { operand: { metric: { id: 'revenue', dimensions: { [SEG]: 'aapl:AmericasSegmentMember' } } } },
      ],
    });
    const first = r.intent.expression?.kind === 'op' ? r.intent.expression.args[0] : null;
    expect(first?.kind === 'operand' ? first.operand.metric.dimensions : 'none').toBeUndefined();
  });

  /** The operands' measures of a question planned as a share, in order ([] when it is not one). */
  const shareOperands = (q: string) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned' || r.intent.expression?.kind !== 'op' || r.intent.expression.op !== 'share') return [];
    return r.intent.expression.args.map((a) => (a.kind === 'operand' ? a.operand.metric : null));
  };

  it.each([
    "The Americas segment's share of Apple's fiscal 2024 revenue",
    "Americas' percentage of Apple revenue in fiscal 2024",
    'Rest of Asia Pacific’s portion of Apple’s FY2024 revenue',
  ])('reads "<member>\'s share of <measure>" as the member over its own total: %s', (q) => {
    const [part, whole] = shareOperands(q);
    expect(part).toMatchObject({ id: 'revenue', dimensions: { [SEG]: expect.stringMatching(/^aapl:/) } });
    expect(whole?.id).toBe('revenue');
    expect(whole?.dimensions).toBeUndefined();
  });

  it.each([
    "What share of Walmart's consolidated net sales did the Walmart U.S. segment contribute in fiscal 2025?",
    "What percentage of Apple's fiscal 2024 revenue did the Americas account for?",
    "What portion of Apple's FY2024 revenue did Rest of Asia Pacific make up?",
  ])('reads the part written after its whole with the verb of a part: %s', (q) => {
    const operands = shareOperands(q);
    expect(operands).toHaveLength(2);
    expect(operands.filter((m) => m?.dimensions)).toHaveLength(1);
  });

  it.each([
    "Percentage of Apple's fiscal 2024 revenue that came from Rest of Asia Pacific",
    'Portion of Nike fiscal 2025 revenues earned in Asia Pacific & Latin America',
    "What was the share of Apple's FY2024 revenue that came from the Americas?",
  ])('reads the share word opening the question as "what share of": %s', (q) => {
    const [whole, part] = shareOperands(q);
    expect(whole?.id).toMatch(/^revenue/);
    expect(whole?.dimensions).toBeUndefined();
    expect(part?.dimensions).toBeDefined();
  });

  it('reads a member named before "as a percentage of" with the measure before it, the same measure after it staying whole', () => {
    const [part, whole] = shareOperands("Apple's fiscal 2024 revenue from Rest of Asia Pacific as a percentage of revenue");
    expect(part).toMatchObject({ id: 'revenue', dimensions: { [SEG]: 'aapl:RestOfAsiaPacificSegmentMember' } });
    expect(whole?.id).toBe('revenue');
    expect(whole?.dimensions).toBeUndefined();
  });

  it('gives a member the filer\'s words name before "as a percentage of" to the part only, never to the whole after it', () => {
    const nonUs: MemberEntry[] = [{ entityId: 'nke', axis: GEO, member: 'nke:NonUsMember', labels: ['Non-U.S.'] }];
    const r = planQuestion('Nike fiscal 2025 revenues generated outside the U.S. as a percentage of revenues', {
      catalog,
      measures: { members: nonUs },
    });
    expect(r.status).toBe('planned');
    if (r.status !== 'planned' || r.intent.expression?.kind !== 'op') return;
    const dims = r.intent.expression.args.map((a) => (a.kind === 'operand' ? (a.operand.metric.dimensions ?? null) : 'no operand'));
    expect(dims).toEqual([{ [GEO]: 'nke:NonUsMember' }, null]);
  });

  it('a company\'s own possessive before "share of" is no part: asked back, never the total', () => {
    expect(plan("Apple's share of fiscal 2024 revenue").status).not.toBe('planned');
  });
});

describe('classes of stock', () => {
  const CLS = 'us-gaap:StatementClassOfStockAxis';
  const stock: MemberEntry[] = [
    // one class name on two members of one axis: the common stock reports the share counts, the capital stock only dividends
    {
      entityId: 'aapl',
      axis: CLS,
      member: 'us-gaap:CommonClassAMember',
      labels: ['Common Class A', 'Class A'],
      measures: ['shares_outstanding'],
    },
    {
      entityId: 'aapl',
      axis: CLS,
      member: 'aapl:CapitalClassAMember',
      labels: ['Capital Class A', 'Class A'],
      measures: ['dividends_declared'],
    },
    {
      entityId: 'aapl',
      axis: CLS,
      member: 'aapl:CapitalClassCMember',
      labels: ['Capital Class C', 'Class C'],
      measures: ['shares_outstanding'],
    },
  ];
  const read = (q: string) => {
    const r = planQuestion(q, { catalog, measures: { members: stock } });
    return r.status === 'planned' ? (r.intent.metric?.dimensions ?? null) : r.status;
  };
  it('reads the member of one class name that the asked measure is reported for', () => {
    expect(read('Apple Class A shares outstanding at January 28, 2025')).toEqual({ [CLS]: 'us-gaap:CommonClassAMember' });
    expect(read('Apple Class A dividends declared in fiscal 2024')).toEqual({ [CLS]: 'aapl:CapitalClassAMember' });
  });
  it('keeps the member on the measure a verb makes of a bare word', () => {
    expect(read('How many Class C shares did Apple have outstanding at January 28, 2025?')).toEqual({ [CLS]: 'aapl:CapitalClassCMember' });
  });
  it('asks back when the asked measure is reported for none or both of the members of one name', () => {
    expect(read('Apple Class A revenue in fiscal 2024')).toBe('needs_clarification');
  });
});

describe('a member named with one of several measures', () => {
  it('asks whether the other measure is the member’s or the company’s total, never gives the total beside it', () => {
    const r = plan("What were Walmart's Sam's Club net sales in fiscal 2024, and what was operating income?");
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification')
      expect(r.clarification.question).toMatch(/Sam's Club’s operating income, or the company’s total operating income/);
  });
  it('keeps a member’s measure asked as a share of its own total', () => {
    expect(plan("What were Walmart's Sam's Club net sales as a share of net sales in fiscal 2024?").status).toBe('planned');
  });
});

describe('the words that relate a figure to a member, and a name before its market code', () => {
  const CH = 'us-gaap:ContractWithCustomerSalesChannelAxis';
  const more: MemberEntry[] = [
    ...members,
    { entityId: 'aapl', axis: GEO, member: 'country:CN', labels: ['China'] },
    { entityId: 'nke', axis: CH, member: 'acme:SalesChannelWholesaleMember', labels: ['Wholesale'] },
    { entityId: 'wmt', axis: SEG, member: 'wmt:BulkClubUSMember', labels: ['Bulk Club US'] },
  ];
  const read = (q: string) => {
    const r = planQuestion(q, { catalog, measures: { members: more } });
    return r.status === 'planned' ? (r.intent.metric?.dimensions ?? null) : r.status;
  };
  it('reads where a figure was billed, generated or located, and the channel it was sold through, with the member', () => {
    expect(read('How much revenue did Apple bill to customers in China in fiscal 2024?')).toEqual({ [GEO]: 'country:CN' });
    expect(read('Apple net sales to customers located in China in fiscal 2024')).toEqual({ [GEO]: 'country:CN' });
    expect(read('How much did Nike sell through wholesale in fiscal 2025?')).toEqual({ [CH]: 'acme:SalesChannelWholesaleMember' });
  });
  it('leaves relation words without a member of their kind to block', () => {
    // "through" says a channel, not a place; "located in" a place, not a channel
    expect(read('How much did Apple sell through China in fiscal 2024?')).toBe('needs_clarification');
    expect(read('Nike revenue located in wholesale in fiscal 2025')).toBe('needs_clarification');
  });
  it('reads a short name the question defines in a parenthesis by the member’s own name', () => {
    const dtc: MemberEntry[] = [
      ...more,
      { entityId: 'nke', axis: CH, member: 'us-gaap:SalesChannelDirectlyToConsumerMember', labels: ['Directly To Consumer'] },
    ];
    const r = planQuestion('Nike Direct revenues (direct-to-consumer) for fiscal 2023', { catalog, measures: { members: dtc } });
    expect(r.status === 'planned' ? r.intent.metric?.dimensions : r.status).toEqual({
      [CH]: 'us-gaap:SalesChannelDirectlyToConsumerMember',
    });
    // a word before the parenthesis that is no word of the member still blocks
    const other = planQuestion('Nike Digital revenues (direct-to-consumer) for fiscal 2023', { catalog, measures: { members: dtc } });
    expect(other.status).toBe('needs_clarification');
  });
  it('reads a place’s complement as the filer names it, and blocks where the filer has none', () => {
    const withNonUs: MemberEntry[] = [...more, { entityId: 'wmt', axis: GEO, member: 'us-gaap:NonUsMember', labels: ['Non Us'] }];
    const r = planQuestion('Walmart revenues outside the U.S. in fiscal 2024', { catalog, measures: { members: withNonUs } });
    expect(r.status === 'planned' ? r.intent.metric?.dimensions : r.status).toEqual({ [GEO]: 'us-gaap:NonUsMember' });
    // Apple files no complement of the U.S.: never the U.S. figure in its place
    expect(read('Apple revenue outside the U.S. in fiscal 2024')).toBe('needs_clarification');
  });
  it('reads a member named before its market’s country code by the name alone', () => {
    expect(read('Walmart Bulk Club net sales in fiscal 2024')).toEqual({ [SEG]: 'wmt:BulkClubUSMember' });
  });
});

describe('a member named without its company', () => {
  const owners = [{ entityId: 'wmt', text: "Sam's Club", label: "Sam's Club" }];
  it('is the one company that files it', () => {
    const r = planQuestion("Sam's Club net sales in fiscal 2024", { catalog, measures: { members, owners } });
    expect(r.status).toBe('planned');
    if (r.status === 'planned') {
      expect(r.intent.entities.map((e) => e.id)).toEqual(['wmt']);
      expect(r.intent.metric?.dimensions).toEqual({ [SEG]: 'wmt:SamsClubSegmentMember' });
    }
  });
  it('is asked back when several companies file it, and unknown without one', () => {
    const two = [...owners, { entityId: 'aapl', text: "Sam's Club", label: "Sam's Club" }];
    const r = planQuestion("Sam's Club net sales in fiscal 2024", { catalog, measures: { members, owners: two } });
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.options).toEqual(['Walmart', 'Apple']);
    expect(planQuestion("Sam's Club net sales in fiscal 2024", { catalog, measures: { members } }).status).toBe('insufficient_evidence');
  });
});
