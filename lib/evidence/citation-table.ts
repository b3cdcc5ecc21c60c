import { sql } from 'drizzle-orm';
import { cellVisible, factVisible, sourceVisible } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';

export interface CitationTable {
  factId: string;
  table: { id: string; title: string | null; unitLine: string | null; page: number | null; headerRows: string[][] } | null;
  /** rows of the table as rendered: label + cells, with the cited cell marked */
  rows: { rowIndex: number; label: string | null; cells: { colIndex: number; text: string; cited: boolean; columnPath: string[] }[] }[];
  cited: { row: string | null; columnPath: string[]; page: number | null } | null;
  source: { id: string; title: string; form: string | null; accession: string | null; filedAt: string | null };
}

/** The source table around a cited fact (tenant-scoped, hidden if the source is revoked, embargoed or ACL-restricted). */
export async function citationTable(db: Db, tenantId: string, factId: string, role?: Role | null): Promise<CitationTable | null> {
  const scope = { tenantId, role };
  const head = await db.execute(sql`
    select f.id, f.cell_id, s.id as source_id, s.title, s.form, s.accession, s.filed_at::text as filed_at,
           c.table_id, c.row_label, c.column_path, c.page,
           t.title as table_title, t.unit_line, t.page as table_page, t.header_rows
    from facts f
    join sources s on s.id = f.source_id
    left join source_cells c on c.id = f.cell_id
    left join source_tables t on t.id = c.table_id
    where f.id = ${factId} and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')}`);
  const h = (head as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!h) return null;
  const source = { id: String(h.source_id), title: String(h.title), form: (h.form as string) ?? null, accession: (h.accession as string) ?? null, filedAt: (h.filed_at as string) ?? null };
  if (!h.table_id) return { factId, table: null, rows: [], cited: null, source };
  const cells = await db.execute(sql`
    select id, row_index, col_index, row_label, column_path, text from source_cells c
    where c.table_id = ${h.table_id as string} and ${cellVisible(scope, 'c')} order by row_index, col_index limit 4000`);
  const byRow = new Map<number, CitationTable['rows'][number]>();
  for (const c of (cells as unknown as { rows: { id: string; row_index: number; col_index: number; row_label: string | null; column_path: string[]; text: string }[] }).rows) {
    if (!byRow.has(c.row_index)) byRow.set(c.row_index, { rowIndex: c.row_index, label: c.row_label, cells: [] });
    byRow.get(c.row_index)!.cells.push({ colIndex: c.col_index, text: c.text, cited: c.id === h.cell_id, columnPath: c.column_path ?? [] });
  }
  return {
    factId,
    table: {
      id: String(h.table_id),
      title: (h.table_title as string) ?? null,
      unitLine: (h.unit_line as string) ?? null,
      page: (h.table_page as number) ?? null,
      headerRows: (h.header_rows as string[][]) ?? [],
    },
    rows: [...byRow.values()],
    cited: { row: (h.row_label as string) ?? null, columnPath: (h.column_path as string[]) ?? [], page: (h.page as number) ?? null },
    source,
  };
}
