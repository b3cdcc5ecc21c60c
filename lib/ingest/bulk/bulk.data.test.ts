/**
 * The bulk archive path against the per-file path on real SEC companyfacts files ($SEC_DATA_DIR):
 * the same files, zipped as EDGAR's companyfacts.zip carries them, must store exactly the same facts,
 * sightings, entities, calendars and concept labels — on PGlite (batched insert) and, when
 * DATABASE_URL is set, on PostgreSQL (COPY through staging).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { secDataDir } from '@/lib/data-dir';
import { testTargets } from '@/tests/support/db';
import { ingestFile } from '../ingest-file';
import { createSideFiles } from '../side-files';
import { storedSnapshot } from './compare';
import { ingestArchive } from './ingest-archive';
import { ZipWriter } from './zip-write';

const dir = path.join(secDataDir(), 'sec-companyfacts');
// a US GAAP filer with a submissions side file, another one, and an IFRS filer
const NAMES = ['CIK0001318605_TSLA_companyfacts.json', 'CIK0001835632_MRVL_companyfacts.json', 'CIK0001997711_LPA_companyfacts_ifrs.json'];
const TENANT = 'bulk-data';
const sideFiles = () => createSideFiles({ dirs: [dir, path.join(secDataDir(), 'sec-submissions')] });

for (const target of testTargets()) {
  describe(`bulk archive vs per-file ingest of real companyfacts on ${target.name}`, () => {
    let bulk: Database;
    let single: Database;
    let tmp: string;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bulk-data-'));
      [bulk, single] = await Promise.all([target.open(), target.open()]);
    });
    afterAll(async () => {
      await Promise.all([bulk?.close(), single?.close()]);
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('stores the same rows both ways', async () => {
      const files = NAMES.map((n) => path.join(dir, n));
      for (const f of files) expect(fs.existsSync(f), `${f} is missing (set SEC_DATA_DIR)`).toBe(true);
      const archive = path.join(tmp, 'companyfacts.zip');
      const z = new ZipWriter(archive);
      for (const f of files) z.add(path.basename(f), fs.readFileSync(f));
      z.close();

      const s = await ingestArchive({ database: bulk, archive, tenantId: TENANT, actor: 'test', sideFiles: sideFiles() });
      expect(s).toMatchObject({ done: NAMES.length, ingested: NAMES.length, failed: 0, batchedCompanies: NAMES.length, batchFallbacks: 0 });
      const sf = sideFiles();
      for (const f of files) {
        const o = await ingestFile(f, { db: single.db, tenantId: TENANT, actor: 'test', sideFiles: sf });
        expect(o.status, o.error?.message).toBe('ok');
      }
      const [a, b] = await Promise.all([storedSnapshot(bulk, TENANT), storedSnapshot(single, TENANT)]);
      expect(a.facts.length).toBeGreaterThan(10_000);
      expect(a.entities.length).toBe(NAMES.length);
      expect(a.facts.length).toBe(b.facts.length);
      expect(a.sightings.length).toBe(b.sightings.length);
      expect(a).toEqual(b);
    });
  });
}
