/**
 * Where the tables of a page are and how their columns lie: regions of numeric lines, value columns from
 * the right edges of figures (figures are right-aligned), the two columns of a page set in two, header
 * segments mapped onto columns (a heading centred over several columns spans them), and the kinds of
 * line around a table (titles, unit lines, stubs, prose, footnote markers).
 */
import { isYearText } from '../numbers';
import { findUnitLine } from '../units';
import { isEnumerationMarker, isNumericLine, itemAt, type Line, MARKS, type Part, type Region, type Segment } from './lines';

export function clusterAnchors(lines: Line[]): { x1: number; minX0: number }[] {
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

export function nearestAnchor(anchors: Region['anchors'], x1: number): number {
  let best = -1;
  let dist = Infinity;
  for (let i = 0; i < anchors.length; i++) {
    const d = Math.abs(itemAt(anchors, i).x1 - x1);
    if (d < dist) {
      dist = d;
      best = i;
    }
  }
  return dist <= 14 ? best : -1;
}

export const CONNECTOR_START = /^(?:and|or|of|to|in|for|the|other than|from|with|by|on|at|including|net of|relating)\b/;
export const CONNECTOR_END = /(?:\b(?:and|or|of|to|the|from|in|for|on|with|by|at|as|relating|including|net)|[,/(&-])$/i;

/**
 * A line of a table's title block rather than a column heading: a statement's name, the registrant's
 * name in capitals, or the years the statement covers ("For the Years Ended May 31, 2023, 2022 and 2021").
 */
export function isTitleLine(l: Line): boolean {
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
export const LONE_DATE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}$/i;

/** A line of footnote markers or lone currency glyphs only ("(c)   (c)", "(1)  $  $  $"): set as superscripts or above the figures, neither heading nor row. */
export function isMarkerLine(l: Line): boolean {
  return l.segments.length > 0 && l.segments.every((s) => MARKS.test(s.text.replace(/\s+/g, '')));
}

/** A length of the columns' periods, printed alone ("Three months ended June 30,", "Six months ended", "Year ended December 31,"). */
export const STUB_LENGTH = /^(?:(?:three|six|nine|twelve)\s+months|(?:fiscal\s+)?years?|quarters?|\d{2}\s+weeks)\s+ended\b[^.;]{0,30}$/i;

/** A sentence that introduces a table ("… are as follows:", "The following table summarizes …:"), not a section label ending in a colon. */
export const INTRO_SENTENCE =
  /\b(?:as follows|the following|following tables?|were|are|was|is|consist(?:s|ed)? of|summariz\w+|presents?)\b[^:]*:$/i;

/** Table regions of a page: runs of numeric lines, with the text lines between them that belong (sections, wrapped labels). */
export function regionsOf(lines: Line[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = -1;
  let lastNumeric = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = itemAt(lines, i);
    if (isNumericLine(l)) {
      if (start < 0) start = i;
      else {
        // a long stretch of prose between figures ends the table
        const between = lines.slice(lastNumeric + 1, i);
        const prose = between.filter((b) => b.text.length > 90).length;
        const gap = lastNumeric >= 0 ? itemAt(lines, lastNumeric).y - l.y : 0;
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
      if (i < lines.length && free(itemAt(lines, i), x)) {
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
    const l = itemAt(lines, best.end - 1);
    if (
      !oneSided(l) ||
      l.text.length > 80 ||
      /[.;:]$/.test(l.text.trim()) ||
      l.y - itemAt(lines, best.end).y > 3 * Math.max(itemAt(lines, best.end).size, 6)
    )
      break;
    best.end--;
  }
  const half = (l: L, segs: S[]): L => ({
    ...l,
    segments: segs,
    text: text.slice(itemAt(segs, 0).start, itemAt(segs, segs.length - 1).end),
    start: itemAt(segs, 0).start,
    end: itemAt(segs, segs.length - 1).end,
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

/**
 * Columns a header segment belongs to: of the runs of adjacent columns whose extent contains the
 * segment, the one centred nearest to it ("Quarter ended" centred over three columns spans all three).
 */
export function headerColumns(anchors: Region['anchors'], x0: number, x1: number): number[] {
  const n = anchors.length;
  const left = (i: number) =>
    i > 0 ? itemAt(anchors, i - 1).x1 : itemAt(anchors, 0).x1 - (n > 1 ? itemAt(anchors, 1).x1 - itemAt(anchors, 0).x1 : 60);
  const centre = (x0 + x1) / 2;
  const colWidth = n > 1 ? (itemAt(anchors, n - 1).x1 - itemAt(anchors, 0).x1) / (n - 1) : 60;
  let best: [number, number] | null = null;
  let score = Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const l = left(i);
      const r = itemAt(anchors, j).x1;
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
export function partitionColumns(anchors: Region['anchors'], segs: Segment[]): Map<Segment, number[]> | null {
  if (segs.length === 0) return null;
  const n = anchors.length;
  const left = (i: number) =>
    i > 0 ? itemAt(anchors, i - 1).x1 : itemAt(anchors, 0).x1 - (n > 1 ? itemAt(anchors, 1).x1 - itemAt(anchors, 0).x1 : 60);
  const out = new Map<Segment, number[]>();
  const colWidth = n > 1 ? (itemAt(anchors, n - 1).x1 - itemAt(anchors, 0).x1) / (n - 1) : 60;
  // a heading is centred over its group: the outermost headings reach as far outwards as they reach
  // towards their neighbour ("Dec 31,  Jun 30,  Dec 31," over the last three columns heads nothing to
  // their left; "June 30, 2016 … June 30, 2015" each head their half; one heading alone heads them all)
  const centres = segs.map((s) => (s.x0 + s.x1) / 2).sort((a, b) => a - b);
  const lo = centres.length > 1 ? itemAt(centres, 0) - (itemAt(centres, 1) - itemAt(centres, 0)) / 2 - colWidth / 2 : -Infinity;
  const hi = centres.length > 1 ? centres.at(-1)! + (centres.at(-1)! - centres.at(-2)!) / 2 + colWidth / 2 : Infinity;
  // (the extent of the column's figures, not of the gap before them: a wide gap between two groups
  // belongs to neither)
  const from = (i: number) => Math.max(left(i), itemAt(anchors, i).minX0);
  const inside: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = (from(i) + itemAt(anchors, i).x1) / 2;
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
  const runCentre = (a: number, b: number) => (from(itemAt(inside, a)) + anchors[itemAt(inside, b)]!.x1) / 2;
  if (periods && m > 1) {
    // headings set flush right over their groups ("June 30, 2016" ending where the figures of the group's last
    // column end): each group runs from the column after the group before it to the column its heading ends over
    const ends = sorted.map((x) => anchors.findIndex((a) => Math.abs(a.x1 - x.x1) <= 4));
    if (ends.every((e, j) => e >= 1 && e - (j ? itemAt(ends, j - 1) : -1) >= 2)) {
      sorted.forEach((x, j) =>
        out.set(
          x,
          Array.from({ length: itemAt(ends, j) - (j ? itemAt(ends, j - 1) : -1) }, (_, i) => (j ? itemAt(ends, j - 1) : -1) + 1 + i),
        ),
      );
      return out;
    }
  }
  if (periods && m > 1 && m <= k) {
    // the runs, in order, whose centres lie nearest their headings' (least sum of squared distances: no one
    // heading far off its run — years set between the two columns of their pair still head the pair)
    const runCost = (j: number, a: number, b: number) => (runCentre(a, b) - (itemAt(sorted, j).x0 + itemAt(sorted, j).x1) / 2) ** 2;
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
      out.set(itemAt(sorted, j - 1), inside.slice(b, e));
      e = b;
    }
    return out;
  }
  for (const i of inside) {
    const c = (from(i) + itemAt(anchors, i).x1) / 2;
    let best = itemAt(segs, 0);
    for (const s of segs) if (Math.abs((s.x0 + s.x1) / 2 - c) < Math.abs((best.x0 + best.x1) / 2 - c)) best = s;
    const list = out.get(best) ?? [];
    list.push(i);
    out.set(best, list);
  }
  return out;
}

/** Header segments split back into their text items where the items fall under different columns. */
export function headerSegments(segs: Segment[], anchors: Region['anchors']): Segment[] {
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

export function nearestByCenter(anchors: Region['anchors'], x: number): number {
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

export function median(xs: number[]): number {
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
export function isStubLine(l: Line, labelRight: number): boolean {
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
export const PERIODISH = /\b(?:19|20)\d{2}\b|\b(?:ended|ending|as of|as at|year|quarter|months|weeks|fiscal)\b/i;

export function isUnitLine(text: string): boolean {
  const u = findUnitLine(text);
  return !!u && u.text.length >= text.replace(/[()]/g, '').trim().length - 4;
}
