import { sql } from 'drizzle-orm';
import { cellVisible, factVisible, sourceVisible } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';

export interface CitationSighting {
  sourceId: string;
  title: string;
  kind: string;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  /** the table cell this filing printed the value in, when it kept one */
  cellId: string | null;
  /** the sighting whose table is shown */
  shown: boolean;
}

export interface CitationTable {
  factId: string;
  table: { id: string; title: string | null; unitLine: string | null; page: number | null; headerRows: string[][] } | null;
  /** rows of the table as rendered: label + cells, with the cited cell marked */
  rows: { rowIndex: number; label: string | null; cells: { colIndex: number; text: string; cited: boolean; columnPath: string[] }[] }[];
  cited: { row: string | null; columnPath: string[]; page: number | null } | null;
  /** the filing whose table is shown (else the fact's first source) */
  source: { id: string; title: string; form: string | null; accession: string | null; filedAt: string | null };
  /** every visible filing that reported this value (one fact, several sightings), earliest first */
  sightings: CitationSighting[];
}

/** Kinds of sources whose tables are the filing's own, best first (a tagged inline-XBRL table over a re-read PDF). */
const TABLE_RANK: Record<string, number> = { ixbrl: 0, 'xbrl-instance': 1, 'html-report': 2, 'pdf-report': 3 };

/**
 * The source table around a cited fact (tenant-scoped, hidden if the source is revoked, embargoed or
 * ACL-restricted). A fact first known from companyfacts shows the table cell of its best visible
 * sighting (the inline-XBRL filing's own statement), and lists the other filings that reported it.
 */
export async function citationTable(db: Db, tenantId: string, factId: string, role?: Role | null): Promise<CitationTable | null> {
  const scope = { tenantId, role };
  const head = await db.execute(sql`
    select f.id, f.cell_id, s.id as source_id, s.title, s.form, s.accession, s.filed_at::text as filed_at
    from facts f
    join sources s on s.id = f.source_id
    where f.id = ${factId} and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')}`);
  const h = rowsOf<Record<string, unknown>>(head)[0];
  if (!h) return null;
  const sightingRows = await db.execute(sql`
    select fs.source_id, fs.accession, fs.form, fs.filed_at::text as filed_at, fs.labels->>'cellId' as cell_id, s.title, s.kind
    from fact_sightings fs
    join facts f on f.entity_id = fs.entity_id and f.id = fs.fact_id
    join sources s on s.id = fs.source_id
    where fs.fact_id = ${factId} and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')}
    order by fs.filed_at, fs.source_id`);
  const sightings: CitationSighting[] = rowsOf<Record<string, unknown>>(sightingRows).map((r) => ({
    sourceId: String(r.source_id),
    title: String(r.title),
    kind: String(r.kind),
    form: (r.form as string) ?? null,
    accession: (r.accession as string) || null,
    filedAt: (r.filed_at as string) ?? null,
    cellId: (r.cell_id as string) ?? null,
    shown: false,
  }));
  // candidate cells: the fact's own, then each sighting's, best kind of table first
  const candidates = [
    ...new Set([
      ...(h.cell_id ? [String(h.cell_id)] : []),
      ...[...sightings]
        .filter((x) => x.cellId)
        .sort((a, b) => (TABLE_RANK[a.kind] ?? 9) - (TABLE_RANK[b.kind] ?? 9))
        .map((x) => x.cellId!),
    ]),
  ];
  let cell: Record<string, unknown> | undefined;
  for (const id of candidates) {
    const res = await db.execute(sql`
      select c.id, c.table_id, c.row_label, c.column_path, c.page, t.title as table_title, t.unit_line, t.page as table_page, t.header_rows,
             s.id as source_id, s.title, s.form, s.accession, s.filed_at::text as filed_at
      from source_cells c
      join source_tables t on t.entity_id = c.entity_id and t.id = c.table_id
      join sources s on s.id = t.source_id
      where c.id = ${id} and ${cellVisible(scope, 'c')} and ${sourceVisible(scope, 's')}`);
    cell = rowsOf<Record<string, unknown>>(res)[0];
    if (cell) break;
  }
  const src = cell ?? h;
  const source = {
    id: String(src.source_id),
    title: String(src.title),
    form: (src.form as string) ?? null,
    accession: (src.accession as string) ?? null,
    filedAt: (src.filed_at as string) ?? null,
  };
  for (const x of sightings) x.shown = !!cell && x.sourceId === source.id;
  if (!cell) return { factId, table: null, rows: [], cited: null, source, sightings };
  const cells = await db.execute(sql`
    select id, row_index, col_index, row_label, column_path, text from source_cells c
    where c.table_id = ${cell.table_id as string} and ${cellVisible(scope, 'c')} order by row_index, col_index limit 4000`);
  const list = rowsOf<{ id: string; row_index: number; col_index: number; row_label: string | null; column_path: string[]; text: string }>(
    cells,
  );
  const { headerRows, rows } = alignTable(list, String(cell.id), (cell.header_rows as string[][]) ?? []);
  return {
    factId,
    table: {
      id: String(cell.table_id),
      title: (cell.table_title as string) ?? null,
      unitLine: (cell.unit_line as string) ?? null,
      page: (cell.table_page as number) ?? null,
      headerRows,
    },
    rows,
    cited: {
      row: (cell.row_label as string) ?? null,
      columnPath: (cell.column_path as string[]) ?? [],
      page: (cell.page as number) ?? null,
    },
    source,
    sightings,
  };
}

interface StoredCell {
  id: string;
  row_index: number;
  col_index: number;
  row_label: string | null;
  column_path: string[] | null;
  text: string;
}

/**
 * The stored cells of a table laid out on its own grid: every row has one cell per column (empty
 * where the source printed nothing — a row without a Note number keeps its figures under their
 * own headers), and the header rows are rebuilt per column from the cells' header paths, outermost
 * level first (a multi-row heading such as "Years ended" › "September 24," › "2022" stays
 * aligned). Without header paths the stored header rows are kept as they are.
 */
export function alignTable(
  cells: StoredCell[],
  citedCellId: string | null,
  storedHeader: string[][],
): { headerRows: string[][]; rows: CitationTable['rows'] } {
  const width = cells.reduce((w, c) => Math.max(w, c.col_index + 1), 0);
  const paths: string[][] = Array.from({ length: width }, () => []);
  for (const c of cells)
    if (c.col_index > 0 && (c.column_path?.length ?? 0) > (paths[c.col_index]?.length ?? 0)) paths[c.col_index] = c.column_path!;
  const depth = Math.max(0, ...paths.map((p) => p.length));
  let headerRows: string[][] = storedHeader;
  if (depth > 0) {
    headerRows = Array.from({ length: depth }, () => Array.from({ length: width }, () => ''));
    // leaves on the last header row; upper levels above them
    paths.forEach((p, col) => p.forEach((t, i) => (headerRows[depth - p.length + i]![col] = t)));
  }
  const byRow = new Map<number, CitationTable['rows'][number]>();
  for (const c of cells) {
    let row = byRow.get(c.row_index);
    if (!row) {
      row = {
        rowIndex: c.row_index,
        label: c.row_label,
        cells: Array.from({ length: width }, (_, col) => ({ colIndex: col, text: '', cited: false, columnPath: paths[col] ?? [] })),
      };
      byRow.set(c.row_index, row);
    }
    row.cells[c.col_index] = { colIndex: c.col_index, text: c.text, cited: c.id === citedCellId, columnPath: c.column_path ?? [] };
  }
  const body = [...byRow.values()].sort((a, b) => a.rowIndex - b.rowIndex).filter((r) => !repeatsHeader(r, headerRows));
  for (const r of body) joinCurrencySymbols(r);
  return { headerRows, rows: body };
}

const CURRENCY_SYMBOL = /^(?:\$|US\$|€|£|¥|₹|Rs\.?)$/;
const NUMBER = /^\(?-?[\d,]+(?:\.\d+)?\)?%?$/;

/**
 * A filing that prints "$" in a cell of its own before a figure ("$ | 294,866") while the rows below
 * print the figure alone in that cell ("96,169"): the symbol and its figure are shown as one cell in
 * the symbol's column, so every figure of a year stands in one column under its header.
 */
function joinCurrencySymbols(row: CitationTable['rows'][number]): void {
  const cells = row.cells;
  for (let i = 1; i + 1 < cells.length; i++) {
    const sym = cells[i]!;
    const next = cells[i + 1]!;
    if (!CURRENCY_SYMBOL.test(sym.text.trim()) || !NUMBER.test(next.text.trim())) continue;
    cells[i] = {
      ...next,
      colIndex: sym.colIndex,
      text: `${sym.text.trim()} ${next.text.trim()}`,
      columnPath: next.columnPath.length ? next.columnPath : sym.columnPath,
    };
    cells[i + 1] = { colIndex: next.colIndex, text: '', cited: false, columnPath: next.columnPath };
  }
}

/** A body row without a label that only repeats the header texts above its cells (a heading kept as cells). */
function repeatsHeader(row: CitationTable['rows'][number], headerRows: string[][]): boolean {
  if (row.label || headerRows.length === 0) return false;
  const filled = row.cells.filter((c) => c.text.trim());
  if (filled.length === 0 || filled.some((c) => c.cited)) return false;
  return filled.every((c) => headerRows.some((h) => (h[c.colIndex] ?? '').trim() === c.text.trim()));
}
