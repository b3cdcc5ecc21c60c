/**
 * The latest reported annual or quarterly period of an entity (the anchor of "last fiscal year") is
 * read under the viewer's visibility: a newer filing that is embargoed, restricted to other roles or
 * revoked does not move it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { latestPeriodEnd } from './catalog';

const TENANT = 't-latest-period';
const fy = (fy: number, start: string, end: string, val: number) => ({
  start,
  end,
  val,
  accn: `0000000046-${fy}-000001`,
  fy,
  fp: 'FY',
  form: '10-K',
  filed: `${fy}-02-15`,
});
const doc = (years: [number, string, string, number][]) => ({
  cik: 46,
  entityName: 'Wye Pumps Inc',
  facts: { 'us-gaap': { Revenues: { label: 'Revenues', units: { USD: years.map(([y, s, e, v]) => fy(y, s, e, v)) } } } },
});

for (const target of testTargets()) {
  describe(`latest reported period on ${target.name}`, () => {
    let d: Database;
    let entityId: string;
    let newer: string;
    beforeAll(async () => {
      d = await target.open();
      const a = await ingestBytes(
        Buffer.from(JSON.stringify(doc([[2023, '2022-01-01', '2022-12-31', 900]]))),
        'CIK0000000046_WYE_companyfacts.json',
        { db: d.db, tenantId: TENANT, sideFiles: noSideFiles },
      );
      expect(a.error).toBeNull();
      entityId = a.entityId!;
      const b = await ingestBytes(
        Buffer.from(
          JSON.stringify(
            doc([
              [2023, '2022-01-01', '2022-12-31', 900],
              [2024, '2023-01-01', '2023-12-31', 1000],
            ]),
          ),
        ),
        'CIK0000000046_WYE_companyfacts_2024.json',
        { db: d.db, tenantId: TENANT, sideFiles: noSideFiles },
      );
      expect(b.error).toBeNull();
      const [row] = await d.query<{ source_id: string }>(`select source_id from facts where entity_id = $1 and end_date = '2023-12-31'`, [
        entityId,
      ]);
      newer = row!.source_id;
    });
    afterAll(async () => {
      await d?.close();
    });

    it('is the newest visible annual period', async () => {
      expect(await latestPeriodEnd(d.db, TENANT, entityId, 'analyst')).toBe('2023-12-31');
      expect(await latestPeriodEnd(d.db, 'another-tenant', entityId, 'analyst')).toBeNull();
    });

    it('an embargoed or restricted newer filing does not move it', async () => {
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: newer,
        aclRoles: [],
        effectiveAt: new Date(Date.now() + 3_600_000),
        reason: 'test: embargo',
      });
      expect(await latestPeriodEnd(d.db, TENANT, entityId, 'admin')).toBe('2022-12-31');
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: newer,
        aclRoles: ['admin'],
        effectiveAt: null,
        reason: 'test: restricted',
      });
      expect(await latestPeriodEnd(d.db, TENANT, entityId, 'analyst')).toBe('2022-12-31');
      expect(await latestPeriodEnd(d.db, TENANT, entityId, 'admin')).toBe('2023-12-31');
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: newer,
        aclRoles: [],
        effectiveAt: null,
        reason: 'test: open',
      });
      expect(await latestPeriodEnd(d.db, TENANT, entityId, null)).toBe('2023-12-31');
    });

    it('a revoked newer filing does not move it', async () => {
      await revokeSource({ db: d.db, tenantId: TENANT, actorId: 'admin-test', sourceId: newer, reason: 'test: withdrawn' });
      expect(await latestPeriodEnd(d.db, TENANT, entityId, 'analyst')).toBe('2022-12-31');
    });
  });
}
