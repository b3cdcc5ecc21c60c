/**
 * The narrative of a filing split into its items (10-K Items 1, 1A, 7, 7A, 8 …; 10-Q Part I/II
 * items; 20-F Items 3–19) and chunked for the retriever with section and heading metadata.
 */
import type { TextBlock } from './parse';

export interface Section {
  /** `Item 7`, `Item 1A`; 10-Q items carry their part: `Part I, Item 2` */
  id: string;
  /** heading as printed: `Item 7. Management’s Discussion and Analysis …` */
  title: string;
  /** index of the first block of the section (the heading block) */
  startBlock: number;
}

const ITEM = /^item\s+(\d{1,2})\s*([a-d])?(?![\d])\s*[.:\-–—]?\s*(.*)$/i;
const PART = /^part\s+(i{1,3}|iv)\b\.?\s*(.*)$/i;

function itemOrder(num: number, letter: string): number {
  return num * 10 + (letter ? letter.toUpperCase().charCodeAt(0) - 64 : 0);
}

/**
 * Item headings among the blocks: short blocks starting "Item N." in increasing order within a
 * part (running text that mentions an item, or a table of contents row, does not start a section).
 */
export function detectSections(blocks: TextBlock[], form: string | null): Section[] {
  const isQuarterly = !!form && /^10-Q/i.test(form);
  const sections: Section[] = [];
  let part = '';
  let lastOrder = -1;
  for (let i = 0; i < blocks.length; i++) {
    const text = blocks[i]!.text;
    if (text.length > 250) continue;
    const p = PART.exec(text);
    if (p && text.length < 120) {
      const roman = p[1]!.toUpperCase();
      if (roman !== part) {
        part = roman;
        lastOrder = -1;
      }
      const rest = p[2]!.trim();
      const inner = ITEM.exec(rest);
      if (!inner) continue;
    }
    const m = ITEM.exec(p ? p[2]!.trim() : text);
    if (!m) continue;
    const num = Number(m[1]);
    const letter = (m[2] ?? '').toUpperCase();
    const order = itemOrder(num, letter);
    if (order <= lastOrder) continue;
    let titleText = m[3]!.trim();
    // a sentence that merely mentions an item ("Item 7 of this report discusses …") is not a heading
    if (/^(of|in|and|to|under|above|below|herein)\b/i.test(titleText)) continue;
    if (!titleText && blocks[i + 1] && blocks[i + 1]!.text.length < 200) titleText = blocks[i + 1]!.text;
    lastOrder = order;
    const id = `${isQuarterly && part ? `Part ${part}, ` : ''}Item ${num}${letter}`;
    sections.push({ id, title: `Item ${num}${letter}.${titleText ? ` ${titleText}` : ''}`, startBlock: i });
  }
  return sections;
}

/** The section a block index falls in (null before the first item). */
export function sectionAt(sections: Section[], blockIndex: number): Section | null {
  let found: Section | null = null;
  for (const s of sections) {
    if (s.startBlock <= blockIndex) found = s;
    else break;
  }
  return found;
}

export interface NarrativeChunk {
  section: string;
  heading: string;
  text: string;
  ordinal: number;
  spanStart: number;
  spanEnd: number;
}

/** Page furniture: page numbers, running footers, "Table of Contents" links. */
function isFurniture(text: string): boolean {
  return (
    text.length < 3 ||
    /^\d{1,3}$/.test(text) ||
    /^(page\s+)?\d{1,3}\s*(of\s+\d+)?$/i.test(text) ||
    /^table of contents$/i.test(text) ||
    /^part\s+(i{1,3}|iv)\b\.?$/i.test(text) ||
    /\|\s*\d{4}\s+form\s+(10-k|10-q|20-f)\s*\|\s*\d+$/i.test(text) ||
    /form\s+(10-k|10-q|20-f)\s*\|\s*\d+$/i.test(text)
  );
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('; '));
    const at = cut > max * 0.5 ? cut + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Chunks the narrative of each section (~`target` characters, never across sections), each with its
 * section id and the nearest heading. Text before the first item (cover page) is left out.
 */
export function chunkNarrative(blocks: TextBlock[], sections: Section[], opts: { target?: number; max?: number } = {}): NarrativeChunk[] {
  const target = opts.target ?? 1200;
  const max = opts.max ?? 2000;
  const chunks: NarrativeChunk[] = [];
  let ordinal = 0;
  for (let s = 0; s < sections.length; s++) {
    const sec = sections[s]!;
    const end = sections[s + 1]?.startBlock ?? blocks.length;
    let heading = sec.title;
    let parts: string[] = [];
    let size = 0;
    let spanStart = -1;
    let spanEnd = -1;
    const emit = () => {
      if (parts.length) {
        chunks.push({ section: sec.id, heading, text: parts.join('\n'), ordinal: ordinal++, spanStart, spanEnd });
      }
      parts = [];
      size = 0;
      spanStart = -1;
    };
    for (let i = sec.startBlock + 1; i < end; i++) {
      const b = blocks[i]!;
      if (isFurniture(b.text)) continue;
      // a short line without a full stop that is followed by text reads as a subheading
      const looksLikeHeading = b.text.length < 120 && !/[.:;,]$/.test(b.text) && i + 1 < end && blocks[i + 1]!.text.length > b.text.length;
      if (looksLikeHeading && size > 0) emit();
      if (looksLikeHeading) heading = `${sec.title} — ${b.text}`;
      for (const piece of splitLong(b.text, max)) {
        if (size > 0 && size + piece.length > target) emit();
        if (spanStart < 0) spanStart = b.start;
        spanEnd = b.end;
        parts.push(piece);
        size += piece.length + 1;
      }
    }
    emit();
  }
  return chunks;
}
