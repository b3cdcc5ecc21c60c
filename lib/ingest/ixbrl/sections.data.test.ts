/**
 * Sections and chunk labels on the real filings ($SEC_DATA_DIR/filings-ixbrl): every chunk's Item is
 * the item its text is printed under, its heading path is made of headings printed above it in that
 * item, page furniture stays out, and no sentence a quote can be taken from ends inside a number or a
 * quoted caption. Fails (does not pass empty) when the filings are missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { splitSentences } from '@/lib/answer/narrative-sentences';
import { parseHtmlFiling, type TextBlock } from './parse';
import { chunkNarrative, detectSections, type NarrativeChunk, type Section } from './sections';

const dir = path.join(secDataDir(), 'filings-ixbrl');
const FILES = [
  'aapl-10-k-2024-11-01.html',
  'aapl-10-q-2025-08-01.html',
  'googl-10-k-2025-02-05.html',
  'nke-10-k-2025-07-17.html',
  'nvda-10-k-2025-02-26.html',
  'nvda-10-q-2025-08-27.html',
  'pg-10-k-2025-08-04.html',
  'wfc-10-k-2025-02-25.html',
  'wmt-10-k-2025-03-14.html',
];

interface Parsed {
  blocks: TextBlock[];
  sections: Section[];
  chunks: NarrativeChunk[];
}
const cache = new Map<string, Parsed>();
function parsed(file: string): Parsed {
  const known = cache.get(file);
  if (known) return known;
  const p = path.join(dir, file);
  expect(fs.existsSync(p), `${p} is missing`).toBe(true);
  const doc = parseHtmlFiling(fs.readFileSync(p, 'utf8'), file, { xmlMode: true });
  const sections = detectSections(doc.blocks, doc.cover.documentType ?? null);
  const out = { blocks: doc.blocks, sections, chunks: chunkNarrative(doc.blocks, sections) };
  cache.set(file, out);
  return out;
}

/** The heading is a path of headings printed above the chunk: each part one block's text ("NOTE 1" + its title joined by a space). */
function isPathOf(heading: string, printed: Set<string>): boolean {
  if (printed.has(heading)) return true;
  for (const t of printed) {
    for (const sep of [' — ', ' ']) {
      if (heading.startsWith(t + sep) && isPathOf(heading.slice(t.length + sep.length), printed)) return true;
    }
  }
  return false;
}

describe('filing sections and chunk labels on the real filings', () => {
  it.each(FILES)('%s: every chunk is labelled with the item and the headings printed above it', (file) => {
    const { blocks, sections, chunks } = parsed(file);
    expect(chunks.length).toBeGreaterThan(20);
    const blockAt = new Map(blocks.map((b, i) => [b.start, i]));
    const bad: string[] = [];
    for (const c of chunks) {
      const first = blockAt.get(c.spanStart);
      if (first === undefined) {
        bad.push(`#${c.ordinal}: starts at no block`);
        continue;
      }
      const sec = [...sections].reverse().find((s) => s.startBlock <= first);
      if (sec?.id !== c.section) bad.push(`#${c.ordinal}: labelled ${c.section}, printed under ${sec?.id}`);
      // headings printed above the chunk, or run into its first paragraph (a bold lead: Alphabet's, NVIDIA's titles)
      const printed = new Set([
        ...blocks.slice(sec?.startBlock ?? 0, first).map((b) => b.text),
        ...(blocks[first]?.lead ? [blocks[first]!.lead!.text] : []),
      ]);
      if (c.heading !== sec?.title && !isPathOf(c.heading, printed))
        bad.push(`#${c.ordinal} ${c.section}: heading “${c.heading}” is not printed above it`);
      if (/Table of Contents/i.test(c.text) || /(?:^|\n)\d{1,3}\.?(?:\n|$)/.test(c.text))
        bad.push(`#${c.ordinal}: page furniture in the text`);
    }
    expect(bad).toEqual([]);
  });

  it.each(FILES)('%s: no sentence ends inside a number or a quoted caption', (file) => {
    const bad: string[] = [];
    for (const c of parsed(file).chunks) {
      for (const s of splitSentences(c.text)) {
        const after = c.text.slice(s.end, s.end + 3);
        if (/\d[.,]$/.test(s.text) && /^ ?[\d%]/.test(after)) bad.push(s.text.slice(-60));
        if (/["“](?:Item|Note|Part)\s+\d{1,2}[A-Z]?\.$/.test(s.text)) bad.push(s.text.slice(-60));
      }
    }
    expect(bad).toEqual([]);
  });

  it('Alphabet: the legal matters of Note 10 carry the note and their parent heading; Item 3 stays Item 3', () => {
    const { chunks } = parsed('googl-10-k-2025-02-05.html');
    const antitrust = chunks.find((c) =>
      c.text.includes('In September 2024, the European Court of Justice rejected our appeal and upheld the €2.4 billion fine.'),
    );
    expect(antitrust).toMatchObject({
      section: 'Item 8',
      heading: 'Note 10. Commitments and Contingencies — Legal Matters — Antitrust Matters',
    });
    // the sentence split across a page break ("… into" | 78. | Table of Contents | "compliance with …") is whole again
    expect(antitrust!.text).toContain('implemented product changes to bring shopping ads into compliance with the EC');
    const privacy = chunks.find((c) => c.text.startsWith('We are subject to a number of privacy-related laws'));
    expect(privacy?.heading).toBe('Note 10. Commitments and Contingencies — Legal Matters — Privacy Matters');
    const taxes = chunks.find((c) => c.text.startsWith('We are under audit by various domestic and foreign tax authorities'));
    expect(taxes?.heading).toBe('Note 10. Commitments and Contingencies — Non-Income Taxes');
    expect(chunks.find((c) => c.text.startsWith('For a description of our material pending legal proceedings'))).toMatchObject({
      section: 'Item 3',
      heading: 'Item 3. LEGAL PROCEEDINGS',
    });
    // a risk factor keeps its own title, not a note's
    const rf = chunks.find(
      (c) =>
        c.section === 'Item 1A' &&
        /^Risks Related to Laws, Regulations, and Policies — We are and may continue to be subject to claims/.test(c.heading),
    );
    expect(rf).toBeDefined();
  });
});
