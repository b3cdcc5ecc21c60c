import { describe, expect, it } from 'vitest';
import { chunkNarrative, detectSections } from './sections';

const blocks = (texts: string[]) => texts.map((text, i) => ({ text, start: i * 100, end: i * 100 + text.length }));

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
    const b = blocks(['PART I — FINANCIAL INFORMATION', 'Item 1. Financial Statements', 'x', 'Item 2. Management’s Discussion and Analysis', 'y', 'PART II — OTHER INFORMATION', 'Item 1. Legal Proceedings', 'z', 'Item 1A. Risk Factors', 'w']);
    expect(detectSections(b, '10-Q').map((s) => s.id)).toEqual(['Part I, Item 1', 'Part I, Item 2', 'Part II, Item 1', 'Part II, Item 1A']);
  });

  it('takes the title from the next line when the heading is only "Item 7."', () => {
    const b = blocks(['Item 7.', 'Management’s Discussion and Analysis', 'Revenue grew.']);
    expect(detectSections(b, '10-K')[0]?.title).toBe('Item 7. Management’s Discussion and Analysis');
  });
});

describe('chunkNarrative', () => {
  it('keeps chunks within a section, near the target size, without page furniture', () => {
    const sentence = 'Revenue grew because demand for widgets rose in every region. ';
    const b = blocks(['Item 7. MD&A', sentence.repeat(30), '12', 'Acme Corp | 2024 Form 10-K | 31', sentence.repeat(30), 'Item 8. Financial Statements', 'See the statements.']);
    const chunks = chunkNarrative(b, detectSections(b, '10-K'), { target: 1200, max: 1500 });
    expect(chunks.every((c) => c.text.length <= 1500)).toBe(true);
    expect(chunks.filter((c) => c.section === 'Item 7').length).toBeGreaterThanOrEqual(3);
    expect(chunks.some((c) => /Form 10-K \|/.test(c.text) || /^12$/m.test(c.text))).toBe(false);
    expect(chunks.at(-1)).toMatchObject({ section: 'Item 8', text: 'See the statements.' });
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });
});
