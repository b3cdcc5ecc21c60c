import { describe, expect, it } from 'vitest';
import { entityAttributeCheck } from './answer-narrative';
import {
  candidates,
  holdsRoot,
  isCrossReference,
  leadInWithList,
  pick,
  quotable,
  titleOf,
  referencedDocument,
  relevanceOf,
} from './narrative-select';
import { narrativePassage } from './__fixtures__/narrative-passage';
import { redline, wordDiff } from './narrative-redline';
import { recency, scoreSentence, splitSentences, topicScorer } from './narrative-sentences';
import { NARRATIVE_TOPICS, topicTokens, topicUnits, unitMatch } from '@/lib/retrieval/narrative-topics';
import { ftsQuery, headingNote, noteReferences, rerankBucket } from '@/lib/retrieval/narrative-passages';
import type { AnswerPassage } from './types';

describe('splitSentences', () => {
  it('keeps whole sentences: never inside a number, an abbreviation or a parenthesis', () => {
    const t =
      'The U.S. District Court ruled that Google violated U.S. antitrust laws. The operating margin was reduced to 11.4% (compared with 12.1% in fiscal 2023. see below). Sales rose in the U.S. The Company (the “Company”) sells. It paid $3.0 billion, i.e. more.\n• a bullet; and';
    const s = splitSentences(t).map((x) => x.text);
    expect(s).toEqual([
      'The U.S. District Court ruled that Google violated U.S. antitrust laws.',
      'The operating margin was reduced to 11.4% (compared with 12.1% in fiscal 2023. see below).',
      'Sales rose in the U.S.',
      'The Company (the “Company”) sells.',
      'It paid $3.0 billion, i.e. more.',
      '• a bullet; and',
    ]);
    for (const x of splitSentences(t)) expect(t.slice(x.start, x.end)).toBe(x.text);
    expect(s.some((x) => /\d\.$/.test(x) && !/\d{4}\.$/.test(x))).toBe(false);
  });

  it('does not end a sentence at a middle initial or at "Messrs."', () => {
    const t =
      'Our Chief Executive Officer, Maria T. Lindqvist, and our Chief Financial Officer, Omar K. Haddad, reviewed the controls. Messrs. Haddad and Lindqvist concluded they were effective. Revenue in Region B. The rest was flat.';
    expect(splitSentences(t).map((x) => x.text)).toEqual([
      'Our Chief Executive Officer, Maria T. Lindqvist, and our Chief Financial Officer, Omar K. Haddad, reviewed the controls.',
      'Messrs. Haddad and Lindqvist concluded they were effective.',
      'Revenue in Region B.',
      'The rest was flat.',
    ]);
  });

  it('does not end a sentence at an item number inside a quoted caption, but does at "see Note 10."', () => {
    const t =
      'We describe the matters below under the caption "Item 3. Legal Proceedings." For details, see Note 10. The Company appealed.';
    expect(splitSentences(t).map((x) => x.text)).toEqual([
      'We describe the matters below under the caption "Item 3. Legal Proceedings."',
      'For details, see Note 10.',
      'The Company appealed.',
    ]);
  });
});

describe('scoreSentence', () => {
  it('prefers the topic words, then the expansion, under a matching heading; cross-references score low', () => {
    const sc = topicScorer('cybersecurity governance', ['ciso', 'audit committee', 'information security']);
    const a = scoreSentence(
      'The Audit Committee assists the Board in the oversight and monitoring of cybersecurity matters.',
      'Item 1C. Cybersecurity',
      sc,
    );
    const b = scoreSentence('The Company’s Information Security team develops policies.', null, sc);
    const c = scoreSentence('For a discussion of cybersecurity risks, see Item 1A of this Form 10-K.', null, sc);
    const d = scoreSentence('Net sales grew in every region.', null, sc);
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(c);
    expect(d).toBe(0);
  });
});

describe('recency', () => {
  // Alphabet FY2024 (year ended 31 Dec 2024, filed 5 Feb 2025); NVIDIA's 10-Q for Q2 FY2026 (ended 27 Jul 2025)
  const googl = { fiscalYear: 2024, periodEnd: '2024-12-31', filedAt: '2025-02-05' };
  const nvdaQ = { fiscalYear: 2026, periodEnd: '2025-07-27', filedAt: '2025-08-27' };
  it("reads a development dated in the filing's period, or its fiscal year named, as news; one years before as history", () => {
    expect(recency('In September 2024, the European Court of Justice rejected our appeal.', googl)).toBe('recent');
    expect(recency('In January 2025, the court set a date.', googl)).toBe('recent');
    expect(recency('In June 2017, the EC announced its decision.', googl)).toBe('old');
    expect(recency('In May 2025, the USG announced that it would rescind the rule.', nvdaQ)).toBe('recent');
    expect(recency('There were no H20 sales in the second quarter of fiscal year 2026.', nvdaQ)).toBe('recent');
    expect(
      recency('For fiscal 2027, we expect a negative impact on gross margin.', {
        fiscalYear: 2026,
        periodEnd: '2026-05-31',
        filedAt: null,
      }),
    ).toBe('recent');
    expect(
      recency('In 2021, the Company announced a 2040 net zero ambition.', {
        fiscalYear: 2025,
        periodEnd: '2025-06-30',
        filedAt: '2025-08-04',
      }),
    ).toBe('old');
    expect(recency('We face intense competition.', googl)).toBeNull();
  });

  it('lifts a sentence of the period above the same sentence dated years before', () => {
    const sc = topicScorer('antitrust', ['court', 'fine']);
    const recent = scoreSentence(
      'In September 2024, the Court rejected our appeal and upheld the antitrust fine.',
      { heading: 'Antitrust Matters', filing: googl },
      sc,
    );
    const old = scoreSentence(
      'In September 2017, the Court rejected our appeal and upheld the antitrust fine.',
      { heading: 'Antitrust Matters', filing: googl },
      sc,
    );
    expect(recent).toBeGreaterThan(old);
  });
});

describe('candidates', () => {
  const passage = (text: string) => narrativePassage('c1', text);
  it('counts a sentence position within its paragraph: a later paragraph opens with what it is about', () => {
    const lead = 'The Audit Committee assists the Board in the oversight and monitoring of cybersecurity matters.';
    const filler =
      'The team runs cybersecurity training for employees every year. It tests cybersecurity controls with third parties. It monitors cybersecurity events around the clock.';
    const sc = topicScorer('cybersecurity oversight', []);
    const asLead = candidates([passage(`${filler}\n${lead} It reports to the Board.`)], sc).find((c) => c.text === lead)!;
    const asFourth = candidates([passage(`${filler} ${lead}\nIt reports to the Board.`)], sc).find((c) => c.text === lead)!;
    expect(asLead.score).toBeGreaterThan(asFourth.score);
  });

  it('quotes a sentence of a sub-section given to the topic even when it does not repeat the topic’s words', () => {
    const text =
      'We have about 3,000 staff in the region who support research and development. Several of them have been called up for reserve duty. Our suppliers there have not reported interruptions.';
    const rel = relevanceOf('exposure flooding thailand', [], ['Item 7']);
    const sc = topicScorer('exposure flooding thailand', []);
    const under = (heading: string) =>
      candidates([narrativePassage('c1', text, heading, 'Item 7')], sc, rel)
        .map((c) => c.text)
        .sort();
    expect(under('Thailand Flooding')).toHaveLength(3);
    // a heading that only touches the topic carries no sentence that does not say it
    expect(under('Operations in Asia, Europe, Latin America and Thailand')).toEqual([]);
  });

  it('reads a topic noun in any word of its root when it names a topic of the lexicon, else only in its own word', () => {
    const rel = relevanceOf('busiest months seasonality', [], ['Item 1']);
    const sc = topicScorer('busiest months seasonality', ['seasonal', 'holiday']);
    const seasonal = 'Demand for our products is seasonal, with the highest volume in the winter holiday period.';
    expect(candidates([narrativePassage('c1', seasonal, 'General', 'Item 1')], sc, rel).map((c) => c.text)).toEqual([seasonal]);
    expect(holdsRoot(new Set(['statement']), 'state')).toBe(false);
    expect(holdsRoot(new Set(['seasonal']), 'seasonality')).toBe(true);
    // "electricity" is not the "electric" of an electric-vehicle programme
    const ev = relevanceOf('electric-vehicle charging programme', [], ['Item 1']);
    const cost = 'Increased costs for electricity and other energy could harm our margins in the coming year.';
    expect(
      candidates([narrativePassage('c1', cost, 'Risks', 'Item 1A')], topicScorer('electric-vehicle charging programme', []), ev),
    ).toEqual([]);
  });

  const mk = (id: string, rank: number, text: string, score: number, heading = 'Cybersecurity') => ({
    p: { ...passage(text), id, heading },
    text,
    start: 0,
    end: text.length,
    score,
    stems: new Set(text.toLowerCase().split(/\W+/)),
    rank,
  });

  it('picks by relevance within the word budget: a sentence that does not fit gives way to a shorter one; near-duplicates once', () => {
    const long = `Long sentence about cybersecurity ${'governance and oversight '.repeat(20)}ends here.`;
    const cs = [
      mk('a', 0, 'Strong lead of the top passage about cybersecurity.', 9, 'A'),
      mk('b', 1, 'Strong lead of the top passage about cybersecurity.', 8.5, 'B'),
      mk('c', 0, long, 8, 'C'),
      mk('d', 3, 'A short sentence on cyber threats.', 7, 'D'),
      mk('e', 3, 'Below the relevance bar.', 2, 'E'),
    ];
    expect(pick(cs, { words: 30 }).map((c) => c.p.id)).toEqual(['a', 'd']);
    // (the long one, about as relevant, is read after the short one)
    expect(pick(cs, { words: 200 }).map((c) => c.p.id)).toEqual(['a', 'd', 'c']);
  });

  it('passes over a sentence that would take more than half the answer, unless nothing else is relevant', () => {
    const monster = `Many events could disrupt our suppliers, ${'including storms, strikes, shortages and delays at ports, '.repeat(16)}and more.`;
    const cs = [
      mk('a', 0, monster, 9.5, 'Suppliers'),
      mk('b', 0, 'The products we sell are sourced from a wide variety of domestic and international suppliers.', 9, 'Suppliers'),
      mk('c', 1, 'We depend on a small number of carriers to move goods to our stores.', 8, 'Logistics'),
    ];
    expect(pick(cs, { words: 240 }).map((c) => c.p.id)).toEqual(['b', 'c']);
    expect(pick([cs[0]!], { words: 240 }).map((c) => c.p.id)).toEqual(['a']);
  });

  it('charges a long sentence per word by the share of the paragraph it takes: a roomier paragraph reads it first', () => {
    const long = `The Risk Committee of the Board oversees the program, ${'reviews reports from the security officer on threats, '.repeat(5)}and reports to the Board.`;
    const cs = [
      mk('a', 0, long, 13, 'Oversight'),
      mk('b', 1, 'The security officer leads a team of engineers.', 8.5, 'Team'),
      mk('c', 2, 'Vendors are assessed before they are given access.', 8.4, 'Vendors'),
    ];
    expect(long.split(/\s+/).length).toBeGreaterThan(45);
    expect(pick(cs, { words: 120, n: 1 }).map((c) => c.p.id)).toEqual(['b']);
    expect(pick(cs, { words: 240, n: 1 }).map((c) => c.p.id)).toEqual(['a']);
  });

  it('weighs down a further sentence of a unit already quoted, so that the answer covers the topic’s parts', () => {
    const cs = [
      mk('a', 0, 'Governance: the Audit Committee oversees cybersecurity.', 9, 'Governance'),
      mk('a', 0, 'The committee meets with the CISO every quarter.', 8.2, 'Governance'),
      mk('b', 1, 'Threats include ransomware and phishing attacks.', 8, 'Threats'),
    ];
    expect(pick(cs, { words: 200, n: 2 }).map((c) => c.text)).toEqual([
      'Governance: the Audit Committee oversees cybersecurity.',
      'Threats include ransomware and phishing attacks.',
    ]);
  });
});

describe('topic phrases', () => {
  it('scores a sentence that uses the topic phrase above one with the same words apart', () => {
    const sc = topicScorer('manufacturing lead times', []);
    const phrase = scoreSentence('We have experienced extended lead times of more than 12 months for manufacturing.', null, sc);
    const apart = scoreSentence('Manufacturing times may lead to more than 12 months of extended delay.', null, sc);
    expect(phrase).toBeGreaterThan(apart);
  });
});

describe('topic words', () => {
  it('reads intellectual property as intellectual property, not as real estate', () => {
    const ids = (q: string) => NARRATIVE_TOPICS.filter((t) => t.ask.test(q)).map((t) => t.id);
    expect(ids('how does it protect its intellectual property')).toEqual(['ip']);
    expect(ids('which properties does it lease')).toEqual(['properties']);
  });

  it('weighs a dated development above the same statement undated', () => {
    const sc = topicScorer('antitrust', []);
    expect(scoreSentence('In September 2024, the Court rejected our appeal in the antitrust case.', null, sc)).toBeGreaterThan(
      scoreSentence('Eventually, the Court rejected our appeal in the antitrust case.', null, sc),
    );
  });

  it('topic aspects (the comparison rows) are lower-case terms under distinct labels', () => {
    for (const t of NARRATIVE_TOPICS) {
      const labels = (t.aspects ?? []).map((a) => a.label);
      expect(new Set(labels).size).toBe(labels.length);
      for (const a of t.aspects ?? []) {
        expect(a.terms.length).toBeGreaterThan(0);
        for (const term of a.terms) expect(term).toBe(term.toLowerCase().trim());
      }
    }
  });
});

describe('redline', () => {
  const s = (text: string, heading: string | null = 'H') => ({ text, heading, section: 'Item 1A', passageId: null });
  it('marks unchanged, modified (with a word diff), added and removed sentences', () => {
    const before = [
      s('Export controls restrict sales of our products to China.'),
      s('We depend on a limited number of customers.'),
      s('Old risk that was dropped entirely from the filing.'),
    ];
    const after = [
      s('Export controls restrict sales of our H20 products to China and D:5 countries.'),
      s('We depend on a limited number of customers.'),
      s('In April 2025 the USG informed us that a license is required.'),
    ];
    const e = redline(before, after);
    expect(e.map((x) => x.kind)).toEqual(['modified', 'unchanged', 'removed', 'added']);
    expect(e[0]!.diff!.filter((d) => d.op === 'ins').map((d) => d.text)).toEqual(['H20', 'China and D:5 countries.']);
  });

  it('does not call a sentence removed when the later filing still has it elsewhere', () => {
    const e = redline([s('A sentence kept in another section of the later filing.')], [], {
      afterFullText: ['Intro. A sentence kept in another section of the later filing. More.'],
    });
    expect(e.map((x) => x.kind)).toEqual(['unchanged']);
  });

  it('aligns a topic sentence without a counterpart against the whole other filing: reworded elsewhere is modified, kept is unchanged, gone is removed', () => {
    const before = [
      s('Excessive or shifting export controls increase the risk of investing in U.S. semiconductor products.'),
      s('We sold A100 products to China in fiscal 2024.'),
      s('The AI Diffusion rule would expose U.S. providers to enhanced competition.'),
    ];
    const afterFull = [
      s('Export controls increase the risk of investing in U.S. semiconductor products.', 'Other heading'),
      s('We sold A100 products to China in fiscal 2024.', 'Other heading'),
      s('Our revenue grew in every segment during the quarter.', 'MD&A'),
    ];
    const after = [s('In April 2025, the USG informed us that a license is required for H20 exports to China.')];
    const beforeFull = [...before, s('Unrelated earlier sentence about leases and office space.')];
    const e = redline(before, after, { afterFull, beforeFull });
    expect(e.map((x) => [x.kind, x.after?.text.slice(0, 20) ?? null])).toEqual([
      ['modified', 'Export controls incr'],
      ['unchanged', 'We sold A100 product'],
      ['removed', null],
      ['added', 'In April 2025, the U'],
    ]);
    expect(e[0]!.diff!.filter((d) => d.op === 'del').map((d) => d.text)).toEqual(['Excessive or shifting']);
    // a counterpart is used once: a second copy of a sentence does not claim the same later sentence
    const twice = redline(
      [s('We sold A100 products to China in fiscal 2024.'), s('We sold A100 products to China in fiscal 2024.', 'Elsewhere')],
      [],
      { afterFull },
    );
    expect(twice.map((x) => x.kind)).toEqual(['unchanged', 'removed']);
  });

  it('diffs words', () => {
    expect(wordDiff('a b c', 'a x c')).toEqual([
      { op: 'eq', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'ins', text: 'x' },
      { op: 'eq', text: 'c' },
    ]);
  });
});

describe('topic units', () => {
  const match = (topic: string, text: string, extra: string[] = []) => {
    const seq = topicTokens(text);
    return topicUnits(topic, extra).map((u) => unitMatch(u, seq, new Set(seq)));
  };
  it('reads a lexicon phrase as one unit: its words apart are not it, unless a word names the topic alone', () => {
    expect(topicUnits('human capital').map((u) => u.text)).toEqual(['human capital']);
    expect(match('human capital', 'Human Capital Management')).toEqual([1]);
    expect(match('human capital', 'CAPITAL RESOURCES')[0]).toBeLessThan(0.2);
    // "legal" names the legal topic on its own; "proceedings" does not
    expect(match('antitrust legal proceedings', 'The legal matters are described below.')).toEqual([0, 0.5]);
    // singular and plural meet ("employee" / "employees")
    expect(match('employees', 'EMPLOYEE BASE')).toEqual([1]);
  });

  it('reads a name the question capitalises as one unit, matched by a long tail or its initials', () => {
    const extra = ['eu digital markets act', 'edma', 'dma'];
    expect(topicUnits('eu digital markets act', extra)).toHaveLength(1);
    expect(match('eu digital markets act', 'The DMA provides for significant fines.', extra)).toEqual([1]);
    expect(match('eu digital markets act', 'to comply with the Digital Markets Act', extra)).toEqual([1]);
    expect(match('eu digital markets act', 'markets in the EU', extra)[0]).toBeLessThan(0.2);
  });

  it('a sentence must name the topic itself: a modifier word alone ("governance") is not the topic', () => {
    const sc = topicScorer('cybersecurity risk governance', NARRATIVE_TOPICS.find((t) => t.id === 'cybersecurity')!.terms);
    expect(scoreSentence('The OCC guidelines require covered banks to establish a written risk governance framework.', null, sc)).toBe(0);
    expect(scoreSentence('See the privacy policy, or security policy of this website.', null, sc)).toBe(0);
    expect(scoreSentence('The Board oversees cybersecurity risk through its Audit Committee.', null, sc)).toBeGreaterThan(0);
    // a phrase filings use for the topic is enough ("net zero" for climate)
    const climate = topicScorer('climate-change', NARRATIVE_TOPICS.find((t) => t.id === 'climate')!.terms);
    expect(scoreSentence('In 2021, the Company announced a 2040 net zero ambition.', null, climate)).toBeGreaterThan(0);
    // a topic of generic words only ("risk factors") is named by them
    expect(scoreSentence('There have been no material changes to the risk factors.', null, topicScorer('risk factor', []))).toBeGreaterThan(
      0,
    );
  });
});

describe('quotable sentences', () => {
  const at = (t: string) => ({ text: t, start: 10, end: 10 + t.length });
  it('quotes a list item without its glyph, and never a fragment, a lead-in alone or a caption', () => {
    expect(quotable(at('•A significant amount of our revenue stems from a limited number of partners.'))).toEqual({
      text: 'A significant amount of our revenue stems from a limited number of partners.',
      start: 11,
      end: 10 + 77,
    });
    expect(quotable(at('•lack of guaranteed supply of wafer, component and capacity;'))).toBeNull();
    expect(quotable(at('•30 basis points of higher commodity costs,'))).toBeNull();
    expect(quotable(at('Foreign Exchange Rate Risk'))).toBeNull();
    expect(quotable(at('such as AMD, Huawei and Intel;'))).toBeNull();
    expect(quotable(at('S. customers, which includes foreign military sales, accounted for 41% of our revenues.'))).toBeNull();
  });

  it('never quotes a sub-heading run into the text, nor a scrap left by a break, as a sentence', () => {
    expect(quotable(at('Interest Rate Sensitivity.'))).toBeNull();
    expect(quotable(at('Review of Internal Controls and the Audit Process.'))).toBeNull();
    expect(quotable(at('Ltd., among others.'))).toBeNull();
    expect(quotable(at('Management Report on Controls over Financial Reporting.'))).toBeNull();
    expect(quotable(at('The following tables show segment revenues by geography and channel for each period.'))).toBeNull();
    expect(titleOf('Item 9A — Assessment of Disclosure Controls and Procedures.')).toBeNull();
    // a short sentence of its own stays quotable, and a risk factor's title stays a title
    expect(quotable(at('Demand for our consoles fell sharply.'))?.text).toBe('Demand for our consoles fell sharply.');
    expect(titleOf('Risk Factors — Our reliance on a few carriers could disrupt deliveries.')).toBe(
      'Our reliance on a few carriers could disrupt deliveries.',
    );
  });

  it('quotes a lead-in with its short list, whole', () => {
    const text =
      'We face formidable competition in every aspect of our business, including from:\n•general purpose search engines;\n•vertical search engines.\nOther text follows here.';
    const s = splitSentences(text);
    const q = leadInWithList(text, s, 0)!;
    expect(q.text).toBe(
      'We face formidable competition in every aspect of our business, including from:\n•general purpose search engines;\n•vertical search engines.',
    );
    expect(text.slice(q.start, q.end)).toBe(q.text);
  });

  it('never quotes a lead-in to no list (a table follows, or more text)', () => {
    const text =
      'The following table presents details of our share repurchase transactions during the quarter:\nPeriod Shares Price\nTotal 20 $3.5';
    expect(leadInWithList(text, splitSentences(text), 0)).toBeNull();
  });
});

describe('cross-references', () => {
  it('tells a pointer to another document from what a filing says, and names the document', () => {
    const p =
      'Information in response to this Item 1C can be found in the 2024 Annual Report to Shareholders under “Financial Review – Risk Management – Operational Risk Management.”';
    expect(isCrossReference(p)).toBe(true);
    expect(isCrossReference('That information is incorporated into this item by reference.')).toBe(true);
    expect(referencedDocument(p)).toBe('2024 Annual Report to Shareholders');
    expect(isCrossReference('The Audit Committee assists the Board in the oversight of cybersecurity matters.')).toBe(false);
    expect(isCrossReference('For a discussion of cybersecurity risks, see Item 1A of this Form 10-K.')).toBe(true);
    // another Item of this filing is no other document; an earlier report is
    expect(referencedDocument('For a discussion of cybersecurity risks, see Item 1A of this Form 10-K.')).toBeNull();
    expect(
      referencedDocument(
        '… which are hereby incorporated by reference, there have been no material changes to the Company’s risk factors since the 2024 Form 10-K.',
      ),
    ).toBe('2024 Form 10-K');
  });
});

describe('rerankBucket', () => {
  const chunk = (id: string, section: string, heading: string, text: string) => ({ id, section, heading, text });
  it('matches the topic phrase-aware: "human capital" is not "Capital Resources"', () => {
    const o = {
      topic: 'human capital',
      terms: NARRATIVE_TOPICS.find((t) => t.id === 'human_capital')!.terms,
      items: ['Item 1', 'Item 1A', 'Item 7'],
      k: 2,
    };
    const fused = [
      {
        item: chunk('cap', 'Item 7', 'CAPITAL RESOURCES', 'Our capital resources include cash, commercial paper and long-term debt.'),
        score: 1 / 61,
      },
      {
        item: chunk('emp', 'Item 1', 'EMPLOYEE BASE', 'As of May 31, 2025, we had approximately 77,800 employees worldwide.'),
        score: 1 / 64,
      },
      { item: chunk('hc', 'Item 1', 'HUMAN CAPITAL RESOURCES', 'We believe our employees are critical to our success.'), score: 1 / 62 },
    ];
    expect(rerankBucket(fused, o).map((k) => k.item.id)).toEqual(['hc', 'emp']);
  });

  it('ranks by topic coverage, heading and item prior over raw fusion, and keeps diverse passages', () => {
    const fused = [
      {
        item: chunk(
          'auditor',
          'Item 8',
          'Report of Independent Registered Public Accounting Firm',
          'We audited internal control over financial reporting and the supply of information.',
        ),
        score: 1 / 61,
      },
      {
        item: chunk(
          'rf1',
          'Item 1A',
          'Risks associated with our suppliers could materially adversely affect our financial performance.',
          'Global sourcing of many products from suppliers is important. Supply chain disruption hurts.',
        ),
        score: 1 / 62,
      },
      {
        item: chunk(
          'rf1dup',
          'Item 1A',
          'Risks associated with our suppliers could materially adversely affect our financial performance.',
          'Global sourcing of many products from suppliers is important. Supply chain disruption hurts.',
        ),
        score: 1 / 63,
      },
      {
        item: chunk('mdna', 'Item 7', 'Overview', 'Disruptions in supply chain and inventory management influence results.'),
        score: 1 / 64,
      },
    ];
    const kept = rerankBucket(fused, {
      topic: 'supply chain risks',
      terms: ['supplier', 'sourcing'],
      items: ['Item 1A', 'Item 1', 'Item 7'],
      k: 2,
    });
    expect(kept.map((k) => k.item.id)).toEqual(['rf1', 'mdna']);
  });

  it('a topic item that only points to a note hands the note its prior; the pointer itself drops', () => {
    const pointer = chunk(
      'item3',
      'Item 3',
      'Item 3. LEGAL PROCEEDINGS',
      'For a description of our material pending legal proceedings, see Legal Matters in Note 10 of the Notes to Consolidated Financial Statements included in Part II, Item 8.',
    );
    const note = chunk(
      'n10',
      'Item 8',
      'Note 10. Commitments and Contingencies — Legal Matters — Antitrust Matters',
      'We are subject to antitrust investigations and litigation. In September 2024, the court upheld the fine.',
    );
    const risk = chunk(
      'rf',
      'Item 1A',
      'We are subject to legal proceedings and antitrust claims that could harm our business.',
      'Legal proceedings and antitrust lawsuits could result in fines.',
    );
    const o = {
      topic: 'antitrust legal proceedings',
      terms: ['litigation', 'court', 'fine'],
      items: ['Item 3', 'Item 1A', 'Item 8'],
      k: 3,
    };
    const fused = [risk, pointer, note].map((item, i) => ({ item, score: 1 / (61 + i) }));
    const kept = rerankBucket(fused, o);
    expect(kept[0]!.item.id).toBe('n10');
    expect(kept.find((k) => k.item.id === 'n10')!.parts.item).toBeCloseTo(1.25);
    expect(kept.find((k) => k.item.id === 'item3')!.parts.item).toBeLessThan(1);
    // without the pointer the note is just Item 8
    expect(
      rerankBucket(
        [risk, note].map((item, i) => ({ item, score: 1 / (61 + i) })),
        o,
      ).find((k) => k.item.id === 'n10')!.parts.item,
    ).toBeCloseTo(0.35);
  });

  it('reads note references and their captions in the forms filings use', () => {
    expect(
      noteReferences({
        id: 'a',
        section: 'Item 3',
        text: 'For a description of our material pending legal proceedings, see Legal Matters in Note 10 of the Notes to Consolidated Financial Statements.',
      }),
    ).toEqual([{ note: 10, captions: ['legal matters'], fromId: 'a', section: 'Item 3' }]);
    expect(
      noteReferences({
        id: 'b',
        section: 'Item 3',
        text: 'Refer to Note 16 — Commitments and Contingencies in the accompanying Notes to the Consolidated Financial Statements for additional information.',
      })[0],
    ).toMatchObject({ note: 16, captions: ['commitments and contingencies'] });
    expect(
      noteReferences({
        id: 'c',
        section: 'Item 3',
        text: 'We discuss certain legal proceedings in Note 10 to our Consolidated Financial Statements included in "Item 8. Financial Statements," which is captioned "Contingencies," under the sub-caption "Legal Proceedings."',
      })[0]!.captions,
    ).toEqual(expect.arrayContaining(['contingencies', 'legal proceedings']));
    // a long passage is content, not a pointer; a number like "Note 1.5" is not a note
    expect(
      noteReferences({ id: 'd', section: 'Item 3', text: `${'The Company is party to many matters. '.repeat(50)} See Note 4.` }),
    ).toEqual([]);
    expect(headingNote('NOTE 13 COMMITMENTS AND CONTINGENCIES — Legal')).toBe(13);
    expect(headingNote('Note 1 - Organization and Summary')).toBe(1);
    expect(headingNote('Notes to Consolidated Financial Statements')).toBeNull();
  });

  it('builds an OR full-text query with quoted phrases', () => {
    expect(ftsQuery('cybersecurity governance', ['information security', 'ciso'])).toBe(
      'cybersecurity or governance or "information security" or ciso',
    );
  });
});

describe('entityAttributeCheck', () => {
  const chunk = {
    id: 'c1',
    entityId: 'aapl',
    fiscalYear: 2024,
    section: 'Item 1A',
    heading: 'H',
    text: 'Sales to direct Customers A, B and C represented 12%, 11% and 11% of total revenue.',
  };
  const passage = (over: Partial<AnswerPassage>): AnswerPassage => ({
    id: 'p1',
    entity: { id: 'aapl', name: 'Apple', ticker: 'AAPL' },
    fiscalYear: 2024,
    section: 'Item 1A',
    heading: 'H',
    quote: 'Sales to direct Customers A, B and C represented 12%, 11% and 11% of total revenue.',
    chunkId: 'c1',
    sourceId: 's',
    sourceTitle: 't',
    page: null,
    span: null,
    ...over,
  });
  it('keeps a quote that matches its passage and removes one with another entity, year, item or number', () => {
    expect(entityAttributeCheck([passage({})], [chunk]).removed).toEqual([]);
    const bad = entityAttributeCheck(
      [
        passage({ id: 'a', entity: { id: 'nvda', name: 'NVIDIA', ticker: 'NVDA' } }),
        passage({ id: 'b', fiscalYear: 2025 }),
        passage({ id: 'c', section: 'Item 8' }),
        passage({ id: 'd', quote: 'Customers A, B and C represented 13% of total revenue.' }),
      ],
      [chunk],
    );
    expect(bad.removed.map((r) => r.passageId)).toEqual(['a', 'b', 'c', 'd']);
    expect(bad.removed[3]!.reason).toMatch(/quote is not in the passage; a number is not in the passage/);
  });
});
