/**
 * HTML tables → grids with row labels and inherited column headers, so a cell can be cited as
 * "Total net sales | Years ended / September 28, 2024". Layout tables (no numbers) are told apart
 * from data tables.
 */
import type { CellDraft, TableDraft, TextBlock } from './parse';

export interface TableCell {
  row: number;
  col: number;
  colspan: number;
  text: string;
  rowLabel: string | null;
  columnPath: string[];
  /** the number as displayed (no scale applied), null for text */
  numeric: string | null;
  start: number;
  end: number;
  /** indexes of the document facts tagged in this cell */
  facts: number[];
}

export interface TableModel {
  rowCount: number;
  columnCount: number;
  headerRows: string[][];
  cells: TableCell[];
  title: string | null;
  unitLine: string | null;
  scale: number | null;
  currency: string | null;
  start: number;
  end: number;
  blockIndex: number;
}

function clean(s: string): string {
  return s.replace(/[\s\u00a0\u2009\u202f\u200b]+/g, ' ').trim();
}

/** The number a cell displays: `$ 1,234` → 1234, `(56.7)` → -56.7, `12 %` → 12; null otherwise. */
export function cellNumber(text: string): string | null {
  let t = clean(text)
    .replace(/^\$\s*/, '')
    .replace(/\s*%$/, '')
    .replace(/^\$/, '')
    .trim();
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) {
    negative = true;
    t = paren[1]!.trim().replace(/^\$\s*/, '');
  } else if (/^[-−–]\s*\d/.test(t)) {
    negative = true;
    t = t.replace(/^[-−–]\s*/, '');
  }
  t = t.replace(/,(?=\d{3}\b)/g, '');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = t.replace(/^0+(?=\d)/, '');
  return negative && /[1-9]/.test(n) ? `-${n}` : n;
}

/** A data table has a number or a tagged fact in it; others only lay out text. */
export function isDataTable(draft: TableDraft): boolean {
  for (const row of draft.rows) for (const c of row) if (c.facts.length || cellNumber(c.text) !== null) return true;
  return false;
}

/** Text of a layout table, one line per row. */
export function layoutText(draft: TableDraft): TextBlock[] {
  const out: TextBlock[] = [];
  for (const row of draft.rows) {
    const text = clean(row.map((c) => c.text).join(' '));
    if (text) out.push({ text, start: row[0]?.start ?? draft.start, end: row[row.length - 1]?.end ?? draft.end });
  }
  return out;
}

const UNIT_LINE = /\b(?:in|amounts in|expressed in)\s+(?:[a-z.$€₹£]+\s+)?(thousands|millions|billions|crores?|lakhs?)\b/i;

export function scaleOf(unitLine: string | null): number | null {
  const m = unitLine ? UNIT_LINE.exec(unitLine) : null;
  if (!m) return null;
  const w = m[1]!.toLowerCase();
  return w.startsWith('thousand') ? 3 : w.startsWith('million') ? 6 : w.startsWith('billion') ? 9 : w.startsWith('crore') ? 7 : 5;
}

function currencyOf(text: string): string | null {
  if (/₹|\brupees?\b|\bcrores?\b|\blakhs?\b|\bINR\b/i.test(text)) return 'INR';
  if (/€|\beuros?\b|\bEUR\b/i.test(text)) return 'EUR';
  if (/£|\bGBP\b|\bpounds sterling\b/i.test(text)) return 'GBP';
  if (/\$|\bdollars?\b|\bUSD\b/i.test(text)) return 'USD';
  return null;
}

/** Lays a table's cells on a grid (colspan/rowspan), finds header rows, row labels and column paths. */
export function buildTable(draft: TableDraft, before: TextBlock[]): TableModel {
  const occupied: boolean[][] = [];
  const placed: { cell: CellDraft; row: number; col: number }[] = [];
  let columnCount = 0;
  draft.rows.forEach((row, r) => {
    occupied[r] ??= [];
    let col = 0;
    for (const cell of row) {
      while (occupied[r]![col]) col++;
      for (let dr = 0; dr < cell.rowspan; dr++) {
        occupied[r + dr] ??= [];
        for (let dc = 0; dc < cell.colspan; dc++) occupied[r + dr]![col + dc] = true;
      }
      placed.push({ cell, row: r, col });
      col += cell.colspan;
      columnCount = Math.max(columnCount, col);
    }
  });
  const rowCount = draft.rows.length;
  const byRow: { cell: CellDraft; row: number; col: number }[][] = Array.from({ length: rowCount }, () => []);
  for (const p of placed) byRow[p.row]!.push(p);

  const isValue = (c: CellDraft) => c.facts.length > 0 || cellNumber(c.text) !== null;
  const labelOf = (r: number): { text: string; indented: boolean } | null => {
    for (const p of byRow[r]!) {
      if (isValue(p.cell)) return null;
      const t = clean(p.cell.text);
      if (t && !/^[$%()]+$/.test(t)) return { text: t, indented: /^[\s\u00a0]{2,}/.test(p.cell.text) || p.col > 0 };
    }
    return null;
  };
  let firstBody = rowCount;
  for (let r = 0; r < rowCount; r++) {
    const hasFacts = byRow[r]!.some((p) => p.cell.facts.length > 0);
    const first = byRow[r]![0];
    const lead = first && first.col === 0 ? clean(first.cell.text) : '';
    const leadLabel = lead !== '' && !isValue(first!.cell);
    // a unit caption in the stub column ("(Amounts in millions, except per share data)" beside 2025 | 2024 | 2023)
    // heads the columns: the row is a header row (its years stay in the column paths), not the first body row
    const unitCaption = leadLabel && !hasFacts && UNIT_LINE.test(lead);
    if (hasFacts || (leadLabel && !unitCaption)) {
      firstBody = r;
      break;
    }
  }
  if (firstBody === rowCount) firstBody = 0;
  const headerRowIdx = Array.from({ length: firstBody }, (_, r) => r).filter((r) => byRow[r]!.some((p) => clean(p.cell.text) !== ''));
  const headerRows = headerRowIdx.map((r) => byRow[r]!.map((p) => clean(p.cell.text)));
  const columnPath = (col: number, span: number): string[] => {
    const path: string[] = [];
    for (const r of headerRowIdx) {
      let hit: string | null = null;
      for (let c = col; c < col + span && hit === null; c++) {
        const h = byRow[r]!.find((p) => p.col <= c && c < p.col + p.cell.colspan && clean(p.cell.text) !== '');
        if (h) hit = clean(h.cell.text);
      }
      if (hit && path[path.length - 1] !== hit) path.push(hit);
    }
    return path;
  };

  const cells: TableCell[] = [];
  let group: string | null = null;
  for (let r = 0; r < rowCount; r++) {
    const label = r >= firstBody ? labelOf(r) : null;
    const hasValues = byRow[r]!.some((p) => isValue(p.cell));
    let rowLabel: string | null = label?.text ?? null;
    if (label && !hasValues && /:$/.test(label.text)) {
      group = label.text.replace(/:$/, '');
    } else if (label) {
      if (group && label.indented) rowLabel = `${group}: ${label.text}`;
      else if (!label.indented) group = null;
    }
    for (const p of byRow[r]!) {
      const text = clean(p.cell.text);
      if (!text && p.cell.facts.length === 0) continue;
      cells.push({
        row: r,
        col: p.col,
        colspan: p.cell.colspan,
        text,
        rowLabel: r >= firstBody ? rowLabel : null,
        columnPath: r >= firstBody ? columnPath(p.col, p.cell.colspan) : [],
        numeric: cellNumber(text),
        start: p.cell.start,
        end: p.cell.end,
        facts: p.cell.facts,
      });
    }
  }

  // title and unit line from the text just before the table (and the header rows)
  const near = before.slice(-4);
  const headerText = headerRows.flat().join(' ');
  const unitBlock = [...near].reverse().find((b) => UNIT_LINE.test(b.text) && b.text.length < 300);
  const unitLine = unitBlock?.text ?? (UNIT_LINE.test(headerText) ? (UNIT_LINE.exec(headerText)?.[0] ?? null) : null);
  const titleBlock = [...near]
    .reverse()
    .find((b) => b !== unitBlock && b.text.length <= 150 && !/^\(?\d+\)?$/.test(b.text) && !/form 10-[kq]\s*\|/i.test(b.text));
  return {
    rowCount,
    columnCount,
    headerRows,
    cells,
    title: titleBlock?.text ?? null,
    unitLine,
    scale: scaleOf(unitLine),
    currency: currencyOf(
      `${unitLine ?? ''} ${cells
        .map((c) => c.text)
        .filter((t) => t === '$')
        .slice(0, 1)
        .join('')}`,
    ),
    start: draft.start,
    end: draft.end,
    blockIndex: draft.blockIndex,
  };
}
