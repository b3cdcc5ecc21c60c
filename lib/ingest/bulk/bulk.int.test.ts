import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { testTargets } from '@/tests/support/db';
import { ingestBytes } from '../ingest-file';
import { noSideFiles } from '../side-files';
import { storedSnapshot } from './compare';
import { ingestArchive } from './ingest-archive';
import { syntheticCompanyFacts, writeSyntheticArchive } from './synthetic-archive';
import { ZipWriter } from './zip-write';
import { canSkipRowTriggers, copyInserter, createStaging, dropStaging } from './copy-inserter';
import { deferIndexes, pendingIndexes } from './deferred-indexes';

const TENANT = 't-bulk';
const N = 4;

for (const target of testTargets()) {
  describe(`bulk archive ingestion on ${target.name}`, () => {
    let bulk: Database;
    let single: Database;
    let dir: string;
    let archive: string;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bulk-test-'));
      archive = path.join(dir, 'companyfacts.zip');
      writeSyntheticArchive(archive, { companies: N, years: 4, seed: 7 });
      [bulk, single] = await Promise.all([target.open(), target.open()]);
    });
    afterAll(async () => {
      await Promise.all([bulk?.close(), single?.close()]);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('stores exactly what the per-file ingest stores, then skips every CIK on a rerun', async () => {
      const lines: string[] = [];
      const s = await ingestArchive({
        database: bulk,
        archive,
        tenantId: TENANT,
        actor: 'test',
        sideFiles: noSideFiles,
        onProgress: (p) => lines.push(`${p.done}/${p.entries}`),
      });
      expect(s).toMatchObject({
        entries: N,
        done: N,
        ingested: N,
        failed: 0,
        skipped: 0,
        transport: target.name === 'postgres' ? 'copy' : 'insert',
      });
      // new companies: written in batch transactions, none rolled back
      expect(s).toMatchObject({ batchedCompanies: N, batchFallbacks: 0 });
      // PostgreSQL: planned on the worker thread (what it stores is compared below)
      expect(s.plannedOnThreads).toBe(target.name === 'postgres' ? N : 0);
      expect(s.factsSeen).toBeGreaterThan(N * 100);
      expect(lines.at(-1)).toBe(`${N}/${N}`);
      for (let i = 0; i < N; i++) {
        const c = syntheticCompanyFacts(i, { years: 4, seed: 7 });
        const o = await ingestBytes(Buffer.from(c.json), c.fileName, {
          db: single.db,
          tenantId: TENANT,
          actor: 'test',
          format: 'companyfacts',
          sideFiles: noSideFiles,
        });
        expect(o.status).toBe('ok');
      }
      const [a, b] = await Promise.all([storedSnapshot(bulk, TENANT), storedSnapshot(single, TENANT)]);
      expect(a.facts.length).toBe(s.factsAdded);
      // restated comparatives: some chains have two versions
      expect(a.facts.some((f) => Number(f.version) === 2)).toBe(true);
      expect(a).toEqual(b);

      const again = await ingestArchive({ database: bulk, archive, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
      expect(again).toMatchObject({ done: N, skipped: N, ingested: 0, failed: 0, factsSeen: 0 });
    });

    it('keeps a broken company out, ingests the rest, and retries the broken one on the next run', async () => {
      const bad = path.join(dir, 'broken.zip');
      const z = new ZipWriter(bad);
      const good = syntheticCompanyFacts(100, { years: 2 });
      z.add(good.fileName, good.json);
      const broken = syntheticCompanyFacts(101, { years: 2 });
      z.add(broken.fileName, broken.json.slice(0, broken.json.length / 2));
      z.close();
      const s = await ingestArchive({ database: bulk, archive: bad, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
      expect(s).toMatchObject({ done: 2, ingested: 1, failed: 1 });
      expect(s.failures[0]).toMatchObject({ cik: broken.fileName.slice(3, 13), code: expect.stringMatching(/^bad_request/) });
      const rows = await bulk.query<{ n: number }>(`select count(*)::int as n from entities where tenant_id = $1 and cik = $2`, [
        TENANT,
        broken.fileName.slice(3, 13),
      ]);
      expect(rows[0]!.n).toBe(0);
      const progress = await bulk.query<{ status: string }>(`select status from bulk_ingest_progress where tenant_id = $1 and cik = $2`, [
        TENANT,
        broken.fileName.slice(3, 13),
      ]);
      expect(progress).toEqual([{ status: 'failed' }]);
      const again = await ingestArchive({ database: bulk, archive: bad, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
      expect(again).toMatchObject({ skipped: 1, failed: 1 });
    });

    it.runIf(target.name === 'postgres')(
      'as an initial load (deferred indexes) stores the same rows, rebuilds every index, and a killed load is repaired by the next run',
      async () => {
        const fresh = await target.open();
        try {
          const indexes = async () =>
            (
              await fresh.query<{ indexname: string; indexdef: string }>(
                `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename in ('facts', 'fact_sightings') order by 1`,
              )
            ).map((r) => `${r.indexname}: ${r.indexdef}`);
          const before = await indexes();
          // one company per batch transaction: each worker's COPY text arena is reset and reused between its batches
          const s = await ingestArchive({
            database: fresh,
            archive,
            tenantId: TENANT,
            actor: 'test',
            sideFiles: noSideFiles,
            deferIndexes: true,
            batchFacts: 1,
          });
          expect(s).toMatchObject({
            done: N,
            ingested: N,
            failed: 0,
            setWiseChecks: !fresh.citus,
            batches: N,
            batchedCompanies: N,
            batchFallbacks: 0,
          });
          // kept: the merge's unique keys and the chain index; the rest were dropped and rebuilt
          expect(s.deferredIndexes).toEqual(
            expect.arrayContaining(['facts_lookup_idx', 'facts_concept_idx', 'facts_source_idx', 'fact_sightings_source_idx']),
          );
          expect(s.deferredIndexes).toContain('facts_id_idx');
          expect(s.deferredIndexes).not.toContain('facts_chain_idx');
          // the primary key (entity_id, id) serves the reads of one entity: no secondary entity index is kept
          expect(s.deferredIndexes).toContain('facts_bucket_idx');
          expect(s.deferredIndexes).not.toContain('facts_pkey');
          expect(await indexes()).toEqual(before);
          expect(await fresh.withConnection((c) => pendingIndexes(c))).toEqual([]);
          expect(await storedSnapshot(fresh, TENANT)).toEqual(await storedSnapshot(single, TENANT));

          // a load killed after dropping the indexes: the records stay, the next run (not deferring) rebuilds first
          const dropped = await fresh.withConnection((c) => deferIndexes(c));
          expect(dropped.length).toBeGreaterThan(3);
          expect((await indexes()).length).toBe(before.length - dropped.length);
          const again = await ingestArchive({ database: fresh, archive, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
          expect(again).toMatchObject({ skipped: N, failed: 0 });
          expect(await indexes()).toEqual(before);
          expect(await fresh.withConnection((c) => pendingIndexes(c))).toEqual([]);
        } finally {
          await fresh.close();
        }
      },
    );

    it.runIf(target.name === 'postgres')(
      'checks references set-wise: a fact naming a missing source fails like the foreign key, and row triggers are back on afterwards',
      async () => {
        await bulk.withConnection(async (conn) => {
          await createStaging(conn);
          try {
            // on a Citus coordinator the shards' triggers check every row: no set-wise path to test
            expect(await canSkipRowTriggers(conn)).toBe(!bulk.citus);
            if (bulk.citus) return;
            const ins = copyInserter(conn, { setWiseChecks: true });
            const [row] = await conn.query<Record<string, unknown>>(`select * from facts where tenant_id = $1 limit 1`, [TENANT]);
            const fact = {
              id: 'f'.repeat(64),
              tenantId: row!.tenant_id,
              entityId: row!.entity_id,
              metricId: row!.metric_id,
              concept: row!.concept,
              value: '1',
              unit: row!.unit,
              currency: row!.currency,
              scale: 0,
              decimals: null,
              periodType: row!.period_type,
              startDate: null,
              endDate: '2020-01-01',
              durationDays: 0,
              fiscalYear: null,
              fiscalPeriod: null,
              scope: 'consolidated',
              dimensions: {},
              dimsKey: '',
              accountingStandard: 'us-gaap',
              sourceId: 'no-such-source',
              accession: null,
              form: null,
              filedAt: '2020-02-01',
              chainKey: 'c'.repeat(64),
              provenance: {},
              cellId: null,
              status: 'active',
              quarantineReason: null,
              sourceLabels: {},
            } as never;
            await conn.query('begin');
            await expect(ins.facts(conn.db, [fact])).rejects.toMatchObject({
              code: '23503',
              message: expect.stringContaining('source_id no-such-source'),
            });
            await conn.query('rollback');
            await conn.query('begin');
            await ins.facts(conn.db, [{ ...(fact as object), sourceId: row!.source_id } as never]);
            await expect(
              ins.sightings(conn.db, [
                {
                  tenant_id: row!.tenant_id as string,
                  entity_id: row!.entity_id as string,
                  fact_id: 'e'.repeat(64),
                  source_id: row!.source_id as string,
                  accession: '',
                  form: null,
                  filed_at: '2020-02-01',
                  labels: {},
                },
              ]),
            ).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('fact_id') });
            await conn.query('rollback');
            await conn.query('begin');
            await ins.facts(conn.db, [{ ...(fact as object), sourceId: row!.source_id } as never]);
            await ins.sightings(conn.db, [
              {
                tenant_id: row!.tenant_id as string,
                entity_id: row!.entity_id as string,
                fact_id: 'f'.repeat(64),
                source_id: row!.source_id as string,
                accession: '',
                form: null,
                filed_at: '2020-02-01',
                labels: {},
              },
            ]);
            const [role] = await conn.query<{ r: string }>(`select current_setting('session_replication_role') as r`);
            expect(role!.r).toBe('origin');
            await conn.query('rollback');
          } finally {
            await dropStaging(conn);
          }
        });
      },
    );
  });
}
