/**
 * A revoked source is invisible in every read, and stays so. Two companies of one tenant: a report (facts,
 * a statement table, its cells, a passage) and companyfacts. After the report is revoked, reads across the
 * whole tenant — the ones Citus runs on every shard — return none of the report's facts, chunks, tables, cells
 * or its source, while the other company's rows stay; so do the stored-answer resolver and the citation popover.
 * Then the report stays hidden when its `revoked` flag is reset, when the ledger's mark on its row is cleared
 * by hand (the next start re-applies the ledger), and when its row is deleted and the same bytes are
 * ingested again (a new row, inserted revoked from the ledger) — by file and by the bulk path's classifier.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSource } from '@/lib/admin/sources';
import { resolveIds } from '@/lib/auth/stored-visibility';
import { cellVisible, chunkVisible, factVisible, sourceVisible, tableVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { rowsOf, type Database, type Db } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { sources } from '@/lib/db/schema';
import { citationTable } from '@/lib/evidence/citation-table';
import { classifyBatch } from '@/lib/ingest/bulk/batch-writer';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { ACME_GEARS_REPORT } from '@/lib/ingest/report/html-fixtures';
import { testTargets } from '@/tests/support/db';

const T = 'revocation-total';
const REPORT = Buffer.from(ACME_GEARS_REPORT);
const REPORT_NAME = 'acme-gears-ar-fy2026.html';
const COMPANYFACTS = path.resolve(import.meta.dirname, '../../lib/ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');

const ADMIN: VisibilityScope = { tenantId: T, role: 'admin' };

interface Ids {
  facts: string[];
  chunks: string[];
  tables: string[];
  cells: string[];
  sources: string[];
}

/** Every row of a source, read without the predicate. */
async function rowsOfSource(db: Db, sourceId: string): Promise<Ids> {
  const ids = async (q: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(q)).map((r) => r.id);
  return {
    facts: await ids(sql`select id from facts where source_id = ${sourceId}`),
    chunks: await ids(sql`select id from chunks where source_id = ${sourceId}`),
    tables: await ids(sql`select id from source_tables where source_id = ${sourceId}`),
    cells: await ids(
      sql`select c.id from source_cells c join source_tables t on t.entity_id = c.entity_id and t.id = c.table_id where t.source_id = ${sourceId}`,
    ),
    sources: [sourceId],
  };
}

/** What the viewer sees across the whole tenant: no entity named, so on Citus every shard is read. */
async function visible(db: Db, scope: VisibilityScope): Promise<Ids> {
  const ids = async (q: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(q)).map((r) => r.id);
  return {
    facts: await ids(sql`select f.id from facts f where ${factVisible(scope, 'f')} order by f.id`),
    chunks: await ids(sql`select c.id from chunks c where ${chunkVisible(scope, 'c')} order by c.id`),
    tables: await ids(sql`select t.id from source_tables t where t.tenant_id = ${scope.tenantId} and ${tableVisible(scope, 't')}`),
    cells: await ids(sql`select c.id from source_cells c where c.tenant_id = ${scope.tenantId} and ${cellVisible(scope, 'c')}`),
    sources: await ids(sql`select s.id from sources s where ${sourceVisible(scope, 's')}`),
  };
}

/** None of `hidden`'s rows is readable: not by the tenant-wide reads, the stored-answer resolver or a citation. */
async function expectHidden(db: Db, hidden: Ids, kept: Ids): Promise<void> {
  const seen = await visible(db, ADMIN);
  for (const k of Object.keys(hidden) as (keyof Ids)[]) {
    for (const id of hidden[k]) expect(seen[k], `${k} ${id}`).not.toContain(id);
    for (const id of kept[k]) expect(seen[k], `${k} ${id} of the other company`).toContain(id);
  }
  const all = Object.values(hidden).flat();
  const verdicts = await resolveIds(db, ADMIN, all);
  for (const id of all) expect(verdicts.verdict(id), id).toBe('hidden');
  for (const f of hidden.facts) expect(await citationTable(db, T, f, 'admin')).toBeNull();
}

/** Deletes a source and everything read from it (what a restore without the source would leave). */
async function deleteSource(db: Db, sourceId: string): Promise<void> {
  await db.execute(sql`delete from fact_sightings where fact_id in (select id from facts where source_id = ${sourceId})`);
  await db.execute(sql`delete from fact_sightings where source_id = ${sourceId}`);
  await db.execute(sql`delete from facts where source_id = ${sourceId}`);
  await db.execute(sql`delete from chunks where source_id = ${sourceId}`);
  await db.execute(sql`delete from concept_labels where source_id = ${sourceId}`);
  await db.execute(sql`delete from source_cells where table_id in (select id from source_tables where source_id = ${sourceId})`);
  await db.execute(sql`delete from source_tables where source_id = ${sourceId}`);
  await db.execute(sql`delete from source_documents where source_id = ${sourceId}`);
  await db.execute(sql`update ingest_runs set source_id = null where source_id = ${sourceId}`);
  await db.delete(sources).where(eq(sources.id, sourceId));
}

for (const target of testTargets()) {
  describe(`a revoked source is invisible in every read (${target.name})`, () => {
    let d: Database;
    let report: Ids;
    let other: Ids;
    let reportSource = '';

    beforeAll(async () => {
      d = await target.open();
      const r = await ingestBytes(REPORT, REPORT_NAME, { db: d.db, tenantId: T, actor: 'test' });
      expect(r.error).toBeNull();
      reportSource = r.sourceId!;
      const o = await ingestBytes(fs.readFileSync(COMPANYFACTS), path.basename(COMPANYFACTS), { db: d.db, tenantId: T, actor: 'test' });
      expect(o.error).toBeNull();
      report = await rowsOfSource(d.db, reportSource);
      other = await rowsOfSource(d.db, o.sourceId!);
      // the report has a row of every kind, and all of it is visible before the revocation
      for (const k of Object.keys(report) as (keyof Ids)[]) expect(report[k].length, k).toBeGreaterThan(0);
      const seen = await visible(d.db, ADMIN);
      for (const k of Object.keys(report) as (keyof Ids)[]) for (const id of [...report[k], ...other[k]]) expect(seen[k]).toContain(id);
    });
    afterAll(async () => {
      await d?.close();
    });

    it('after the revocation, in every tenant-wide read', async () => {
      await revokeSource({ db: d.db, tenantId: T, actorId: 'test', sourceId: reportSource, reason: 'wrong company' });
      await expectHidden(d.db, report, other);
    });

    it('after its revoked flag is reset', async () => {
      await d.db.update(sources).set({ revoked: false, revokedAt: null }).where(eq(sources.id, reportSource));
      await expectHidden(d.db, report, other);
    });

    it('after the ledger mark on its row is cleared too: the next start applies the ledger again', async () => {
      await d.db.update(sources).set({ contentRevoked: false }).where(eq(sources.id, reportSource));
      await migrate(d);
      await expectHidden(d.db, report, other);
    });

    it('when the same bytes are ingested again after its row was deleted', async () => {
      await deleteSource(d.db, reportSource);
      const again = await ingestBytes(REPORT, REPORT_NAME, { db: d.db, tenantId: T, actor: 'test' });
      expect(again.error).toBeNull();
      expect(again.status).toBe('ok');
      const reingested = await rowsOfSource(d.db, again.sourceId!);
      expect(reingested.facts.length).toBeGreaterThan(0);
      expect(reingested.cells.length).toBeGreaterThan(0);
      await expectHidden(d.db, reingested, other);
      const [row] = await d.db.select().from(sources).where(eq(sources.id, again.sourceId!));
      expect(row).toMatchObject({ revoked: true, contentRevoked: true, revokedReason: 'wrong company' });
    });

    it('the bulk path leaves revoked bytes to the per-file path, which inserts them revoked', async () => {
      const [ledger] = rowsOf<{ sha256: string }>(await d.db.execute(sql`select sha256 from source_revocations where tenant_id = ${T}`));
      const [stored] = await d.db.select({ id: sources.id }).from(sources).where(eq(sources.sha256, ledger!.sha256));
      // no row holds the bytes any more: only the ledger knows them
      await deleteSource(d.db, stored!.id);
      const item = (sha256: string) => ({ plan: { cik: '9999999999', normalizedName: 'no such company', source: { sha256 } } });
      const fresh = item('0'.repeat(64));
      const revoked = item(ledger!.sha256);
      const { notNew } = await classifyBatch(d.db, T, [fresh, revoked] as unknown as Parameters<typeof classifyBatch>[2]);
      expect(notNew.has(revoked as never)).toBe(true);
      expect(notNew.has(fresh as never)).toBe(false);
    });
  });
}
