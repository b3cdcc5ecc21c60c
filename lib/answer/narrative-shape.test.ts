import { describe, expect, it } from 'vitest';
import { narrativePassage } from './__fixtures__/narrative-passage';
import type { Bucket } from './narrative-buckets';
import { type NarrativeInput, topicOf } from './answer-narrative';
import { compareTable, type Aspect } from './narrative-comparison';
import { type Evidence, NarrativeWriter } from './narrative-compose';
import { compareNumbers, quantities } from './narrative-redline';
import { type Candidate, candidates, questionNames, relevanceOf, titleOf } from './narrative-select';
import { topicScorer } from './narrative-sentences';

const passage = narrativePassage;

const bucket = (entityId: string, name: string): Bucket => ({
  entityId,
  fiscalYear: 2025,
  entity: { id: entityId, name, ticker: name.slice(0, 4).toUpperCase() },
  label: '10-K FY2025, filed 2025-02-01',
  form: '10-K',
  filedAt: '2025-02-01',
  sourceId: 's1',
  order: '2025|2025-02-01',
});

describe('names the question writes in capitals', () => {
  it('reads a name, its tails and initials; never the company asked about, a month or a filing word', () => {
    expect(questionNames("What does Alphabet's 2024 10-K say about the Wiz acquisition?", 'wiz acquisition', ['ALPHABET INC.'])).toEqual([
      [['wiz']],
    ]);
    const obbba = questionNames(
      "What did Apple's June 2025 10-Q say about the One Big Beautiful Bill Act's tax impact?",
      'one big beautiful bill act tax impact',
      ['Apple Inc.'],
    );
    expect(obbba[0]).toContainEqual(['obbba']);
    expect(obbba[0]).toContainEqual(['beautiful', 'bill', 'act']);
    // the initials of a tail: filings shorten "the EU Digital Markets Act" to "the DMA"
    const dma = questionNames('What does Apple say about the EU Digital Markets Act?', 'eu digital markets act', ['Apple Inc.']);
    expect(dma[0]).toContainEqual(['dma']);
    expect(
      questionNames('Compare the cybersecurity risk disclosures of Apple and NVIDIA in their latest 10-K filings.', 'cybersecurity risk', [
        'Apple Inc.',
        'NVIDIA CORP',
      ]),
    ).toEqual([]);
  });

  it('a sentence that does not name what the question names is no candidate: the filing is silent on it', () => {
    const sc = topicScorer('investment intel', []);
    const text = 'Our competitors include Intel, AMD and others. We made a strategic investment in a startup.';
    const names = questionNames('What did NVIDIA say about its investment in Intel?', 'investment intel', ['NVIDIA CORP']);
    const rel = relevanceOf('investment intel', [], ['Item 7'], names);
    const found = candidates([passage('c1', text, 'Competition', 'Item 1')], sc, rel).map((c) => c.text);
    expect(found).toEqual(['Our competitors include Intel, AMD and others.']);
    expect(candidates([passage('c1', 'We made a strategic investment in a startup.', 'Investments', 'Item 7')], sc, rel)).toEqual([]);
  });
});

describe('what the topic says of the names it writes in capitals', () => {
  const topic = 'federal reserve lifting asset cap';
  const names = questionNames("What does the bank's 2024 10-K say about the Federal Reserve lifting its asset cap?", topic, ['Bank Corp']);
  const rel = relevanceOf(topic, [], ['Item 1'], names);
  const sc = topicScorer(topic, []);

  it('keeps its own nouns beside the names, not a verb form or a placeholder', () => {
    expect(rel.about).toEqual(['asset', 'cap']);
    expect(relevanceOf('greater china business turned', [], [], [[['greater', 'china']]]).about).toEqual([]);
    expect(relevanceOf('holding bitcoin treasury reserves', [], [], []).about).toEqual(['bitcoin', 'treasury', 'reserv']);
  });

  it('a sentence that holds a name but none of those nouns is no candidate; one that holds a noun is', () => {
    const supervision = 'The Parent is subject to inspection and supervision by the Federal Reserve Board.';
    const cap = 'The Federal Reserve limits our total assets under the asset cap in the consent order.';
    expect(candidates([passage('c1', supervision, 'Regulation and Supervision', 'Item 1')], sc, rel)).toEqual([]);
    expect(candidates([passage('c2', cap, 'Regulation and Supervision', 'Item 1')], sc, rel).map((c) => c.text)).toEqual([cap]);
  });

  it('a sentence holding only a verb of the question ("we hold …") says nothing of the topic', () => {
    const t = 'holding bitcoin treasury reserves';
    const hold = 'We hold more than 45% share of the grooming market.';
    expect(candidates([passage('c4', hold, 'Business', 'Item 1')], topicScorer(t, []), relevanceOf(t, [], ['Item 1'], []))).toEqual([]);
  });

  it('one noun beside a name is often what happens to it, said in other words: no such test', () => {
    const one = relevanceOf('blackwell ramp', [], [], questionNames('How did the Blackwell ramp go?', 'blackwell ramp', []));
    expect(one.about).toEqual(['ramp']);
    const shipping = 'We began shipping production systems of the Blackwell architecture in the fourth quarter.';
    expect(candidates([passage('c3', shipping, 'Data Center', 'Item 7')], topicScorer('blackwell ramp', []), one)).not.toEqual([]);
  });
});

describe('titles', () => {
  it("takes a risk factor's heading sentence as its unit's title, cited by the passage's first sentence", () => {
    expect(titleOf('Operational Risks — Risks associated with our suppliers could materially adversely affect our results.')).toBe(
      'Risks associated with our suppliers could materially adversely affect our results.',
    );
    expect(titleOf('Human Capital Management')).toBeNull();
    const p = passage(
      'c9',
      'The products we sell are sourced from suppliers worldwide. Supplier failures could disrupt our supply chain.',
      'Operational Risks — Risks associated with our suppliers could materially adversely affect our supply chain.',
      'Item 1A',
    );
    const cs = candidates([p], topicScorer('supply chain', ['suppliers']));
    const title = cs.find((c) => c.backing);
    expect(title?.text).toBe('Risks associated with our suppliers could materially adversely affect our supply chain.');
    expect(title?.backing?.text).toBe('The products we sell are sourced from suppliers worldwide.');
  });
});

describe('numbers compared as numbers', () => {
  it('reads amounts, percentages and counts, not years, dates or item numbers', () => {
    expect(
      quantities('As of June 28, 2025, the quarterly dividend was $0.26 per share, up 4% in fiscal 2025 (Item 7).').map((q) => q.text),
    ).toEqual(['$0.26', '4%']);
    expect(quantities('We repurchased 310 million shares for $34.0 billion.').map((q) => [q.text, q.value, q.unit])).toEqual([
      ['310 million shares', 310e6, 'shares'],
      ['$34.0 billion', 34e9, '$'],
    ]);
  });

  it('pairs each number of the later wording with the earlier one of the same kind', () => {
    expect(
      compareNumbers(
        'The Board approved a share repurchase authorization of $50 billion; $38.7 billion remained.',
        'The Board approved a share repurchase authorization of $60 billion; $14.7 billion remained.',
      ),
    ).toEqual([
      { before: '$50 billion', after: '$60 billion', change: 'up' },
      { before: '$38.7 billion', after: '$14.7 billion', change: 'down' },
    ]);
    expect(compareNumbers('Gross margin was 75.0%.', 'Gross margin was 72.7%.')).toEqual([
      { before: '75.0%', after: '72.7%', change: 'down' },
    ]);
  });
});

describe('side by side and silence', () => {
  const cand = (id: string, text: string, score = 6): Candidate => ({
    p: passage(id, text),
    text,
    start: 0,
    end: text.length,
    score,
    stems: new Set(text.toLowerCase().split(/\W+/)),
    rank: 0,
  });
  it('a row per aspect some company speaks to; a silent company\u2019s cell is "not discussed"', () => {
    const a = bucket('a', 'Apple Inc.');
    const n = bucket('n', 'NVIDIA CORP');
    const ev: Evidence[] = [
      {
        b: a,
        cands: [cand('a1', 'The Audit Committee oversees cybersecurity risk.'), cand('a2', 'Ransomware attacks are a threat.')],
        found: true,
        closest: null,
        pointer: null,
      },
      { b: n, cands: [cand('n1', 'Ransomware and phishing attacks target our systems.')], found: true, closest: null, pointer: null },
    ];
    const aspects: Aspect[] = [
      { label: 'Governance', matches: (c) => (/committee|board/i.test(c.text) ? 1 : 0) },
      { label: 'Threats', matches: (c) => (/ransomware|phishing/i.test(c.text) ? 1 : 0) },
      { label: 'Incidents', matches: (c) => (/breach/i.test(c.text) ? 1 : 0) },
    ];
    const w = new NarrativeWriter('cybersecurity');
    const t = compareTable(ev, aspects, (c, e) => w.cite(c, e.b), 'cybersecurity');
    expect(t.rows.map((r) => [r.aspect, r.cells.map((c) => (c.notDisclosed ? '-' : c.passageIds.length))])).toEqual([
      ['Governance', [1, '-']],
      ['Threats', [1, 1]],
    ]);
  });

  it('says "<filing> does not discuss <topic>" and names the closest section, quoting nothing', () => {
    const w = new NarrativeWriter('electric-vehicle charging');
    w.silence({
      b: bucket('w', 'WALMART INC.'),
      cands: [],
      found: false,
      pointer: null,
      closest: { section: 'Item 1', heading: 'Our Operations' },
    });
    expect(w.tb.toString()).toBe(
      'WALMART INC.’s 10-K FY2025, filed 2025-02-01 does not discuss “electric-vehicle charging”; the closest section it has is Item 1 (“Our Operations”).\n\n',
    );
    expect(w.passages).toEqual([]);
  });
});

describe('the Items a topic is read in first', () => {
  const intent = (topic: string): NarrativeInput => ({
    entities: [{ id: 'e1', name: 'Acme Corp', ticker: 'ACME' }],
    topic,
    periods: [],
    pathway: 'detail',
  });
  it('reads a results topic of no lexicon entry in MD&A first, a risk in the risk factors first', () => {
    expect(topicOf(intent('comparable store sales'), 'What drove comparable store sales at Acme?').items[0]).toBe('Item 7');
    expect(topicOf(intent('flooding risk'), 'What flooding risk does Acme face?').items[0]).toBe('Item 1A');
  });
  it('keeps the Items of a lexicon topic first', () => {
    const cyber = topicOf(intent('cybersecurity'), 'How does Acme handle cybersecurity?');
    expect(cyber.touched.length).toBeGreaterThan(0);
    expect(cyber.items[0]).toBe('Item 1C');
  });
});
