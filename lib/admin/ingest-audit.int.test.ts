/**
 * One ingest, one set of audit entries — also when several ingests of the same bytes run at
 * once (a double-clicked upload, two CLI batches over one folder). Each concurrent attempt passes the
 * "already stored?" check before any of them commits; the losers must leave no audit entry of their own
 * (before the fix every loser committed its calendar inference and its `calendar.infer` entry).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes, ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles, noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { uploadSource } from './upload-source';

const FIXTURES = path.resolve(import.meta.dirname, '../ingest/__fixtures__');
const COMPANYFACTS = path.join(FIXTURES, 'CIK0000000042_ACME_companyfacts.json');
const XBRL = path.join(FIXTURES, 'xbrl', 'acme-20231231.xml');
const AT_ONCE = 5;

for (const target of testTargets()) {
  describe(`audit entries of concurrent ingests on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => d?.close());

    /** The tenant's audit entries as `action target` lines, sorted (ids and times differ between tenants). */
    async function auditOf(tenant: string): Promise<string[]> {
      const rows = await d.query<{ action: string; target_type: string; status: string | null }>(
        `select action, target_type, after->>'status' as status from audit_log where tenant_id = $1`,
        [tenant],
      );
      return rows.map((r) => `${r.action} ${r.target_type}${r.status ? ` ${r.status}` : ''}`).sort();
    }
    const count = async (sql: string, params: unknown[]) => Number((await d.query<{ n: number }>(sql, params))[0]!.n);

    it(`${AT_ONCE} ingests of the same bytes at once leave the audit, sources and facts of one`, async () => {
      const cf = fs.readFileSync(COMPANYFACTS);
      // the reference: the same two files, one ingest each, one after the other
      expect((await ingestBytes(cf, 'acme.json', { db: d.db, tenantId: 'audit-seq', actor: 'test', sideFiles: noSideFiles })).status).toBe(
        'ok',
      );
      expect((await ingestFile(XBRL, { db: d.db, tenantId: 'audit-seq', actor: 'test', sideFiles: createSideFiles() })).status).toBe('ok');
      const reference = await auditOf('audit-seq');
      expect(reference).toEqual(expect.arrayContaining(['entity.create entity', 'calendar.infer entity', 'source.ingest source']));

      const first = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          ingestBytes(cf, 'acme.json', { db: d.db, tenantId: 'audit-par', actor: 'test', sideFiles: noSideFiles }),
        ),
      );
      expect(first.map((o) => o.error)).toEqual(first.map(() => null));
      expect(first.filter((o) => o.status === 'ok')).toHaveLength(1);
      expect(new Set(first.map((o) => o.sourceId)).size).toBe(1);
      // the xbrl file joins the entity the companyfacts created: its calendar inference runs again in each
      const second = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          ingestFile(XBRL, { db: d.db, tenantId: 'audit-par', actor: 'test', sideFiles: createSideFiles() }),
        ),
      );
      expect(second.filter((o) => o.status === 'ok')).toHaveLength(1);
      expect(second.filter((o) => o.status === 'unchanged')).toHaveLength(AT_ONCE - 1);

      expect(await auditOf('audit-par')).toEqual(reference);
      expect(await count(`select count(*)::int as n from sources where tenant_id = $1`, ['audit-par'])).toBe(2);
      const facts = (t: string) =>
        count(`select count(*)::int as n from facts f join entities e on e.id = f.entity_id where e.tenant_id = $1`, [t]);
      expect(await facts('audit-par')).toBe(await facts('audit-seq'));
      expect(
        await count(`select count(*)::int as n from fiscal_calendars c join entities e on e.id = c.entity_id where e.tenant_id = $1`, [
          'audit-par',
        ]),
      ).toBe(
        await count(`select count(*)::int as n from fiscal_calendars c join entities e on e.id = c.entity_id where e.tenant_id = $1`, [
          'audit-seq',
        ]),
      );
      // every attempt is still a run record (monitoring counts the unchanged ones)
      expect(await count(`select count(*)::int as n from ingest_runs where tenant_id = $1`, ['audit-par'])).toBe(2 * AT_ONCE);
    });

    it(`${AT_ONCE} uploads of the same file at once: one ingest audited, each upload attempt once`, async () => {
      const cf = fs.readFileSync(COMPANYFACTS);
      const outs = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          uploadSource({ db: d.db, tenantId: 'audit-upl', actorId: 'admin-1', fileName: 'acme.json', bytes: cf }),
        ),
      );
      expect(outs.filter((o) => o.status === 'ok')).toHaveLength(1);
      const audit = await auditOf('audit-upl');
      expect(audit.filter((a) => a.startsWith('source.ingest'))).toEqual(['source.ingest source']);
      expect(audit.filter((a) => a === 'calendar.infer entity')).toHaveLength(1);
      expect(audit.filter((a) => a === 'entity.create entity')).toHaveLength(1);
      // the upload entry records the attempt and what came of it: one 'ok', the rest 'unchanged'
      expect(audit.filter((a) => a.startsWith('source.upload'))).toEqual([
        'source.upload source ok',
        ...Array.from({ length: AT_ONCE - 1 }, () => 'source.upload source unchanged'),
      ]);
    });
  });
}
