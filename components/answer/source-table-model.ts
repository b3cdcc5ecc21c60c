import type { CitationTable } from '@/lib/evidence/citation-table';

export interface HeaderCell {
  text: string;
  colSpan: number;
}

/**
 * A source table's header rows as they were printed: adjacent equal labels in a row merge into one
 * spanning cell ("Three Months Ended" over two dated columns) — but only within the span of the row
 * above, so a lower row never merges across two different parents.
 */
export function mergeHeaderRows(headerRows: string[][]): HeaderCell[][] {
  const width = Math.max(0, ...headerRows.map((r) => r.length));
  const out: HeaderCell[][] = [];
  let boundaries = new Set<number>([0, width]);
  for (const raw of headerRows) {
    const row = Array.from({ length: width }, (_, i) => (raw[i] ?? '').trim());
    const cells: HeaderCell[] = [];
    const next = new Set<number>([0, width]);
    let start = 0;
    for (let i = 1; i <= width; i++) {
      if (i === width || row[i] !== row[start] || boundaries.has(i) || row[i] === '') {
        cells.push({ text: row[start]!, colSpan: i - start });
        next.add(i);
        start = i;
      }
    }
    out.push(cells);
    boundaries = new Set([...boundaries, ...next]);
  }
  return out;
}

/** Body rows: the table's rows that are not a repetition of a header row. */
export function bodyRows(data: CitationTable): CitationTable['rows'] {
  const headers = new Set((data.table?.headerRows ?? []).map((r) => r.map((c) => c.trim()).join('\u0001')));
  return data.rows.filter((r) => !headers.has(r.cells.map((c) => c.text.trim()).join('\u0001')));
}

/** Number of columns of the table (header or body, whichever is wider). */
export function columnCount(data: CitationTable): number {
  const header = Math.max(0, ...(data.table?.headerRows ?? []).map((r) => r.length));
  const body = Math.max(0, ...data.rows.map((r) => Math.max(-1, ...r.cells.map((c) => c.colIndex)) + 1));
  return Math.max(header, body);
}
