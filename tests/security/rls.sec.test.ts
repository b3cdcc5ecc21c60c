/**
 * Row-level security as a second wall. Inside lib/db/tenant-scope.ts a query that forgets
 * the tenant predicate still cannot read (or write) another tenant's rows, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from '@/lib/db/client';
import {
  auditLog,
  bulkIngestProgress,
  chunks,
  conceptLabels,
  ingestRuns,
  sourceRevocations,
  entities,
  entityAliases,
  facts,
  fiscalCalendars,
  manifests,
  screenValues,
  sources,
  tenants,
  threads,
  users,
  verdicts,
} from '@/lib/db/schema';
import { APP_ROLE, inTenantScope } from '@/lib/db/tenant-scope';
import { testTargets } from '@/tests/support/db';
import { insertSourceRows } from './support/source-rows';

/** Every table that holds tenant data (directly or through its parent row). */
const TENANT_TABLES = [
  'facts',
  'fact_sightings',
  'sources',
  'source_tables',
  'source_cells',
  'source_documents',
  'chunks',
  'manifests',
  'verdicts',
  'audit_log',
  'entities',
  'entity_aliases',
  'fiscal_calendars',
  'ingest_runs',
  'source_revocations',
  'concept_labels',
  'threads',
  'bulk_ingest_progress',
  'screen_values',
];

/**
 * Tables outside the policies, each for a reason: the tenant list and the shared metric ontology hold no
 * tenant data; users, sessions and the auth tables are read before a tenant is known (sign-in finds the
 * user by email), and the app reaches them only through lib/auth; the rate-limit tables are keyed by digests
 * of user, email and address and are written before a tenant is known (lib/server/limits.ts);
 * bulk_deferred_indexes holds the definitions of the database's own secondary indexes while a bulk load
 * has them dropped (lib/ingest/bulk/deferred-indexes.ts), no tenant's data. Every other table must be in
 * TENANT_TABLES.
 */
const GLOBAL_TABLES = [
  'tenants',
  'metrics',
  'users',
  'sessions',
  'auth_accounts',
  'auth_secrets',
  'auth_verifications',
  'rate_limit_buckets',
  'sign_in_backoff',
  'bulk_deferred_indexes',
];

async function seedTenant(db: Db, t: string): Promise<void> {
  const id = (k: string) => `${t}-${k}`;
  await db.insert(tenants).values({ id: t, name: t });
  await db.insert(entities).values({ id: id('e'), tenantId: t, name: `Entity ${t}` });
  await db.insert(entityAliases).values({ tenantId: t, entityId: id('e'), alias: `alias ${t}`, normalized: `alias ${t}`, kind: 'name' });
  await db.insert(fiscalCalendars).values({
    id: id('cal'),
    tenantId: t,
    entityId: id('e'),
    effectiveFrom: '2000-01-01',
    yearEnd: { kind: 'fixed', month: 12, day: 31 },
    labelBy: 'end-year',
    origin: 'registered',
  });
  await db.insert(sources).values({
    id: id('s'),
    tenantId: t,
    entityId: id('e'),
    kind: 'manual',
    title: `Source ${t}`,
    sha256: id('sha'),
    byteSize: 1,
    extractorVersion: 'test',
  });
  await insertSourceRows(db, { tenantId: t, entityId: id('e'), id, text: `secret of ${t}` });
  await db.insert(manifests).values({ id: id('m'), tenantId: t, question: `question of ${t}`, status: 'answered', answer: {} });
  await db.insert(verdicts).values({ id: id('v'), tenantId: t, manifestId: id('m'), verdict: 'correct' });
  await db.insert(conceptLabels).values({ tenantId: t, entityId: id('e'), concept: 'x:Revenue', label: 'Revenue' });
  await db.insert(users).values({ id: id('u'), tenantId: t, email: `${t}@example.test`, name: t, role: 'analyst' });
  await db.insert(threads).values({ id: id('th'), tenantId: t, userId: id('u'), title: `thread of ${t}` });
  await db.insert(auditLog).values({ tenantId: t, actor: 'test', action: 'test.seed', targetType: 'tenant', targetId: t });
  await db.insert(ingestRuns).values({ id: id('run'), tenantId: t, fileName: 'x.json', status: 'ok' });
  await db.insert(sourceRevocations).values({ tenantId: t, sha256: id('revoked'), sourceId: id('s'), reason: 'test', actor: 'test' });
  await db.insert(screenValues).values({
    tenantId: t,
    metricId: 'revenue',
    fiscalYear: 2024,
    entityId: id('e'),
    endYears: [2024],
    factId: id('f'),
    value: '1',
    unit: 'USD',
    periodType: 'duration',
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    sourceId: id('s'),
  });
  await db.insert(bulkIngestProgress).values({
    tenantId: t,
    cik: '0000000001',
    archive: 'companyfacts.zip',
    entryName: 'CIK0000000001.json',
    entryCrc32: '00000000',
    entrySize: 1,
    status: 'ok',
  });
}

for (const target of testTargets()) {
  describe(`row-level security (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await seedTenant(d.db, 'rls-a');
      await seedTenant(d.db, 'rls-b');
    });
    afterAll(async () => {
      await d?.close();
    });

    it('every tenant table has row-level security enabled with a tenant_scope policy; the app role cannot bypass it', async () => {
      // tables and partitioned tables; a partition (facts_p0 …, drizzle/0014) is under its own policy too,
      // so reading it directly is no way around its parent's
      const all = rowsOf<{ relname: string; relrowsecurity: boolean; policies: number; partition: boolean }>(
        await d.db.execute(sql`select c.relname, c.relrowsecurity, c.relispartition as partition, (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_scope') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`),
      );
      const partitions = all.filter((r) => r.partition);
      // on a Citus coordinator the entity-keyed tables are distributed instead (their shards carry the policy)
      if (d.citus) expect(partitions).toEqual([]);
      else expect(partitions.length).toBeGreaterThanOrEqual(5 * 16);
      for (const p of partitions) expect(p, p.relname).toMatchObject({ relrowsecurity: true, policies: 1 });
      const rows = all.filter((r) => !r.partition);
      for (const t of TENANT_TABLES)
        expect(
          rows.find((r) => r.relname === t),
          t,
        ).toMatchObject({ relrowsecurity: true, policies: 1 });
      // a new table — with a tenant_id column or reaching a tenant through its parent row — must join the list
      // (and get a policy), or be named global with its reason
      for (const r of rows)
        expect([...TENANT_TABLES, ...GLOBAL_TABLES], `${r.relname} is neither under row-level security nor named global`).toContain(
          r.relname,
        );
      const withTenant = rowsOf<{ table_name: string }>(
        await d.db.execute(
          sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
        ),
      )
        .map((r) => r.table_name)
        .filter((t) => !partitions.some((p) => p.relname === t));
      for (const t of withTenant) if (t !== 'users') expect(TENANT_TABLES, `${t} has tenant_id but no row-level security`).toContain(t);
      const [role] = rowsOf<{ rolbypassrls: boolean; rolsuper: boolean }>(
        await d.db.execute(sql`select rolbypassrls, rolsuper from pg_roles where rolname = ${APP_ROLE}`),
      );
      expect(role).toEqual({ rolbypassrls: false, rolsuper: false });
    });

    it('a query that forgets the tenant predicate still reads only the scoped tenant, table by table', async () => {
      for (const t of TENANT_TABLES) {
        const all = rowsOf<{ n: number }>(await d.db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`))[0]!.n;
        const scoped = await inTenantScope(
          d.db,
          'rls-a',
          async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`))[0]!.n,
        );
        expect(scoped, t).toBeGreaterThan(0);
        expect(scoped, t).toBeLessThan(all);
      }
      const texts = await inTenantScope(d.db, 'rls-a', async (tx) =>
        (await tx.select({ text: chunks.text }).from(chunks)).map((r) => r.text),
      );
      expect(texts).toEqual(['secret of rls-a']);
      const questions = await inTenantScope(d.db, 'rls-b', async (tx) =>
        (await tx.select({ q: manifests.question }).from(manifests)).map((r) => r.q),
      );
      expect(questions).toEqual(['question of rls-b']);
      const who = await inTenantScope(
        d.db,
        'rls-a',
        async (tx) => rowsOf<{ u: string }>(await tx.execute(sql`select current_user as u`))[0]!.u,
      );
      expect(who).toBe(APP_ROLE);
    });

    it('writes into another tenant are refused, updates and deletes of its rows touch nothing', async () => {
      const err = await inTenantScope(d.db, 'rls-a', (tx) =>
        tx.insert(manifests).values({ id: 'rls-evil', tenantId: 'rls-b', question: 'planted', status: 'answered', answer: {} }),
      ).catch((e: unknown) => e);
      expect(String((err as { cause?: unknown })?.cause ?? err)).toMatch(/row-level security/i);
      expect(rowsOf(await d.db.execute(sql`select 1 from manifests where id = 'rls-evil'`))).toEqual([]);
      const changed = await inTenantScope(d.db, 'rls-a', async (tx) =>
        (await tx.update(facts).set({ value: '0' }).where(sql`true`).returning({ id: facts.id })).map((r) => r.id),
      );
      expect(changed).toEqual(['rls-a-f']);
      await inTenantScope(d.db, 'rls-a', (tx) => tx.delete(chunks).where(sql`true`));
      const left = rowsOf<{ tenant_id: string }>(await d.db.execute(sql`select tenant_id from chunks order by 1`)).map((r) => r.tenant_id);
      expect(left).toEqual(['rls-b']);
      const bValue = rowsOf<{ value: string }>(await d.db.execute(sql`select value::text from facts where id = 'rls-b-f'`))[0]!.value;
      expect(bValue).toBe('42');
    });

    it('outside a scope nothing is set: the app role alone sees no tenant rows', async () => {
      const n = await d.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from facts`))[0]!.n;
      });
      expect(n).toBe(0);
    });
  });
}
