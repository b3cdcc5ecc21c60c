/**
 * Any reported concept is askable: companyfacts concept labels are stored at ingestion; a concept
 * outside the ontology is matched by its label and looked up by its concept; ontology concepts stay
 * under their measures; a member filter never returns a total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { matchMetrics } from '@/lib/planner/match-metric';
import { testTargets } from '@/tests/support/db';
import { loadConceptCatalog } from './concepts';
import { lookupFact } from './lookup-facts';

const TENANT = 't-concepts';
const fy = (fy: number, start: string, end: string, val: number, extra: Record<string, unknown> = {}) => ({
  start,
  end,
  val,
  accn: `0000000045-${fy}-000001`,
  fy,
  fp: 'FY',
  form: '10-K',
  filed: `${fy}-02-15`,
  ...extra,
});
const DOC = {
  cik: 45,
  entityName: 'Zed Tools Inc',
  facts: {
    'us-gaap': {
      Revenues: {
        label: 'Revenues',
        units: { USD: [fy(2023, '2022-01-01', '2022-12-31', 900), fy(2024, '2023-01-01', '2023-12-31', 1000)] },
      },
      AssetsCurrent: {
        label: 'Assets, Current',
        units: {
          USD: [{ end: '2023-12-31', val: 400, accn: '0000000045-2024-000001', fy: 2024, fp: 'FY', form: '10-K', filed: '2024-02-15' }],
        },
      },
      ProfitLoss: {
        label: 'Net Income (Loss), Including Portion Attributable to Noncontrolling Interest',
        units: { USD: [fy(2024, '2023-01-01', '2023-12-31', 120)] },
      },
      CustomerRefundLiabilityCurrent: {
        label: 'Customer Refund Liability, Current',
        description: 'Refunds owed.',
        units: {
          USD: [{ end: '2023-12-31', val: 37, accn: '0000000045-2024-000001', fy: 2024, fp: 'FY', form: '10-K', filed: '2024-02-15' }],
        },
      },
    },
  },
};

for (const target of testTargets()) {
  describe(`concept labels on ${target.name}`, () => {
    let d: Database;
    let entityId: string;
    beforeAll(async () => {
      d = await target.open();
      const o = await ingestBytes(Buffer.from(JSON.stringify(DOC)), 'CIK0000000045_ZED_companyfacts.json', {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(o.error).toBeNull();
      entityId = o.entityId!;
    });
    afterAll(async () => {
      await d?.close();
    });

    it('stores every concept label of the companyfacts file', async () => {
      const rows = await d.query<{ concept: string; label: string; description: string | null }>(
        `select concept, label, description from concept_labels where entity_id = $1 order by concept`,
        [entityId],
      );
      expect(rows.map((r) => r.concept)).toEqual([
        'us-gaap:AssetsCurrent',
        'us-gaap:CustomerRefundLiabilityCurrent',
        'us-gaap:ProfitLoss',
        'us-gaap:Revenues',
      ]);
      expect(rows[1]).toMatchObject({ label: 'Customer Refund Liability, Current', description: 'Refunds owed.' });
    });

    it('a concept outside the ontology is askable by its label and found by its concept', async () => {
      const concepts = await loadConceptCatalog(d.db, TENANT, [entityId]);
      expect(concepts.map((c) => c.concept)).toEqual(['us-gaap:CustomerRefundLiabilityCurrent']);
      const [m] = matchMetrics('What was the customer refund liability at the end of FY2024?', { concepts }).mentions;
      expect(m!.ref).toMatchObject({ id: 'concept:us-gaap:CustomerRefundLiabilityCurrent', kind: 'base', periodType: 'instant' });
      const r = await lookupFact({
        db: d.db,
        tenantId: TENANT,
        entityId,
        metricId: m!.ref.id,
        period: { type: 'instant', date: '2023-12-31' },
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(r.status === 'found' && r.fact.value).toBe('37');
    });

    it('one concept serves every measure whose chain lists it (net income including NCI, current assets)', async () => {
      const period = { type: 'duration' as const, start: '2023-01-01', end: '2023-12-31' };
      const nci = await lookupFact({
        db: d.db,
        tenantId: TENANT,
        entityId,
        metricId: 'net_income_including_nci',
        period,
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(nci.status === 'found' && [nci.fact.value, nci.fact.metricId]).toEqual(['120', 'net_income_including_nci']);
      const ca = await lookupFact({
        db: d.db,
        tenantId: TENANT,
        entityId,
        metricId: 'current_assets',
        period: { type: 'instant', date: '2023-12-31' },
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(ca.status === 'found' && ca.fact.value).toBe('400');
    });

    it('a member filter never returns the total', async () => {
      const period = { type: 'duration' as const, start: '2023-01-01', end: '2023-12-31' };
      const total = await lookupFact({
        db: d.db,
        tenantId: TENANT,
        entityId,
        metricId: 'revenue',
        period,
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(total.status === 'found' && total.fact.value).toBe('1000');
      const member = await lookupFact({
        db: d.db,
        tenantId: TENANT,
        entityId,
        metricId: 'revenue',
        period,
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'latest' },
        dimensions: { 'srt:ProductOrServiceAxis': 'zed:DrillsMember' },
      });
      expect(member.status).toBe('missing');
      expect(member.candidates).toEqual([]);
    });

    it('an embargo that lapses is seen by the next question, with no data version change', async () => {
      const [src] = await d.query<{ id: string }>(`select id from sources where tenant_id = $1 and entity_id = $2`, [TENANT, entityId]);
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: src!.id,
        aclRoles: [],
        effectiveAt: new Date(Date.now() + 1500),
        reason: 'test: embargo',
      });
      const [{ v }] = (await d.query<{ v: number }>(`select data_version as v from tenants where id = $1`, [TENANT])) as [{ v: number }];
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toEqual([]);
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toEqual([]);
      await new Promise((r) => setTimeout(r, 1700));
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toHaveLength(1);
      expect((await d.query<{ v: number }>(`select data_version as v from tenants where id = $1`, [TENANT]))[0]!.v).toBe(v);
    });

    it('an ACL change is seen by the next question: the concepts of a restricted source only for the roles it names', async () => {
      const [src] = await d.query<{ id: string }>(`select id from sources where tenant_id = $1 and entity_id = $2`, [TENANT, entityId]);
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toHaveLength(1);
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: src!.id,
        aclRoles: ['admin'],
        effectiveAt: null,
        reason: 'test: restricted',
      });
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toEqual([]);
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], null)).toEqual([]);
      expect((await loadConceptCatalog(d.db, TENANT, [entityId], 'admin')).map((c) => [c.concept, c.periodType])).toEqual([
        ['us-gaap:CustomerRefundLiabilityCurrent', 'instant'],
      ]);
      await setSourceAccess({
        db: d.db,
        tenantId: TENANT,
        actorId: 'admin-test',
        sourceId: src!.id,
        aclRoles: [],
        effectiveAt: null,
        reason: 'test: open again',
      });
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toHaveLength(1);
    });

    // last: it revokes the source
    it('the catalogue is kept per data version: a revoked source takes its concepts out on the next question', async () => {
      const before = await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst');
      expect(before).toHaveLength(1);
      // a second read at the same version is the kept catalogue
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toEqual(before);
      const [src] = await d.query<{ id: string }>(`select id from sources where tenant_id = $1 and entity_id = $2`, [TENANT, entityId]);
      await revokeSource({ db: d.db, tenantId: TENANT, actorId: 'admin-test', sourceId: src!.id, reason: 'test: withdrawn' });
      expect(await loadConceptCatalog(d.db, TENANT, [entityId], 'analyst')).toEqual([]);
    });
  });
}
