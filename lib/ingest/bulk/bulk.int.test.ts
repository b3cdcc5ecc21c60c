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
      const s = await ingestArchive({ database: bulk, archive, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles, onProgress: (p) => lines.push(`${p.done}/${p.entries}`) });
      expect(s).toMatchObject({ entries: N, done: N, ingested: N, failed: 0, skipped: 0, transport: target.name === 'postgres' ? 'copy' : 'insert' });
      expect(s.factsSeen).toBeGreaterThan(N * 100);
      expect(lines.at(-1)).toBe(`${N}/${N}`);
      for (let i = 0; i < N; i++) {
        const c = syntheticCompanyFacts(i, { years: 4, seed: 7 });
        const o = await ingestBytes(Buffer.from(c.json), c.fileName, { db: single.db, tenantId: TENANT, actor: 'test', format: 'companyfacts', sideFiles: noSideFiles });
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
      const rows = await bulk.query<{ n: number }>(`select count(*)::int as n from entities where tenant_id = $1 and cik = $2`, [TENANT, broken.fileName.slice(3, 13)]);
      expect(rows[0]!.n).toBe(0);
      const progress = await bulk.query<{ status: string }>(`select status from bulk_ingest_progress where tenant_id = $1 and cik = $2`, [TENANT, broken.fileName.slice(3, 13)]);
      expect(progress).toEqual([{ status: 'failed' }]);
      const again = await ingestArchive({ database: bulk, archive: bad, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
      expect(again).toMatchObject({ skipped: 1, failed: 1 });
    });
  });
}
