import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { auditLog, entities, entityAliases, facts, sources, tenants } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { writeFacts } from '@/lib/facts/write-facts';
import { listAudit, parseAuditFilters } from './audit';
import { addAlias, listEntities, removeAlias, updateEntity } from './entities';
import { bindQuarantined, listQuarantined, rejectQuarantined } from './quarantine';
import { listSources, revokeSource, setSourceAccess, sourceVersions } from './sources';
import { uploadSource } from './upload-source';

const ADMIN = DEMO_USERS[2]!.id;
const FIXTURES = path.resolve(import.meta.dirname, '../ingest/__fixtures__');

async function actions(d: Database) {
  return (await d.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.tenantId, DEMO_TENANT_ID))).map((a) => a.action);
}

for (const target of testTargets()) {
  describe(`administration on ${target.name}`, () => {
    let d: Database;
    let helios: string;

    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      helios = (
        await d.db
          .select()
          .from(entities)
          .where(and(eq(entities.tenantId, DEMO_TENANT_ID), eq(entities.ticker, 'HELIOS')))
      )[0]!.id;
      await d.db.insert(tenants).values({ id: 'adm-other', name: 'Other' });
    });
    afterAll(async () => d?.close());

    it('uploads: ingests, audits, keeps versions; revoked bytes stay revoked', async () => {
      const v1 = fs.readFileSync(path.join(FIXTURES, 'CIK0000000042_ACME_companyfacts.json'));
      const v2 = fs.readFileSync(path.join(FIXTURES, 'v2/CIK0000000042_ACME_companyfacts.json'));
      const first = await uploadSource({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        fileName: '../../CIK0000000042_ACME_companyfacts.json',
        bytes: v1,
      });
      expect(first).toMatchObject({ status: 'ok', fileName: 'CIK0000000042_ACME_companyfacts.json', revoked: false });
      const second = await uploadSource({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        fileName: 'CIK0000000042_ACME_companyfacts.json',
        bytes: v2,
      });
      expect(second.status).toBe('ok');
      const versions = await sourceVersions(d.db, DEMO_TENANT_ID, second.sourceId!);
      expect(versions.map((v) => v.version)).toEqual([2, 1]);
      expect(versions[0]!.supersedes).toBe(first.sourceId);
      await expect(sourceVersions(d.db, 'adm-other', second.sourceId!)).rejects.toMatchObject({ code: 'not_found:source' });

      await revokeSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, sourceId: first.sourceId!, reason: 'superseded and wrong' });
      await expect(
        revokeSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, sourceId: first.sourceId!, reason: 'again' }),
      ).rejects.toMatchObject({ code: 'conflict:revoked' });
      await expect(
        revokeSource({ db: d.db, tenantId: 'adm-other', actorId: ADMIN, sourceId: second.sourceId!, reason: 'x' }),
      ).rejects.toMatchObject({ code: 'not_found:source' });
      const again = await uploadSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, fileName: 'copy.json', bytes: v1 });
      expect(again).toMatchObject({ status: 'unchanged', sourceId: first.sourceId, revoked: true });

      const listed = await listSources(d.db, DEMO_TENANT_ID);
      expect(listed.find((s) => s.id === first.sourceId)).toMatchObject({ revoked: true, revokedReason: 'superseded and wrong' });
      expect(listed.find((s) => s.id === second.sourceId)?.factsAdded).toBeGreaterThan(0);
      expect(await actions(d)).toEqual(expect.arrayContaining(['source.upload', 'source.ingest', 'source.revoke']));

      const bad = await uploadSource({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        fileName: 'not-a-filing.json',
        bytes: fs.readFileSync(path.join(FIXTURES, 'not-a-filing.json')),
      });
      expect(bad.status).toBe('failed');
      await expect(
        uploadSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, fileName: 'evil.sh', bytes: Buffer.from('#!/bin/sh') }),
      ).rejects.toMatchObject({ code: 'unsupported:file_type' });
    });

    it('sets a source’s ACL and embargo, audited', async () => {
      const [s] = await d.db.select().from(sources).where(eq(sources.entityId, helios)).limit(1);
      const at = new Date('2030-01-01T00:00:00Z');
      await setSourceAccess({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        sourceId: s!.id,
        aclRoles: ['reviewer'],
        effectiveAt: at,
        reason: 'results embargo',
      });
      const [after] = await d.db.select().from(sources).where(eq(sources.id, s!.id));
      expect(after).toMatchObject({ aclRoles: ['reviewer'], effectiveAt: at });
      await setSourceAccess({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        sourceId: s!.id,
        aclRoles: [],
        effectiveAt: null,
        reason: 'lifted',
      });
      expect(await actions(d)).toContain('source.access');
    });

    it('quarantine queue: bind to a metric and period, or reject — audited, tenant-scoped', async () => {
      const [s] = await d.db.select().from(sources).where(eq(sources.entityId, helios)).limit(1);
      const base = {
        tenantId: DEMO_TENANT_ID,
        entityId: helios,
        metricId: null,
        unit: 'INR',
        currency: 'INR',
        scale: 0,
        decimals: 0,
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated' as const,
        dimensions: {},
        accountingStandard: 'ind-as' as const,
        provenance: {},
        status: 'quarantined' as const,
        sighting: { sourceId: s!.id, accession: null, form: null, filedAt: '2026-05-01', labels: {} },
      };
      await writeFacts(d.db, [
        {
          ...base,
          concept: 'ind-as:OtherIncomeX',
          value: '7',
          period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
          quarantineReason: 'METRIC_UNMAPPED',
        },
        {
          ...base,
          concept: 'ind-as:LostHeader',
          value: '9',
          period: { type: 'duration', start: '1900-01-01', end: '1900-12-31' },
          quarantineReason: 'COLUMN_HEADER_LOST',
        },
        {
          ...base,
          concept: 'ind-as:Junk',
          value: '1',
          period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
          quarantineReason: 'UNIT_UNKNOWN',
        },
      ]);
      const queue = await listQuarantined(d.db, DEMO_TENANT_ID);
      const byConcept = Object.fromEntries(queue.map((q) => [q.concept, q]));
      expect(Object.keys(byConcept)).toEqual(expect.arrayContaining(['ind-as:OtherIncomeX', 'ind-as:LostHeader', 'ind-as:Junk']));
      expect(await listQuarantined(d.db, 'adm-other')).toEqual([]);

      await bindQuarantined({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        factId: byConcept['ind-as:OtherIncomeX']!.id,
        metricId: 'revenue',
        reason: 'it is revenue',
      });
      await bindQuarantined({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        factId: byConcept['ind-as:LostHeader']!.id,
        metricId: 'revenue',
        start: '2024-04-01',
        end: '2025-03-31',
        reason: 'header was FY2025',
      });
      const [lost] = await d.db.select().from(facts).where(eq(facts.id, byConcept['ind-as:LostHeader']!.id));
      expect(lost).toMatchObject({
        status: 'active',
        metricId: 'revenue',
        startDate: '2024-04-01',
        endDate: '2025-03-31',
        fiscalYear: 2025,
        fiscalPeriod: 'FY',
        durationDays: 364,
      });
      await expect(
        bindQuarantined({
          db: d.db,
          tenantId: DEMO_TENANT_ID,
          actorId: ADMIN,
          factId: byConcept['ind-as:Junk']!.id,
          metricId: 'no_such_metric',
          reason: 'x',
        }),
      ).rejects.toMatchObject({ code: 'bad_request:metric' });
      await expect(
        rejectQuarantined({ db: d.db, tenantId: 'adm-other', actorId: ADMIN, factId: byConcept['ind-as:Junk']!.id, reason: 'x' }),
      ).rejects.toMatchObject({ code: 'not_found:fact' });
      await rejectQuarantined({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        factId: byConcept['ind-as:Junk']!.id,
        reason: 'unit is garbage',
      });
      await expect(
        rejectQuarantined({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, factId: byConcept['ind-as:Junk']!.id, reason: 'x' }),
      ).rejects.toMatchObject({ code: 'conflict:not_quarantined' });
      expect((await listQuarantined(d.db, DEMO_TENANT_ID)).map((q) => q.concept)).not.toContain('ind-as:Junk');
      expect(await actions(d)).toEqual(expect.arrayContaining(['fact.bind', 'fact.reject']));
    });

    it('entities: aliases and tickers, audited, tenant-scoped', async () => {
      await addAlias({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, alias: 'Helios Comp.', kind: 'abbreviation' });
      await expect(
        addAlias({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, alias: 'Helios Comp.', kind: 'abbreviation' }),
      ).rejects.toMatchObject({ code: 'conflict:alias' });
      await expect(
        addAlias({ db: d.db, tenantId: 'adm-other', actorId: ADMIN, entityId: helios, alias: 'X', kind: 'abbreviation' }),
      ).rejects.toMatchObject({ code: 'not_found:entity' });
      await updateEntity({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        name: 'Helios Components',
        ticker: 'HLC',
        reason: 'new listing',
      });
      const aliases = (await d.db.select().from(entityAliases).where(eq(entityAliases.entityId, helios))).map(
        (a) => `${a.kind}:${a.alias}`,
      );
      expect(aliases).toContain('ticker:HLC');
      expect(aliases).not.toContain('ticker:HELIOS');
      await removeAlias({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, alias: 'Helios Comp.' });
      const listed = (await listEntities(d.db, DEMO_TENANT_ID)).find((e) => e.id === helios)!;
      expect(listed.ticker).toBe('HLC');
      await updateEntity({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        name: 'Helios Components',
        ticker: 'HELIOS',
        reason: 'back',
      });
      expect(await actions(d)).toEqual(expect.arrayContaining(['entity.alias_add', 'entity.alias_remove', 'entity.update']));
    });

    it('the audit log pages and filters, newest first, per tenant', async () => {
      const all = await listAudit({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseAuditFilters({ size: '10' }) });
      expect(all.rows).toHaveLength(10);
      expect(all.total).toBeGreaterThan(10);
      expect(all.rows[0]!.id).toBeGreaterThan(all.rows[9]!.id);
      const revokes = await listAudit({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseAuditFilters({ action: 'source.revoke' }) });
      expect(revokes.rows.every((r) => r.action === 'source.revoke')).toBe(true);
      expect(revokes.rows[0]!.actorName).toBe('Demo Admin');
      expect((await listAudit({ db: d.db, tenantId: 'adm-other', filters: parseAuditFilters({}) })).total).toBe(0);
      expect(parseAuditFilters({ action: "x'; drop table audit_log; --" }).action).toBeUndefined();
    });
  });
}
