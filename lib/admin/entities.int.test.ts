import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { auditLog, entities } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { loadCalendars, loadEntityIndex } from '@/lib/planner/catalog';
import { testTargets } from '@/tests/support/db';
import { changeCalendar } from './calendars';
import { addAlias, listEntities, removeAlias, updateEntity } from './entities';

const ADMIN = DEMO_USERS[2]!.id;

for (const target of testTargets()) {
  describe(`alias edits reach the next question on ${target.name}`, () => {
    let d: Database;
    let helios: string;
    const ask = (question: string) =>
      answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: null, question, store: false, languageModel: null });

    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      helios = (
        await d.db
          .select()
          .from(entities)
          .where(and(eq(entities.tenantId, DEMO_TENANT_ID), eq(entities.ticker, 'HELIOS')))
      )[0]!.id;
    });
    afterAll(async () => d?.close());

    it('an added alias answers the next question; a removed one no longer does (index invalidated)', async () => {
      const q = 'What was Sunbeam Parts operating margin in FY2026?';
      const before = await ask(q);
      expect(before.status).not.toBe('answered');
      const indexBefore = await loadEntityIndex(d.db, DEMO_TENANT_ID);
      expect(await loadEntityIndex(d.db, DEMO_TENANT_ID)).toBe(indexBefore); // cached while nothing changed

      await addAlias({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, alias: 'Sunbeam Parts', kind: 'brand' });
      const after = await ask(q);
      expect(after.status).toBe('answered');
      expect(after.values[0]!.display).toBe('12.00%');
      expect(await loadEntityIndex(d.db, DEMO_TENANT_ID)).not.toBe(indexBefore);

      await removeAlias({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, alias: 'Sunbeam Parts' });
      expect((await ask(q)).status).not.toBe('answered');
      const audit = (await d.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, helios))).map(
        (a) => a.action,
      );
      expect(audit).toEqual(expect.arrayContaining(['entity.alias_add', 'entity.alias_remove']));
    });

    it('the admin list finds entities by name, ticker or alias and pages a large tenant', async () => {
      const all = await listEntities(d.db, DEMO_TENANT_ID);
      expect(all.total).toBe(all.length);
      const byAlias = await listEntities(d.db, DEMO_TENANT_ID, { q: 'helios' });
      expect(byAlias.map((e) => e.id)).toEqual([helios]);
      expect(byAlias[0]!.aliases.length).toBeGreaterThan(0);
      const limited = await listEntities(d.db, DEMO_TENANT_ID, { limit: 1 });
      expect(limited).toHaveLength(1);
      expect(limited.total).toBe(all.total);
      expect(await listEntities(d.db, DEMO_TENANT_ID, { q: '100%_' })).toHaveLength(0);
    });

    it('a ticker change is visible at once', async () => {
      await updateEntity({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        name: 'Helios Components',
        ticker: 'HLCX',
        reason: 'new listing',
      });
      const index = await loadEntityIndex(d.db, DEMO_TENANT_ID);
      expect(index.tickers.get('HLCX')).toEqual([helios]);
      expect(index.tickers.get('HELIOS')).toBeUndefined();
    });

    it('a calendar change is visible to the next calendar read (cached per process, invalidated)', async () => {
      const before = await loadCalendars(d.db, helios);
      expect(before.map((c) => c.yearEnd)).toEqual([{ kind: 'fixed', month: 3, day: 31 }]);
      await changeCalendar({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        rule: { effectiveFrom: '2030-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
        reason: 'test',
      });
      const after = await loadCalendars(d.db, helios);
      expect(after).toHaveLength(2);
      expect(after.at(-1)!.yearEnd).toEqual({ kind: 'fixed', month: 12, day: 31 });
      expect(await loadCalendars(d.db, helios, DEMO_TENANT_ID)).toEqual(after);
    });
  });
}
