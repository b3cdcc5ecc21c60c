import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { auditLog, manifests, tenants, threads, users, verdicts } from '@/lib/db/schema';
import { ConfigError, readEnv } from '@/lib/env';
import { lockManifestForVerdict } from '@/lib/db/manifest-locks';
import { testTargets } from '@/tests/support/db';
import { manifestRetentionDays, manifestRetentionStatus, pruneAllTenants, pruneManifests } from './manifest-retention';

const NOW = new Date('2026-12-01T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe('LEDGERLINE_MANIFEST_RETENTION_DAYS', () => {
  it('defaults to a year; 0 keeps manifests forever; a bad value names the variable', () => {
    expect(manifestRetentionDays(readEnv({}))).toBe(365);
    expect(manifestRetentionDays(readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: '30' }))).toBe(30);
    expect(manifestRetentionDays(readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: '0' }))).toBeNull();
    expect(() => readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: 'a year' })).toThrow(ConfigError);
    expect(() => readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: '-1' })).toThrow(/LEDGERLINE_MANIFEST_RETENTION_DAYS/);
  });
});

for (const target of testTargets()) {
  describe(`manifest retention on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => d?.close());

    const ids = async (tenantId: string) =>
      (await d.db.select({ id: manifests.id }).from(manifests).where(eq(manifests.tenantId, tenantId))).map((r) => r.id).sort();
    async function seed(t: string) {
      await d.db.insert(tenants).values({ id: t, name: t });
      await d.db.insert(users).values({ id: `${t}-u`, tenantId: t, email: `${t}@example.test`, name: t, role: 'analyst' });
      await d.db
        .insert(threads)
        .values({ id: `${t}-live`, tenantId: t, userId: `${t}-u`, title: 'kept in history', updatedAt: daysAgo(500) });
      const m = (id: string, age: number, threadId: string | null = null) => ({
        id: `${t}-${id}`,
        tenantId: t,
        userId: `${t}-u`,
        threadId,
        question: id,
        status: 'answered' as const,
        answer: {},
        createdAt: daysAgo(age),
      });
      await d.db
        .insert(manifests)
        .values([
          m('old-free', 400),
          m('old-free-2', 366),
          m('old-verdict', 900),
          m('old-live-thread', 500, `${t}-live`),
          m('old-deleted-thread', 400, `${t}-deleted`),
          m('recent', 10),
          m('recent-deleted-thread', 30, `${t}-deleted`),
        ]);
      await d.db
        .insert(verdicts)
        .values({ id: `${t}-v`, tenantId: t, manifestId: `${t}-old-verdict`, verdict: 'correct', createdAt: daysAgo(899) });
    }

    it('deletes old manifests nothing refers to; keeps verdicts, conversations in history and recent ones; audits it', async () => {
      await seed('ret-a');
      await seed('ret-b');
      // another tenant's conversation with the same thread id keeps nothing alive here
      await d.db.insert(threads).values({ id: 'ret-a-deleted', tenantId: 'ret-b', userId: 'ret-b-u', title: 'not ret-a’s' });

      const dry = await pruneManifests({ db: d.db, tenantId: 'ret-a', days: 365, now: NOW, dryRun: true });
      expect(dry).toMatchObject({ deleted: 3, keptReferenced: 2 });
      expect(await ids('ret-a')).toHaveLength(7);

      const res = await pruneManifests({ db: d.db, tenantId: 'ret-a', days: 365, now: NOW, actor: 'cli' });
      expect(res).toMatchObject({ tenantId: 'ret-a', deleted: 3, keptReferenced: 2, cutoff: daysAgo(365).toISOString() });
      expect(await ids('ret-a')).toEqual(['ret-a-old-live-thread', 'ret-a-old-verdict', 'ret-a-recent', 'ret-a-recent-deleted-thread']);
      expect((await d.db.select().from(verdicts).where(eq(verdicts.manifestId, 'ret-a-old-verdict'))).length).toBe(1);
      // the other tenant is untouched
      expect(await ids('ret-b')).toHaveLength(7);
      const audit = await d.db.select().from(auditLog).where(eq(auditLog.action, 'manifest.prune'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ tenantId: 'ret-a', actor: 'cli', after: { deleted: 3, retentionDays: 365 } });

      // a second pass finds nothing; deleting the conversation releases its old turns
      expect((await pruneManifests({ db: d.db, tenantId: 'ret-a', days: 365, now: NOW })).deleted).toBe(0);
      await d.db.delete(threads).where(eq(threads.id, 'ret-a-live'));
      expect((await pruneManifests({ db: d.db, tenantId: 'ret-a', days: 365, now: NOW })).deleted).toBe(1);
      expect(await ids('ret-a')).toEqual(['ret-a-old-verdict', 'ret-a-recent', 'ret-a-recent-deleted-thread']);

      const all = await pruneAllTenants({ db: d.db, days: 365, now: NOW });
      expect(all.find((r) => r.tenantId === 'ret-b')).toMatchObject({ deleted: 3, keptReferenced: 2 });
      expect(all.find((r) => r.tenantId === 'ret-a')).toMatchObject({ deleted: 0, keptReferenced: 1 });
      expect(await ids('ret-b')).toEqual(['ret-b-old-live-thread', 'ret-b-old-verdict', 'ret-b-recent', 'ret-b-recent-deleted-thread']);
      await expect(pruneManifests({ db: d.db, tenantId: 'ret-a', days: 0, now: NOW })).rejects.toThrow(/whole number of days/);
    });

    it('the admin view: window, cutoff, stored, what the next pass deletes and keeps, the last pass; 0 keeps all', async () => {
      await seed('ret-s');
      const env = readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: '365' });
      const before = await manifestRetentionStatus(d.db, 'ret-s', env, NOW);
      expect(before).toMatchObject({
        days: 365,
        cutoff: daysAgo(365).toISOString(),
        stored: 7,
        oldest: daysAgo(900).toISOString(),
        deletable: 3,
        keptReferenced: 2,
        lastPrune: null,
      });
      await pruneManifests({ db: d.db, tenantId: 'ret-s', days: 365, now: NOW, actor: 'cli' });
      const after = await manifestRetentionStatus(d.db, 'ret-s', env, NOW);
      expect(after).toMatchObject({ stored: 4, deletable: 0, keptReferenced: 2, lastPrune: { deleted: 3, actor: 'cli' } });
      // a tenant's view counts only its own manifests and prunes
      expect(await manifestRetentionStatus(d.db, 'nobody', env, NOW)).toMatchObject({ stored: 0, lastPrune: null });
      expect(await manifestRetentionStatus(d.db, 'ret-s', readEnv({ LEDGERLINE_MANIFEST_RETENTION_DAYS: '0' }), NOW)).toMatchObject({
        days: null,
        cutoff: null,
        stored: 4,
        deletable: 0,
      });
    });

    it('deletes in batches of one transaction each, every batch with its audit entry', async () => {
      await d.db.insert(tenants).values({ id: 'ret-batch', name: 'batch' });
      await d.db.insert(manifests).values(
        Array.from({ length: 7 }, (_, i) => ({
          id: `ret-batch-${i}`,
          tenantId: 'ret-batch',
          question: 'q',
          status: 'answered' as const,
          answer: {},
          createdAt: daysAgo(40 + i),
        })),
      );
      const res = await pruneManifests({ db: d.db, tenantId: 'ret-batch', days: 30, now: NOW, batchSize: 3 });
      expect(res.deleted).toBe(7);
      const audit = await d.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.tenantId, 'ret-batch'));
      expect(audit.map((a) => (a.after as { deleted: number }).deleted).sort()).toEqual([1, 3, 3]);
      expect(await ids('ret-batch')).toEqual([]);
    });

    if (target.name === 'postgres') {
      it('never deletes a manifest a verdict is being saved on; concurrent prunes delete each manifest once', async () => {
        await d.db.insert(tenants).values({ id: 'ret-race', name: 'race' });
        await d.db.insert(manifests).values(
          Array.from({ length: 20 }, (_, i) => ({
            id: `ret-race-${i}`,
            tenantId: 'ret-race',
            question: 'q',
            status: 'answered' as const,
            answer: {},
            createdAt: daysAgo(100),
          })),
        );
        // a reviewer's verdict on ret-race-0, inserted but not yet committed, under the manifest's lock as
        // recordVerdict saves one; the prunes neither wait for it (on Citus a row lock or delete on the manifests
        // reference table would) nor delete its manifest
        await d.withConnection(async (conn) => {
          await conn.query('begin');
          await lockManifestForVerdict(conn.db, 'ret-race-0');
          await conn.query(
            `insert into verdicts (id, tenant_id, manifest_id, verdict) values ('ret-race-v', 'ret-race', 'ret-race-0', 'correct')`,
          );
          const runs = await Promise.all(
            [1, 2, 3].map(() => pruneManifests({ db: d.db, tenantId: 'ret-race', days: 30, now: NOW, batchSize: 4 })),
          );
          expect(runs.reduce((n, r) => n + r.deleted, 0)).toBe(19);
          await conn.query('commit');
        });
        expect(await ids('ret-race')).toEqual(['ret-race-0']);
        expect((await d.db.select().from(verdicts).where(eq(verdicts.id, 'ret-race-v'))).length).toBe(1);
        const audited = await d.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.tenantId, 'ret-race'));
        expect(audited.reduce((n, a) => n + (a.after as { deleted: number }).deleted, 0)).toBe(19);
        // committed now: the manifest is referenced and stays
        expect((await pruneManifests({ db: d.db, tenantId: 'ret-race', days: 30, now: NOW })).deleted).toBe(0);
      });
    }
  });
}
