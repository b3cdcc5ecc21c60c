/**
 * Narrative blocks → retrieval chunks: paragraphs grouped under their heading, never across a
 * heading, up to a target size (split at paragraph, then sentence boundaries), each with its
 * top-level section, heading, page and character span in the source text.
 */
import type { TextBlock } from './model';
import { findUnitLine } from './units';

export interface NarrativeChunk {
  ordinal: number;
  section: string | null;
  heading: string | null;
  text: string;
  page: number | null;
  spanStart: number;
  spanEnd: number;
}

export interface ChunkOptions {
  /** soft upper bound on a chunk's characters */
  maxChars?: number;
  /** chunks shorter than this are merged into the next one under the same heading, or dropped when alone and trivial */
  minChars?: number;
}

const TRIVIAL = /^(?:page\s*)?\d{1,4}$|^(?:table of contents|contents|index)$/i;

export function chunkBlocks(blocks: TextBlock[], opts: ChunkOptions = {}): NarrativeChunk[] {
  const maxChars = opts.maxChars ?? 1200;
  const minChars = opts.minChars ?? 40;
  const out: NarrativeChunk[] = [];
  let section: string | null = null;
  let heading: string | null = null;
  let cur: { parts: string[]; page: number | null; start: number; end: number } | null = null;

  const emit = () => {
    if (!cur) return;
    const text = cur.parts.join('\n\n').trim();
    if (text.length >= minChars || (text.length > 0 && !TRIVIAL.test(text) && /[a-z]{3}/i.test(text) && text.split(/\s+/).length >= 4)) {
      out.push({ ordinal: out.length, section, heading, text, page: cur.page, spanStart: cur.start, spanEnd: cur.end });
    }
    cur = null;
  };

  for (const b of blocks) {
    if (b.kind === 'heading') {
      emit();
      if (b.level <= 2) {
        section = b.text;
        heading = b.text;
      } else heading = b.text;
      continue;
    }
    const text = b.text.trim();
    if (!text || TRIVIAL.test(text) || isUnitLineOnly(text)) continue;
    for (const piece of splitLong(text, maxChars)) {
      if (cur && cur.parts.join('\n\n').length + piece.length + 2 > maxChars) emit();
      if (!cur) cur = { parts: [], page: b.page, start: b.spanStart, end: b.spanEnd };
      cur.parts.push(piece);
      cur.end = Math.max(cur.end, b.spanEnd);
    }
  }
  emit();
  return out;
}

/** Splits an over-long paragraph at sentence ends (else at spaces). */
function splitLong(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const sentences = text.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)\s*/g) ?? [text];
  const out: string[] = [];
  let buf = '';
  for (const s of sentences) {
    if (buf && buf.length + s.length > maxChars) {
      out.push(buf.trim());
      buf = '';
    }
    if (s.length > maxChars) {
      for (let i = 0; i < s.length; i += maxChars) out.push(s.slice(i, i + maxChars).trim());
      continue;
    }
    buf += s;
  }
  if (buf.trim()) out.push(buf.trim());
  return out;
}

function isUnitLineOnly(text: string): boolean {
  if (text.length > 80) return false;
  const u = findUnitLine(text);
  return !!u && u.text.length >= text.replace(/[()]/g, '').trim().length - 4;
}
