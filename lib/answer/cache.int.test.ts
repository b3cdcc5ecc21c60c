import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCalendar } from '@/lib/admin/calendars';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Database } from '@/lib/db/client';
import { entities, manifests, tenants } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';
import type { AnswerEvent } from './messages';
import type { Answer } from './types';

const FIXTURES = path.resolve(import.meta.dirname, '../ingest/__fixtures__');
const V1 = fs.readFileSync(path.join(FIXTURES, 'CIK0000000042_ACME_companyfacts.json'));
const V2 = fs.readFileSync(path.join(FIXTURES, 'v2/CIK0000000042_ACME_companyfacts.json'));
const ANALYST = DEMO_USERS[0]!.id;
const ADMIN = DEMO_USERS[2]!.id;
const OTHER = 'cache-other';
const ACME_FY2023 = 'What was Acme Widgets’ revenue in FY2023?';
const HELIOS_MARGIN = 'What was Helios Components’ operating margin in FY2026?';
/** FY2023 revenue is only in the second filing (v2) */
const FY2023_REVENUE = 1_300_000;

const hasFy2023 = (a: Answer) => a.values.some((v) => v.value === FY2023_REVENUE);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const target of testTargets()) {
  describe(`the answer cache on ${target.name}`, () => {
    let d: Database;
    let v2Source: string;
    const ask = (
      question: string,
      o: { role?: 'analyst' | 'admin'; tenantId?: string; userId?: string | null; onEvent?: (e: AnswerEvent) => void } = {},
    ) =>
      answerQuestion({
        db: d.db,
        tenantId: o.tenantId ?? DEMO_TENANT_ID,
        userId: o.userId === undefined ? ANALYST : o.userId,
        role: o.role ?? 'analyst',
        question,
        onEvent: o.onEvent,
      });
    const servedFrom = async (a: Answer) => {
      const [m] = await d.db
        .select({ versions: manifests.versions, userId: manifests.userId })
        .from(manifests)
        .where(eq(manifests.id, a.manifestId!));
      return { from: (m!.versions as Record<string, string>).answerCache ?? null, userId: m!.userId };
    };

    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      await d.db.insert(tenants).values({ id: OTHER, name: 'Other' });
      for (const tenantId of [DEMO_TENANT_ID, OTHER])
        expect((await ingestBytes(V1, 'CIK0000000042_ACME_companyfacts.json', { db: d.db, tenantId })).status).toBe('ok');
    }, 180_000);
    afterAll(async () => d?.close());

    it('serves an identical question from the cache, with its own manifest row and the stages, plan and figures told again', async () => {
      const stages1: AnswerEvent[] = [];
      const first = await ask(HELIOS_MARGIN, { onEvent: (e) => stages1.push(e) });
      expect(first.status).toBe('answered');
      expect(await servedFrom(first)).toEqual({ from: null, userId: ANALYST });
      const stages2: AnswerEvent[] = [];
      const second = await ask(HELIOS_MARGIN, { userId: DEMO_USERS[1]!.id, onEvent: (e) => stages2.push(e) });
      expect(second.manifestId).not.toBe(first.manifestId);
      // the second ask's manifest is its own (asker), and names the computation it was served from
      expect(await servedFrom(second)).toEqual({ from: first.manifestId, userId: DEMO_USERS[1]!.id });
      const strip = ({ manifestId: _m, timingMs: _t, ...rest }: Answer) => rest;
      expect(strip(second)).toEqual(strip(first));
      expect(stages2).toEqual(stages1);
      expect(stages1.map((e) => e.type)).toEqual(['stage', 'plan', 'stage', 'stage', 'figure', 'stage']);
      const [a, b] = (await Promise.all(
        [first, second].map(async (x) => (await d.db.select().from(manifests).where(eq(manifests.id, x.manifestId!)))[0]!),
      )) as [typeof manifests.$inferSelect, typeof manifests.$inferSelect];
      expect(b.operands).toEqual(a.operands);
      expect(b.candidates).toEqual(a.candidates);
      expect(b.calculations).toEqual(a.calculations);
      expect(b.intent).toEqual(a.intent);
      // a caller that changes its answer does not change the cached one
      second.values[0]!.value = 99;
      expect((await ask(HELIOS_MARGIN)).values[0]!.value).toBeCloseTo(0.12, 10);
      // cache: false computes
      const fresh = await answerQuestion({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        userId: ANALYST,
        role: 'analyst',
        question: HELIOS_MARGIN,
        cache: false,
      });
      expect(await servedFrom(fresh)).toEqual({ from: null, userId: ANALYST });
    });

    it('ingest → a new answer: the filing that adds FY2023 is answered at once', async () => {
      const before = await ask(ACME_FY2023);
      expect(hasFy2023(before)).toBe(false);
      expect(hasFy2023(await ask(ACME_FY2023))).toBe(false);
      const r = await ingestBytes(V2, 'CIK0000000042_ACME_companyfacts_v2.json', { db: d.db, tenantId: DEMO_TENANT_ID });
      expect(r.status).toBe('ok');
      v2Source = r.sourceId!;
      const after = await ask(ACME_FY2023);
      expect(after.status).toBe('answered');
      expect(hasFy2023(after)).toBe(true);
      expect((await servedFrom(after)).from).toBeNull();
      // and the next identical ask is served
      expect((await servedFrom(await ask(ACME_FY2023))).from).toBe(after.manifestId);
    });

    it('never across tenants: the other tenant, which has only the first filing, does not get the FY2023 figure', async () => {
      const other = await ask(ACME_FY2023, { tenantId: OTHER, userId: null });
      expect(hasFy2023(other)).toBe(false);
      expect((await servedFrom(other)).from).toBeNull();
    });

    it('an ACL change: an analyst never gets what was computed for an admin who may see the restricted filing', async () => {
      await setSourceAccess({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        sourceId: v2Source,
        aclRoles: ['admin'],
        effectiveAt: null,
        reason: 'restricted',
      });
      const analyst = await ask(ACME_FY2023);
      expect(hasFy2023(analyst)).toBe(false);
      const admin = await ask(ACME_FY2023, { role: 'admin', userId: ADMIN });
      expect(hasFy2023(admin)).toBe(true);
      const again = await ask(ACME_FY2023);
      expect(hasFy2023(again)).toBe(false);
      expect((await servedFrom(again)).from).toBe(analyst.manifestId);
      await setSourceAccess({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        sourceId: v2Source,
        aclRoles: [],
        effectiveAt: null,
        reason: 'lifted',
      });
      expect(hasFy2023(await ask(ACME_FY2023))).toBe(true);
    });

    it('an embargo that lapses by the clock alone (no data version change) ends the cached answer', async () => {
      await setSourceAccess({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        sourceId: v2Source,
        aclRoles: [],
        effectiveAt: new Date(Date.now() + 1500),
        reason: 'results embargo',
      });
      const during = await ask(ACME_FY2023);
      expect(hasFy2023(during)).toBe(false);
      expect((await servedFrom(await ask(ACME_FY2023))).from).toBe(during.manifestId);
      await sleep(1800);
      const after = await ask(ACME_FY2023);
      expect(hasFy2023(after)).toBe(true);
      expect((await servedFrom(after)).from).toBeNull();
    });

    it('revoke → the old value is never served again', async () => {
      const cached = await ask(ACME_FY2023);
      expect(hasFy2023(cached)).toBe(true);
      expect((await servedFrom(cached)).from).not.toBeNull();
      await revokeSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: ADMIN, sourceId: v2Source, reason: 'withdrawn' });
      for (const role of ['analyst', 'admin'] as const)
        expect(hasFy2023(await ask(ACME_FY2023, { role, userId: role === 'admin' ? ADMIN : ANALYST }))).toBe(false);
    });

    it('a calendar change recomputes: FY2026 is a different year once years are named by their start', async () => {
      await ask(HELIOS_MARGIN); // computed at the current data version (the revocation moved it)
      const cached = await ask(HELIOS_MARGIN);
      expect(cached.values[0]!.period).toMatchObject({ start: '2025-04-01', fiscalYear: 2026 });
      expect((await servedFrom(cached)).from).not.toBeNull();
      const [helios] = await d.db
        .select()
        .from(entities)
        .where(and(eq(entities.tenantId, DEMO_TENANT_ID), eq(entities.ticker, 'HELIOS')));
      await changeCalendar({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        actorId: ADMIN,
        entityId: helios!.id,
        rule: { effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'start-year' },
        reason: 'The annual report names years by their start',
      });
      const after = await ask(HELIOS_MARGIN);
      expect((await servedFrom(after)).from).toBeNull();
      expect(after.values.some((v) => v.period.start === '2025-04-01')).toBe(false);
    });
  });
}
