/**
 * Text PDFs → the same extracted form as HTML reports, from text positions (pdf.js, legacy build for
 * Node 20; no OCR, no canvas): lines from baselines, segments from gaps, table regions from runs of
 * lines with numbers, value columns from the right edges of numbers (figures are right-aligned),
 * header lines above a region mapped onto columns (a heading centred over several columns spans
 * them), wrapped row labels re-joined, a header lost at a page break inherited from the previous
 * page's table. Everything else becomes narrative blocks; headings by font size. Spans are offsets
 * into the text this module rebuilds (lines joined by "\n", pages by "\f").
 *
 * Encrypted, malformed, empty, image-only and over-long PDFs end in a clear AppError, never a crash.
 */
import { ingestError } from '../errors';
import type { GridCell, RawTable, ReportDocument, ReportMeta, TextBlock } from './model';
import { isYearText, parseCellValue, SMALL_NEGATIVE } from './numbers';
import { findUnitLine } from './units';
import { checkPdfDecodedBudget } from './pdf-budget';

/** Pages beyond this are refused (a guard against runaway documents). */
export const MAX_PDF_PAGES = 3000;

interface Item {
  x0: number;
  x1: number;
  y: number;
  size: number;
  text: string;
}

/** A text item as pdf.js gave it, inside a segment. */
interface Part {
  x0: number;
  x1: number;
  text: string;
}

interface Segment {
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

interface Line {
  page: number;
  y: number;
  size: number;
  segments: Segment[];
  text: string;
  start: number;
  end: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  // loaded from node_modules at run time, never bundled into the app's server build
  pdfjsPromise ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'pdfjs-dist/legacy/build/pdf.mjs') as Promise<PdfJs>;
  return pdfjsPromise;
}

const META_MAP: Record<string, keyof ReportMeta> = {
  entity: 'entityName',
  'legal-name': 'legalName',
  ticker: 'ticker',
  cik: 'cik',
  country: 'country',
  currency: 'currency',
  'accounting-standard': 'accountingStandard',
  'document-type': 'form',
  'filing-date': 'filedAt',
  'period-end': 'periodEnd',
  'document-id': 'documentId',
  'fiscal-year-end': 'fiscalYearEnd',
  scope: 'scope',
};

/** Text PostgreSQL can store: no NUL or other C0 controls, no lone UTF-16 surrogates (broken font maps emit both). */
export function storableText(t: string): string {
  return t
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Ligatures some fonts map to no character: pdf.js gives "Oracle Corpora" "\u0000" "on" for "Oracle
 * Corporation" (a "ti" ligature of Calibri), and every "ti" of the document is lost ("Total liabili es",
 * "Net cash provided by opera ng ac vi es"). Which ligature a font's unmapped glyph stands for is read
 * from the document itself: the candidate that turns the most broken words into words the same pages
 * print whole elsewhere (in capitals, in another font) wins; with no evidence, nothing is guessed.
 */
const LIGATURES = ['ti', 'fi', 'fl', 'ff', 'ffi', 'ffl', 'tt', 'ft', 'th'];
type TextItemLike = { str?: string; fontName?: string };
const UNMAPPED = /^\u0000+$/;

export function ligatureVotes(pages: TextItemLike[][]): Map<string, string> {
  const vocabulary = new Set<string>();
  const broken: { font: string; before: string; after: string }[] = [];
  for (const items of pages) {
    for (let i = 0; i < items.length; i++) {
      const str = items[i]!.str ?? '';
      if (UNMAPPED.test(str)) {
        const before = /[A-Za-z]*$/.exec(items[i - 1]?.str ?? '')![0];
        const after = /^[A-Za-z]*/.exec(items[i + 1]?.str ?? '')![0];
        if (before || after) broken.push({ font: items[i]!.fontName ?? '', before, after });
        continue;
      }
      for (const w of str.match(/[A-Za-z]{4,}/g) ?? []) vocabulary.add(w.toLowerCase());
    }
  }
  const votes = new Map<string, Map<string, number>>();
  for (const b of broken) {
    for (const lig of LIGATURES) {
      if (!vocabulary.has(`${b.before}${lig}${b.after}`.toLowerCase())) continue;
      const v = votes.get(b.font) ?? new Map<string, number>();
      v.set(lig, (v.get(lig) ?? 0) + 1);
      votes.set(b.font, v);
    }
  }
  const out = new Map<string, string>();
  for (const [font, v] of votes) {
    const ranked = [...v.entries()].sort((a, b) => b[1] - a[1]);
    // (a clear winner seen at least twice)
    if (ranked[0]![1] >= 2 && (ranked.length === 1 || ranked[0]![1] >= 2 * ranked[1]![1])) out.set(font, ranked[0]![0]);
  }
  return out;
}

function isNumericText(t: string): boolean {
  const v = parseCellValue(t);
  return v.kind === 'number' || v.kind === 'nil';
}

/** Items of one page → lines (top to bottom) of segments (left to right). */
function toLines(items: Item[], page: number): Omit<Line, 'text' | 'start' | 'end'>[] {
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
function joinGlyphs(segs: Segment[]): Segment[] {
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

interface Region {
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
function isYearHeading(text: string): boolean {
  return /^(?:19|20)\d{2}(?:\s*(?:\((?:[a-z]{1,2}|\d{1,2})\)|[*†‡]))*$/i.test(text.trim());
}

function isNumericLine(l: Line): boolean {
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
function isEnumerationMarker(l: Line, s: Segment): boolean {
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

function clusterAnchors(lines: Line[]): { x1: number; minX0: number }[] {
  const edges: { x0: number; x1: number }[] = [];
  // (a year opening a line with figures after it is the row's label — "2022  $ 260  $ 107" of a maturity
  // schedule — not a column of values; nor is a row's enumeration marker)
  for (const l of lines)
    for (const s of l.segments)
      if (
        s.numeric &&
        (l.segments[0] !== s || l.segments.length > 1 || isNumericLine(l)) &&
        !(l.segments[0] === s && l.segments.length > 1 && isYearText(s.text)) &&
        !isEnumerationMarker(l, s)
      )
        edges.push({ x0: s.x0, x1: s.x1 });
  edges.sort((a, b) => a.x1 - b.x1);
  const clusters: { x1s: number[]; minX0: number }[] = [];
  for (const e of edges) {
    const c = clusters[clusters.length - 1];
    if (c && e.x1 - c.x1s[c.x1s.length - 1]! <= 9) {
      c.x1s.push(e.x1);
      c.minX0 = Math.min(c.minX0, e.x0);
    } else clusters.push({ x1s: [e.x1], minX0: e.x0 });
  }
  const min = Math.max(2, Math.ceil(lines.filter(isNumericLine).length * 0.15));
  return clusters
    .filter((c) => c.x1s.length >= Math.min(min, 3) || c.x1s.length >= min)
    .map((c) => ({ x1: c.x1s.sort((a, b) => a - b)[Math.floor(c.x1s.length / 2)]!, minX0: c.minX0 }));
}

function nearestAnchor(anchors: Region['anchors'], x1: number): number {
  let best = -1;
  let dist = Infinity;
  for (let i = 0; i < anchors.length; i++) {
    const d = Math.abs(anchors[i]!.x1 - x1);
    if (d < dist) {
      dist = d;
      best = i;
    }
  }
  return dist <= 14 ? best : -1;
}

const CONNECTOR_START = /^(?:and|or|of|to|in|for|the|other than|from|with|by|on|at|including|net of|relating)\b/;
const CONNECTOR_END = /(?:\b(?:and|or|of|to|the|from|in|for|on|with|by|at|as|relating|including|net)|[,/(&-])$/i;

/**
 * A line of a table's title block rather than a column heading: a statement's name, the registrant's
 * name in capitals, or the years the statement covers ("For the Years Ended May 31, 2023, 2022 and 2021").
 */
function isTitleLine(l: Line): boolean {
  if (l.segments.length !== 1) return false;
  const t = l.segments[0]!.text.replace(/\s+/g, ' ').trim();
  if (/^(?:condensed\s+)?(?:consolidated\s+)?(?:statements?\s+of\b|balance\s+sheets?\b)/i.test(t)) return true;
  if (
    /^for\s+the\s+(?:fiscal\s+)?(?:years?|quarters?|(?:three|six|nine|twelve)\s+months|periods?)\s+ended\b.*\b(?:19|20)\d{2}\b.*\b(?:19|20)\d{2}\b/i.test(
      t,
    )
  )
    return true;
  return (
    t === t.toUpperCase() &&
    /[A-Z]{3}/.test(t) &&
    /\b(?:INC|INCORPORATED|CORPORATION|CORP|COMPANY|CO|PLC|LTD|LIMITED|N\.V|S\.A)\b\.?/.test(t)
  );
}

/** A date and nothing else ("MAY 31, 2020", "December 31, 2022"). */
const LONE_DATE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}$/i;

/** Footnote markers ("(a)", "(h)(j)", "(1)", "*") and currency glyphs set apart from their figures. */
const MARKS = /^(?:\((?:[a-z]{1,2}|\d{1,2})\)|[*†‡§$€£₹])+$/i;

/** A line of footnote markers or lone currency glyphs only ("(c)   (c)", "(1)  $  $  $"): set as superscripts or above the figures, neither heading nor row. */
function isMarkerLine(l: Line): boolean {
  return l.segments.length > 0 && l.segments.every((s) => MARKS.test(s.text.replace(/\s+/g, '')));
}

/** A length of the columns' periods, printed alone ("Three months ended June 30,", "Six months ended", "Year ended December 31,"). */
const STUB_LENGTH = /^(?:(?:three|six|nine|twelve)\s+months|(?:fiscal\s+)?years?|quarters?|\d{2}\s+weeks)\s+ended\b[^.;]{0,30}$/i;

/** A sentence that introduces a table ("… are as follows:", "The following table summarizes …:"), not a section label ending in a colon. */
const INTRO_SENTENCE =
  /\b(?:as follows|the following|following tables?|were|are|was|is|consist(?:s|ed)? of|summariz\w+|presents?)\b[^:]*:$/i;

/** Table regions of a page: runs of numeric lines, with the text lines between them that belong (sections, wrapped labels). */
function regionsOf(lines: Line[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = -1;
  let lastNumeric = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (isNumericLine(l)) {
      if (start < 0) start = i;
      else {
        // a long stretch of prose between figures ends the table
        const between = lines.slice(lastNumeric + 1, i);
        const prose = between.filter((b) => b.text.length > 90).length;
        const gap = lastNumeric >= 0 ? lines[lastNumeric]!.y - l.y : 0;
        // (one sentence introducing the next table — "… future minimum payments … are as follows:" — ends it too)
        const intro = between.some((b) => b.text.length > 60 && INTRO_SENTENCE.test(b.text.trim()));
        if (prose >= 2 || intro || between.length > 6 || gap > 8 * Math.max(l.size, 6)) {
          out.push({ start, end: lastNumeric });
          start = i;
        }
      }
      lastNumeric = i;
    }
  }
  if (start >= 0) out.push({ start, end: lastNumeric });
  return out.filter((r) => lines.slice(r.start, r.end + 1).filter(isNumericLine).length >= 2);
}

/** Lines of a gutter's run, at least, and lines of text set flush left on each side of it. */
const GUTTER_RUN = 8;
const GUTTER_TEXT = 4;
/** The widest gutter between two columns of a page (points). */
const GUTTER_WIDTH = 48;

/**
 * A page set in two columns ("Capital components" beside "Capital rollforward", each with its sentence and
 * its table): a vertical band, in the middle of the page's text, that no line crosses over a run of lines,
 * with lines of words set flush left right of it (a column of text, not a column of figures or a heading
 * centred over them) and lines of words left of it. Each side of a run is a block read on its own, the
 * left before the right; the lines above and below the run, crossing the band, stay whole.
 */
export function pageColumns<
  S extends { x0: number; x1: number; text: string; numeric: boolean; start: number; end: number },
  L extends { segments: S[]; text: string; start: number; end: number; y: number; size: number },
>(lines: L[], text: string): L[][] {
  if (lines.length < GUTTER_RUN) return [lines];
  const xs = lines.flatMap((l) => l.segments.flatMap((s) => [s.x0, s.x1]));
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const w = hi - lo;
  if (!(w > 200)) return [lines];
  const words = (s: S) => !s.numeric && /[A-Za-z]{3}/.test(s.text);
  // (free: no segment within 5 points of the gutter's line; a line with no segment left or right of it is free too)
  // (nor a row of a table the width of the page: words left of the band and, right of it, figures set far
  // from it — a column of the page starts at the gutter)
  const free = (l: L, x: number) => {
    if (!l.segments.every((s) => s.x1 < x - 5 || s.x0 > x + 5)) return false;
    const right = l.segments.find((s) => s.x0 > x);
    return !(right?.numeric && right.x0 > x + 40 && l.segments.some((s) => s.x1 < x));
  };
  const runs = new Map<string, { start: number; end: number; xs: number[] }>();
  for (let x = lo + 0.3 * w; x <= lo + 0.7 * w; x += 2) {
    let start = -1;
    for (let i = 0; i <= lines.length; i++) {
      if (i < lines.length && free(lines[i]!, x)) {
        if (start < 0) start = i;
        continue;
      }
      if (start >= 0 && i - start >= GUTTER_RUN) {
        const run = lines.slice(start, i);
        const left = run.filter((l) => l.segments.some((s) => s.x1 < x && words(s))).length;
        // the first words right of the gutter, set flush left at a common edge
        // (ragged on their right: a table's text column set flush right or centred — "April 15 and October 15" — is no column of the page)
        const firsts = run.map((l) => l.segments.find((s) => s.x0 > x)).filter((s): s is S => !!s && words(s));
        const edge = firsts.length ? Math.min(...firsts.map((s) => s.x0)) : Infinity;
        const flushed = firsts.filter((s) => s.x0 <= edge + 1.5);
        const ragged = flushed.length ? Math.max(...flushed.map((s) => s.x1)) - Math.min(...flushed.map((s) => s.x1)) : 0;
        const flush = ragged >= 12 ? flushed.length : 0;
        // (each side a column of its own — prose, or rows of words with their figures — not the labels of a
        // table whose figures, or whose text column's dates, stand on the other side)
        const own = (side: S[][]) =>
          side.filter(
            (segs) => segs.some((s) => words(s) && s.text.split(/\s+/).length >= 6) || (segs.some(words) && segs.some((s) => s.numeric)),
          ).length;
        const ownLeft = own(run.map((l) => l.segments.filter((s) => s.x1 < x)));
        const ownRight = own(run.map((l) => l.segments.filter((s) => s.x0 > x)));
        // (and a gutter, not a table's wide gap between its labels and its figures: both sides reach it)
        const bandLo = Math.max(...run.flatMap((l) => l.segments.filter((s) => s.x1 < x).map((s) => s.x1)));
        const bandHi = Math.min(...run.flatMap((l) => l.segments.filter((s) => s.x0 > x).map((s) => s.x0)));
        if (
          left >= GUTTER_TEXT &&
          flush >= GUTTER_TEXT &&
          ownLeft >= GUTTER_TEXT &&
          ownRight >= GUTTER_TEXT &&
          bandHi - bandLo <= GUTTER_WIDTH
        ) {
          const key = `${start}:${i}`;
          const r = runs.get(key) ?? { start, end: i, xs: [] };
          r.xs.push(x);
          runs.set(key, r);
        }
      }
      start = -1;
    }
  }
  if (!runs.size) return [lines];
  const best = [...runs.values()].sort((a, b) => b.end - b.start - (a.end - a.start) || b.xs.length - a.xs.length)[0]!;
  // the middle of the band free over the whole run
  const gutter = best.xs[Math.floor(best.xs.length / 2)]!;
  // (the run's last short lines printed on one side of the gutter only, set right above the lines that cross
  // it, are the title and headings of what follows — "Selected metrics", "June 30, December 31," over a table
  // the width of the page — not the end of a column; a sentence's end is)
  const oneSided = (l: L) => l.segments.every((s) => s.x1 < gutter) || l.segments.every((s) => s.x0 > gutter);
  for (let k = 0; k < 4 && best.end < lines.length && best.end - best.start > GUTTER_RUN; k++) {
    const l = lines[best.end - 1]!;
    if (
      !oneSided(l) ||
      l.text.length > 80 ||
      /[.;:]$/.test(l.text.trim()) ||
      l.y - lines[best.end]!.y > 3 * Math.max(lines[best.end]!.size, 6)
    )
      break;
    best.end--;
  }
  const half = (l: L, segs: S[]): L => ({
    ...l,
    segments: segs,
    text: text.slice(segs[0]!.start, segs[segs.length - 1]!.end),
    start: segs[0]!.start,
    end: segs[segs.length - 1]!.end,
  });
  const leftSide: L[] = [];
  const rightSide: L[] = [];
  for (const l of lines.slice(best.start, best.end)) {
    const a = l.segments.filter((s) => s.x1 < gutter);
    const b = l.segments.filter((s) => s.x0 > gutter);
    if (a.length) leftSide.push(b.length ? half(l, a) : l);
    if (b.length) rightSide.push(a.length ? half(l, b) : l);
  }
  return [
    ...(best.start > 0 ? pageColumns(lines.slice(0, best.start), text) : []),
    leftSide,
    rightSide,
    ...(best.end < lines.length ? pageColumns(lines.slice(best.end), text) : []),
  ].filter((b) => b.length);
}

class PdfLayout {
  text = '';
  lines: Line[] = [];
  tables: RawTable[] = [];
  blocks: TextBlock[] = [];
  private cellId = 0;
  private lastHeader: { rows: (GridCell | null)[][]; columns: number; context: string[]; page: number } | null = null;

  addPage(page: number, items: Item[]): void {
    if (page > 1) this.text += '\f';
    const raw = toLines(items, page);
    const lines: Line[] = [];
    for (const r of raw) {
      const start = this.text.length;
      const parts: string[] = [];
      let pos = start;
      for (const s of r.segments) {
        if (parts.length) pos += 1;
        s.start = pos;
        s.end = pos + s.text.length;
        pos = s.end;
        parts.push(s.text);
      }
      const text = parts.join(' ');
      this.text += `${text}\n`;
      const segments = joinGlyphs(r.segments).map((s) => ({ ...s, numeric: isNumericText(s.text) }));
      lines.push({ ...r, segments, text, start, end: start + text.length });
    }
    this.lines.push(...lines);
    // running page links ("Table of Contents") sit above tables and are neither headers nor titles
    this.layoutPage(
      page,
      lines.filter((l) => !/^(?:table of contents|index to (?:consolidated )?financial statements|back to contents)$/i.test(l.text.trim())),
    );
  }

  private layoutPage(page: number, lines: Line[]): void {
    const bodySize = median(lines.map((l) => l.size)) || 10;
    // a page set in two columns is read column by column: each side of the gutter on its own
    for (const block of pageColumns(lines, this.text)) this.layoutBlock(page, block, bodySize);
  }

  private layoutBlock(page: number, lines: Line[], bodySize: number): void {
    const used = new Set<number>();
    for (const r of regionsOf(lines)) {
      const regionLines = lines.slice(r.start, r.end + 1);
      const anchors = clusterAnchors(regionLines);
      if (anchors.length === 0) continue;
      const labelRight = Math.min(...anchors.map((a) => a.minX0)) - 2;
      // section labels ("ASSETS", "Non-current Assets") may sit between the header and the first figures
      // (currency glyphs and footnote markers set on a line of their own are not headings)
      const overCols = (l: Line) =>
        l.segments.some((s) => s.x1 > labelRight && !s.numeric && !MARKS.test(s.text.replace(/\s+/g, ''))) ||
        l.segments.some((s) => s.numeric && isYearHeading(s.text));
      // (up to six of them: a date line, a section and a wrapped caption — "June 30, 2023" / "Changes in Fair
      // Value" / "Recorded in Other" / "Comprehensive Income" — above the first figures; a sentence is no heading)
      let top = r.start;
      for (let k = r.start - 1; k >= 0 && r.start - k <= 7; k--) {
        const l = lines[k]!;
        if (used.has(k) || lines[k + 1]!.y - l.y > 3 * Math.max(l.size, 6)) break;
        // a line of footnote markers set above the figures ("(c)   (c)") is neither heading nor row
        if (isMarkerLine(l)) continue;
        if (overCols(l)) {
          if (!isProse(l, labelRight)) top = k + 1;
          // a long section label running over the columns ("Selected information for plans with accumulated
          // benefit obligation in excess of plan assets") right under the headings is a row of the table
          else if (
            k > 0 &&
            !used.has(k - 1) &&
            l.y - lines[k - 1]!.y <= 3 * Math.max(l.size, 6) &&
            overCols(lines[k - 1]!) &&
            !isProse(lines[k - 1]!, labelRight) &&
            l.segments.length === 1 &&
            !INTRO_SENTENCE.test(l.text) &&
            !/[.;]$/.test(l.text.trim())
          )
            continue;
          break;
        }
        if (l.text.length > 80 || (isUnitLine(l.text) && !l.segments.some((x) => x.numeric && isYearHeading(x.text)))) break;
      }
      if (top < r.start) {
        regionLines.unshift(...lines.slice(top, r.start));
        r.start = top;
      }
      // a wrapped label of the last row continues below the last figures
      while (r.end + 1 < lines.length && !used.has(r.end + 1)) {
        const next = lines[r.end + 1]!;
        const last = lines[r.end]!;
        if (
          overCols(next) ||
          last.y - next.y > 1.6 * Math.max(next.size, 6) ||
          !(/^[a-z([]/.test(next.text) || CONNECTOR_END.test(last.text))
        )
          break;
        regionLines.push(next);
        r.end++;
      }
      // header lines: just above the region, with text over the value columns
      let h = r.start - 1;
      const header: Line[] = [];
      // unit lines between the column headings and the figures ("Year ended December 31," / "2017 2016" /
      // "(in thousands)"): kept as context, the headings above them still head the columns
      const unitBetween: string[] = [];
      const stubBetween: string[] = [];
      while (h >= 0 && header.length < 5) {
        const l = lines[h]!;
        if (isMarkerLine(l) && h > 0 && lines[h + 1]!.y - l.y <= 4 * Math.max(l.size, 6)) {
          h--;
          continue;
        }
        const overColumns = overCols(l) || /^(?:particulars|description|s\.?\s?no\.?|sr\.?\s?no\.?)$/i.test(l.text.replace(/\s+/g, ''));
        // a unit phrase in the label column does not make "($ in millions) June 30, 2023 June 30, 2022" a unit line
        // nor "(in millions) Cost Gains Losses Fair Value": headings over the columns that are not unit phrases themselves
        const unitOnly =
          isUnitLine(l.text) &&
          !l.segments.some(
            (x) =>
              x.x1 > labelRight &&
              ((x.numeric && isYearHeading(x.text)) || (!x.numeric && (PERIODISH.test(x.text) || !findUnitLine(x.text)))),
          );
        if (lines[h + 1]!.y - l.y > 4 * Math.max(l.size, 6)) break;
        // only right above the figures, under a line of column headings (several over the columns: "2017 2016 2015",
        // or headings over half the columns or more: "Cost | Gains | Losses | Fair Value | …"), not a unit line
        // between a title and the headings
        if (unitOnly && h > 0 && header.length === 0 && unitBetween.length === 0) {
          const above = lines[h - 1]!;
          const overValue = above.segments.filter((x) => x.x1 > labelRight);
          if (
            !used.has(h - 1) &&
            l.y - above.y <= 4 * Math.max(above.size, 6) &&
            overCols(above) &&
            !isUnitLine(above.text) &&
            overValue.length >= 2 &&
            (overValue.some((x) => PERIODISH.test(x.text)) || (overValue.length >= anchors.length / 2 && !isProse(above, labelRight)))
          ) {
            unitBetween.unshift(l.text);
            h--;
            continue;
          }
        }
        // running text over the columns (the paragraph that introduces the table) ends the headings, and so
        // does the table's title block (company name, statement name, "For the Years Ended May 31, 2023, 2022 and 2021")
        // a length printed in the stub between the headings ("2023 … 2022" over "Pre-tax | Tax effect | After-tax"
        // twice, then "Three months ended June 30," at the left, then the headings): the stub of the header block
        const stubLength =
          !overColumns &&
          h > 0 &&
          header.length > 0 &&
          l.segments.length === 1 &&
          l.segments[0]!.x1 <= labelRight &&
          STUB_LENGTH.test(l.text.trim()) &&
          !used.has(h - 1) &&
          l.y - lines[h - 1]!.y <= 4 * Math.max(l.size, 6) &&
          lines[h - 1]!.segments.some((x) => x.x1 > labelRight && isYearHeading(x.text));
        // a line of the stub between two heading lines ("Consumer &" / "As of or for the three months" /
        // "Community Banking" / "ended June 30," / "(in millions) 2023 2022", set on baselines of their own):
        // the header block goes on above it, and the stub's words stay the table's context (its length phrase)
        if (!overColumns && !stubLength && header.length > 0 && isStubLine(l, labelRight)) {
          let k = h - 1;
          while (
            k >= 0 &&
            h - k <= 2 &&
            !used.has(k) &&
            isStubLine(lines[k]!, labelRight) &&
            lines[k + 1]!.y - lines[k]!.y <= 4 * Math.max(lines[k]!.size, 6)
          )
            k--;
          const above = k >= 0 && !used.has(k) ? lines[k]! : null;
          // (the line above is headings over the columns only — two or more, or a period — not a title set
          // over them: "STOCKHOLDERS' EQUITY STATEMENTS" / "(In millions)" / "Year Ended June 30, 2023 …")
          const headings = above?.segments.filter((x) => !MARKS.test(x.text.replace(/\s+/g, ''))) ?? [];
          const headingLine =
            !!above &&
            headings.length > 0 &&
            headings.every((x) => x.x0 > labelRight - 4) &&
            (headings.length >= 2 || PERIODISH.test(above.text));
          if (
            above &&
            headingLine &&
            lines[k + 1]!.y - above.y <= 4 * Math.max(above.size, 6) &&
            !isProse(above, labelRight) &&
            !isTitleLine(above) &&
            !isUnitLine(above.text)
          ) {
            for (let j = h; j > k; j--) stubBetween.unshift(lines[j]!.text);
            h = k;
            continue;
          }
        }
        if ((!overColumns && !stubLength) || unitOnly || isProse(l, labelRight) || isTitleLine(l)) break;
        header.unshift(l);
        h--;
      }
      if (header.length === 0 && unitBetween.length) h += unitBetween.splice(0).length;
      const context: string[] = [];
      for (let c = h; c >= 0 && context.length < 4; c--) {
        const l = lines[c]!;
        if (used.has(c)) break;
        context.unshift(l.text);
      }
      context.push(...stubBetween, ...unitBetween);
      for (let i = h + 1; i <= r.end; i++) used.add(i);
      this.tables.push(this.buildTable(page, header, regionLines, { anchors, labelRight, lines: regionLines }, context));
    }
    // narrative: the remaining lines, grouped into paragraphs
    let para: Line[] = [];
    const flush = () => {
      if (!para.length) return;
      const text = para
        .map((l) => l.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      const first = para[0]!;
      const heading =
        para.length === 1 &&
        text.length <= 120 &&
        (first.size >= bodySize * 1.15 || (/^[A-Z0-9 ,.&'’:()/-]{6,}$/.test(text) && /[A-Z]{4}/.test(text))) &&
        !/[.;]$/.test(text);
      this.blocks.push({
        kind: heading ? 'heading' : 'paragraph',
        level: heading ? (first.size >= bodySize * 1.5 ? 2 : 3) : 0,
        text,
        page,
        spanStart: first.start,
        spanEnd: para[para.length - 1]!.end,
      });
      para = [];
    };
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (used.has(i)) {
        flush();
        continue;
      }
      const prev = para[para.length - 1];
      const big = l.size >= bodySize * 1.15;
      if (prev && (prev.y - l.y > 1.9 * Math.max(prev.size, l.size) || Math.abs(prev.size - l.size) > 1 || big)) flush();
      para.push(l);
      if (big) flush();
    }
    flush();
  }

  private cell(text: string, page: number, start: number | null, end: number | null, th = false): GridCell {
    return { id: this.cellId++, text, th, page, spanStart: start, spanEnd: end };
  }

  private buildTable(page: number, header: Line[], lines: Line[], region: Region, context: string[]): RawTable {
    const { anchors, labelRight } = region;
    const width = anchors.length + 1;
    const grid: (GridCell | null)[][] = [];
    // header rows: a segment over several columns spans them
    for (const [li, l] of header.entries()) {
      const row: (GridCell | null)[] = Array.from({ length: width }, () => null);
      const segs = headerSegments(l.segments, anchors);
      // an upper heading line ("Quarter ended" … "Half year ended") shares the columns out among its headings
      const upper =
        li < header.length - 1
          ? partitionColumns(
              anchors,
              segs.filter((s) => !(s.x1 <= labelRight && !s.numeric)),
            )
          : null;
      for (const s of segs) {
        if (s.x1 <= labelRight && !s.numeric) {
          row[0] = row[0]
            ? this.cell(`${row[0].text} ${s.text}`, page, row[0].spanStart, s.end, true)
            : this.cell(s.text, page, s.start, s.end, true);
          continue;
        }
        // a year over a column is right-aligned with its figures, like them
        // (unless a line of headings below it shares its column out: "2022" over "Shares | Amount")
        // (or when it is centred over a group, not right-aligned with a column's figures: "2023" over four columns)
        const shared =
          upper &&
          (header[li + 1]!.segments.filter((x) => x.x1 > labelRight).length > segs.filter((x) => x.x1 > labelRight).length ||
            !anchors.some((a) => Math.abs(a.x1 - s.x1) <= 4));
        const yearAnchor = s.numeric && isYearHeading(s.text) && !shared ? nearestAnchor(anchors, s.x1) : -1;
        const cols = (yearAnchor >= 0 ? [yearAnchor] : (upper?.get(s) ?? headerColumns(anchors, s.x0, s.x1))).map((i) => i + 1);
        const cell = this.cell(s.text, page, s.start, s.end, true);
        for (const c of cols) row[c] = row[c] ? this.cell(`${row[c]!.text} ${s.text}`, page, row[c]!.spanStart, s.end, true) : cell;
      }
      grid.push(row);
    }
    let headRows = grid.length;
    // body rows
    let prevData: (GridCell | null)[] | null = null;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (isMarkerLine(l)) continue;
      const row: (GridCell | null)[] = Array.from({ length: width }, () => null);
      const labelParts: Segment[] = [];
      let values = 0;
      // a line of words over the columns only (a heading repeated for the next block of rows: "Year Ended
      // December 31, 2019" / "First  Second  Third  Fourth" / "Quarter …") heads them as a header line does
      // (a date alone re-heads the dated columns for the rows below: it stays a row of its own, as in a label — "MAY 31, 2020")
      const isHeading = (x: Line | undefined) =>
        !!x &&
        x.segments.length > 0 &&
        !x.segments.some((s) => s.numeric && !isYearHeading(s.text)) &&
        x.segments.every((s) => s.x0 > labelRight - 4) &&
        !(x.segments.length === 1 && LONE_DATE.test(x.segments[0]!.text));
      const headingLine = isHeading(l);
      const headingSegs = headingLine ? headerSegments(l.segments, anchors) : [];
      if (headingLine && headingSegs.length === 1) {
        // (an upper heading, over the headings of the next line, shares the columns out as the top header does)
        const s = headingSegs[0]!;
        const cell = this.cell(s.text, page, s.start, s.end, true);
        const cols = isHeading(lines[i + 1]) ? (partitionColumns(anchors, [s])?.get(s) ?? []) : headerColumns(anchors, s.x0, s.x1);
        for (const c of cols) row[c + 1] = cell;
      } else
        for (const s of headingLine ? headingSegs : l.segments) {
          if (!headingLine && isEnumerationMarker(l, s) && s.x1 <= labelRight) continue;
          // a small negative ("(16)") reads like a footnote marker: right-aligned with a value column's figures,
          // in a slot no other figure of the line takes, it is that column's figure
          const small =
            !headingLine && !s.numeric && s.x0 > labelRight && SMALL_NEGATIVE.test(s.text.replace(/\s+/g, ''))
              ? anchors.findIndex((an) => Math.abs(an.x1 - s.x1) <= 5)
              : -1;
          if (small >= 0 && !row[small + 1] && !l.segments.some((o) => o !== s && o.numeric && nearestAnchor(anchors, o.x1) === small)) {
            row[small + 1] = { ...this.cell(s.text, page, s.start, s.end), figure: true };
            values++;
            continue;
          }
          const a = s.numeric ? nearestAnchor(anchors, s.x1) : -1;
          if (a >= 0 && s.x0 > labelRight - 40) {
            row[a + 1] = this.cell(s.text, page, s.start, s.end, headingLine);
            values += headingLine ? 0 : 1;
          } else if (!headingLine && (s.x1 <= labelRight + 4 || labelParts.length === 0)) {
            labelParts.push(s);
          } else if (s.numeric && !headingLine) {
          } else {
            const c = (headingLine ? headerColumns(anchors, s.x0, s.x1)[0]! : nearestByCenter(anchors, (s.x0 + s.x1) / 2)) + 1;
            row[c] = this.cell(row[c] ? `${row[c]!.text} ${s.text}` : s.text, page, s.start, s.end, headingLine);
          }
        }
      const label = labelParts
        .map((s) => s.text)
        .join(' ')
        .trim();
      if (label) row[0] = this.cell(label, page, labelParts[0]!.start, labelParts[labelParts.length - 1]!.end);
      // a wrapped label: a line with no figures continuing the row above
      if (values === 0 && prevData && label && row.slice(1).every((c) => c === null)) {
        const prevLabel = prevData[0]?.text ?? '';
        const prevLine = lines[i - 1];
        const close = prevLine && prevLine.y - l.y < 1.6 * Math.max(l.size, 6);
        // indented past the previous row's enumeration marker ("B." | "Total outstanding dues …" / "Enterprises")
        const prevFirst = prevLine?.segments[0];
        const indented =
          !!prevFirst &&
          prevLine!.segments.length > 1 &&
          /^(?:[a-zA-Z]|[ivx]{1,4}|\d{1,2})[.)]$/.test(prevFirst.text) &&
          labelParts[0]!.x0 > prevFirst.x0 + 3;
        const enumerated = /^(?:[a-zA-Z]|[ivx]{1,4}|\d{1,2})[.)]\s|^\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s/.test(label);
        // …unless the line after it carries figures and continues this line ("… other than micro" / "and small enterprises 1,508.28")
        const next = lines[i + 1];
        const startsNext =
          !!next && isNumericLine(next) && CONNECTOR_START.test(next.segments[0]?.text ?? '') && l.y - next.y < 1.6 * Math.max(l.size, 6);
        if (close && !enumerated && !startsNext && (/^[a-z([]/.test(label) || CONNECTOR_END.test(prevLabel) || indented)) {
          if (prevData[0])
            prevData[0] = this.cell(`${prevLabel} ${label}`, page, prevData[0].spanStart, labelParts[labelParts.length - 1]!.end);
          continue;
        }
      }
      // a label that began on the line above ("total outstanding dues of creditors other than micro" / "and small enterprises  1,508.28")
      const above = grid[grid.length - 1];
      const prevLine = lines[i - 1];
      const openParen = (t: string) => (t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length;
      if (
        values > 0 &&
        label &&
        (CONNECTOR_START.test(label) || CONNECTOR_END.test(above?.[0]?.text ?? '') || openParen(above?.[0]?.text ?? '')) &&
        above &&
        grid.length > headRows &&
        above[0] &&
        above.slice(1).every((c) => c === null) &&
        prevLine &&
        prevLine.y - l.y < 1.6 * Math.max(l.size, 6)
      ) {
        row[0] = this.cell(`${above[0].text} ${label}`, page, above[0].spanStart, row[0]!.spanEnd);
        grid.pop();
      }
      grid.push(row);
      prevData = values > 0 ? row : null;
    }
    // a page whose table lost its header: inherit the previous page's when the columns match
    const hasPeriodHeader = grid
      .slice(0, headRows)
      .some((r) => r.slice(1).some((c) => c && /\d{4}|year|quarter|months|ended|as at/i.test(c.text)));
    let ctx = context;
    // (a continuation has no heading of its own and follows the table the header was last used on: further
    // down the same page, or first on the next page; a table under headings of its own, or introduced by a
    // sentence of its own, is another table)
    const firstOnPage = !this.tables.length || this.tables[this.tables.length - 1]!.page !== page;
    const follows = !!this.lastHeader && (this.lastHeader.page === page || (this.lastHeader.page === page - 1 && firstOnPage));
    const introduced = context.some((c) => c.length > 60 && INTRO_SENTENCE.test(c.trim()));
    if (!hasPeriodHeader && headRows === 0 && follows && !introduced && this.lastHeader && this.lastHeader.columns === width) {
      grid.unshift(...this.lastHeader.rows.map((r) => r.map((c) => (c ? { ...c, page } : null))));
      headRows += this.lastHeader.rows.length;
      // the continued table keeps its title and unit line too
      ctx = [...this.lastHeader.context, ...context];
    } else if (hasPeriodHeader) {
      // a statement continued on the next page repeats its column header, not always its title and unit line
      const key = (rows: (GridCell | null)[][]) =>
        rows
          .map((r) =>
            r
              .slice(1)
              .map((c) => c?.text ?? '')
              .join('|'),
          )
          .join('/');
      const prev = this.lastHeader;
      if (
        prev &&
        prev.columns === width &&
        prev.page === page - 1 &&
        key(prev.rows) === key(grid.slice(0, headRows)) &&
        !context.some((c) => isUnitLine(c) || !!findUnitLine(c))
      )
        ctx = [...prev.context, ...context];
      // the next block of the same table under its own year ("2022" … then "2021" right below, nothing printed
      // between them): the block keeps the table's title and unit line
      else if (prev && prev.columns === width && context.length === 0 && (prev.page === page || (prev.page === page - 1 && firstOnPage)))
        ctx = [...prev.context];
      this.lastHeader = { rows: grid.slice(0, headRows), columns: width, context: ctx, page };
    }
    if (this.lastHeader && !hasPeriodHeader) this.lastHeader.page = page;
    return { ordinal: this.tables.length, grid, headRows, caption: null, context: ctx, section: null, heading: null, page };
  }
}

/**
 * Columns a header segment belongs to: of the runs of adjacent columns whose extent contains the
 * segment, the one centred nearest to it ("Quarter ended" centred over three columns spans all three).
 */
function headerColumns(anchors: Region['anchors'], x0: number, x1: number): number[] {
  const n = anchors.length;
  const left = (i: number) => (i > 0 ? anchors[i - 1]!.x1 : anchors[0]!.x1 - (n > 1 ? anchors[1]!.x1 - anchors[0]!.x1 : 60));
  const centre = (x0 + x1) / 2;
  const colWidth = n > 1 ? (anchors[n - 1]!.x1 - anchors[0]!.x1) / (n - 1) : 60;
  let best: [number, number] | null = null;
  let score = Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const l = left(i);
      const r = anchors[j]!.x1;
      // most of the heading lies over the run (headings may overhang the figures a little)
      if (overlap(x0, x1, l - 4, r + 4) < 0.7 * Math.max(1, x1 - x0)) continue;
      // off-centre distance, plus a price per extra column: the narrowest run that centres the text wins
      const sc = Math.abs((l + r) / 2 - centre) + (j - i) * colWidth * 0.25;
      if (sc < score) {
        score = sc;
        best = [i, j];
      }
    }
  }
  if (best) return Array.from({ length: best[1] - best[0] + 1 }, (_, k) => best![0] + k);
  const covered = anchors
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => overlap(x0, x1, Math.min(a.minX0, a.x1 - 30), a.x1) > 0)
    .map((c) => c.i);
  return covered.length ? covered : [nearestByCenter(anchors, centre)];
}

/** A heading that names a period: a year, a day of a month, a length ending on one, a balance date. */
const PERIOD_HEADING =
  /\b(?:19|20)\d{2}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b(?:ended|ending|as\s+of|as\s+at)\b/i;
/** Each column to the heading of the line nearest to it (by centres); headings get contiguous runs. */
function partitionColumns(anchors: Region['anchors'], segs: Segment[]): Map<Segment, number[]> | null {
  if (segs.length === 0) return null;
  const n = anchors.length;
  const left = (i: number) => (i > 0 ? anchors[i - 1]!.x1 : anchors[0]!.x1 - (n > 1 ? anchors[1]!.x1 - anchors[0]!.x1 : 60));
  const out = new Map<Segment, number[]>();
  const colWidth = n > 1 ? (anchors[n - 1]!.x1 - anchors[0]!.x1) / (n - 1) : 60;
  // a heading is centred over its group: the outermost headings reach as far outwards as they reach
  // towards their neighbour ("Dec 31,  Jun 30,  Dec 31," over the last three columns heads nothing to
  // their left; "June 30, 2016 … June 30, 2015" each head their half; one heading alone heads them all)
  const centres = segs.map((s) => (s.x0 + s.x1) / 2).sort((a, b) => a - b);
  const lo = centres.length > 1 ? centres[0]! - (centres[1]! - centres[0]!) / 2 - colWidth / 2 : -Infinity;
  const hi = centres.length > 1 ? centres.at(-1)! + (centres.at(-1)! - centres.at(-2)!) / 2 + colWidth / 2 : Infinity;
  // (the extent of the column's figures, not of the gap before them: a wide gap between two groups
  // belongs to neither)
  const from = (i: number) => Math.max(left(i), anchors[i]!.minX0);
  const inside: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = (from(i) + anchors[i]!.x1) / 2;
    if (c >= lo && c <= hi) inside.push(i);
  }
  // headings that name periods are set centred over their groups of columns, every value column under one
  // of them: the columns are shared out in contiguous runs instead of column by column to the nearest
  // heading ("June 30, 2023" centred over four columns beside "2022" over the fifth: the fourth column is
  // June's, though nearer to "2022"'s centre). Other headings (segments, components) may head only some
  // columns and keep the nearest-heading rule.
  const sorted = [...segs].sort((a, b) => a.x0 + a.x1 - (b.x0 + b.x1));
  const m = sorted.length;
  const k = inside.length;
  // (a date, a year or a length ending on a day — not "12 Months or Greater"; and not years alone, which are
  // set over the figures of their groups or between the two columns of a pair rather than centred on them)
  const periods = sorted.every((x) => PERIOD_HEADING.test(x.text)) && sorted.some((x) => !isYearText(x.text.trim()));
  // (a run's extent is its figures': from the left edge of its first column's to the right edge of its last's)
  const runCentre = (a: number, b: number) => (from(inside[a]!) + anchors[inside[b]!]!.x1) / 2;
  if (periods && m > 1) {
    // headings set flush right over their groups ("June 30, 2016" ending where the figures of the group's last
    // column end): each group runs from the column after the group before it to the column its heading ends over
    const ends = sorted.map((x) => anchors.findIndex((a) => Math.abs(a.x1 - x.x1) <= 4));
    if (ends.every((e, j) => e >= 1 && e - (j ? ends[j - 1]! : -1) >= 2)) {
      sorted.forEach((x, j) =>
        out.set(
          x,
          Array.from({ length: ends[j]! - (j ? ends[j - 1]! : -1) }, (_, i) => (j ? ends[j - 1]! : -1) + 1 + i),
        ),
      );
      return out;
    }
  }
  if (periods && m > 1 && m <= k) {
    // the runs, in order, whose centres lie nearest their headings' (least sum of squared distances: no one
    // heading far off its run — years set between the two columns of their pair still head the pair)
    const runCost = (j: number, a: number, b: number) => (runCentre(a, b) - (sorted[j]!.x0 + sorted[j]!.x1) / 2) ** 2;
    // cost[j][e]: least cost of giving columns 0..e-1 to headings 0..j-1
    const cost: number[][] = Array.from({ length: m + 1 }, () => Array<number>(k + 1).fill(Infinity));
    const cut: number[][] = Array.from({ length: m + 1 }, () => Array<number>(k + 1).fill(-1));
    cost[0]![0] = 0;
    for (let j = 1; j <= m; j++) {
      for (let e = j; e <= k - (m - j); e++) {
        for (let b = j - 1; b < e; b++) {
          const c = cost[j - 1]![b]! + runCost(j - 1, b, e - 1);
          if (c < cost[j]![e]!) {
            cost[j]![e] = c;
            cut[j]![e] = b;
          }
        }
      }
    }
    let e = k;
    for (let j = m; j >= 1; j--) {
      const b = cut[j]![e]!;
      out.set(sorted[j - 1]!, inside.slice(b, e));
      e = b;
    }
    return out;
  }
  for (const i of inside) {
    const c = (from(i) + anchors[i]!.x1) / 2;
    let best = segs[0]!;
    for (const s of segs) if (Math.abs((s.x0 + s.x1) / 2 - c) < Math.abs((best.x0 + best.x1) / 2 - c)) best = s;
    const list = out.get(best) ?? [];
    list.push(i);
    out.set(best, list);
  }
  return out;
}

/** Header segments split back into their text items where the items fall under different columns. */
function headerSegments(segs: Segment[], anchors: Region['anchors']): Segment[] {
  const out: Segment[] = [];
  for (const s of segs) {
    if (s.parts.length < 2 || s.numeric) {
      out.push(s);
      continue;
    }
    const groups: { parts: Part[]; key: string }[] = [];
    for (const p of s.parts) {
      if (!p.text) continue;
      const key = headerColumns(anchors, p.x0, p.x1).join(',');
      const last = groups[groups.length - 1];
      if (last && last.key === key) last.parts.push(p);
      else groups.push({ parts: [p], key });
    }
    if (groups.length < 2) {
      out.push(s);
      continue;
    }
    for (const g of groups) {
      const text = g.parts.map((p) => p.text).join(' ');
      out.push({ ...s, parts: g.parts, x0: g.parts[0]!.x0, x1: g.parts[g.parts.length - 1]!.x1, text });
    }
  }
  return out;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function nearestByCenter(anchors: Region['anchors'], x: number): number {
  let best = 0;
  let dist = Infinity;
  anchors.forEach((a, i) => {
    const center = (Math.min(a.minX0, a.x1 - 20) + a.x1) / 2;
    const d = Math.abs(center - x);
    if (d < dist) {
      dist = d;
      best = i;
    }
  });
  return best;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * A line of running text rather than a column heading: a sentence that starts in the label column and
 * runs over the value columns, a segment of a dozen words or more, or a sentence ending over the
 * columns ("… were as follows:", "… as of December 31, 2022 and 2021."). Headings are short phrases.
 */
export function isProse(l: { segments: { x0: number; x1: number; text: string; numeric: boolean }[] }, labelRight: number): boolean {
  return l.segments.some((s) => {
    if (s.numeric) return false;
    const words = s.text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
    if (words >= 12) return true;
    if (s.x0 < labelRight && s.x1 > labelRight + 20 && words >= 8) return true;
    return s.x1 > labelRight && words >= 5 && /[a-z)][.:]$/.test(s.text) && !/\b(?:inc|co|corp|ltd|no)\.$/i.test(s.text);
  });
}

/** A short line printed in the label column only (a stub heading, a length phrase, "(unaudited)"): no prose, no title, no figures. */
function isStubLine(l: Line, labelRight: number): boolean {
  if (!l.segments.length || l.segments.some((s) => s.numeric || s.x1 > labelRight + 4)) return false;
  const t = l.text.trim();
  return (
    t.length <= 60 &&
    t.split(/\s+/).length <= 10 &&
    !/[.;]$/.test(t) &&
    !isTitleLine(l) &&
    !isMarkerLine(l) &&
    !isProse(l, labelRight) &&
    !findUnitLine(t)
  );
}

/** Words of a column heading that names a period. */
const PERIODISH = /\b(?:19|20)\d{2}\b|\b(?:ended|ending|as of|as at|year|quarter|months|weeks|fiscal)\b/i;

function isUnitLine(text: string): boolean {
  const u = findUnitLine(text);
  return !!u && u.text.length >= text.replace(/[()]/g, '').trim().length - 4;
}

function metaFromInfo(info: Record<string, unknown>): { meta: ReportMeta; title: string | null } {
  const meta: ReportMeta = {};
  const custom = (info.Custom ?? {}) as Record<string, unknown>;
  const all: Record<string, unknown> = { ...info, ...custom };
  for (const [k, v] of Object.entries(all)) {
    if (typeof v !== 'string' || !v.trim()) continue;
    const key = k.toLowerCase().replace(/^(?:ledgerline|report)[:_-]/, '');
    const field = META_MAP[key];
    if (field)
      (meta as Record<string, unknown>)[field] =
        field === 'scope' ? (/stand/i.test(v) ? 'standalone' : /consol/i.test(v) ? 'consolidated' : null) : v.trim();
  }
  const title = typeof info.Title === 'string' && info.Title.trim() ? storableText(info.Title.trim()) : null;
  for (const k of Object.keys(meta) as (keyof ReportMeta)[])
    if (typeof meta[k] === 'string') (meta as Record<string, unknown>)[k] = storableText(meta[k] as string);
  return { meta, title };
}

/** Extracts a text PDF. Throws AppErrors for encrypted, malformed, empty, image-only or too long files. */
export async function extractPdfReport(
  bytes: Uint8Array,
  fileName: string,
  opts: { maxPages?: number; maxDecodedBytes?: number } = {},
): Promise<ReportDocument> {
  if (bytes.byteLength === 0) throw ingestError('bad_request:empty_pdf', fileName, 'the file is empty');
  // a small PDF inflating to hundreds of MB is refused before pdf.js decodes it (pdf-budget.ts)
  await checkPdfDecodedBudget(bytes, fileName, opts.maxDecodedBytes);
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of (and detaches) the buffer it is given
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const task = pdfjs.getDocument({
    data,
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const name = (e as { name?: string })?.name ?? '';
    if (name === 'PasswordException')
      throw ingestError(
        'bad_request:pdf_encrypted',
        fileName,
        'the PDF is encrypted (password protected); decrypt it before ingesting',
        undefined,
        e,
      );
    if (name === 'InvalidPDFException')
      throw ingestError('bad_request:malformed_pdf', fileName, `not a readable PDF: ${(e as Error).message}`, undefined, e);
    throw ingestError('bad_request:malformed_pdf', fileName, `cannot open the PDF: ${(e as Error)?.message ?? String(e)}`, undefined, e);
  }
  try {
    const maxPages = opts.maxPages ?? MAX_PDF_PAGES;
    if (doc.numPages > maxPages)
      throw ingestError('payload_too_large:pdf_pages', fileName, `the PDF has ${doc.numPages} pages; the limit is ${maxPages}`);
    let meta: ReportMeta = {};
    let title: string | null = null;
    try {
      const m = await doc.getMetadata();
      ({ meta, title } = metaFromInfo((m.info ?? {}) as Record<string, unknown>));
    } catch {
      // metadata is a hint only
    }
    const layout = new PdfLayout();
    const problems: string[] = [];
    let chars = 0;
    // the ligatures of fonts whose glyphs map to no character, read once from the first pages that print one
    let ligatures: Map<string, string> | null = null;
    for (let n = 1; n <= doc.numPages; n++) {
      let items: Item[] = [];
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        if (!ligatures && content.items.some((it) => 'str' in it && UNMAPPED.test(it.str))) {
          const sample: TextItemLike[][] = [content.items as TextItemLike[]];
          for (let k = n + 1; k <= Math.min(doc.numPages, n + 11); k++) {
            const pg = await doc.getPage(k);
            sample.push((await pg.getTextContent()).items as TextItemLike[]);
            pg.cleanup();
          }
          ligatures = ligatureVotes(sample);
        }
        items = [];
        for (const it of content.items) {
          if (!('str' in it) || !it.str) continue;
          const [a, b, , d, e, f] = it.transform as number[];
          const size = Math.hypot(b ?? 0, d ?? 0) || Math.abs(a ?? 0) || 10;
          if (Math.abs(b ?? 0) > Math.abs(a ?? 0)) continue; // rotated text (margins, watermarks)
          const lig = UNMAPPED.test(it.str) ? ligatures?.get(it.fontName) : undefined;
          const text = lig ?? storableText(it.str);
          if (!text) continue;
          items.push({ x0: e ?? 0, x1: (e ?? 0) + (it.width ?? 0), y: f ?? 0, size, text });
          chars += text.trim().length;
        }
        page.cleanup();
      } catch (e) {
        problems.push(`page ${n}: ${(e as Error)?.message ?? String(e)}`);
      }
      layout.addPage(n, items);
    }
    if (chars === 0)
      throw ingestError(
        'bad_request:pdf_no_text',
        fileName,
        `no extractable text in ${doc.numPages} page(s): a scanned or image-only PDF (OCR is not supported)`,
      );
    const firstHeading = layout.blocks.find((b) => b.kind === 'heading')?.text ?? null;
    return {
      format: 'pdf',
      title: title ?? firstHeading,
      meta,
      tables: layout.tables,
      blocks: layout.blocks,
      pages: doc.numPages,
      problems,
      text: layout.text,
    };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
