/**
 * The layout pass of a PDF: each page's lines, read column by column, become tables (regions of figures
 * with their header lines, context and wrapped labels; a header lost at a page break inherited from the
 * previous page's table) and narrative blocks (paragraphs, headings by font size). Spans are offsets into
 * the text this pass rebuilds (lines joined by "\n", pages by "\f").
 */
import type { GridCell, RawTable, TextBlock } from '../model';
import { SMALL_NEGATIVE } from '../numbers';
import { findUnitLine } from '../units';
import {
  CONNECTOR_END,
  CONNECTOR_START,
  clusterAnchors,
  headerColumns,
  headerSegments,
  INTRO_SENTENCE,
  isProse,
  isStubLine,
  isTitleLine,
  isUnitLine,
  isMarkerLine,
  LONE_DATE,
  median,
  nearestAnchor,
  nearestByCenter,
  PERIODISH,
  pageColumns,
  partitionColumns,
  regionsOf,
  STUB_LENGTH,
} from './columns';
import {
  isEnumerationMarker,
  isNumericLine,
  isNumericText,
  isYearHeading,
  type Item,
  joinGlyphs,
  MARKS,
  itemAt,
  type Line,
  type Region,
  type Segment,
  toLines,
} from './lines';

/** The lines of a block of a page, and which of them a table has taken. */
interface Block {
  lines: Line[];
  used: Set<number>;
}

/** A region's value columns and the test for a line set over them. */
interface Columns {
  anchors: Region['anchors'];
  labelRight: number;
  overCols: (l: Line) => boolean;
}

/** A grid row of `width` empty cells. */
const emptyRow = (width: number): (GridCell | null)[] => Array.from({ length: width }, () => null);

/**
 * Section labels ("ASSETS", "Non-current Assets") may sit between the header and the first figures:
 * the first line of the region, moved up over them (up to six: a date line, a section and a wrapped
 * caption — "June 30, 2023" / "Changes in Fair Value" / "Recorded in Other" / "Comprehensive Income" —
 * above the first figures; a sentence is no heading).
 */
function regionTop({ lines, used }: Block, start: number, { labelRight, overCols }: Columns): number {
  let top = start;
  for (let k = start - 1; k >= 0 && start - k <= 7; k--) {
    const l = itemAt(lines, k);
    if (used.has(k) || itemAt(lines, k + 1).y - l.y > 3 * Math.max(l.size, 6)) break;
    // a line of footnote markers set above the figures ("(c)   (c)") is neither heading nor row
    if (isMarkerLine(l)) continue;
    if (overCols(l)) {
      if (!isProse(l, labelRight)) top = k + 1;
      // a long section label running over the columns ("Selected information for plans with accumulated
      // benefit obligation in excess of plan assets") right under the headings is a row of the table
      else if (
        k > 0 &&
        !used.has(k - 1) &&
        l.y - itemAt(lines, k - 1).y <= 3 * Math.max(l.size, 6) &&
        overCols(itemAt(lines, k - 1)) &&
        !isProse(itemAt(lines, k - 1), labelRight) &&
        l.segments.length === 1 &&
        !INTRO_SENTENCE.test(l.text) &&
        !/[.;]$/.test(l.text.trim())
      )
        continue;
      break;
    }
    if (l.text.length > 80 || (isUnitLine(l.text) && !l.segments.some((x) => x.numeric && isYearHeading(x.text)))) break;
  }
  return top;
}

/** A wrapped label of the last row continues below the last figures: the region's last line, moved down over it. */
function regionEnd({ lines, used }: Block, end: number, { overCols }: Columns): number {
  let e = end;
  while (e + 1 < lines.length && !used.has(e + 1)) {
    const next = itemAt(lines, e + 1);
    const last = itemAt(lines, e);
    if (overCols(next) || last.y - next.y > 1.6 * Math.max(next.size, 6) || !(/^[a-z([]/.test(next.text) || CONNECTOR_END.test(last.text)))
      break;
    e++;
  }
  return e;
}

/**
 * A unit line right above the figures, under a line of column headings (several over the columns: "2017
 * 2016 2015", or headings over half the columns or more: "Cost | Gains | Losses | Fair Value | …"), not a
 * unit line between a title and the headings.
 */
function unitUnderHeadings({ lines, used }: Block, h: number, { anchors, labelRight, overCols }: Columns): boolean {
  const l = itemAt(lines, h);
  const above = itemAt(lines, h - 1);
  const overValue = above.segments.filter((x) => x.x1 > labelRight);
  return (
    !used.has(h - 1) &&
    l.y - above.y <= 4 * Math.max(above.size, 6) &&
    overCols(above) &&
    !isUnitLine(above.text) &&
    overValue.length >= 2 &&
    (overValue.some((x) => PERIODISH.test(x.text)) || (overValue.length >= anchors.length / 2 && !isProse(above, labelRight)))
  );
}

/**
 * A length printed in the stub between the headings ("2023 … 2022" over "Pre-tax | Tax effect | After-tax"
 * twice, then "Three months ended June 30," at the left, then the headings): the stub of the header block.
 */
function stubLengthLine({ lines, used }: Block, h: number, labelRight: number): boolean {
  const l = itemAt(lines, h);
  return (
    h > 0 &&
    l.segments.length === 1 &&
    l.segments[0]!.x1 <= labelRight &&
    STUB_LENGTH.test(l.text.trim()) &&
    !used.has(h - 1) &&
    l.y - itemAt(lines, h - 1).y <= 4 * Math.max(l.size, 6) &&
    itemAt(lines, h - 1).segments.some((x) => x.x1 > labelRight && isYearHeading(x.text))
  );
}

/**
 * A line of the stub between two heading lines ("Consumer &" / "As of or for the three months" / "Community
 * Banking" / "ended June 30," / "(in millions) 2023 2022", set on baselines of their own): the index of the
 * heading line above the stub's lines, when the header block goes on there (the stub's words stay the
 * table's context); null otherwise.
 */
function headingAboveStub({ lines, used }: Block, h: number, labelRight: number): number | null {
  let k = h - 1;
  while (
    k >= 0 &&
    h - k <= 2 &&
    !used.has(k) &&
    isStubLine(itemAt(lines, k), labelRight) &&
    itemAt(lines, k + 1).y - itemAt(lines, k).y <= 4 * Math.max(itemAt(lines, k).size, 6)
  )
    k--;
  const above = k >= 0 && !used.has(k) ? itemAt(lines, k) : null;
  if (!above) return null;
  // (the line above is headings over the columns only — two or more, or a period — not a title set
  // over them: "STOCKHOLDERS' EQUITY STATEMENTS" / "(In millions)" / "Year Ended June 30, 2023 …")
  const headings = above.segments.filter((x) => !MARKS.test(x.text.replace(/\s+/g, '')));
  const headingLine =
    headings.length > 0 && headings.every((x) => x.x0 > labelRight - 4) && (headings.length >= 2 || PERIODISH.test(above.text));
  return headingLine &&
    itemAt(lines, k + 1).y - above.y <= 4 * Math.max(above.size, 6) &&
    !isProse(above, labelRight) &&
    !isTitleLine(above) &&
    !isUnitLine(above.text)
    ? k
    : null;
}

/** The header block above a region: its heading lines, the line above them, and unit and stub lines between the headings. */
interface HeaderBlock {
  header: Line[];
  /** the last line above the header block */
  h: number;
  unitBetween: string[];
  stubBetween: string[];
}

/** Header lines: just above the region, with text over the value columns. */
function headerAbove(block: Block, start: number, columns: Columns): HeaderBlock {
  const { lines } = block;
  const { labelRight, overCols } = columns;
  let h = start - 1;
  const header: Line[] = [];
  // unit lines between the column headings and the figures ("Year ended December 31," / "2017 2016" /
  // "(in thousands)"): kept as context, the headings above them still head the columns
  const unitBetween: string[] = [];
  const stubBetween: string[] = [];
  while (h >= 0 && header.length < 5) {
    const l = itemAt(lines, h);
    if (isMarkerLine(l) && h > 0 && itemAt(lines, h + 1).y - l.y <= 4 * Math.max(l.size, 6)) {
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
          x.x1 > labelRight && ((x.numeric && isYearHeading(x.text)) || (!x.numeric && (PERIODISH.test(x.text) || !findUnitLine(x.text)))),
      );
    if (itemAt(lines, h + 1).y - l.y > 4 * Math.max(l.size, 6)) break;
    if (unitOnly && h > 0 && header.length === 0 && unitBetween.length === 0 && unitUnderHeadings(block, h, columns)) {
      unitBetween.unshift(l.text);
      h--;
      continue;
    }
    // running text over the columns (the paragraph that introduces the table) ends the headings, and so
    // does the table's title block (company name, statement name, "For the Years Ended May 31, 2023, 2022 and 2021")
    const stubLength = !overColumns && header.length > 0 && stubLengthLine(block, h, labelRight);
    if (!overColumns && !stubLength && header.length > 0 && isStubLine(l, labelRight)) {
      const k = headingAboveStub(block, h, labelRight);
      if (k !== null) {
        for (let j = h; j > k; j--) stubBetween.unshift(itemAt(lines, j).text);
        h = k;
        continue;
      }
    }
    if ((!overColumns && !stubLength) || unitOnly || isProse(l, labelRight) || isTitleLine(l)) break;
    header.unshift(l);
    h--;
  }
  if (header.length === 0 && unitBetween.length) h += unitBetween.splice(0).length;
  return { header, h, unitBetween, stubBetween };
}

/** Whether a paragraph of one line is a heading: short, set larger than the body or in capitals, no sentence. */
function isHeadingParagraph(para: Line[], text: string, bodySize: number): boolean {
  const first = para[0];
  return (
    !!first &&
    para.length === 1 &&
    text.length <= 120 &&
    (first.size >= bodySize * 1.15 || (/^[A-Z0-9 ,.&'’:()/-]{6,}$/.test(text) && /[A-Z]{4}/.test(text))) &&
    !/[.;]$/.test(text)
  );
}

/** The remaining lines of a block, grouped into paragraphs; headings by font size. */
function narrativeBlocks({ lines, used }: Block, page: number, bodySize: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  let para: Line[] = [];
  const flush = () => {
    const first = para[0];
    const last = para[para.length - 1];
    if (!first || !last) return;
    const text = para
      .map((l) => l.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const heading = isHeadingParagraph(para, text, bodySize);
    blocks.push({
      kind: heading ? 'heading' : 'paragraph',
      level: heading ? (first.size >= bodySize * 1.5 ? 2 : 3) : 0,
      text,
      page,
      spanStart: first.start,
      spanEnd: last.end,
    });
    para = [];
  };
  for (const [i, l] of lines.entries()) {
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
  return blocks;
}

/**
 * A line of words over the columns only (a heading repeated for the next block of rows: "Year Ended
 * December 31, 2019" / "First  Second  Third  Fourth" / "Quarter …") heads them as a header line does
 * (a date alone re-heads the dated columns for the rows below: it stays a row of its own, as in a label — "MAY 31, 2020").
 */
function isHeadingLine(x: Line | undefined, labelRight: number): boolean {
  return (
    !!x &&
    x.segments.length > 0 &&
    !x.segments.some((s) => s.numeric && !isYearHeading(s.text)) &&
    x.segments.every((s) => s.x0 > labelRight - 4) &&
    !(x.segments.length === 1 && LONE_DATE.test(x.segments[0]!.text))
  );
}

const OPEN_PAREN = (t: string) => (t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length;

/** Header rows keyed by their cells' texts, for recognising a header repeated on the next page. */
const headerKey = (rows: (GridCell | null)[][]) =>
  rows
    .map((r) =>
      r
        .slice(1)
        .map((c) => c?.text ?? '')
        .join('|'),
    )
    .join('/');

export class PdfLayout {
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

  /** The tables of a block (regions of figures with their headers and context), then its narrative. */
  private layoutBlock(page: number, lines: Line[], bodySize: number): void {
    const block: Block = { lines, used: new Set<number>() };
    for (const r of regionsOf(lines)) {
      const regionLines = lines.slice(r.start, r.end + 1);
      const anchors = clusterAnchors(regionLines);
      if (anchors.length === 0) continue;
      const labelRight = Math.min(...anchors.map((a) => a.minX0)) - 2;
      // (currency glyphs and footnote markers set on a line of their own are not headings)
      const overCols = (l: Line) =>
        l.segments.some((s) => s.x1 > labelRight && !s.numeric && !MARKS.test(s.text.replace(/\s+/g, ''))) ||
        l.segments.some((s) => s.numeric && isYearHeading(s.text));
      const columns: Columns = { anchors, labelRight, overCols };
      const top = regionTop(block, r.start, columns);
      if (top < r.start) {
        regionLines.unshift(...lines.slice(top, r.start));
        r.start = top;
      }
      const end = regionEnd(block, r.end, columns);
      regionLines.push(...lines.slice(r.end + 1, end + 1));
      r.end = end;
      const { header, h, unitBetween, stubBetween } = headerAbove(block, r.start, columns);
      const context: string[] = [];
      for (let c = h; c >= 0 && context.length < 4; c--) {
        if (block.used.has(c)) break;
        context.unshift(itemAt(lines, c).text);
      }
      context.push(...stubBetween, ...unitBetween);
      for (let i = h + 1; i <= r.end; i++) block.used.add(i);
      this.tables.push(this.buildTable(page, header, regionLines, { anchors, labelRight, lines: regionLines }, context));
    }
    this.blocks.push(...narrativeBlocks(block, page, bodySize));
  }

  private cell(text: string, page: number, start: number | null, end: number | null, th = false): GridCell {
    return { id: this.cellId++, text, th, page, spanStart: start, spanEnd: end };
  }

  /** Header rows: a segment over several columns spans them; an upper heading line shares the columns out among its headings. */
  private headerRows(page: number, header: Line[], region: Region): (GridCell | null)[][] {
    const { anchors, labelRight } = region;
    const grid: (GridCell | null)[][] = [];
    for (const [li, l] of header.entries()) {
      const row = emptyRow(anchors.length + 1);
      const segs = headerSegments(l.segments, anchors);
      // an upper heading line ("Quarter ended" … "Half year ended") shares the columns out among its headings
      const below = header[li + 1];
      const upper = below
        ? partitionColumns(
            anchors,
            segs.filter((s) => !(s.x1 <= labelRight && !s.numeric)),
          )
        : null;
      for (const s of segs) {
        const label = row[0];
        if (s.x1 <= labelRight && !s.numeric) {
          row[0] = label
            ? this.cell(`${label.text} ${s.text}`, page, label.spanStart, s.end, true)
            : this.cell(s.text, page, s.start, s.end, true);
          continue;
        }
        // a year over a column is right-aligned with its figures, like them
        // (unless a line of headings below it shares its column out: "2022" over "Shares | Amount")
        // (or when it is centred over a group, not right-aligned with a column's figures: "2023" over four columns)
        const shared =
          upper &&
          below &&
          (below.segments.filter((x) => x.x1 > labelRight).length > segs.filter((x) => x.x1 > labelRight).length ||
            !anchors.some((a) => Math.abs(a.x1 - s.x1) <= 4));
        const yearAnchor = s.numeric && isYearHeading(s.text) && !shared ? nearestAnchor(anchors, s.x1) : -1;
        const cols = (yearAnchor >= 0 ? [yearAnchor] : (upper?.get(s) ?? headerColumns(anchors, s.x0, s.x1))).map((i) => i + 1);
        const cell = this.cell(s.text, page, s.start, s.end, true);
        for (const c of cols) {
          const there = row[c];
          row[c] = there ? this.cell(`${there.text} ${s.text}`, page, there.spanStart, s.end, true) : cell;
        }
      }
      grid.push(row);
    }
    return grid;
  }

  /** One body line as a grid row: figures under their columns, words in the label, a heading line's words over its columns. */
  private bodyRow(page: number, l: Line, next: Line | undefined, region: Region) {
    const { anchors, labelRight } = region;
    const row = emptyRow(anchors.length + 1);
    const labelParts: Segment[] = [];
    let values = 0;
    const headingLine = isHeadingLine(l, labelRight);
    const headingSegs = headingLine ? headerSegments(l.segments, anchors) : [];
    const only = headingSegs.length === 1 ? headingSegs[0] : undefined;
    if (headingLine && only) {
      // (an upper heading, over the headings of the next line, shares the columns out as the top header does)
      const cell = this.cell(only.text, page, only.start, only.end, true);
      const cols = isHeadingLine(next, labelRight)
        ? (partitionColumns(anchors, [only])?.get(only) ?? [])
        : headerColumns(anchors, only.x0, only.x1);
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
          // a figure under no value column and past the label: neither a value nor part of the label
        } else {
          const c = (headingLine ? headerColumns(anchors, s.x0, s.x1)[0]! : nearestByCenter(anchors, (s.x0 + s.x1) / 2)) + 1;
          const there = row[c];
          row[c] = this.cell(there ? `${there.text} ${s.text}` : s.text, page, s.start, s.end, headingLine);
        }
      }
    const label = labelParts
      .map((s) => s.text)
      .join(' ')
      .trim();
    const firstPart = labelParts[0];
    const lastPart = labelParts[labelParts.length - 1];
    if (label && firstPart && lastPart) row[0] = this.cell(label, page, firstPart.start, lastPart.end);
    return { row, label, labelParts, values };
  }

  private buildTable(page: number, header: Line[], lines: Line[], region: Region, context: string[]): RawTable {
    const width = region.anchors.length + 1;
    const grid = this.headerRows(page, header, region);
    let headRows = grid.length;
    // body rows
    let prevData: (GridCell | null)[] | null = null;
    for (const [i, l] of lines.entries()) {
      if (isMarkerLine(l)) continue;
      const { row, label, labelParts, values } = this.bodyRow(page, l, lines[i + 1], region);
      const prevLine = lines[i - 1];
      // a wrapped label: a line with no figures continuing the row above
      if (
        values === 0 &&
        prevData &&
        label &&
        row.slice(1).every((c) => c === null) &&
        continuesRowAbove(lines, i, label, labelParts, prevData)
      ) {
        const lastPart = labelParts[labelParts.length - 1];
        const prevLabel = prevData[0];
        if (prevLabel && lastPart) prevData[0] = this.cell(`${prevLabel.text} ${label}`, page, prevLabel.spanStart, lastPart.end);
        continue;
      }
      // a label that began on the line above ("total outstanding dues of creditors other than micro" / "and small enterprises  1,508.28")
      const above = grid[grid.length - 1];
      const aboveLabel = above?.[0];
      const own = row[0];
      if (
        values > 0 &&
        label &&
        (CONNECTOR_START.test(label) || CONNECTOR_END.test(aboveLabel?.text ?? '') || OPEN_PAREN(aboveLabel?.text ?? '')) &&
        above &&
        grid.length > headRows &&
        aboveLabel &&
        own &&
        above.slice(1).every((c) => c === null) &&
        prevLine &&
        prevLine.y - l.y < 1.6 * Math.max(l.size, 6)
      ) {
        row[0] = this.cell(`${aboveLabel.text} ${label}`, page, aboveLabel.spanStart, own.spanEnd);
        grid.pop();
      }
      grid.push(row);
      prevData = values > 0 ? row : null;
    }
    const inherited = this.inheritHeader(page, grid, headRows, width, context);
    headRows = inherited.headRows;
    return { ordinal: this.tables.length, grid, headRows, caption: null, context: inherited.context, section: null, heading: null, page };
  }

  /**
   * A page whose table lost its header inherits the previous page's when the columns match; a statement
   * continued on the next page repeats its column header, not always its title and unit line. Returns the
   * table's header row count and context; remembers the header for the next table.
   */
  private inheritHeader(page: number, grid: (GridCell | null)[][], headRows: number, width: number, context: string[]) {
    const hasPeriodHeader = grid
      .slice(0, headRows)
      .some((r) => r.slice(1).some((c) => c && /\d{4}|year|quarter|months|ended|as at/i.test(c.text)));
    let ctx = context;
    let rows = headRows;
    // (a continuation has no heading of its own and follows the table the header was last used on: further
    // down the same page, or first on the next page; a table under headings of its own, or introduced by a
    // sentence of its own, is another table)
    const lastTable = this.tables[this.tables.length - 1];
    const firstOnPage = !lastTable || lastTable.page !== page;
    const prev = this.lastHeader;
    const follows = !!prev && (prev.page === page || (prev.page === page - 1 && firstOnPage));
    const introduced = context.some((c) => c.length > 60 && INTRO_SENTENCE.test(c.trim()));
    if (!hasPeriodHeader && headRows === 0 && follows && !introduced && prev && prev.columns === width) {
      grid.unshift(...prev.rows.map((r) => r.map((c) => (c ? { ...c, page } : null))));
      rows += prev.rows.length;
      // the continued table keeps its title and unit line too
      ctx = [...prev.context, ...context];
    } else if (hasPeriodHeader) {
      if (
        prev &&
        prev.columns === width &&
        prev.page === page - 1 &&
        headerKey(prev.rows) === headerKey(grid.slice(0, headRows)) &&
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
    return { headRows: rows, context: ctx };
  }
}

/**
 * Whether a line with no figures continues the label of the data row above it: close under it, not an
 * enumerated item of its own, not the start of the next line's label ("… other than micro" / "and small
 * enterprises 1,508.28"), and lower-case, after a connector, or indented past the row's enumeration marker
 * ("B." | "Total outstanding dues …" / "Enterprises").
 */
function continuesRowAbove(lines: Line[], i: number, label: string, labelParts: Segment[], prevData: (GridCell | null)[]): boolean {
  const l = itemAt(lines, i);
  const prevLabel = prevData[0]?.text ?? '';
  const prevLine = lines[i - 1];
  const close = prevLine && prevLine.y - l.y < 1.6 * Math.max(l.size, 6);
  const prevFirst = prevLine?.segments[0];
  const firstPart = labelParts[0];
  const indented =
    !!prevFirst &&
    !!firstPart &&
    prevLine.segments.length > 1 &&
    /^(?:[a-zA-Z]|[ivx]{1,4}|\d{1,2})[.)]$/.test(prevFirst.text) &&
    firstPart.x0 > prevFirst.x0 + 3;
  const enumerated = /^(?:[a-zA-Z]|[ivx]{1,4}|\d{1,2})[.)]\s|^\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s/.test(label);
  const next = lines[i + 1];
  const startsNext =
    !!next && isNumericLine(next) && CONNECTOR_START.test(next.segments[0]?.text ?? '') && l.y - next.y < 1.6 * Math.max(l.size, 6);
  return !!close && !enumerated && !startsNext && (/^[a-z([]/.test(label) || CONNECTOR_END.test(prevLabel) || indented);
}
