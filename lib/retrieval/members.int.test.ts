/**
 * The member catalogue (the dimension members a question may name) follows the sources' visibility:
 * built after ingest, kept per data version, and changed on the next question by an ACL change, a
 * revocation, or an embargo lapsing (no data version change).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Database } from '@/lib/db/client';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles, noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { loadMemberCatalog } from './members';

const fixtures = path.join(import.meta.dirname, '..', 'ingest', '__fixtures__');
const TENANT = 't-members';
const widgets = (m: { axis: string; member: string }[]) => m.filter((x) => x.member === 'acme:WidgetsMember').map((x) => x.axis);

for (const target of testTargets()) {
  describe(`member catalogue on ${target.name}`, () => {
    let d: Database;
    let entityId: string;
    let sourceId: string;
    beforeAll(async () => {
      d = await target.open();
      const cf = await ingestFile(path.join(fixtures, 'v2', 'CIK0000000042_ACME_companyfacts.json'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(cf.status).toBe('ok');
      const o = await ingestFile(path.join(fixtures, 'xbrl', 'acme-20231231.xml'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: createSideFiles(),
      });
      expect(o.status).toBe('ok');
      entityId = o.entityId!;
      sourceId = o.sourceId!;
    });
    afterAll(async () => {
      await d?.close();
    });

    it('holds the members of the visible dimensional facts after ingest, with their labels', async () => {
      const members = await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst');
      expect(widgets(members)).toEqual(['us-gaap:StatementBusinessSegmentsAxis']);
      expect(members.find((m) => m.member === 'acme:WidgetsMember')!.labels).toContain('Widgets');
      expect(await loadMemberCatalog(d.db, 'another-tenant', [entityId], 'analyst')).toEqual([]);
    });

    it('an ACL change is seen by the next question', async () => {
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId,
        aclRoles: ['admin'],
        effectiveAt: null,
        reason: 'test: restricted',
      });
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst'))).toEqual([]);
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'admin'))).toEqual(['us-gaap:StatementBusinessSegmentsAxis']);
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId,
        aclRoles: [],
        effectiveAt: null,
        reason: 'test: open',
      });
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst'))).toEqual(['us-gaap:StatementBusinessSegmentsAxis']);
    });

    it('an embargo that lapses is seen by the next question, with no data version change', async () => {
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId,
        aclRoles: [],
        effectiveAt: new Date(Date.now() + 1500),
        reason: 'test: embargo',
      });
      const [{ v }] = (await d.query<{ v: number }>(`select data_version as v from tenants where id = $1`, [TENANT])) as [{ v: number }];
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst'))).toEqual([]);
      await new Promise((r) => setTimeout(r, 1700));
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst'))).toEqual(['us-gaap:StatementBusinessSegmentsAxis']);
      expect((await d.query<{ v: number }>(`select data_version as v from tenants where id = $1`, [TENANT]))[0]!.v).toBe(v);
    });

    it('a revoked source takes its members out on the next question', async () => {
      await revokeSource({ db: d.db, tenantId: TENANT, actorId: 'admin-test', sourceId, reason: 'test: withdrawn' });
      expect(widgets(await loadMemberCatalog(d.db, TENANT, [entityId], 'analyst'))).toEqual([]);
    });
  });
}
