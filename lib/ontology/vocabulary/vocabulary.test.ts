import { describe, expect, it } from 'vitest';
import { restatesMeasure } from './gloss';
import { lemma, wordsOf } from './lemma';
import { buildLexicon, descriptionPhrase, type LexiconSource } from './lexicon';
import { readVocabulary } from './read';

const SEGMENTS = 'us-gaap:StatementBusinessSegmentsAxis';
const PRODUCTS = 'srt:ProductOrServiceAxis';
const GEO = 'srt:StatementGeographicalAxis';

/** A filer's vocabulary as ingest stores it: concept labels and descriptions, member names and captions. */
const SOURCE: LexiconSource = {
  measures: [
    {
      id: 'revenue',
      label: 'Revenue',
      phrases: [
        { text: 'Net sales', source: 'ontology' },
        { text: 'Revenue', source: 'ontology' },
      ],
    },
    { id: 'operating_income', label: 'Operating income', phrases: [{ text: 'Operating income', source: 'ontology' }] },
    {
      id: 'concept:us-gaap:PaymentsForRepurchaseOfCommonStock',
      label: 'Payments for Repurchase of Common Stock',
      phrases: [
        { text: 'Payments for Repurchase of Common Stock', source: 'label' },
        { text: 'The cash outflow to reacquire common stock during the period.', source: 'description' },
      ],
    },
    {
      id: 'concept:us-gaap:PaymentsOfDividends',
      label: 'Payments of Dividends',
      phrases: [{ text: 'Payments of Dividends', source: 'label' }],
    },
    {
      id: 'concept:us-gaap:IncomeTaxesPaidNet',
      label: 'Income Taxes Paid, Net',
      phrases: [{ text: 'Income Taxes Paid, Net', source: 'label' }],
    },
    {
      id: 'concept:us-gaap:ShareBasedCompensation',
      label: 'Share-based Payment Arrangement, Noncash Expense',
      phrases: [{ text: 'Share-based compensation expense', source: 'caption' }],
    },
    {
      id: 'concept:us-gaap:NoncurrentAssets',
      label: 'Long-Lived Assets',
      phrases: [{ text: 'Long-lived assets', source: 'label' }],
    },
    {
      id: 'concept:us-gaap:OtherNonoperatingIncome',
      label: 'Other Nonoperating Income',
      phrases: [{ text: 'Other nonoperating income', source: 'label' }],
    },
    {
      id: 'concept:us-gaap:NonoperatingIncomeExpense',
      label: 'Nonoperating Income (Expense)',
      phrases: [{ text: 'Nonoperating income', source: 'label' }],
    },
  ],
  members: [
    {
      axis: SEGMENTS,
      member: 'aapl:AmericasSegmentMember',
      dimensions: { [SEGMENTS]: 'aapl:AmericasSegmentMember' },
      labels: ['Americas'],
    },
    {
      axis: SEGMENTS,
      member: 'aapl:GreaterChinaSegmentMember',
      dimensions: { [SEGMENTS]: 'aapl:GreaterChinaSegmentMember' },
      labels: ['Greater China'],
    },
    {
      axis: SEGMENTS,
      member: 'aapl:RestOfAsiaPacificSegmentMember',
      dimensions: { [SEGMENTS]: 'aapl:RestOfAsiaPacificSegmentMember' },
      labels: ['Rest of Asia Pacific'],
    },
    { axis: PRODUCTS, member: 'aapl:MacMember', dimensions: { [PRODUCTS]: 'aapl:MacMember' }, labels: ['Mac'] },
    { axis: PRODUCTS, member: 'us-gaap:ServiceMember', dimensions: { [PRODUCTS]: 'us-gaap:ServiceMember' }, labels: ['Services'] },
    { axis: GEO, member: 'country:US', dimensions: { [GEO]: 'country:US' }, labels: ['U.S.'] },
    { axis: GEO, member: 'country:CN', dimensions: { [GEO]: 'country:CN' }, labels: ['China'] },
  ],
};

const lexicon = buildLexicon(SOURCE);
const read = (text: string) => {
  const words = wordsOf(text);
  const r = readVocabulary(lexicon, words);
  return {
    measure: r.measure?.entry.target.id ?? null,
    members: r.members.map((m) => m.entry.target.member),
    uncovered: r.uncovered.map((i) => words[i]!.word),
    candidates: r.candidates.map((c) => c.id),
    nearby: r.nearby.map((c) => c.id),
  };
};

describe('word keys', () => {
  it('give one key to the inflected forms of a word, and irregular verbs their base', () => {
    expect(new Set(['repurchase', 'repurchases', 'repurchased', 'repurchasing'].map(lemma)).size).toBe(1);
    expect(lemma('paid')).toBe('pay');
    expect(lemma('spent')).toBe(lemma('spend'));
    expect(lemma('liabilities')).toBe(lemma('liability'));
    expect(lemma('business')).toBe('business');
    expect(lemma("company's")).toBe(lemma('company'));
  });
  it('keep abbreviations whole', () => {
    expect(wordsOf('R&D at P&G in the U.S., A/R').map((w) => w.word)).toEqual(['r&d', 'at', 'p&g', 'in', 'the', 'us', 'a/r']);
  });
});

describe('reading a question against the filer’s vocabulary', () => {
  it('reads a member by its caption or its QName, with the measure', () => {
    expect(read('Americas segment operating income')).toMatchObject({
      measure: 'operating_income',
      members: ['aapl:AmericasSegmentMember'],
      uncovered: [],
    });
    expect(read('Rest of Asia Pacific net sales')).toMatchObject({ measure: 'revenue', members: ['aapl:RestOfAsiaPacificSegmentMember'] });
    expect(read('Mac revenue')).toMatchObject({ measure: 'revenue', members: ['aapl:MacMember'] });
    expect(read('net sales in the U.S.')).toMatchObject({ measure: 'revenue', members: ['country:US'], uncovered: [] });
  });

  it('takes the longer name: "Greater China" is not China', () => {
    expect(read('Greater China net sales').members).toEqual(['aapl:GreaterChinaSegmentMember']);
    expect(read('long-lived assets located in China')).toMatchObject({
      measure: 'concept:us-gaap:NoncurrentAssets',
      members: ['country:CN'],
      uncovered: ['located'],
    });
  });

  it('reads tagged lines in an analyst’s words through the synonym table', () => {
    expect(read('buybacks')).toMatchObject({ measure: 'concept:us-gaap:PaymentsForRepurchaseOfCommonStock', uncovered: [] });
    expect(read('cash used to repurchase stock')).toMatchObject({
      measure: 'concept:us-gaap:PaymentsForRepurchaseOfCommonStock',
      uncovered: [],
    });
    expect(read('spent on share repurchases')).toMatchObject({
      measure: 'concept:us-gaap:PaymentsForRepurchaseOfCommonStock',
      uncovered: [],
    });
    expect(read('dividends paid')).toMatchObject({ measure: 'concept:us-gaap:PaymentsOfDividends', uncovered: [] });
    expect(read('income taxes paid')).toMatchObject({ measure: 'concept:us-gaap:IncomeTaxesPaidNet', uncovered: [] });
    expect(read('SBC')).toMatchObject({ measure: 'concept:us-gaap:ShareBasedCompensation', uncovered: [] });
    expect(read('stock-based compensation expense')).toMatchObject({ measure: 'concept:us-gaap:ShareBasedCompensation', uncovered: [] });
  });

  it('reads EBIT as operating income only where the filer has no EBIT line', () => {
    expect(read('EBIT').measure).toBe('operating_income');
    const withEbit = buildLexicon({
      ...SOURCE,
      measures: [
        ...SOURCE.measures,
        { id: 'concept:nke:EBIT', label: 'Earnings before interest and taxes', phrases: [{ text: 'EBIT', source: 'caption' }] },
      ],
    });
    expect(readVocabulary(withEbit, wordsOf('EBIT')).measure?.entry.target.id).toBe('concept:nke:EBIT');
  });

  it('leaves a content word no phrase covers uncovered, never dropped', () => {
    expect(read('Mac operating income excluding services')).toMatchObject({ uncovered: ['excluding'] });
    expect(read('adjusted operating income').uncovered).toEqual(['adjusted']);
  });

  it('lists the candidates when several measures fit equally, and what is reported nearby when none does', () => {
    expect(read('nonoperating income').candidates).toEqual([]);
    expect(read('nonoperating income').measure).toBe('concept:us-gaap:NonoperatingIncomeExpense');
    const two = buildLexicon({
      ...SOURCE,
      measures: [
        ...SOURCE.measures,
        { id: 'concept:x:MacSales', label: 'Mac unit sales', phrases: [{ text: 'Net sales', source: 'label' }] },
      ],
    });
    expect(
      readVocabulary(two, wordsOf('net sales'))
        .candidates.map((c) => c.id)
        .sort(),
    ).toEqual(['concept:x:MacSales', 'revenue']);
    expect(read('dividends declared')).toMatchObject({ measure: null, nearby: ['concept:us-gaap:PaymentsOfDividends'] });
  });

  it('reads a short description clause as a phrase, never a long definition', () => {
    expect(descriptionPhrase('Amount of cash outflow to reacquire common stock during the period.')).toBe(
      'cash outflow to reacquire common stock during the period',
    );
    expect(descriptionPhrase('x')).toBeNull();
  });

  it('names a slice only with both of its members, and a member never by a slice or its parent', () => {
    const SEG = SEGMENTS;
    const walmart = buildLexicon({
      measures: SOURCE.measures,
      members: [
        { axis: SEG, member: 'wmt:WalmartUSSegmentMember', dimensions: { [SEG]: 'wmt:WalmartUSSegmentMember' }, labels: ['Walmart U.S.'] },
        { axis: SEG, member: 'wmt:SamsClubSegmentMember', dimensions: { [SEG]: 'wmt:SamsClubSegmentMember' }, labels: ["Sam's Club"] },
        {
          axis: PRODUCTS,
          member: 'wmt:GroceryMember',
          dimensions: { [PRODUCTS]: 'wmt:GroceryMember', [SEG]: 'wmt:WalmartUSSegmentMember' },
          labels: ['Grocery'],
        },
        {
          axis: PRODUCTS,
          member: 'wmt:GroceryMember',
          dimensions: { [PRODUCTS]: 'wmt:GroceryMember', [SEG]: 'wmt:SamsClubSegmentMember' },
          labels: ['Grocery'],
        },
      ],
    });
    const r = (t: string) => readVocabulary(walmart, wordsOf(t));
    expect(r('Walmart U.S. grocery net sales').dimensions).toEqual({
      [PRODUCTS]: 'wmt:GroceryMember',
      [SEG]: 'wmt:WalmartUSSegmentMember',
    });
    expect(r("Sam's Club net sales").dimensions).toEqual({ [SEG]: 'wmt:SamsClubSegmentMember' });
    // grocery alone is filed only as slices of two segments: no figure is grocery's own
    expect(r('grocery net sales').dimensions).toBeNull();
    expect(r('grocery net sales').memberCandidates).toHaveLength(2);
  });

  it('asks which member when one name is carried by members of two axes', () => {
    const two = buildLexicon({
      measures: SOURCE.measures,
      members: [
        { axis: SEGMENTS, member: 'x:AmericasSegmentMember', dimensions: { [SEGMENTS]: 'x:AmericasSegmentMember' }, labels: ['Americas'] },
        { axis: GEO, member: 'x:AmericasMember', dimensions: { [GEO]: 'x:AmericasMember' }, labels: ['Americas'] },
      ],
    });
    const r = readVocabulary(two, wordsOf('Americas revenue'));
    expect(r.dimensions).toBeNull();
    expect(r.memberCandidates.map((m) => m.member).sort()).toEqual(['x:AmericasMember', 'x:AmericasSegmentMember']);
  });
});

describe('a word a name negates is no word of the measure', () => {
  it('"current" does not restate a measure named "non-current …"; its own words still do', () => {
    expect(restatesMeasure('current', 'long_term_debt')).toBe(false);
    expect(restatesMeasure('debt', 'long_term_debt')).toBe(true);
  });
});
