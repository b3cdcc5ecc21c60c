import type { Row, Worksheet } from 'exceljs';
import { EXPORT_COLUMNS, type ExportRow } from './export-rows';

const DATE_KEYS = new Set<keyof ExportRow>(['periodStart', 'periodEnd', 'filedAt']);

/**
 * An XLSX workbook of export rows (exceljs: a maintained writer that produces real typed cells —
 * numbers stay numbers and dates stay dates in Excel — instead of a CSV that Excel re-guesses).
 * Sheet 1 holds the numbers; sheet 2 "About" records what was exported, when and by whom.
 */
export async function toXlsx(rows: ExportRow[], about: XlsxAbout): Promise<Buffer> {
  // loaded on demand: a large library only the export routes need
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerline';
  wb.created = new Date();
  const ws = wb.addWorksheet('Numbers', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = XLSX_COLUMNS;
  ws.getRow(1).font = { bold: true };
  for (const r of rows) addXlsxRow(ws, r);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  const info = wb.addWorksheet('About');
  info.columns = [{ width: 18 }, { width: 100 }];
  info.addRows(aboutRows(about, rows.length));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface XlsxAbout {
  title: string;
  question?: string | null;
  exportedBy?: string;
  note?: string;
}

/** The Numbers sheet's columns (header, key, width). */
export const XLSX_COLUMNS = EXPORT_COLUMNS.map((c) => ({
  header: c.header,
  key: c.key,
  width:
    c.key === 'factIds' || c.key === 'sourceIds'
      ? 66
      : c.key === 'sourceTitle' || c.key === 'table'
        ? 40
        : Math.max(12, c.header.length + 2),
}));

/** One export row as typed cells: the value a number, the dates dates (shown yyyy-mm-dd). Returns the sheet row. */
export function addXlsxRow(ws: Worksheet, r: ExportRow): Row {
  const cells: Record<string, unknown> = { ...r };
  const n = Number(r.value);
  cells.value = r.value !== '' && Number.isFinite(n) ? n : r.value;
  for (const k of DATE_KEYS) {
    const s = r[k];
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) cells[k] = new Date(`${s}T00:00:00Z`);
  }
  const row = ws.addRow(cells);
  for (const k of DATE_KEYS) row.getCell(k).numFmt = 'yyyy-mm-dd';
  return row;
}

/** The About sheet: what was exported, when, by whom, how many numbers, how values read. */
export function aboutRows(about: XlsxAbout, count: number): unknown[][] {
  return [
    ['Export', about.title],
    ...(about.question ? [['Question', about.question]] : []),
    ['Exported at', new Date().toISOString()],
    ...(about.exportedBy ? [['Exported by', about.exportedBy]] : []),
    ['Numbers', count],
    [
      'Values',
      'Value (base units) is the number in the unit named (e.g. INR, USD), not scaled; "As displayed" shows the scale used in the answer.',
    ],
    ...(about.note ? [['Note', about.note]] : []),
  ];
}
