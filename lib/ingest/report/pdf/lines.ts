/**
 * Text positions → lines and segments: items of a page grouped into lines by baseline, split into
 * segments at gaps, glyphs ("$", "(", ")", "%") joined to their numbers, year runs and glued numbers
 * split apart. The shapes every later step of the PDF layout reads.
 */
import { parseCellValue } from '../numbers';

/** Footnote markers ("(a)", "(h)(j)", "(1)", "*") and currency glyphs set apart from their figures. */
export const MARKS = /^(?:\((?:[a-z]{1,2}|\d{1,2})\)|[*†‡§$€£₹])+$/i;

export interface Item {
  x0: number;
  x1: number;
  y: number;
  size: number;
  text: string;
}

/** A text item as pdf.js gave it, inside a segment. */
export interface Part {
  x0: number;
  x1: number;
  text: string;
}

export interface Segment {
  /** the text items the segment was joined from */
  parts: Part[];
  x0: number;
  x1: number;
  text: string;
  /** offsets in the rebuilt text */
  start: number;
  end: number;
  numeric: boolean;
}

export interface Line {
  page: number;
  y: number;
  size: number;
  segments: Segment[];
  text: string;
  start: number;
  end: number;
}

export function isNumericText(t: string): boolean {
  const v = parseCellValue(t);
  return v.kind === 'number' || v.kind === 'nil';
}

/** Items of one page → lines (top to bottom) of segments (left to right). */
export function toLines(items: Item[], page: number): Omit<Line, 'text' | 'start' | 'end'>[] {
  const sorted = items.filter((i) => i.text.trim() !== '').sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const rows: { y: number; size: number; items: Item[] }[] = [];
  for (const it of sorted) {
    const row = rows.find((r) => Math.abs(r.y - it.y) <= Math.max(1.5, 0.35 * Math.min(r.size, it.size)));
    if (row) {
      row.items.push(it);
      row.size = Math.max(row.size, it.size);
    } else rows.push({ y: it.y, size: it.size, items: [it] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((r) => {
    const its = r.items.sort((a, b) => a.x0 - b.x0);
    const segs: { x0: number; x1: number; text: string; parts: Part[] }[] = [];
    for (const it of its) {
      const last = segs[segs.length - 1];
      const gap = last ? it.x0 - last.x1 : Infinity;
      // a gap wider than about one and a half spaces separates cells
      if (last && gap < Math.max(2.5, r.size * 0.55)) {
        last.text += gap > r.size * 0.12 && !last.text.endsWith(' ') && !it.text.startsWith(' ') ? ` ${it.text}` : it.text;
        last.x1 = Math.max(last.x1, it.x1);
        last.parts.push({ x0: it.x0, x1: it.x1, text: it.text.trim() });
      } else segs.push({ x0: it.x0, x1: it.x1, text: it.text, parts: [{ x0: it.x0, x1: it.x1, text: it.text.trim() }] });
    }
    return {
      page,
      y: r.y,
      size: r.size,
      segments: splitNumericRuns(splitTrailingGlyphs(segs)).map((s) => ({
        ...s,
        parts: s.parts ?? [{ x0: s.x0, x1: s.x1, text: s.text.trim() }],
        text: s.text.replace(/\s+/g, ' ').trim(),
        start: 0,
        end: 0,
        numeric: false,
      })),
    };
  });
}

/**
 * The currency glyph of the next column set close to the figure or label before it ("(2) $" | "(20)",
 * "Commodity contracts $" | "(2)"): the glyph is split off that cell so that it joins the figure it
 * stands before (joinGlyphs), and the cell before keeps its own figure or label.
 */
function splitTrailingGlyphs(
  segs: { x0: number; x1: number; text: string; parts: Part[] }[],
): { x0: number; x1: number; text: string; parts: Part[] }[] {
  const out: { x0: number; x1: number; text: string; parts: Part[] }[] = [];
  for (const [i, s] of segs.entries()) {
    const last = s.parts[s.parts.length - 1];
    const next = segs[i + 1];
    if (s.parts.length > 1 && last && /^(?:\$|₹|US\$)$/.test(last.text) && next && /^\(?\s*\d/.test(next.text.trim())) {
      const head = s.parts.slice(0, -1);
      out.push({
        x0: s.x0,
        x1: Math.max(...head.map((p) => p.x1)),
        text: s.text.trimEnd().slice(0, -last.text.length).trimEnd(),
        parts: head,
      });
      out.push({ x0: last.x0, x1: last.x1, text: last.text, parts: [last] });
    } else out.push(s);
  }
  return out;
}

/** "2022 2021 2020" set as one text run over three columns: one segment per year. */
const YEAR_RUN = /^(?:(?:19|20)\d{2}\s+){1,5}(?:19|20)\d{2}$/;

/** "23 8,45,512.61" glued into one segment by narrow gaps: split trailing number runs apart. */
function splitNumericRuns(
  segs: { x0: number; x1: number; text: string; parts: Part[] }[],
): { x0: number; x1: number; text: string; parts?: Part[] }[] {
  const out: { x0: number; x1: number; text: string; parts?: Part[] }[] = [];
  for (const s of segs) {
    const parts = YEAR_RUN.test(s.text.trim()) ? s.text.trim().split(/\s+/) : s.text.trim().split(/\s{2,}/);
    if (parts.length > 1 && parts.slice(1).every(isNumericText)) {
      const width = s.x1 - s.x0;
      const total = s.text.trim().length || 1;
      let offset = 0;
      const trimmed = s.text.trim();
      for (const p of parts) {
        const at = trimmed.indexOf(p, offset);
        out.push({ x0: s.x0 + (width * at) / total, x1: s.x0 + (width * (at + p.length)) / total, text: p });
        offset = at + p.length;
      }
    } else out.push(s);
  }
  return out;
}

/** Joins "$" / "(" segments to the number after them and ")" / "%" to the number before. */
export function joinGlyphs(segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const next = segs[i + 1];
    if (/^(?:\$|₹|rs\.?|[JH]|\(|\$\s*\(|US\$)$/i.test(s.text) && next && isNumericText(`${s.text}${next.text}`)) {
      out.push({ ...next, x0: s.x0, text: `${s.text}${next.text}`, start: s.start, parts: [...s.parts, ...next.parts] });
      i++;
      continue;
    }
    const prev = out[out.length - 1];
    if (/^(?:\)|%|\)%)$/.test(s.text) && prev && isNumericText(`${prev.text}${s.text}`)) {
      prev.text += s.text;
      prev.x1 = s.x1;
      prev.end = s.end;
      continue;
    }
    out.push(s);
  }
  return out;
}

export interface Region {
  lines: Line[];
  /** right edges of the value columns, left to right */
  anchors: { x1: number; minX0: number }[];
  labelRight: number;
}

/** A line with figures in it: two numbers, or one number that is not the first thing on the line. */
/**
 * A year heading a column, with the footnote marker it may carry ("2017 (1)", "2019(a)", "2022*"): still a
 * year, not a figure.
 */
export function isYearHeading(text: string): boolean {
  return /^(?:19|20)\d{2}(?:\s*(?:\((?:[a-z]{1,2}|\d{1,2})\)|[*†‡]))*$/i.test(text.trim());
}

export function isNumericLine(l: Line): boolean {
  const nums = l.segments.filter((s) => s.numeric);
  // a line of years ("2019  2018  2017", "2016  2017 (1)  2018") is a column heading, not figures
  // (a footnote marker set apart from its year — "2017  (1)" — is no figure either)
  if (nums.some((s) => isYearHeading(s.text)) && nums.every((s) => isYearHeading(s.text) || MARKS.test(s.text.replace(/\s+/g, ''))))
    return false;
  if (nums.length >= 2) return true;
  return nums.length === 1 && l.segments[0] !== nums[0];
}

/**
 * A row's enumeration marker: a number of one or two digits opening the line, right before the row's
 * caption ("1  Profit / (Loss) before Tax", "3  Operating Profit before Working Capital Changes (1+2)" of
 * a statement whose steps are numbered). It is neither a column of figures nor part of the caption.
 */
export function isEnumerationMarker(l: Line, s: Segment): boolean {
  const next = l.segments[1];
  return (
    l.segments[0] === s &&
    s.numeric &&
    /^\d{1,2}[.)]?$/.test(s.text.trim()) &&
    !!next &&
    !next.numeric &&
    /[A-Za-z]{2}/.test(next.text) &&
    next.x0 - s.x1 < 30
  );
}

/** The item at an index the caller has checked is in range (an index outside it is a bug: it throws). */
export function itemAt<L>(lines: readonly L[], i: number): L {
  const l = lines[i];
  if (l === undefined) throw new Error(`PDF layout: no item ${i} of ${lines.length}`);
  return l;
}
