/**
 * Inline XBRL filings (.htm 10-K/10-Q/20-F): the tagged facts, the tables as source tables and
 * cells (each tagged cell linked to its fact, so a citation shows the real row and column headers),
 * and the narrative split into items and chunked for the retriever.
 */
import { sql } from 'drizzle-orm';
import { factId } from '@/lib/domain/identity';
import { contentId } from '@/lib/ids';
import type { FormatHandler, WriteContext } from '../types';
import { assertWellFormedXml } from '../xbrl/instance';
import { writeXbrlFiling, type FilingHooks } from '../xbrl/filing';
import { ingestError } from '../errors';
import { parseHtmlFiling, type HtmlFiling } from './parse';
import { chunkNarrative, detectSections, sectionAt, type NarrativeChunk, type Section } from './sections';
import { buildTable, type TableModel } from './tables';

export const IXBRL_EXTRACTOR = 'ixbrl/1';

export interface ParsedIxbrl {
  doc: HtmlFiling;
  text: string;
  tables: TableModel[];
  sections: Section[];
  chunks: NarrativeChunk[];
}

export function parseIxbrl(text: string, fileName: string): ParsedIxbrl {
  assertWellFormedXml(text, fileName, 'bad_request:malformed_html');
  const doc = parseHtmlFiling(text, fileName, { xmlMode: true });
  if (!doc.inline) throw ingestError('unsupported:format', fileName, 'no inline XBRL (ix:) elements in this HTML document');
  return analyze(doc, text);
}

/** Tables, sections and chunks of a parsed HTML filing (pure). */
export function analyze(doc: HtmlFiling, text: string): ParsedIxbrl {
  const tables = doc.tables.map((t) => buildTable(t, doc.blocks.slice(Math.max(0, t.blockIndex - 4), t.blockIndex)));
  const sections = detectSections(doc.blocks, doc.cover.documentType ?? null);
  const chunks = chunkNarrative(doc.blocks, sections);
  return { doc, text, tables, sections, chunks };
}

const BATCH = 2000;

/** Stores tables and cells; links every tagged cell to its fact and gives facts their first cell. */
export async function storeTables(
  ctx: WriteContext,
  p: ParsedIxbrl,
  inputs: Parameters<NonNullable<FilingHooks['beforeFacts']>>[0]['inputs'],
  entityId: string,
): Promise<{ tablesAdded: number }> {
  const tableRows: Record<string, unknown>[] = [];
  const cellRows: Record<string, unknown>[] = [];
  p.tables.forEach((t, ordinal) => {
    const tableId = contentId('table', ctx.sourceId, ordinal);
    tableRows.push({
      id: tableId,
      tenant_id: ctx.tenantId,
      entity_id: entityId,
      source_id: ctx.sourceId,
      ordinal,
      title: t.title,
      section: sectionAt(p.sections, t.blockIndex)?.id ?? null,
      unit_line: t.unitLine,
      scale: t.scale,
      currency: t.currency,
      header_rows: t.headerRows,
      row_count: t.rowCount,
      column_count: t.columnCount,
    });
    for (const c of t.cells) {
      const cellId = contentId('cell', tableId, c.row, c.col);
      let linked: string | null = null;
      for (const index of c.facts) {
        const input = inputs[index];
        if (!input) continue;
        const id = factId({ ...input });
        linked ??= id;
        if (!input.cellId) {
          input.cellId = cellId;
          input.provenance = {
            ...input.provenance,
            tableId,
            cellId,
            span: [c.start, c.end],
            sourceLabel: [c.rowLabel, c.columnPath.join(' / ')].filter(Boolean).join(' | ') || input.provenance.sourceLabel,
          };
        }
      }
      cellRows.push({
        id: cellId,
        tenant_id: ctx.tenantId,
        entity_id: entityId,
        table_id: tableId,
        source_id: ctx.sourceId,
        row_index: c.row,
        col_index: c.col,
        row_label: c.rowLabel,
        column_path: c.columnPath,
        text: c.text,
        numeric_value: c.numeric,
        span_start: c.start,
        span_end: c.end,
        fact_id: linked,
      });
    }
  });
  for (let i = 0; i < tableRows.length; i += BATCH) {
    await ctx.tx.execute(sql`
      insert into source_tables (id, tenant_id, entity_id, source_id, ordinal, title, section, unit_line, scale, currency, header_rows, row_count, column_count)
      select id, tenant_id, entity_id, source_id, ordinal, title, section, unit_line, scale, currency, header_rows, row_count, column_count
      from jsonb_to_recordset(${JSON.stringify(tableRows.slice(i, i + BATCH))}::jsonb) as x(
        id text, tenant_id text, entity_id text, source_id text, ordinal integer, title text, section text, unit_line text, scale integer, currency text,
        header_rows jsonb, row_count integer, column_count integer)
      on conflict (entity_id, id) do nothing`);
  }
  for (let i = 0; i < cellRows.length; i += BATCH) {
    await ctx.tx.execute(sql`
      insert into source_cells (id, tenant_id, entity_id, table_id, source_id, row_index, col_index, row_label, column_path, text, numeric_value, span_start, span_end, fact_id)
      select id, tenant_id, entity_id, table_id, source_id, row_index, col_index, row_label, array(select jsonb_array_elements_text(column_path)), text, numeric_value,
             span_start, span_end, fact_id
      from jsonb_to_recordset(${JSON.stringify(cellRows.slice(i, i + BATCH))}::jsonb) as x(
        id text, tenant_id text, entity_id text, table_id text, source_id text, row_index integer, col_index integer, row_label text, column_path jsonb, text text,
        numeric_value numeric, span_start integer, span_end integer, fact_id text)
      on conflict (entity_id, id) do nothing`);
  }
  return { tablesAdded: tableRows.length };
}

/** Stores the narrative chunks (embeddings are filled in later by the retriever's embedder). */
export async function storeChunks(
  ctx: WriteContext,
  chunks: NarrativeChunk[],
  entityId: string,
  fiscalYear: number | null,
): Promise<{ chunksAdded: number }> {
  const rows = chunks.map((c) => ({
    id: contentId('chunk', ctx.sourceId, c.ordinal),
    tenant_id: ctx.tenantId,
    entity_id: entityId,
    source_id: ctx.sourceId,
    fiscal_year: fiscalYear,
    section: c.section,
    heading: c.heading,
    ordinal: c.ordinal,
    text: c.text,
    span_start: c.spanStart,
    span_end: c.spanEnd,
  }));
  for (let i = 0; i < rows.length; i += BATCH) {
    await ctx.tx.execute(sql`
      insert into chunks (id, tenant_id, entity_id, source_id, fiscal_year, section, heading, ordinal, text, span_start, span_end)
      select id, tenant_id, entity_id, source_id, fiscal_year, section, heading, ordinal, text, span_start, span_end
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH))}::jsonb) as x(
        id text, tenant_id text, entity_id text, source_id text, fiscal_year integer, section text, heading text,
        ordinal integer, text text, span_start integer, span_end integer)
      on conflict (entity_id, id) do nothing`);
  }
  return { chunksAdded: rows.length };
}

export const ixbrlFormat: FormatHandler<ParsedIxbrl> = {
  format: 'ixbrl',
  sourceKind: 'ixbrl',
  extractorVersion: IXBRL_EXTRACTOR,
  detect(head) {
    return /<html[\s>]/i.test(head) && /xmlns:ix\s*=\s*["']http:\/\/www\.xbrl\.org\/(2013|2008)\/inlineXBRL/i.test(head);
  },
  parse: parseIxbrl,
  write: (ctx, p) =>
    writeXbrlFiling(ctx, p.doc, {
      kind: 'ixbrl',
      extractorVersion: IXBRL_EXTRACTOR,
      text: p.text,
      beforeFacts: ({ inputs, entityId }) => storeTables(ctx, p, inputs, entityId),
      afterFacts: ({ entityId, fiscalYear }) => storeChunks(ctx, p.chunks, entityId, fiscalYear),
    }),
};
