import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { auditLog, entities, fiscalCalendars, tenants } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import {
  calendarRuleSchema,
  changeCalendar,
  entityCalendars,
  exportCalendars,
  importCalendars,
  lastCalendarChange,
  planCalendarImport,
  previewCalendars,
  revertCalendarChange,
} from './calendars';
import { calendarImpact } from './calendar-impact';
import { answerQuestion } from '@/lib/answer/answer-question';

const ADMIN = DEMO_USERS[2]!.id;

async function labels(d: Database, entityId: string) {
  // durations: the labels a calendar gives them (instants are labelled by other rules)
  const res = await d.db.execute(
    sql`select id, start_date::text as start, end_date::text as "end", fiscal_year, fiscal_period from facts where entity_id = ${entityId} and period_type = 'duration' order by end_date, start_date, id`,
  );
  return (
    res as unknown as { rows: { id: string; start: string; end: string; fiscal_year: number | null; fiscal_period: string | null }[] }
  ).rows;
}

for (const target of testTargets()) {
  describe(`calendar registry on ${target.name}`, () => {
    let d: Database;
    let helios: string;

    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      helios = (
        await d.db
          .select({ id: entities.id })
          .from(entities)
          .where(and(eq(entities.tenantId, DEMO_TENANT_ID), eq(entities.ticker, 'HELIOS')))
      )[0]!.id;
    });
    afterAll(async () => d?.close());

    it('previews the fiscal years and quarters of a fixed and a 52/53-week rule', async () => {
      const { current } = await entityCalendars(d.db, DEMO_TENANT_ID, helios);
      const fixed = previewCalendars(current, 2025, 2026);
      expect(fixed.years.map((y) => [y.fiscalYear, y.start, y.end])).toEqual([
        [2025, '2024-04-01', '2025-03-31'],
        [2026, '2025-04-01', '2026-03-31'],
      ]);
      expect(fixed.years[1]!.quarters[0]).toEqual({ q: 'Q1', start: '2025-04-01', end: '2025-06-30' });
      // Apple-like: last Saturday of September, named by the end year; FY2023 had 53 weeks
      const week = previewCalendars(
        [
          {
            entityId: 'x',
            effectiveFrom: '2000-01-01',
            effectiveTo: null,
            yearEnd: { kind: 'week', weekday: 6, month: 9, rule: 'last' },
            labelBy: 'end-year',
          },
        ],
        2022,
        2023,
      );
      expect(week.years.map((y) => [y.fiscalYear, y.start, y.end, y.weeks])).toEqual([
        [2022, '2021-09-26', '2022-09-24', 52],
        [2023, '2022-09-25', '2023-09-30', 53],
      ]);
      expect(() => previewCalendars(current, 1990, 2030)).toThrow(/at most/);
    });

    it('validates rules', () => {
      expect(
        calendarRuleSchema.safeParse({ effectiveFrom: '2020-01-01', yearEnd: { kind: 'fixed', month: 13, day: 1 }, labelBy: 'end-year' })
          .success,
      ).toBe(false);
      expect(
        calendarRuleSchema.safeParse({ effectiveFrom: '2020-01-01', yearEnd: { kind: 'fixed', month: 2, day: 30 }, labelBy: 'end-year' })
          .success,
      ).toBe(false);
      expect(
        calendarRuleSchema.safeParse({ effectiveFrom: '2020-02-30', yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' })
          .success,
      ).toBe(false);
      expect(
        calendarRuleSchema.safeParse({
          effectiveFrom: '2020-01-01',
          effectiveTo: '2019-01-01',
          yearEnd: { kind: 'fixed', month: 3, day: 31 },
          labelBy: 'end-year',
        }).success,
      ).toBe(false);
      expect(
        calendarRuleSchema.safeParse({
          effectiveFrom: '2020-01-01',
          yearEnd: { kind: 'week', weekday: 6, month: 9, rule: 'last' },
          labelBy: 'start-year',
        }).success,
      ).toBe(true);
    });

    it('a change supersedes the old calendar, relabels the entity’s facts in one transaction and is audited with its reason', async () => {
      const before = await labels(d, helios);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((f) => f.fiscal_year !== null)).toBe(true);
      expect(before.some((f) => f.fiscal_year === 2026 && f.fiscal_period === 'FY' && f.start === '2025-04-01')).toBe(true);

      // named by the start year instead: FY2025 (Apr 2025 – Mar 2026)
      const r = await changeCalendar({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        rule: { effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'start-year' },
        reason: 'The annual report names years by their start',
      });
      expect(r.relabelled).toBeGreaterThanOrEqual(before.length);
      expect(await labels(d, helios)).toEqual(before.map((f) => ({ ...f, fiscal_year: f.fiscal_year! - 1 })));
      const { current, history } = await entityCalendars(d.db, DEMO_TENANT_ID, helios);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({
        labelBy: 'start-year',
        origin: 'registered',
        createdBy: ADMIN,
        reason: 'The annual report names years by their start',
      });
      expect(history.filter((h) => h.supersededAt)).toHaveLength(1);
      const [audit] = await d.db.select().from(auditLog).where(eq(auditLog.action, 'calendar.change')).orderBy(desc(auditLog.id)).limit(1);
      expect(audit).toMatchObject({
        actor: ADMIN,
        targetId: helios,
        reason: 'The annual report names years by their start',
        tenantId: DEMO_TENANT_ID,
      });
      expect((audit!.after as { relabelledFacts: number }).relabelledFacts).toBe(r.relabelled);

      // an effective-dated change keeps the earlier calendar until the day before
      await changeCalendar({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        rule: { effectiveFrom: '2025-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
        reason: 'From FY2026 the report names years by their end',
      });
      const two = (await entityCalendars(d.db, DEMO_TENANT_ID, helios)).current;
      expect(two.map((c) => [c.effectiveFrom, c.effectiveTo, c.labelBy])).toEqual([
        ['2000-04-01', '2025-03-31', 'start-year'],
        ['2025-04-01', null, 'end-year'],
      ]);
      expect(await labels(d, helios)).toEqual(
        before.map((f) => ({ ...f, fiscal_year: f.end <= '2025-03-31' ? f.fiscal_year! - 1 : f.fiscal_year })),
      );

      // back to the original
      await changeCalendar({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios,
        rule: { effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
        reason: 'restore',
      });
      expect(await labels(d, helios)).toEqual(before);
    });

    it('refuses an entity of another tenant and a change without a reason, changing nothing', async () => {
      await d.db.insert(tenants).values({ id: 'cal-other', name: 'Other' }).onConflictDoNothing();
      const rule = {
        effectiveFrom: '2000-01-01',
        effectiveTo: null,
        yearEnd: { kind: 'fixed' as const, month: 12, day: 31 },
        labelBy: 'end-year' as const,
      };
      const snapshot = await labels(d, helios);
      await expect(
        changeCalendar({ db: d.db, tenantId: 'cal-other', actorId: ADMIN, entityId: helios, rule, reason: 'x' }),
      ).rejects.toMatchObject({ code: 'not_found:entity' });
      await expect(
        changeCalendar({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, rule, reason: '  ' }),
      ).rejects.toMatchObject({ code: 'bad_request:reason' });
      expect(await labels(d, helios)).toEqual(snapshot);
      expect(
        await d.db
          .select()
          .from(fiscalCalendars)
          .where(and(eq(fiscalCalendars.entityId, helios), isNull(fiscalCalendars.supersededAt))),
      ).toHaveLength(1);
    });

    it('exports reviewable JSON and imports it back: plan, apply, audit; a second import changes nothing', async () => {
      const exported = await exportCalendars(d.db, DEMO_TENANT_ID);
      expect(exported.format).toBe('ledgerline.fiscal-calendars/1');
      const at = exported.entities.findIndex((e) => e.entity.ticker === 'HELIOS');
      expect(exported.entities[at]!.entity).toMatchObject({ id: helios, name: 'Helios Components' });
      const edited = structuredClone(exported);
      delete edited.entities[at]!.entity.id; // matched by ticker
      edited.entities[at]!.calendars[0]!.yearEnd = { kind: 'fixed', month: 12, day: 31 };
      edited.entities.push({ entity: { name: 'Nobody Ltd' }, calendars: [] });

      const plan = await planCalendarImport(d.db, DEMO_TENANT_ID, JSON.parse(JSON.stringify(edited)));
      expect(plan.changes).toHaveLength(1);
      expect(plan.unmatched).toEqual(['Nobody Ltd']);
      const applied = await importCalendars({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, raw: edited, reason: 'reviewed import' });
      expect(applied.changes).toHaveLength(1);
      const current = (await entityCalendars(d.db, DEMO_TENANT_ID, helios)).current;
      expect(current[0]).toMatchObject({ origin: 'imported', yearEnd: { kind: 'fixed', month: 12, day: 31 } });
      expect(await d.db.select().from(auditLog).where(eq(auditLog.action, 'calendar.import'))).toHaveLength(1);

      const again = await importCalendars({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, raw: edited, reason: 'again' });
      expect(again.changes).toHaveLength(0);
      expect(again.unchanged).toBe(exported.entities.length);

      await importCalendars({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, raw: exported, reason: 'restore' });
      expect((await entityCalendars(d.db, DEMO_TENANT_ID, helios)).current[0]!.yearEnd).toEqual({ kind: 'fixed', month: 3, day: 31 });
    });

    it('previews a change: the fact labels that change and the stored answers whose cited period is relabelled; writes nothing', async () => {
      const asked = await answerQuestion({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        userId: ADMIN,
        question: 'What was Helios Components’ revenue in FY2026?',
        cache: false,
      });
      expect(asked.status).toBe('answered');
      const { current } = await entityCalendars(d.db, DEMO_TENANT_ID, helios);
      const same = await calendarImpact({ db: d.db, tenantId: DEMO_TENANT_ID, entityId: helios, next: current });
      expect(same).toMatchObject({ factsChanged: 0, periodsChanged: 0, answersChanged: 0 });

      const snapshot = await labels(d, helios);
      const next = [{ ...current[0]!, labelBy: 'start-year' as const }];
      const impact = await calendarImpact({ db: d.db, tenantId: DEMO_TENANT_ID, entityId: helios, next });
      expect(impact.factsChanged).toBeGreaterThanOrEqual(snapshot.length);
      expect(impact.labels).toContainEqual({
        period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
        before: 'FY2026',
        after: 'FY2025',
        facts: expect.any(Number),
      });
      const answer = impact.answers.find((a) => a.manifestId === asked.manifestId);
      expect(answer?.figures).toEqual([
        {
          label: expect.any(String),
          display: asked.values[0]!.display,
          period: '2025-04-01 – 2026-03-31',
          before: 'FY2026',
          after: 'FY2025',
        },
      ]);
      expect(await labels(d, helios)).toEqual(snapshot);
    });

    it('reverts the newest calendar change in one step, audited, restoring the labels; a stale revert is refused', async () => {
      const before = await labels(d, helios);
      const rule = {
        effectiveFrom: '2000-01-01',
        effectiveTo: null,
        yearEnd: { kind: 'fixed' as const, month: 12, day: 31 },
        labelBy: 'end-year' as const,
      };
      await changeCalendar({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, rule, reason: 'a mistaken change' });
      expect(await labels(d, helios)).not.toEqual(before);
      const change = (await lastCalendarChange(d.db, DEMO_TENANT_ID, helios))!;
      expect(change).toMatchObject({ action: 'calendar.change', reason: 'a mistaken change' });

      const r = await revertCalendarChange({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, auditId: change.id });
      expect(r.relabelled).toBeGreaterThan(0);
      expect(await labels(d, helios)).toEqual(before);
      const { current } = await entityCalendars(d.db, DEMO_TENANT_ID, helios);
      expect(current.map((c) => [c.effectiveFrom, c.yearEnd, c.labelBy])).toEqual([
        ['2000-04-01', { kind: 'fixed', month: 3, day: 31 }, 'end-year'],
      ]);
      const revert = (await lastCalendarChange(d.db, DEMO_TENANT_ID, helios))!;
      expect(revert).toMatchObject({ action: 'calendar.revert', actor: ADMIN });
      expect(revert.reason).toContain(`#${change.id}`);

      // the change is no longer the newest: refused, nothing changes; another tenant cannot revert at all
      await expect(
        revertCalendarChange({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, auditId: change.id }),
      ).rejects.toMatchObject({ code: 'conflict:calendar_revert' });
      await expect(
        revertCalendarChange({ db: d.db, tenantId: 'cal-other', actorId: ADMIN, entityId: helios, auditId: revert.id }),
      ).rejects.toMatchObject({ code: 'not_found:entity' });
      expect(await labels(d, helios)).toEqual(before);
      // the revert is itself revertible: the mistaken calendar comes back
      await revertCalendarChange({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, auditId: revert.id });
      expect((await entityCalendars(d.db, DEMO_TENANT_ID, helios)).current[0]!.yearEnd).toEqual(rule.yearEnd);
      const again = (await lastCalendarChange(d.db, DEMO_TENANT_ID, helios))!;
      await revertCalendarChange({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, entityId: helios, auditId: again.id });
      expect(await labels(d, helios)).toEqual(before);
    });

    it('rejects malformed imports', async () => {
      await expect(planCalendarImport(d.db, DEMO_TENANT_ID, { format: 'nope' })).rejects.toMatchObject({
        code: 'bad_request:calendar_json',
      });
      await expect(
        planCalendarImport(d.db, DEMO_TENANT_ID, {
          format: 'ledgerline.fiscal-calendars/1',
          entities: [{ entity: { name: 'Helios Components' }, calendars: [{ effectiveFrom: 'x', yearEnd: {}, labelBy: 'end-year' }] }],
        }),
      ).rejects.toMatchObject({ code: 'bad_request:calendar_json' });
    });
  });
}
