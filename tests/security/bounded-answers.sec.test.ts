/**
 * Bounded work per request, and row-level security on every read path.
 * Six hostile answers at once exhausted the 10-connection PostgreSQL pool (3–5 of them 500, others waiting
 * 12 s), one blocked PGlite for 19.5 s, and the streamed answers route ran outside the second wall. Now
 * every answer — JSON and streamed — is bounded tenant work (lib/server/bounded.ts): a per-tenant share of
 * the connections with a bounded wait (typed 503 + Retry-After), one transaction under row-level security,
 * `SET LOCAL statement_timeout` on PostgreSQL and a deadline over the whole work on both drivers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getDatabase: () => harness.database! };
});
vi.mock('@/lib/server/session', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getViewer: async () => harness.viewer, mayHaveViewer: async () => harness.viewer !== null };
});
/** what the answers route hands the orchestrator: who the database says runs its queries */
const probes: { user: string; tenant: string | null }[] = [];
vi.mock('@/lib/answer/answer-question', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/answer/answer-question')>();
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('@/lib/db/client');
  return {
    ...real,
    answerQuestion: async (opts: Parameters<typeof real.answerQuestion>[0]) => {
      // SET LOCAL ROLE and set_config(…, true) hold only inside a transaction: seeing both proves one
      const [row] = rowsOf<{ u: string; t: string | null }>(
        await opts.db.execute(sql`select current_user as u, nullif(current_setting('ledgerline.tenant_id', true), '') as t`),
      );
      probes.push({ user: row!.u, tenant: row!.t });
      return real.answerQuestion(opts);
    },
  };
});

import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '@/lib/db/client';
import { manifests } from '@/lib/db/schema';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import { APP_ROLE, currentHandle } from '@/lib/db/tenant-scope';
import { withDeadline } from '@/lib/db/deadline';
import { boundedTenantWork, boundedWorkLimits, QUEUE_LIMIT, TenantSlots, type BoundedWorkLimits } from '@/lib/server/bounded';
import { errorResponse } from '@/lib/server/route';
import { resetRateLimits } from '@/lib/server/limits';
import { type AppError, isAppError } from '@/lib/errors';
import { POST } from '@/app/api/answers/route';
import { harness, viewerFor } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';

const QUESTIONS = [
  'What was Helios Components’ operating margin in FY2026?',
  'What was Helios Components’ revenue in FY2025?',
  'Compare revenue of Helios Components and Orbit Retail in FY2024',
  'What was revenue?',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );
/** an answer without what differs between two runs of one question */
const comparable = (a: Answer) => ({ ...a, manifestId: null, timingMs: 0 });

describe('per-tenant slots', () => {
  it('hands out at most `limit` slots per key, queues the rest in order, and passes a released slot on', async () => {
    const slots = new TenantSlots();
    const a1 = await slots.acquire('a', 2, 1000);
    const a2 = await slots.acquire('a', 2, 1000);
    const b1 = await slots.acquire('b', 2, 1000); // another tenant is not held up by a's share
    const order: number[] = [];
    const w3 = slots.acquire('a', 2, 1000).then((r) => (order.push(3), r));
    const w4 = slots.acquire('a', 2, 1000).then((r) => (order.push(4), r));
    await sleep(20);
    expect(slots.state('a')).toEqual({ active: 2, waiting: 2 });
    a1();
    a1(); // a release is idempotent: a second call frees nothing more
    const a3 = await w3;
    expect(order).toEqual([3]);
    expect(slots.state('a')).toEqual({ active: 2, waiting: 1 });
    a2();
    const a4 = await w4;
    expect(order).toEqual([3, 4]);
    a3();
    a4();
    b1();
    expect(slots.state('a')).toEqual({ active: 0, waiting: 0 });
  });

  it('a request that waits longer than the queue allows, or finds the queue full, gets a typed 503 with Retry-After', async () => {
    const slots = new TenantSlots();
    const held = await slots.acquire('t', 1, 50);
    const started = performance.now();
    const late = await errorOf(slots.acquire('t', 1, 60));
    expect(isAppError(late) && late.code).toBe('unavailable:tenant_busy');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(slots.state('t')).toEqual({ active: 1, waiting: 0 });
    const res = errorResponse(late);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error.code).toBe('unavailable:tenant_busy');
    // no waiting allowed: refused at once
    expect(isAppError(await errorOf(slots.acquire('t', 1, 0)))).toBe(true);
    // the queue is bounded: QUEUE_LIMIT wait, the next is refused at once
    const waiting = Array.from({ length: QUEUE_LIMIT }, () => slots.acquire('t', 1, 5000));
    const full = await errorOf(slots.acquire('t', 1, 5000));
    expect(isAppError(full) && full.code).toBe('unavailable:tenant_busy');
    held();
    for (const w of waiting) (await w)();
    expect(slots.state('t')).toEqual({ active: 0, waiting: 0 });
  });

  it('defaults: the pool less two on PostgreSQL (one tenant never takes it all), two on PGlite; settings are validated', () => {
    expect(boundedWorkLimits({ driver: 'postgres', connections: 10 }).perTenant).toBe(8);
    expect(boundedWorkLimits({ driver: 'postgres', connections: 2 }).perTenant).toBe(1);
    expect(boundedWorkLimits({ driver: 'pglite', connections: 1 }).perTenant).toBe(2);
    const l = boundedWorkLimits({ driver: 'postgres', connections: 10 });
    expect(l.statementTimeoutMs).toBe(5000);
    expect(l.deadlineMs).toBe(15000);
  });
});

for (const target of testTargets()) {
  describe(`bounded answers (${target.name})`, () => {
    let d: Database;
    const limits = (over: Partial<BoundedWorkLimits> = {}): BoundedWorkLimits => ({ ...boundedWorkLimits(d), ...over });

    beforeAll(async () => {
      d = await target.open();
      harness.database = Promise.resolve(d);
      await seedDemo(d.db);
    });
    afterAll(async () => {
      harness.database = null;
      harness.viewer = null;
      await d?.close();
    });

    it('an answer under row-level security, in one transaction, is the same answer as before', async () => {
      for (const question of QUESTIONS) {
        const opts = { tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', role: 'analyst' as const, question, store: false };
        const plain = await answerQuestion({ db: d.db, ...opts });
        const bounded = await boundedTenantWork(d, DEMO_TENANT_ID, (db) => answerQuestion({ db, ...opts }));
        expect(comparable(bounded), question).toEqual(comparable(plain));
      }
    });

    it('inside the scope, a helper that fetched the database itself joins the transaction (no second connection, no PGlite deadlock)', async () => {
      const seen = await boundedTenantWork(d, DEMO_TENANT_ID, async (db) => {
        const helper = currentHandle(d.db); // what lib/server helpers get from getDatabase()
        const [a] = rowsOf<{ u: string; t: string }>(
          await helper.execute(sql`select current_user as u, current_setting('ledgerline.tenant_id', true) as t`),
        );
        const nested = await db.transaction(async (tx) => rowsOf<{ u: string }>(await tx.execute(sql`select current_user as u`))[0]!.u);
        return { ...a, nested };
      });
      expect(seen).toEqual({ u: APP_ROLE, t: DEMO_TENANT_ID, nested: APP_ROLE });
      // outside any scope the same call is the unscoped handle again
      expect(currentHandle(d.db)).toBe(d.db);
    });

    it('past the deadline the next query is not sent: a typed 503, the transaction rolled back, the database usable', async () => {
      const err = await errorOf(
        boundedTenantWork(
          d,
          DEMO_TENANT_ID,
          async (db) => {
            await db
              .insert(manifests)
              .values({ id: 'deadline-probe', tenantId: DEMO_TENANT_ID, question: 'probe', status: 'answered', answer: {} });
            for (;;) {
              await db.execute(sql`select 1`);
              await sleep(30);
            }
          },
          limits({ deadlineMs: 150 }),
        ),
      );
      expect(isAppError(err) && err.code).toBe('unavailable:deadline');
      expect((err as AppError).status).toBe(503);
      expect(errorResponse(err).headers.get('retry-after')).toBe('1');
      expect(await d.query('select 1 from manifests where id = $1', ['deadline-probe'])).toEqual([]);
      expect(await d.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
      // an enclosing, earlier deadline is not extended by an inner one
      const inner = await errorOf(
        withDeadline(50, async () => {
          await sleep(80);
          return withDeadline(10_000, async () => d.db.execute(sql`select 1`));
        }),
      );
      expect(isAppError(inner) && inner.code).toBe('unavailable:deadline');
    });

    it.runIf(target.name === 'postgres')(
      'a statement longer than the statement timeout is cancelled with a typed 503 (SET LOCAL: this transaction only)',
      async () => {
        const started = performance.now();
        const err = await errorOf(
          boundedTenantWork(d, DEMO_TENANT_ID, (db) => db.execute(sql`select pg_sleep(3)`), limits({ statementTimeoutMs: 100 })),
        );
        expect(isAppError(err) && err.code).toBe('unavailable:statement_timeout');
        expect(performance.now() - started).toBeLessThan(2500);
        const [after] = await d.query<{ t: string }>("select current_setting('statement_timeout') as t");
        expect(after!.t).toBe('0'); // the pool's connections keep no timeout of a past request
      },
    );

    it('one tenant holding its share cannot take the connections of another', async () => {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const one = limits({ perTenant: 1, queueMs: 100 });
      const holding = boundedTenantWork(d, 'tenant-a', async (db) => (await db.execute(sql`select 1`), gate), one);
      await sleep(30);
      const refused = await errorOf(boundedTenantWork(d, 'tenant-a', (db) => db.execute(sql`select 1`), one));
      expect(isAppError(refused) && refused.code).toBe('unavailable:tenant_busy');
      if (target.name === 'postgres') {
        // another tenant runs at once, beside tenant-a's open transaction (PGlite has one connection: it would wait)
        const other = await boundedTenantWork(
          d,
          'tenant-b',
          async (db) => rowsOf<{ t: string }>(await db.execute(sql`select current_setting('ledgerline.tenant_id', true) as t`))[0]!.t,
          one,
        );
        expect(other).toBe('tenant-b');
      }
      open();
      await holding;
      await boundedTenantWork(d, 'tenant-a', (db) => db.execute(sql`select 1`), one);
    });

    it('the answers route runs the JSON and the streamed answer under row-level security for the viewer’s tenant', async () => {
      await resetRateLimits(d.db);
      harness.viewer = viewerFor('analyst');
      const ask = (accept: string, body: unknown) =>
        POST(
          new Request('http://localhost/api/answers', {
            method: 'POST',
            headers: { accept, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
          {},
        );
      probes.length = 0;
      const json = await ask('application/json', { question: QUESTIONS[0] });
      expect(json.status).toBe(200);
      expect(((await json.json()) as Answer).status).toBe('answered');
      const streamed = await ask('text/event-stream', {
        id: 'bounded-thread-1',
        messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: QUESTIONS[1] }] }],
      });
      expect(streamed.status).toBe(200);
      const text = await streamed.text();
      expect(text).toContain('"type":"data-answer"');
      expect(probes).toEqual([
        { user: APP_ROLE, tenant: DEMO_TENANT_ID },
        { user: APP_ROLE, tenant: DEMO_TENANT_ID },
      ]);
      // the thread and its manifest were written inside the scope and committed
      const [thread] = await d.query<{ n: number }>(`select count(*)::int as n from manifests where thread_id = 'bounded-thread-1'`);
      expect(thread!.n).toBe(1);
    });
  });
}
