/**
 * A table grid → header rows, value columns with inherited multi-level header paths, and data rows
 * with labels, section paths and value cells. Works the same on HTML grids and on the grids the PDF
 * layout pass builds.
 *
 * - Header rows: `<thead>`/all-`<th>` rows, or rows before the first data row whose value cells are
 *   text or years. A header block later in the table (a repeated heading, a new page's heading)
 *   replaces the paths of the columns it covers from there on.
 * - A value split over cells ("$" | "1,234" | ")") is joined; it is anchored at its digits' column.
 * - Note-reference columns ("Note", "Note No.") and derived columns ("% change") hold no facts.
 */
import { normalizeLabel } from './labels';
import type { GridCell, RawTable } from './model';
import { isYearText, parseCellValue, type CellValue } from './numbers';
import { LENGTH_PHRASE } from './periods';

export interface ValueCell {
  /** grid column of the number */
  col: number;
  text: string;
  value: CellValue;
  /** header path of the column at this row, outermost first */
  path: string[];
  columnKind: ColumnKind;
  page: number | null;
  spanStart: number | null;
  spanEnd: number | null;
}

export type ColumnKind = 'value' | 'note' | 'derived';

export interface StructuredRow {
  index: number;
  label: string;
  /** section rows above it (outermost first), e.g. ["Equity and liabilities", "Non-current liabilities"] */
  sectionPath: string[];
  kind: 'data' | 'section' | 'header' | 'text';
  /** the row printed no label: it is the unlabelled total of the section named by `label` */
  inheritedLabel?: boolean;
  /**
   * A period printed for the rows rather than over the columns: the stub of the header block above
   * ("June 30, 2023 (in millions)" left of "Level 1 | Level 2 | Total") or a date line heading the
   * rows ("December 31, 2022" between two blocks of rows). Binding reads it only for columns whose
   * own heading names no period.
   */
  periodHint?: string;
  /** where the hint was printed: the header block's stub, a date line between rows, or a fiscal year heading a block */
  periodHintFrom?: 'stub' | 'row' | 'block';
  values: ValueCell[];
  page: number | null;
  labelSpan: [number, number] | null;
}

export interface StructuredTable {
  ordinal: number;
  headerRows: string[][];
  rows: StructuredRow[];
  rowCount: number;
  columnCount: number;
  /** columns set aside, by kind */
  skippedColumns: { note: number; derived: number };
}

/** A reference column (note, schedule, page of a table of contents): its numbers point elsewhere, they are no amounts. */
const NOTE_HEADER =
  /^(?:notes?|note\s*no\.?|note\s*ref(?:erence)?\.?|notes?\s*#|sch(?:edule)?\.?(?:\s*no\.?)?|ref\.?|pages?(?:\s*(?:no\.?|numbers?|#|ref(?:erence)?\.?))?)$/i;
const DERIVED_HEADER =
  /%\s*(?:change|chg|growth|var)|\bchange\b|\bvariance\b|\bgrowth\b|\byoy\b|y-o-y|\bincrease\b|\bdecrease\b|% of (?:revenue|sales|total|net)|as a % of|\bbps\b|\badjustments?\b|\breclassifications?\b|\bimpact of\b|\beffect of\b|\bdifference\b/i;
const PERIOD_WORDS =
  /\b(?:year|quarter|months?|weeks?|half|period|ended|ending|as at|as of|fy|fiscal|restated|audited|unaudited|standalone|consolidated|current|previous|prior)\b|\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/i;
/** A line that is a date, or a period ending on one ("June 30, 2023", "As of December 31, 2022 (in millions)", "Year ended 31 March 2025"). */
const DATE_LINE =
  /^\s*(?:(?:as\s+(?:of|at)|at|balances?\s+(?:as\s+)?(?:of|at)|(?:for\s+the\s+)?(?:(?:three|six|nine|twelve)\s+months|(?:fiscal\s+)?years?|quarters?|half[- ]year|period)\s+end(?:ed|ing))\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+)(?:19|20)\d{2}\b[,:]?\s*(?:\((?:in\s+)?[a-z$ ,]+\))?\s*$/i;
/** A block heading naming a fiscal year alone: "Fiscal Year 2016", "Fiscal 2023", "FY2022". */
const FISCAL_YEAR_LINE = /^\s*(?:fiscal\s+(?:year\s+)?|FY\s*)(?:19|20)\d{2}\s*$/i;
/** A year alone ("2021"): a block heading when printed as a line of its own in the label column. */
const BARE_YEAR_LINE = /^\s*(?:19|20)\d{2}\s*$/;
const GLYPH_ONLY = /^(?:[$₹€£(]|rs\.?|us\$|\$\(|₹\(|[JH])$/i;
const CLOSER_ONLY = /^(?:\)|%|\)%|\)\s*%|pts?|bps|x)$/i;

function distinctCells(row: (GridCell | null)[]): { cell: GridCell; col: number; lastCol: number }[] {
  const out: { cell: GridCell; col: number; lastCol: number }[] = [];
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    if (!cell) continue;
    const prev = out[out.length - 1];
    if (prev && prev.cell === cell) prev.lastCol = c;
    else out.push({ cell, col: c, lastCol: c });
  }
  return out;
}

interface Token {
  col: number;
  text: string;
  value: CellValue;
  cells: GridCell[];
  cols: number[];
}

/** Number tokens of a row's cells from `fromCol` on, joining split glyphs, parentheses and percent signs. */
function numberTokens(cells: { cell: GridCell; col: number; lastCol: number }[], fromCol: number): Token[] {
  const tokens: Token[] = [];
  let prefix: { text: string; cell: GridCell; col: number } | null = null;
  for (const { cell, col } of cells) {
    if (col < fromCol) continue;
    const t = cell.text.trim();
    if (t === '') continue;
    if (GLYPH_ONLY.test(t)) {
      prefix = { text: t, cell, col };
      continue;
    }
    const last = tokens[tokens.length - 1];
    // a closing ")" or "%" in its own cell completes the previous number ("(295" | ")")
    if (CLOSER_ONLY.test(t) && last && last.value.kind !== 'nil' && last.cells[last.cells.length - 1]!.id !== cell.id) {
      const joined = last.text + t;
      const v = parseCellValue(joined);
      if (v.kind === 'number') {
        last.text = joined;
        last.value = v;
        last.cells.push(cell);
        last.cols.push(col);
      }
      continue;
    }
    const text = prefix ? `${prefix.text}${t}` : t;
    const figure = { figure: !!cell.figure };
    let value = parseCellValue(text, figure);
    const cellsUsed = prefix ? [prefix.cell, cell] : [cell];
    const cols = prefix ? [prefix.col, col] : [col];
    if (prefix && value.kind !== 'number') value = parseCellValue(t, figure);
    tokens.push({ col, text: value.kind === 'number' || value.kind === 'nil' ? text : t, value, cells: cellsUsed, cols });
    prefix = null;
  }
  return tokens;
}

function rowText(cells: { cell: GridCell }[]): string {
  return cells
    .map((c) => c.cell.text.trim())
    .filter(Boolean)
    .join(' ');
}

type RowCells = { cell: GridCell; col: number; lastCol: number }[];

/** A label that stands in a heading row's label column ("Particulars", "(in millions)"). */
const HEADING_LABEL = /^(?:particulars|description|in .*|\(.*\))$/i;

/** What one grid row holds, read once. */
interface RowReading {
  r: number;
  cells: RowCells;
  labelCells: RowCells;
  label: string;
  tokens: Token[];
  numbers: Token[];
  valueTexts: string[];
  page: number | null;
  spanningCell: boolean;
}

/** The first column where numbers appear in at least one row: everything left of it is label. */
function firstValueColumn(rowsCells: RowCells[]): number {
  let firstValueCol = Infinity;
  for (const cells of rowsCells) {
    for (const t of numberTokens(cells, 1)) {
      if (t.value.kind === 'number' && !isYearText(t.text)) firstValueCol = Math.min(firstValueCol, Math.min(...t.cols));
    }
  }
  return Number.isFinite(firstValueCol) ? firstValueCol : 1;
}

/**
 * Blocks of rows headed by a year alone in the label column ("2021" over its rows, "2020" over the next):
 * the years of the blocks (a year printed alone on the header's last line, over one value column, is then
 * the first block's year centred over the columns, not that column's heading).
 */
function blockYearsOf(rowsCells: RowCells[], firstValueCol: number): Set<string> {
  return new Set(
    rowsCells
      .map((cells) => cells.filter((c) => c.cell.text.trim() !== ''))
      .filter(
        (cells) =>
          cells.length === 1 && cells[0]!.col === 0 && cells[0]!.lastCol < firstValueCol && BARE_YEAR_LINE.test(cells[0]!.cell.text),
      )
      .map((cells) => cells[0]!.cell.text.trim()),
  );
}

/** Whether a row is (part of) a header block: a column heading, not a data or section row. */
function isHeaderRow(row: RowReading, raw: RawTable, seenData: boolean, pendingHeader: number): boolean {
  const { cells, label, tokens, numbers, valueTexts, spanningCell } = row;
  if (spanningCell) return false;
  const nonYearNumbers = numbers.filter((t) => !isYearText(t.text));
  const allTh = cells.every((c) => c.cell.th || c.cell.text.trim() === '');
  const textValues =
    valueTexts.length > 0 && nonYearNumbers.length === 0 && tokens.every((t) => t.value.kind !== 'nil' || isYearText(t.text));
  const periodish = valueTexts.some((t) => PERIOD_WORDS.test(t));
  return (
    row.r < raw.headRows ||
    (allTh && cells.some((c) => c.cell.th) && nonYearNumbers.length === 0) ||
    (!seenData && textValues) ||
    (seenData && textValues && periodish && (label === '' || HEADING_LABEL.test(label))) ||
    // the next line of a heading repeated for the next block of rows ("Year Ended December 31, 2019" / "First  Second …")
    (seenData && textValues && (label === '' || HEADING_LABEL.test(label)) && pendingHeader > 0) ||
    // a row of years only ("Expense (Income), in Millions | 2022 | 2021 | 2020"): the columns' headings again
    (seenData && textValues && numbers.length >= 2 && numbers.every((t) => isYearText(t.text)) && valueTexts.length === numbers.length)
  );
}

/** The value cells of a data row: each number under its column's header path, note and derived columns marked. */
function rowValues(tokens: Token[], headerPaths: string[][]): ValueCell[] {
  const values: ValueCell[] = [];
  for (const t of tokens) {
    if (t.value.kind === 'text') continue;
    let path = headerPaths[t.col] ?? [];
    if (!path.length) for (const c of t.cols) if (headerPaths[c]?.length) path = headerPaths[c]!;
    if (!path.length) path = nearbyHeader(headerPaths, t.col, tokens);
    const leaf = path[path.length - 1] ?? '';
    // ("Currency Translation › Adjustments" of an AOCI roll-forward is a component, not an adjustments column)
    const columnKind: ColumnKind = NOTE_HEADER.test(leaf)
      ? 'note'
      : path.some((p) => DERIVED_HEADER.test(p)) && !/\btranslation\s*(?:›\s*)?adjustments?\b/i.test(path.join(' › '))
        ? 'derived'
        : 'value';
    const cell = t.cells[t.cells.length - 1]!;
    const first = t.cells[0]!;
    values.push({
      col: t.col,
      text: t.text,
      value: t.value,
      path,
      columnKind,
      page: cell.page,
      spanStart: first.spanStart,
      spanEnd: cell.spanEnd,
    });
  }
  return values;
}

/**
 * Reads a grid top to bottom: header blocks give the columns their paths (a block later in the table
 * replaces the paths of the columns it covers), section rows open and close sections, date lines and
 * fiscal year lines give the rows below them a period hint, data rows get their value cells.
 */
class GridReader {
  private readonly width: number;
  private readonly rowsCells: RowCells[];
  private readonly firstValueCol: number;
  private readonly blockYears: Set<string>;
  private readonly headerPaths: string[][];
  private readonly headerRowsOut: string[][] = [];
  private readonly rows: StructuredRow[] = [];
  private readonly sections: Section[] = [];
  private readonly skipped = { note: 0, derived: 0 };
  private pendingHeader: { r: number; cells: RowCells }[] = [];
  private seenData = false;
  private periodHint: string | null = null;
  private periodHintFrom: 'stub' | 'row' | 'block' = 'stub';

  constructor(private readonly raw: RawTable) {
    this.width = Math.max(0, ...raw.grid.map((r) => r.length));
    this.rowsCells = raw.grid.map(distinctCells);
    this.firstValueCol = firstValueColumn(this.rowsCells);
    this.headerPaths = Array.from({ length: this.width }, () => []);
    this.blockYears = blockYearsOf(this.rowsCells, this.firstValueCol);
  }

  read(): StructuredTable {
    const { raw } = this;
    for (let r = 0; r < raw.grid.length; r++) {
      const cells = this.rowsCells[r]!;
      if (cells.length === 0 || cells.every((c) => c.cell.text.trim() === '')) continue;
      const row = this.reading(r, cells);
      if (isHeaderRow(row, raw, this.seenData, this.pendingHeader.length)) {
        // a heading repeated for the next block of rows closes the sections of the block before
        if (this.seenData && this.pendingHeader.length === 0) this.sections.length = 0;
        this.pendingHeader.push({ r, cells });
        this.rows.push({ index: r, label: row.label, sectionPath: [], kind: 'header', values: [], page: row.page, labelSpan: null });
        continue;
      }
      this.flushHeader();
      if (row.numbers.length === 0 && row.tokens.every((t) => t.value.kind !== 'nil')) this.textRow(row);
      else this.dataRow(row);
    }
    this.flushHeader();
    markPageReferences(this.rows, this.skipped);
    contextPeriods(raw.context, this.rows);
    return {
      ordinal: raw.ordinal,
      headerRows: this.headerRowsOut,
      rows: this.rows,
      rowCount: raw.grid.length,
      columnCount: this.width,
      skippedColumns: this.skipped,
    };
  }

  private reading(r: number, cells: RowCells): RowReading {
    const { firstValueCol } = this;
    const labelCells = cells.filter((c) => c.col < firstValueCol);
    const valueCells = cells.filter(
      (c) => c.col >= firstValueCol || (c.lastCol >= firstValueCol && c.col < firstValueCol && c.cell.text.trim() === ''),
    );
    const tokens = numberTokens(
      cells.filter((c) => c.col >= firstValueCol),
      firstValueCol,
    );
    return {
      r,
      cells,
      labelCells,
      label: rowText(labelCells.filter((c) => c.lastCol < firstValueCol || c.col === 0)),
      tokens,
      numbers: tokens.filter((t) => t.value.kind === 'number'),
      valueTexts: valueCells.map((c) => c.cell.text.trim()).filter(Boolean),
      page: cells.find((c) => c.cell.page !== null)?.cell.page ?? null,
      spanningCell: cells.length === 1 && cells[0]!.lastCol > cells[0]!.col && cells[0]!.col === 0,
    };
  }

  /** Closes a header block: its texts become the paths of the columns it covers, its stub the rows' period. */
  private flushHeader(): void {
    if (!this.pendingHeader.length) return;
    const { firstValueCol, width, headerPaths } = this;
    let firstBlockYear: string | null = null;
    const last = this.pendingHeader[this.pendingHeader.length - 1]!.cells.filter((c) => c.cell.text.trim() !== '');
    if (
      this.blockYears.size &&
      this.pendingHeader.length > 1 &&
      last.length === 1 &&
      last[0]!.col >= firstValueCol &&
      BARE_YEAR_LINE.test(last[0]!.cell.text) &&
      !this.blockYears.has(last[0]!.cell.text.trim())
    ) {
      firstBlockYear = last[0]!.cell.text.trim();
      this.pendingHeader = this.pendingHeader.slice(0, -1);
    }
    // per column: texts of the header cells covering it, outermost first, each cell once
    const covered = new Set<number>();
    const paths: string[][] = Array.from({ length: width }, () => []);
    for (const { cells } of this.pendingHeader) {
      for (const { cell, col, lastCol } of cells) {
        const t = cell.text.replace(/\s+/g, ' ').trim();
        for (let c = col; c <= lastCol; c++) {
          if (t && paths[c]![paths[c]!.length - 1] !== t) paths[c]!.push(t);
          if (t) covered.add(c);
        }
      }
    }
    // the stub's length phrase heads every column ("Six months ended June 30," left of "2023 | 2022")
    const stubTexts = this.pendingHeader.map(({ cells }) =>
      rowText(cells.filter((c) => c.lastCol < firstValueCol))
        .replace(/\s+/g, ' ')
        .trim(),
    );
    const length = stubTexts.map((t) => LENGTH_PHRASE.exec(t)?.[0]).find((t) => !!t && !/\b(?:19|20)\d{2}\b/.test(t));
    // a heading repeated below figures heads every column anew: a value column it does not reach keeps no
    // heading from the block above (its period there is not this block's)
    if (this.seenData) for (let c = firstValueCol; c < width; c++) if (!covered.has(c)) headerPaths[c] = [];
    for (let c = 0; c < width; c++) {
      if (!covered.has(c)) continue;
      headerPaths[c] =
        length && !paths[c]!.some((p) => /\bended\b|\bending\b|\bas of\b|\bas at\b/i.test(p)) ? [length, ...paths[c]!] : paths[c]!;
    }
    groupPeriods(this.pendingHeader, headerPaths, firstValueCol, width);
    // the header block's stub (its label column) names the rows' period, or a new block resets it
    const stub = stubTexts.filter((t) => DATE_LINE.test(t));
    this.periodHint = stub.length === 1 ? stub[0]! : firstBlockYear;
    this.periodHintFrom = stub.length !== 1 && firstBlockYear ? 'block' : 'stub';
    for (const { cells } of this.pendingHeader) this.headerRowsOut.push(cells.map(({ cell }) => cell.text.replace(/\s+/g, ' ').trim()));
    this.pendingHeader = [];
  }

  /** A row without figures: a date line or a fiscal year heading the rows below, a section row, or free text. */
  private textRow({ r, cells, labelCells, label, valueTexts, page, spanningCell }: RowReading): void {
    const text = label || rowText(cells);
    const sectionPath = this.sections.map((s) => s.label);
    const textRow = (): StructuredRow => ({
      index: r,
      label: text,
      sectionPath,
      kind: 'text',
      values: [],
      page,
      labelSpan: spanOf(labelCells),
    });
    if (DATE_LINE.test(text) && text.length <= 60) {
      // "May 31, 2020" under columns headed "May 31, 2021" › "Level 1 …": the columns' heading again,
      // for the next period; under columns that name no date: the period of the rows that follow
      this.periodHint = reheadDates(this.headerPaths, text) ? null : text;
      this.periodHintFrom = 'row';
      this.rows.push(textRow());
    } else if (
      (FISCAL_YEAR_LINE.test(text) || (BARE_YEAR_LINE.test(text) && this.blockYears.has(text.trim()))) &&
      valueTexts.length === 0
    ) {
      // "Fiscal Year 2016" heading a block of a quarterly table ("Quarter Ended › September 30 | … | Total"):
      // the fiscal year the block's quarters fall in
      this.periodHint = text;
      this.periodHintFrom = 'block';
      this.rows.push(textRow());
    } else if (valueTexts.length === 0 || spanningCell) {
      // a section row ("Expenses:", "Non-current liabilities")
      pushSection(this.sections, text);
      this.rows.push({
        index: r,
        label: text,
        sectionPath: this.sections.slice(0, -1).map((s) => s.label),
        kind: 'section',
        values: [],
        page,
        labelSpan: spanOf(labelCells),
      });
    } else this.rows.push(textRow());
  }

  /**
   * The label of an unlabelled row: the section it totals, when it sits right under the section's lines
   * ("Depreciation … on:" a) b) → total), right under the sub-total that closed the section's last
   * sub-section, or adds up to the lines above it. The section is then closed.
   */
  private inheritedLabel(values: ValueCell[]): string | null {
    const { rows, sections } = this;
    const lastRow = rows[rows.length - 1];
    const here = sections.map((x) => x.label).join('|');
    let run = 0;
    for (
      let k = rows.length - 1;
      k >= 0 && rows[k]!.kind === 'data' && rows[k]!.sectionPath.join('|') === here && !rows[k]!.inheritedLabel;
      k--
    )
      run++;
    const top = sections[sections.length - 1];
    // (or right under the sub-total that closed the section's last sub-section: MGM's balance sheet prints "Total
    // other assets" and then its total assets with no label, under "ASSETS")
    const closedSub =
      lastRow?.kind === 'data' &&
      /^total\b/i.test(lastRow.label) &&
      lastRow.sectionPath.length > sections.length &&
      lastRow.sectionPath.slice(0, sections.length).join('|') === here;
    // (or, under any section, when its figures add up to the lines above it: MGM's revenue lines under "Revenues"
    // and then their sum with no label)
    // — a line that does not add up to the lines above it is not their total, whatever the section
    if (
      top &&
      lastRow?.kind === 'data' &&
      (((top.level <= 1 || /:\s*$/.test(top.raw)) && closedSub) || (run >= 2 && sumsRun(values, rows.slice(rows.length - run))))
    ) {
      sections.pop();
      return top.label;
    }
    return null;
  }

  /** A row with figures: its value cells, its label (or the section it totals), its sections and period hint. */
  private dataRow({ r, labelCells, label, tokens, page }: RowReading): void {
    this.seenData = true;
    const { sections } = this;
    const values = rowValues(tokens, this.headerPaths);
    const rowLabel = (!label ? this.inheritedLabel(values) : null) ?? label;
    markNoteColumn(values);
    for (const v of values) if (v.columnKind !== 'value') this.skipped[v.columnKind]++;
    const style = enumStyle(label);
    if (style) {
      const i = sections.findIndex((x) => x.style === style);
      if (i >= 0) sections.splice(i);
    }
    const totalOf = /^total\s+(.+)$/i.exec(label.trim());
    this.rows.push({
      index: r,
      label: rowLabel,
      sectionPath: sections.map((s) => s.label),
      kind: 'data',
      values,
      page,
      labelSpan: spanOf(labelCells),
      ...(rowLabel !== label ? { inheritedLabel: true } : {}),
      ...(this.periodHint ? { periodHint: this.periodHint, periodHintFrom: this.periodHintFrom } : {}),
    });
    if (totalOf) popSection(sections, totalOf[1]!);
  }
}

/** Structures a grid: the columns left of the first value column hold the row label. */
export function structureTable(raw: RawTable): StructuredTable {
  return new GridReader(raw).read();
}

/**
 * A table of contents or an index of defined terms ("ARTICLE II – DEFINITIONS … 3", "Plan Year … 18"): one
 * column of small whole numbers that never decrease down at least five rows, printed without a currency
 * or grouping. They are page references, not amounts (set aside like a note column).
 */
function markPageReferences(rows: StructuredRow[], skipped: { note: number; derived: number }): void {
  const data = rows.filter((r) => r.kind === 'data');
  const numbered = data.flatMap((r) => r.values.filter((v) => v.columnKind === 'value' && v.value.kind === 'number'));
  const byColumn = new Map<number, ValueCell[]>();
  for (const v of numbered) byColumn.set(v.col, [...(byColumn.get(v.col) ?? []), v]);
  // one column of page numbers, or (an agreement's contents) pages beside section numbers ("4.01", "6.3")
  if (byColumn.size === 0 || byColumn.size > 2 || numbered.length < (byColumn.size === 1 ? 5 : 8)) return;
  const pages = (t: string) => /^\d{1,3}$/.test(t);
  // (section numbers: "4.01", "6.3", below 30 — never whole, unlike page numbers)
  const sections = (t: string) => /^\d{1,2}\.\d{1,2}$/.test(t) && Number(t) < 30;
  const kinds = [...byColumn.values()].map((column) => {
    let last = 0;
    for (const v of column) {
      const n = Number(v.text.trim());
      if (n < last || n === 0) return null;
      last = n;
    }
    if (column.every((v) => pages(v.text.trim()))) return 'pages';
    if (column.every((v) => sections(v.text.trim()))) return 'sections';
    return null;
  });
  if (
    byColumn.size === 1
      ? kinds[0] !== 'pages'
      : !(kinds.includes('pages') && kinds.includes('sections') && [...byColumn.values()].every((c) => c.length >= 3))
  )
    return;
  for (const v of numbered) {
    v.columnKind = 'note';
    skipped.note++;
  }
}

const MONTH_DAY = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}`;
const FULL_DATE = new RegExp(String.raw`^${MONTH_DAY},?\s+(?:19|20)\d{2}$`, 'i');
const YEAR_ONLY = /^(?:19|20)\d{2}$/;
const PERIOD_IN_PATH = new RegExp(String.raw`\b(?:19|20)\d{2}\b|\b${MONTH_DAY}\b|\bfiscal\b|\bended\b|\bending\b`, 'i');

/** Splits columns into `k` runs of equal size whose headings (periods left out) repeat run after run; null when they do not. */
function repeatedGroups(cols: number[], k: number, heading: (c: number) => string): number[][] | null {
  if (k < 2 || cols.length % k !== 0) return null;
  const m = cols.length / k;
  const groups = Array.from({ length: k }, (_, i) => cols.slice(i * m, (i + 1) * m));
  if (m === 1) return groups;
  for (const g of groups.slice(1)) for (let j = 0; j < m; j++) if (heading(g[j]!) !== heading(groups[0]![j]!)) return null;
  return groups;
}

/**
 * A line of the header block that prints only periods, one over each group of columns ("June 30, | · | · | 2023
 * | · | · | 2022" over "Gross Carrying Amount | Accumulated Amortization | Net Carrying Amount" twice): each
 * period heads its whole group, not only the column it is printed over — when the value columns split into as
 * many equal groups as periods, the headings repeat group after group and each period sits over its own group.
 * A month and day in the stub ("June 30,") dates the years.
 */
function groupPeriods(
  block: { cells: { cell: GridCell; col: number; lastCol: number }[] }[],
  paths: string[][],
  firstValueCol: number,
  width: number,
): void {
  const cols = Array.from({ length: width }, (_, c) => c).filter((c) => c >= firstValueCol && paths[c]!.length > 0);
  for (const { cells } of block) {
    const over = cells.filter((c) => c.col >= firstValueCol && c.cell.text.trim());
    const texts = over.map((c) => c.cell.text.replace(/\s+/g, ' ').trim());
    if (over.length < 2 || !texts.every((t) => YEAR_ONLY.test(t) || FULL_DATE.test(t))) continue;
    // (each printed over one column: a period spanning its group is read already)
    if (over.some((c) => c.lastCol !== c.col)) continue;
    const stub = rowText(cells.filter((c) => c.lastCol < firstValueCol))
      .replace(/\s+/g, ' ')
      .trim();
    const dayOnly = new RegExp(`^${MONTH_DAY},?$`, 'i');
    // (the month and day in the stub, or a heading over every column: "Derivative Assets › June 30," under "2023")
    const headingDay = paths[cols[0]!]?.find((t) => dayOnly.test(t.trim()));
    const day = dayOnly.test(stub)
      ? stub.replace(/,?$/, ',')
      : headingDay && cols.every((c) => paths[c]!.includes(headingDay))
        ? headingDay.trim().replace(/,?$/, ',')
        : null;
    const periods = new Set(texts);
    if (day && headingDay) periods.add(headingDay);
    const heading = (c: number) => paths[c]!.filter((t) => !periods.has(t)).join('\u0001');
    const groups = repeatedGroups(cols, over.length, heading);
    if (!groups || groups[0]!.length < 2) continue;
    if (!over.every((c, i) => groups[i]!.includes(c.col))) continue;
    groups.forEach((g, i) => {
      const period = day && YEAR_ONLY.test(texts[i]!) ? `${day} ${texts[i]}` : texts[i]!;
      for (const c of g) {
        const rest = paths[c]!.filter((t) => !periods.has(t));
        // (right after the length it completes: "Year Ended June 30, › 2023 › Shares")
        const at = rest.findLastIndex((t) => /\b(?:ended|ending)\b|\bas\s+(?:of|at)\b/i.test(t)) + 1;
        paths[c] = [...rest.slice(0, at), period, ...rest.slice(at)];
      }
    });
    return;
  }
}

/**
 * The dates printed over the table, one over each group of its columns, on the line right above the headings
 * ("January 31, 2020 January 31, 2019" over "Amount | Average Rate | Amount | Average Rate"; "June 30, 2023
 * December 31, 2022" over three columns twice): when no column heading names a period, the value columns split
 * into as many equal groups as dates and the headings repeat group after group, each group is headed by its
 * date. Only full dates (a bare year there may belong to a heading split over lines).
 */
function contextPeriods(context: string[], rows: StructuredRow[]): void {
  const values = rows.flatMap((r) => r.values.filter((v) => v.columnKind === 'value' && v.value.kind === 'number'));
  if (!values.length || values.some((v) => v.path.some((p) => PERIOD_IN_PATH.test(p)))) return;
  const pathOf = new Map<number, string>();
  for (const v of values) if (!pathOf.has(v.col)) pathOf.set(v.col, v.path.join('\u0001'));
  const cols = [...pathOf.keys()].sort((a, b) => a - b);
  // the last line, or the one before a short heading of the label column ("Maturity Dates", "By remaining maturity")
  const lines = context.slice(-2).reverse();
  for (const [i, line] of lines.entries()) {
    const t = line.replace(/\s+/g, ' ').trim();
    if (i === 1 && (lines[0]!.length > 40 || /\d/.test(lines[0]!))) break;
    const dates = t.match(new RegExp(String.raw`${MONTH_DAY},?\s+(?:19|20)\d{2}`, 'gi')) ?? [];
    // (the line prints the dates and nothing else)
    if (dates.length < 2 || !/^(?:\s|and|,)*$/i.test(dates.reduce((rest, d) => rest.replace(d, ' '), t))) continue;
    // (a date alone over each column only right above the headings; groups of repeated headings otherwise)
    const groups = repeatedGroups(cols, dates.length, (c) => pathOf.get(c) ?? '');
    if (!groups || (groups[0]!.length === 1 && (i > 0 || cols.some((c) => !pathOf.get(c))))) continue;
    const periodOf = new Map<number, string>();
    groups.forEach((g, k) => g.forEach((c) => periodOf.set(c, dates[k]!)));
    for (const v of values) {
      const p = periodOf.get(v.col);
      if (p && v.path.join('\u0001') === pathOf.get(v.col)) v.path = [p, ...v.path];
    }
    return;
  }
}

/** Replaces the date heading of the columns headed by one ("MAY 31, 2021" › …) with the next block's date line. */
function reheadDates(paths: string[][], line: string): boolean {
  let replaced = false;
  for (let c = 1; c < paths.length; c++) {
    const p = paths[c]!;
    const i = p.findIndex((t) => DATE_LINE.test(t));
    if (i < 0) continue;
    paths[c] = [...p.slice(0, i), line, ...p.slice(i + 1)];
    replaced = true;
  }
  return replaced;
}

/** The row's figures are the sums of the rows above it, column by column (at least one column, all that both print). */
function sumsRun(values: ValueCell[], run: StructuredRow[]): boolean {
  let checked = 0;
  for (const v of values) {
    if (v.value.kind !== 'number') continue;
    let sum = 0;
    let digits = v.value.fractionDigits;
    for (const r of run) {
      const x = r.values.find((w) => w.col === v.col);
      if (x?.value.kind !== 'number') continue;
      sum += Number(x.value.value);
      digits = Math.max(digits, x.value.fractionDigits);
    }
    if (Math.abs(sum - Number(v.value.value)) > 10 ** -digits * Math.max(1, run.length / 2)) return false;
    checked++;
  }
  return checked > 0;
}

function spanOf(cells: { cell: GridCell }[]): [number, number] | null {
  const s = cells.map((c) => c.cell.spanStart).filter((x): x is number => x !== null);
  const e = cells.map((c) => c.cell.spanEnd).filter((x): x is number => x !== null);
  return s.length && e.length ? [Math.min(...s), Math.max(...e)] : null;
}

/** A header a column or two to the left when the number's own column has none (misaligned spans). */
function nearbyHeader(paths: string[][], col: number, tokens: Token[]): string[] {
  const taken = new Set(tokens.map((t) => t.col));
  for (const d of [-1, 1, -2, 2]) {
    const c = col + d;
    if (c < 1 || c >= paths.length || taken.has(c)) continue;
    if (paths[c]?.length) return paths[c]!;
  }
  return [];
}

/** A first value column of small integers right after the label, with no period header: note references. */
function markNoteColumn(values: ValueCell[]): void {
  const first = values[0];
  if (first?.columnKind !== 'value' || values.length < 3) return;
  const leaf = (first.path[first.path.length - 1] ?? '').trim();
  if (leaf !== '' && PERIOD_WORDS.test(leaf)) return;
  if (
    first.value.kind === 'number' &&
    /^\d{1,2}(?:\.\d{1,2})?[A-Za-z]?$/.test(first.text.trim()) &&
    values.slice(1).some((v) => v.value.kind === 'number' && /[,.]/.test(v.text))
  ) {
    if (leaf === '' || NOTE_HEADER.test(leaf)) first.columnKind = 'note';
  }
}

const LEVEL0 =
  /^(?:assets|equity and liabilities|liabilities and equity|equity|liabilities|income|expenses|revenue|.*\bactivities\b.*|(?:standalone|consolidated)(?: results| financial results)?|segment .*)$/i;
const LEVEL1 = /^(?:non[-\s]*current|current)\s+(?:assets|liabilities)$/i;

function sectionLevel(label: string): number {
  const l = label
    .replace(/^(?:[IVX]+|[A-H]|\d+)[.)]\s*/, '')
    .replace(/:$/, '')
    .trim();
  if (LEVEL0.test(l) || (l === l.toUpperCase() && /[A-Z]{3}/.test(l))) return 0;
  if (LEVEL1.test(l)) return 1;
  return 2;
}

interface Section {
  label: string;
  /** as printed (trailing colon kept) */
  raw: string;
  level: number;
  /** enumeration style of the marker ("a)", "(i)", "II.") — a later line of the same style is a sibling */
  style: string | null;
}

/** Style of an enumeration marker: "b) x" → "alpha)", "(ii) x" → "(roman)", "IV. x" → "ROMAN.", none → null. */
function enumStyle(label: string): string | null {
  const m = /^(\()?([a-z]|[ivx]{1,4}|[A-H]|[IVXL]{1,5}|\d{1,2})([.)])\s/.exec(label.trim());
  if (!m) return null;
  const tok = m[2]!;
  const kind = /^\d+$/.test(tok)
    ? 'digit'
    : /^[ivx]+$/.test(tok) && tok !== 'i'
      ? 'roman'
      : /^[IVXL]+$/.test(tok) && tok.length > 1
        ? 'ROMAN'
        : /^[a-z]$/.test(tok)
          ? tok === 'i'
            ? 'roman'
            : 'alpha'
          : /^[A-Z]$/.test(tok)
            ? tok === 'I' || tok === 'V' || tok === 'X'
              ? 'ROMAN'
              : 'ALPHA'
            : 'other';
  return `${m[1] ?? ''}${kind}${m[3]}`;
}

function pushSection(sections: Section[], label: string): void {
  const level = sectionLevel(label);
  const style = enumStyle(label);
  if (style) {
    const i = sections.findIndex((x) => x.style === style);
    if (i >= 0) sections.splice(i);
  }
  while (sections.length && sections[sections.length - 1]!.level >= level && level < 2) sections.pop();
  if (level === 2 && !style)
    while (sections.length && sections[sections.length - 1]!.level === 2 && !sections[sections.length - 1]!.style) sections.pop();
  sections.push({ label: label.replace(/:\s*$/, '').trim(), raw: label.trim(), level, style });
}

function popSection(sections: Section[], what: string): void {
  const w = normalizeLabel(what);
  const i = sections.findIndex((s) => normalizeLabel(s.label) === w);
  if (i >= 0) sections.splice(i);
}
