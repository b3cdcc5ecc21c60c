import { describe, expect, it } from 'vitest';
import { chunkNarrative, detectSections } from './sections';
import { parseHtmlFiling, type TextBlock } from './parse';

const blocks = (texts: string[]): TextBlock[] => texts.map((text, i) => ({ text, start: i * 100, end: i * 100 + text.length }));

describe('detectSections', () => {
  it('finds 20-F items, letters included, in order', () => {
    const b = blocks([
      'FORM 20-F',
      'PART I',
      'ITEM 3. KEY INFORMATION',
      'Risk factors follow.',
      'ITEM 4. INFORMATION ON THE COMPANY',
      'ITEM 4A. UNRESOLVED STAFF COMMENTS',
      'ITEM 5. OPERATING AND FINANCIAL REVIEW AND PROSPECTS',
      'As discussed in Item 3 above, revenue grew.',
      'Item 3. Key Information is referenced again',
      'PART II',
      'ITEM 16A. AUDIT COMMITTEE FINANCIAL EXPERT',
      'ITEM 18. FINANCIAL STATEMENTS',
    ]);
    expect(detectSections(b, '20-F').map((s) => s.id)).toEqual(['Item 3', 'Item 4', 'Item 4A', 'Item 5', 'Item 16A', 'Item 18']);
  });

  it('numbers 10-Q items by part', () => {
    const b = blocks([
      'PART I — FINANCIAL INFORMATION',
      'Item 1. Financial Statements',
      'x',
      'Item 2. Management’s Discussion and Analysis',
      'y',
      'PART II — OTHER INFORMATION',
      'Item 1. Legal Proceedings',
      'z',
      'Item 1A. Risk Factors',
      'w',
    ]);
    expect(detectSections(b, '10-Q').map((s) => s.id)).toEqual(['Part I, Item 1', 'Part I, Item 2', 'Part II, Item 1', 'Part II, Item 1A']);
  });

  it('takes the title from the next line when the heading is only "Item 7."', () => {
    const b = blocks(['Item 7.', 'Management’s Discussion and Analysis', 'Revenue grew.']);
    expect(detectSections(b, '10-K')[0]?.title).toBe('Item 7. Management’s Discussion and Analysis');
  });
});

describe('chunkNarrative', () => {
  it('keeps chunks within a section and the word bound, without page furniture or the cover page', () => {
    const sentence = 'Revenue grew because demand for widgets rose in every region. ';
    const b = blocks([
      'APPLE INC. FORM 10-K cover',
      'Item 7. MD&A',
      sentence.repeat(30),
      '12',
      'Acme Corp | 2024 Form 10-K | 31',
      sentence.repeat(30),
      'Item 8. Financial Statements',
      'See the statements.',
    ]);
    const chunks = chunkNarrative(b, detectSections(b, '10-K'), { maxWords: 200 });
    expect(chunks.every((c) => c.text.split(/\s+/).length <= 200)).toBe(true);
    expect(chunks.filter((c) => c.section === 'Item 7').length).toBeGreaterThanOrEqual(3);
    expect(chunks.some((c) => /Form 10-K \|/.test(c.text) || /^12$/m.test(c.text) || /cover/.test(c.text))).toBe(false);
    expect(chunks.at(-1)).toMatchObject({ section: 'Item 8', text: 'See the statements.' });
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it('makes a bold title run into its paragraph its own unit, and rejoins a paragraph whose continuation carries a page footer', () => {
    const html = `<html><body><div><span style="font-weight:700">Item 1A. Risk Factors</span></div>
      <div><span style="font-weight:700">Risks Related to our Industry</span></div>
      <div><span style="font-weight:700;font-style:italic">Data privacy and security concerns could harm our reputation.</span><span style="font-weight:400">Computer viruses and attacks on our systems could result in the improper disclosure of user data.</span></div>
      <div><span style="font-weight:700">Shopping:</span><span> In June 2017, the EC announced its decision.</span></div>
      <div><span>Trade policies affect us (including governmental</span></div>
      <div><span>2025 FORM 10-K 19 action related to tariffs). Such changes may harm us.</span></div>
      <div><span style="font-weight:700">Item 1B. Unresolved Staff Comments</span></div><div>None.</div></body></html>`;
    const parsed = parseHtmlFiling(html, 'x.htm', { xmlMode: false });
    const chunks = chunkNarrative(parsed.blocks, detectSections(parsed.blocks, '10-K'));
    const risk = chunks.filter((c) => c.section === 'Item 1A');
    expect(risk.map((c) => c.heading)).toEqual([
      'Risks Related to our Industry — Data privacy and security concerns could harm our reputation.',
    ]);
    expect(risk[0]!.text.split('\n')).toEqual([
      'Computer viruses and attacks on our systems could result in the improper disclosure of user data.',
      // a bold label ("Shopping:") is not a title: its paragraph stays whole
      'Shopping: In June 2017, the EC announced its decision.',
      'Trade policies affect us (including governmental action related to tariffs). Such changes may harm us.',
    ]);
  });

  it('makes each bold risk factor title its own unit, under its group heading', () => {
    const b = blocks([
      'Item 1A. Risk Factors',
      'The risks below could harm us.',
      'Business Risks',
      'The Company depends on outsourcing partners located outside of the U.S.',
      'Substantially all manufacturing is performed by partners.',
      'Partners in Asia assemble most products.',
      'Future results depend on obtaining components.',
      'Some components are single-sourced.',
      'Financial Risks',
      'The Company’s stock price is subject to volatility.',
      'The stock price can swing.',
    ]);
    for (const i of [0, 2, 3, 6, 8, 9]) b[i]!.bold = true;
    const chunks = chunkNarrative(b, detectSections(b, '10-K'));
    expect(chunks.map((c) => [c.heading, c.text])).toEqual([
      ['Item 1A. Risk Factors', 'The risks below could harm us.'],
      [
        'Business Risks — The Company depends on outsourcing partners located outside of the U.S.',
        'Substantially all manufacturing is performed by partners.\nPartners in Asia assemble most products.',
      ],
      ['Business Risks — Future results depend on obtaining components.', 'Some components are single-sourced.'],
      ['Financial Risks — The Company’s stock price is subject to volatility.', 'The stock price can swing.'],
    ]);
  });

  it('joins a paragraph split by a page break and never splits inside a number', () => {
    const b = blocks([
      'Item 7. MD&A',
      'Operating margin was reduced to 11.4% in the year and',
      'Apple Inc. | 2024 Form 10-K | 22',
      'Table of Contents',
      'recovered later. Costs rose by 3.5 percent. Sales grew.',
    ]);
    const chunks = chunkNarrative(b, detectSections(b, '10-K'), { maxWords: 12 });
    expect(chunks.map((c) => c.text).join(' | ')).toBe(
      'Operating margin was reduced to 11.4% in the year and recovered later. | Costs rose by 3.5 percent. Sales grew.',
    );
  });
});

describe('chunk headings of the financial statements', () => {
  const heading = (texts: [string, string][]) => {
    const b: TextBlock[] = texts.map(([text, style], i) => ({
      text,
      start: i * 100,
      end: i * 100 + text.length,
      ...(style.includes('B') ? { bold: true } : {}),
      ...(style.includes('I') ? { italic: true } : {}),
    }));
    return chunkNarrative(b, detectSections(b, '10-K')).map((c) => [c.heading, c.text]);
  };

  it('puts each note above its sub-headings and nests a bold italic sub-heading under the plain bold one before it', () => {
    expect(
      heading([
        ['Item 8. Financial Statements', 'B'],
        ['Note 10. Commitments and Contingencies', 'B'],
        ['Commitments', 'B'],
        ['We have content licensing agreements.', ''],
        ['Legal Matters', 'B'],
        ['We record a liability when a loss is probable.', ''],
        ['Antitrust Matters', 'BI'],
        ['We are subject to investigations on competition matters.', ''],
        ['Other', 'BI'],
        ['We are subject to other claims.', ''],
        ['Non-Income Taxes', 'B'],
        ['We are under audit by tax authorities.', ''],
        ['Note 11. Stockholders’ Equity', 'B'],
        ['Our Board authorized three classes of stock.', ''],
      ]),
    ).toEqual([
      ['Note 10. Commitments and Contingencies — Commitments', 'We have content licensing agreements.'],
      ['Note 10. Commitments and Contingencies — Legal Matters', 'We record a liability when a loss is probable.'],
      [
        'Note 10. Commitments and Contingencies — Legal Matters — Antitrust Matters',
        'We are subject to investigations on competition matters.',
      ],
      ['Note 10. Commitments and Contingencies — Legal Matters — Other', 'We are subject to other claims.'],
      ['Note 10. Commitments and Contingencies — Non-Income Taxes', 'We are under audit by tax authorities.'],
      ['Note 11. Stockholders’ Equity', 'Our Board authorized three classes of stock.'],
    ]);
  });

  it('joins a bare "NOTE 1" with its title, and keeps risk factor titles (bold italic sentences) under their group', () => {
    expect(
      heading([
        ['Item 8. Financial Statements', 'B'],
        ['NOTE 1', 'BI'],
        ['SUMMARY OF SIGNIFICANT ACCOUNTING POLICIES', 'B'],
        ['Nature of Operations', 'B'],
        ['The Company sells consumer goods.', ''],
      ]),
    ).toEqual([['NOTE 1 SUMMARY OF SIGNIFICANT ACCOUNTING POLICIES — Nature of Operations', 'The Company sells consumer goods.']]);
    expect(
      heading([
        ['Item 1A. Risk Factors', 'B'],
        ['Business Risks', 'B'],
        ['The Company depends on outsourcing partners located outside of the U.S.', 'BI'],
        ['Substantially all manufacturing is performed by partners.', ''],
      ]),
    ).toEqual([
      [
        'Business Risks — The Company depends on outsourcing partners located outside of the U.S.',
        'Substantially all manufacturing is performed by partners.',
      ],
    ]);
  });

  it('drops page numbers with a full stop and "Table of Contents <company>" running headers, joining the paragraph they split', () => {
    expect(
      heading([
        ['Item 8. Financial Statements', 'B'],
        ['Antitrust Matters', 'BI'],
        ['We appealed the decision and brought shopping ads into', ''],
        ['78.', ''],
        ['Table of Contents Alphabet Inc.', ''],
        ['compliance with the decision. In September 2024, the court upheld the €2.4 billion fine.', ''],
      ]),
    ).toEqual([
      [
        'Antitrust Matters',
        'We appealed the decision and brought shopping ads into compliance with the decision. In September 2024, the court upheld the €2.4 billion fine.',
      ],
    ]);
  });
});

describe('bold blocks', () => {
  it('marks blocks whose text is bold by tag or font-weight, not partly bold ones', () => {
    const html = `<html><body><div><span style="font-weight:700;font-style:italic">The Company depends on partners.</span></div>
      <p>Plain text with <b>one</b> bold word.</p><p><strong>Business Risks</strong></p><div style="font-weight:bold"><span style="font-weight:400">Normal inside bold.</span></div></body></html>`;
    const doc = parseHtmlFiling(html, 'x.htm', { xmlMode: false });
    expect(doc.blocks.map((b) => [b.text, !!b.bold])).toEqual([
      ['The Company depends on partners.', true],
      ['Plain text with one bold word.', false],
      ['Business Risks', true],
      ['Normal inside bold.', false],
    ]);
  });

  it('marks italic blocks by tag or font-style, inherited and overridden like bold', () => {
    const html = `<html><body><div><span style="font-weight:700;font-style:italic">Antitrust Matters</span></div><p><b><i>Privacy Matters</i></b></p>
      <p>Text with <em>one</em> italic word.</p><div style="font-style:italic"><span style="font-style:normal">Upright inside italic.</span></div></body></html>`;
    const doc = parseHtmlFiling(html, 'x.htm', { xmlMode: false });
    expect(doc.blocks.map((b) => [b.text, !!b.bold, !!b.italic])).toEqual([
      ['Antitrust Matters', true, true],
      ['Privacy Matters', true, true],
      ['Text with one italic word.', false, false],
      ['Upright inside italic.', false, false],
    ]);
  });
});
