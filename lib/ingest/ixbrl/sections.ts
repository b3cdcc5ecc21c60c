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
  /**
   * the unit the text sits under: a risk factor's bold title, an MD&A sub-heading (with its group
   * heading, "Macroeconomic and Industry Risks — The Company’s operations …"), or the item title
   */
  heading: string;
  text: string;
  ordinal: number;
  spanStart: number;
  spanEnd: number;
}

/** Page furniture: page numbers, running footers, "Table of Contents" links. */
export function isFurniture(text: string): boolean {
  return (
    text.length < 3 ||
    /^\d{1,3}\.?$/.test(text) ||
    /^table of contents\b.{0,60}$/i.test(text) ||
    /^(page\s+)?\d{1,3}\s*(of\s+\d+)?$/i.test(text) ||
    /^part\s+(i{1,3}|iv)\b\.?$/i.test(text) ||
    /\|\s*\d{4}\s+form\s+(10-k|10-q|20-f)\s*\|\s*\d+$/i.test(text) ||
    /form\s+(10-k|10-q|20-f)\s*\|\s*\d+$/i.test(text) ||
    // "2025 FORM 10-K 91", "NIKE, Inc. 2025 Form 10-K 91"
    (text.length < 80 && /\bform\s+(10-k|10-q|20-f)\s+\d{1,3}$/i.test(text)) ||
    /^[A-Z][\w.,&' -]{1,60}\s\|\s(?:Q[1-4]\s)?\d{4}\sForm\s(?:10-K|10-Q|20-F)\s\|\s\d+$/.test(text)
  );
}

/** Words in a text (for the chunk size bound). */
function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Splits an over-long paragraph at sentence ends (never inside a number such as "11.4"), else at spaces. */
function splitLong(text: string, maxWords: number): string[] {
  if (wordCount(text) <= maxWords) return [text];
  const sentences = text.match(/(?:[^.!?]|[.!?](?=[\d\w]))+(?:[.!?]+(?=\s|$)|$)\s*/g) ?? [text];
  const out: string[] = [];
  let buf = '';
  for (const s of sentences) {
    if (buf && wordCount(buf) + wordCount(s) > maxWords) {
      out.push(buf.trim());
      buf = '';
    }
    buf += s;
  }
  if (buf.trim()) out.push(buf.trim());
  return out;
}

type Role = 'prose' | 'group' | 'title' | 'sub';

/** A note of the financial statements: "Note 10. Commitments and Contingencies", "Note 1 - Organization …", "NOTE 1", "2. SIGNIFICANT ACCOUNTING POLICIES". */
const NOTE = /^note\s+\d{1,2}\b(?![.,]\d)/i;
const NUMBERED_NOTE = /^\d{1,2}\.\s+[A-Z][A-Z0-9 ,&'’()\-–]{3,}$/;
const isNote = (text: string) => text.length <= 150 && (NOTE.test(text) || NUMBERED_NOTE.test(text));
/** a note heading that is only its number ("NOTE 1"): its title is the next heading */
const BARE_NOTE = /^note\s+\d{1,2}\s*[.:\-–—]?$/i;

/**
 * What a block is within a section. Bold blocks are headings: a bold sentence (ends with a full
 * stop, longer than a caption) is a unit title — a risk factor's title; a short bold line is a
 * sub-heading, and a group heading when the next block is a heading too ("Business Risks" above a
 * risk factor). Documents without any bold text fall back to layout: a short line without a full
 * stop followed by longer text.
 */
function roleOf(blocks: TextBlock[], i: number, end: number, anyBold: boolean): Role {
  const b = blocks[i]!;
  const next = blocks.slice(i + 1, Math.min(end, i + 4)).find((x) => !isFurniture(x.text));
  if (anyBold) {
    // (a risk factor's title may run to a few sentences: Alphabet's and Walmart's reach ~500 characters)
    if (!b.bold || b.text.length > TITLE_MAX || /^[•\-–·●▪]/.test(b.text)) return 'prose';
    if (!next) return 'prose';
    const sentence = /[.?!:]$/.test(b.text) && b.text.split(/\s+/).length >= 5;
    if (sentence) return 'title';
    // a group heading sits above a unit title: a bold one, or one run into its paragraph
    return (next.bold && next.text.length <= TITLE_MAX) || (next.lead && runInTitle(next.lead.text)) ? 'group' : 'sub';
  }
  const looksLikeHeading =
    b.text.length < 120 &&
    !/[.:;,]$/.test(b.text) &&
    !/\b(?:and|or|the|of|to|in|a|an|for|with|by|that|which|was|were|is|are)$/.test(b.text) &&
    !!next &&
    next.text.length > b.text.length &&
    !/^[a-z(]/.test(next.text) &&
    !/^[•\-–·●▪]/.test(b.text);
  return looksLikeHeading ? 'sub' : 'prose';
}

/** The longest bold block read as a heading (longer bold text is emphasised prose). */
const TITLE_MAX = 700;

/** A running footer a page break left at the start of a block, before the paragraph goes on ("2025 FORM 10-K 19 action related to tariffs …"). */
const FOOTER_PREFIX = /^(?:[A-Z][\w.,&' -]{0,60}?\s(?:\|\s)?)?(?:Q[1-4]\s)?\d{4}\s+form\s+(?:10-k|10-q|20-f)\s*\|?\s*\d{1,3}\s+(?=[a-z(])/i;

/** The block without a running footer glued to its start. */
export function withoutFooter(text: string): string {
  const m = FOOTER_PREFIX.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/** A bold lead that is a unit's title run into its paragraph: a whole sentence, not a label ("Shopping:") or an item caption. */
function runInTitle(lead: string): boolean {
  return (
    /[.?!]$/.test(lead) &&
    lead.split(/\s+/).length >= 5 &&
    lead.length <= TITLE_MAX &&
    !/^[•\-–·●▪(]/.test(lead) &&
    !/^(?:part\s+[ivx]+|item\s+\d)/i.test(lead)
  );
}

/** A block continuing the paragraph of the block before it (split by a page break). */
function continues(prev: string | undefined, text: string): boolean {
  return !!prev && !/[.!?:;”")]$/.test(prev) && /^[a-z(]/.test(text);
}

/**
 * Chunks the narrative of each section, never across sections nor across a heading: each risk
 * factor (its bold title) or sub-section is one unit, split only beyond `maxWords` words (at
 * paragraph, then sentence, boundaries). Paragraphs split by a page break are joined again, page
 * furniture is dropped, and text before the first item (the cover page) is left out. Each chunk
 * carries its section id and its heading path (group heading — unit title).
 */
export function chunkNarrative(blocks: TextBlock[], sections: Section[], opts: { maxWords?: number } = {}): NarrativeChunk[] {
  const maxWords = opts.maxWords ?? 2600;
  const anyBold = blocks.some((b) => b.bold);
  // running page headers ("Notes to Condensed Consolidated Financial Statements (Continued)",
  // "(Unaudited)"): short lines repeated on many pages
  const seen = new Map<string, number>();
  for (const b of blocks) if (b.text.length < 120) seen.set(b.text, (seen.get(b.text) ?? 0) + 1);
  const running = (t: string) => (seen.get(t) ?? 0) >= 4 && !/[.!?]$/.test(t);
  const chunks: NarrativeChunk[] = [];
  let ordinal = 0;
  for (let s = 0; s < sections.length; s++) {
    const sec = sections[s]!;
    const end = sections[s + 1]?.startBlock ?? blocks.length;
    // the heading path: the note of the financial statements (Item 8), a group heading, the unit's
    // title; `parent` is the last plain bold sub-heading, under which a bold italic one nests
    // ("Legal Matters — Antitrust Matters")
    let note: string | null = null;
    let group: string | null = null;
    let unit: string | null = null;
    let parent: string | null = null;
    let parts: string[] = [];
    let words = 0;
    let spanStart = -1;
    let spanEnd = -1;
    const headingNow = () => [note, group, unit].filter((x): x is string => !!x).join(' — ') || sec.title;
    let heading = headingNow();
    let afterGroup = false;
    const emit = () => {
      if (parts.length) chunks.push({ section: sec.id, heading, text: parts.join('\n'), ordinal: ordinal++, spanStart, spanEnd });
      parts = [];
      words = 0;
      spanStart = -1;
    };
    // the section heading's own block, and the next (its title) when the heading was only "Item 7."
    const bare = /^(?:part\s+[ivx]+\s*[,.\-–—]?\s*)?item\s+\d{1,2}[a-d]?\s*[.:\-–—]?\s*$/i.test(blocks[sec.startBlock]!.text);
    const first = sec.startBlock + (bare ? 2 : 1);
    // logical blocks: headings, and paragraphs re-joined across page breaks
    const items: { role: Role | 'note'; text: string; start: number; end: number; italic: boolean }[] = [];
    for (let i = first; i < end; i++) {
      const raw = blocks[i]!;
      if (isFurniture(raw.text) || running(raw.text)) continue;
      const stripped = withoutFooter(raw.text);
      const b = stripped === raw.text ? raw : { ...raw, text: stripped, lead: undefined };
      // a title run into its paragraph (bold lead, regular text after): the title, then the paragraph
      if (anyBold && b.lead && runInTitle(b.lead.text)) {
        items.push({ role: 'title', text: b.lead.text, start: b.start, end: b.lead.end, italic: false });
        // (the paragraph's span is the block's: the unit's source span covers its run-in title too)
        items.push({ role: 'prose', text: b.text.slice(b.lead.text.length).trim(), start: b.start, end: b.end, italic: false });
        continue;
      }
      const role = roleOf(blocks, i, end, anyBold);
      const prev = items.at(-1);
      if (role !== 'prose' && isNote(b.text)) items.push({ role: 'note', text: b.text, start: b.start, end: b.end, italic: !!b.italic });
      else if (role !== 'prose' && prev?.role === 'note' && BARE_NOTE.test(prev.text) && !isNote(b.text))
        prev.text = `${prev.text} ${b.text}`;
      else if (role === 'prose' && prev?.role === 'prose' && continues(prev.text, b.text)) {
        prev.text = `${prev.text} ${b.text}`;
        prev.end = b.end;
      } else items.push({ role, text: b.text, start: b.start, end: b.end, italic: !!b.italic });
    }
    for (const it of items) {
      if (it.role !== 'prose') {
        emit();
        if (it.role === 'note') {
          note = it.text;
          group = unit = parent = null;
        } else if (it.role === 'group') {
          group = it.text;
          unit = parent = null;
        } else if (it.role === 'title') unit = it.text;
        else if (it.italic && parent && !afterGroup) unit = `${parent} — ${it.text}`;
        else {
          // a sub-heading right under a group heading belongs to it; one after prose may be the
          // group's sibling, so it stands alone rather than carry a group it may not belong to
          if (!afterGroup) group = null;
          unit = it.text;
          if (!it.italic && !afterGroup) parent = it.text;
        }
        afterGroup = it.role === 'group';
        heading = headingNow();
        continue;
      }
      afterGroup = false;
      for (const piece of splitLong(it.text, maxWords)) {
        const n = wordCount(piece);
        if (words > 0 && words + n > maxWords) emit();
        if (spanStart < 0) spanStart = it.start;
        spanEnd = it.end;
        parts.push(piece);
        words += n;
      }
    }
    emit();
  }
  return chunks;
}
