/**
 * Finds a cited table cell on a PDF page from the page's text items (pdf.js getTextContent), so the
 * viewer can box it. A printed number is often split over several items ("$", "1,234", ")") or joined
 * to its neighbours, so items are grouped into lines and the cell's text is searched in each line with
 * spacing and currency signs ignored; an occurrence inside a longer number does not count. When the
 * number is printed more than once on the page, the one on the row label's line (else nearest to it) and
 * under the column heading (else nearest to it) wins.
 */

/** A text item in PDF user space: x to the right, y (the baseline) upwards. */
export interface PageItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CellTarget {
  text: string;
  rowLabel: string | null;
  columnPath: string[];
}

/** The cell's box in PDF user space: left/right edges, baseline and height. */
export interface FoundBox {
  x0: number;
  x1: number;
  y: number;
  height: number;
}

interface Line {
  y: number;
  height: number;
  /** normalized text (no spaces or currency signs) and, per character, its x extent */
  text: string;
  xs: number[];
  ends: number[];
  /** per character: printed apart from the one before it (a space, or a gap between items) */
  gapBefore: boolean[];
}

const IGNORED = /[\s$€£¥₹\u00a0\u2009\u202f]/;
const SPACE = /[\s\u00a0\u2009\u202f]/;
const NUMBER_CHAR = /[0-9.,]/;

export function normalize(s: string): string {
  return [...s]
    .filter((c) => !IGNORED.test(c))
    .join('')
    .toLowerCase()
    .replace(/[–—−]/g, '-');
}

/** Items grouped into lines (same baseline within half a line height), left to right. */
export function linesOf(items: PageItem[]): Line[] {
  const sorted = items.filter((i) => i.str).sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: { y: number; height: number; items: PageItem[] }[] = [];
  for (const it of sorted) {
    const g = groups.find((x) => Math.abs(x.y - it.y) <= Math.max(1, 0.5 * Math.max(x.height, it.height)));
    if (g) g.items.push(it);
    else groups.push({ y: it.y, height: it.height, items: [it] });
  }
  return groups.map(({ y, items: g }) => {
    g.sort((a, b) => a.x - b.x);
    const line: Line = { y, height: Math.max(...g.map((i) => i.height)), text: '', xs: [], ends: [], gapBefore: [] };
    let prevEnd: number | null = null;
    let gap = false;
    for (const it of g) {
      // "1,234   1,100" are two numbers; "(1" + ",100)" drawn edge to edge are one
      if (prevEnd !== null && it.x - prevEnd > 0.25 * it.height) gap = true;
      prevEnd = it.x + it.width;
      const chars = [...it.str];
      const step = chars.length ? it.width / chars.length : 0;
      chars.forEach((c, k) => {
        if (SPACE.test(c)) gap = true;
        if (IGNORED.test(c)) return;
        line.text += c.toLowerCase().replace(/[–—−]/g, '-');
        line.xs.push(it.x + k * step);
        line.ends.push(it.x + (k + 1) * step);
        line.gapBefore.push(gap);
        gap = false;
      });
    }
    return line;
  });
}

function occurrences(line: Line, want: string): FoundBox[] {
  const out: FoundBox[] = [];
  if (!want) return out;
  for (let at = line.text.indexOf(want); at >= 0; at = line.text.indexOf(want, at + 1)) {
    const end = at + want.length;
    const before = line.gapBefore[at] ? undefined : line.text[at - 1];
    const after = line.gapBefore[end] ? undefined : line.text[end];
    const afterNext = line.gapBefore[end + 1] ? undefined : line.text[end + 1];
    // "234" inside "1,234", "12" inside "12.5", "1,000" inside "1,000.00" are other numbers
    if (/[0-9]/.test(want.charAt(0)) && before && NUMBER_CHAR.test(before)) continue;
    if (
      /[0-9]/.test(want.charAt(want.length - 1)) &&
      after &&
      (/[0-9]/.test(after) || (/[.,]/.test(after) && /[0-9]/.test(afterNext ?? '')))
    )
      continue;
    out.push({ x0: line.xs[at] ?? 0, x1: line.ends[end - 1] ?? 0, y: line.y, height: line.height });
  }
  return out;
}

/** Centre x of the column heading's text (its last, most specific level) on the lines above `y`; null when not printed. */
function columnX(lines: Line[], columnPath: string[], y: number): number | null {
  for (const level of [...columnPath].reverse()) {
    const want = normalize(level);
    if (!want) continue;
    const hits = lines.filter((l) => l.y > y).flatMap((l) => occurrences(l, want));
    // the heading nearest above the number
    const nearest = hits.sort((a, b) => a.y - b.y)[0];
    if (nearest) return (nearest.x0 + nearest.x1) / 2;
  }
  return null;
}

/** Baselines of the lines that print the row label (its first 24 significant characters). */
function rowYs(lines: Line[], rowLabel: string | null): number[] {
  const want = normalize(rowLabel ?? '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 24);
  if (want.length < 3) return [];
  return lines.filter((l) => l.text.replace(/[^a-z0-9]/g, '').includes(want)).map((l) => l.y);
}

/** The cited cell's box on the page, or null when its text is not printed there. */
export function locateCell(items: PageItem[], target: CellTarget): FoundBox | null {
  const want = normalize(target.text);
  if (!want) return null;
  const lines = linesOf(items);
  const found = lines.flatMap((l) => occurrences(l, want));
  if (found.length <= 1) return found[0] ?? null;
  const ys = rowYs(lines, target.rowLabel);
  const score = (b: FoundBox) => {
    const dy = ys.length ? Math.min(...ys.map((y) => Math.abs(y - b.y))) : 0;
    const cx = columnX(lines, target.columnPath, b.y);
    const dx = cx === null ? 0 : Math.abs((b.x0 + b.x1) / 2 - cx);
    // a line's height apart is a different row: rows weigh more than columns
    return (dy / Math.max(1, b.height)) * 1000 + dx;
  };
  return found.reduce((best, b) => (score(b) < score(best) ? b : best));
}
