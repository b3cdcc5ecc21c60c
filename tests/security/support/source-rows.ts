/**
 * The rows a source carries, one of each, for the row-level security tests: a table with one cell, a fact
 * with its sighting, a passage and the stored document. `id(prefix)` names each row.
 */
import type { Db } from '@/lib/db/client';
import { chunks, factSightings, facts, sourceCells, sourceDocuments, sourceTables } from '@/lib/db/schema';

export async function insertSourceRows(
  db: Db,
  o: { tenantId: string; entityId: string; id: (prefix: string) => string; text: string },
): Promise<void> {
  const { tenantId, entityId, id, text } = o;
  const sourceId = id('s');
  await db
    .insert(sourceTables)
    .values({ id: id('tbl'), tenantId, entityId, sourceId, ordinal: 0, title: text, rowCount: 1, columnCount: 1 });
  await db.insert(sourceCells).values({ id: id('cell'), tenantId, entityId, tableId: id('tbl'), sourceId, rowIndex: 0, colIndex: 0, text });
  await db.insert(facts).values({
    id: id('f'),
    tenantId,
    entityId,
    concept: 'x:Revenue',
    value: '42',
    unit: 'USD',
    periodType: 'instant',
    endDate: '2024-12-31',
    durationDays: 0,
    accountingStandard: 'us-gaap',
    sourceId,
    filedAt: '2025-01-31',
    chainKey: id('chain'),
  });
  await db.insert(factSightings).values({ tenantId, entityId, factId: id('f'), sourceId, accession: '', filedAt: '2025-01-31' });
  await db.insert(chunks).values({ id: id('c'), tenantId, entityId, sourceId, ordinal: 0, text });
  await db.insert(sourceDocuments).values({ sourceId, tenantId, mediaType: 'text/plain', byteSize: 1, content: Buffer.from(text) });
}
