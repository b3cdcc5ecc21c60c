/**
 * Hostile bodies get typed errors, never a 500 and never SQL.
 * - `POST /api/answers` with a client `previousIntent` of ~2,000 entities cost 20–47 s; a 10 MB body was
 *   read whole. Both are now typed errors before any query (the speed is measured by `npm run bench`,
 *   section hostile; here only the types);
 * - server-action bodies over 1 MB got a 500 — now a typed 413 from proxy.ts;
 * - error responses carried SQL (the dev error page, the health check's message) and "account exists
 *   already" named the email of another tenant's account.
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

import { NextRequest } from 'next/server';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { createUser } from '@/lib/auth/users';
import { errorResponse, withRole } from '@/lib/server/route';
import { databaseHealth } from '@/lib/server/health';
import { resetRateLimits } from '@/lib/server/limits';
import { SERVER_ACTION_MAX_BYTES } from '@/lib/http/action-body';
import { POST } from '@/app/api/answers/route';
import { proxy } from '@/proxy';
import { harness, viewerFor } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';
import { hostileBodies } from '@/scripts/bench/support/hostile';

const SQL_TEXT = /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b|Failed query|params:/i;

function ask(body: BodyInit, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return POST(
    new Request('http://localhost/api/answers', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body,
      ...init,
    }),
    {},
  );
}

describe('hostile bodies', () => {
  let d: Database;
  beforeAll(async () => {
    d = await testTargets()[0]!.open();
    harness.database = Promise.resolve(d);
    await seedDemo(d.db);
    await resetRateLimits(d.db);
    harness.viewer = viewerFor('analyst');
  });
  afterAll(async () => {
    harness.viewer = null;
    harness.database = null;
    await d?.close();
  });

  it('a 2,000-entity previous intent, a 2,000-message chat and 2,000 entity names in a question are typed 400s', async () => {
    const bodies = hostileBodies();
    for (const [name, body] of Object.entries({ intent: bodies.entityIntent, chat: bodies.chatFlood })) {
      expect(body.length, name).toBeGreaterThan(200_000);
      expect(body.length, name).toBeLessThan(256 * 1024);
      const res = await ask(body, {}, {});
      expect(res.status, name).toBe(400);
      const { error } = await res.json();
      expect(error.code, name).toBe('bad_request:body');
      expect(JSON.stringify(error), name).not.toMatch(SQL_TEXT);
    }
    const res = await ask(bodies.entityQuestion);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request:body');
  });

  it('a 10 MB body is a typed 413, declared or streamed without a length', async () => {
    const bodies = hostileBodies();
    const declared = await ask(bodies.tenMegabytes);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe('payload_too_large:body');
    const streamed = await ask(new Blob([bodies.tenMegabytes]).stream() as unknown as BodyInit, {}, { duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe('payload_too_large:body');
  });

  it('every hostile body is refused before the database is reached: no session lookup, no rate-limit upsert, no query', async () => {
    const bodies = hostileBodies();
    const saved = harness.database;
    let reached = 0;
    Object.defineProperty(harness, 'database', { configurable: true, enumerable: true, get: () => (reached++, saved) });
    try {
      const replies = [
        await ask(bodies.entityIntent),
        await ask(bodies.chatFlood),
        await ask(bodies.entityQuestion),
        await ask(bodies.tenMegabytes),
        await ask(new Blob([bodies.tenMegabytes]).stream() as unknown as BodyInit, {}, { duplex: 'half' } as RequestInit),
        await ask(JSON.stringify({ question: 'Helios revenue FY2026?' }), { 'content-type': 'text/plain' }),
        await ask('{"question": "Helios\\u0000 revenue"}'),
      ];
      expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 413, 413, 415, 400]);
      expect(reached).toBe(0);
      // the same analyst's ordinary question does reach it (the counter counts)
      expect((await ask(JSON.stringify({ question: 'Helios revenue FY2026?' }))).status).toBe(200);
      expect(reached).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(harness, 'database', { configurable: true, enumerable: true, writable: true, value: saved });
    }
  });

  it('an anonymous post is a 401 before its body is read', async () => {
    harness.viewer = null;
    try {
      const res = await ask(hostileBodies().tenMegabytes.slice(0, 200_000));
      expect(res.status).toBe(401);
    } finally {
      harness.viewer = viewerFor('analyst');
    }
  });

  it('an /api address no route serves is a typed JSON 404 for every method; a body sent with it is never read and the connection closes', async () => {
    const unknown = await import('@/app/api/[...path]/route');
    const get = await unknown.GET(new Request('http://localhost/api/no-such-route'));
    expect(get.status).toBe(404);
    expect(get.headers.get('content-type')).toContain('application/json');
    expect((await get.json()).error).toMatchObject({ code: 'not_found:route' });
    expect(get.headers.get('connection')).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      let pulled = 0;
      const body = new ReadableStream({
        pull: (c) => {
          pulled++;
          c.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const req = new Request('http://localhost/api/answers/nope', {
        method,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body,
        duplex: 'half',
      } as RequestInit);
      const res = await unknown[method](req);
      expect(res.status, method).toBe(404);
      expect((await res.json()).error, method).toMatchObject({ code: 'not_found:route' });
      expect(res.headers.get('connection'), method).toBe('close');
      expect(pulled, `${method}: body chunks read`).toBeLessThanOrEqual(1); // a stream may pull once on creation
    }
    const nul = await unknown.GET(new Request('http://localhost/api/x%00y'));
    expect(nul.status).toBe(400);
    expect((await nul.json()).error).toMatchObject({ code: 'bad_request:control_characters' });
  });

  it('a server-action post declaring more than the action limit is a typed 413 before Next reads it; others pass', async () => {
    const action = (bytes: number, extra: Record<string, string> = {}) =>
      proxy(
        new NextRequest('http://localhost/admin/users', {
          method: 'POST',
          headers: { 'next-action': 'abc123', 'content-length': String(bytes), ...extra },
        }),
      );
    const refused = action(SERVER_ACTION_MAX_BYTES + 1);
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toMatchObject({ code: 'payload_too_large:action' });
    expect(action(SERVER_ACTION_MAX_BYTES).status).toBe(200); // NextResponse.next()
    expect(action(10 * 1024 * 1024).status).toBe(413);
    const page = proxy(new NextRequest('http://localhost/admin/users', { method: 'GET', headers: { 'next-action': 'abc123' } }));
    expect(page.status).toBe(200);
  });

  it('a database error never reaches the caller as SQL: API routes answer a typed 500, the health check a typed 503', async () => {
    const failing = withRole('analyst', async () => {
      throw Object.assign(new Error('Failed query: select "secret" from "users" where "email" = $1\nparams: boss@other.example'), {
        cause: { code: '22P05' },
      });
    });
    const res = await failing(new Request('http://localhost/api/x'), {});
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 'internal:error', message: 'Something went wrong.' } });
    expect(body).not.toMatch(SQL_TEXT);
    expect(body).not.toContain('boss@other.example');
    // an exhausted pool is typed, with Retry-After
    const busy = errorResponse(new Error('timeout exceeded when trying to connect'));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect((await busy.json()).error.code).toBe('unavailable:database_busy');

    const saved = harness.database;
    harness.database = Promise.resolve({
      ...d,
      db: {
        execute: async () => {
          throw new Error('Failed query: select 1 from pg_catalog.pg_class\nparams: ');
        },
      },
    } as unknown as Database);
    try {
      const health = await databaseHealth();
      expect(health).toEqual({ status: 'unavailable', code: 'unavailable:database', message: 'The database is not available.' });
    } finally {
      harness.database = saved;
    }
  });

  it('creating an account whose email another tenant holds does not tell the admin that tenant has it', async () => {
    await createUser({
      db: d.db,
      actor: 'cli',
      tenantId: 'rival',
      createTenant: true,
      email: 'cfo@rival.example',
      name: 'Rival CFO',
      role: 'admin',
      password: 'rival-password-123',
    });
    const err = await createUser({
      db: d.db,
      actor: 'demo-admin',
      tenantId: DEMO_TENANT_ID,
      email: 'cfo@rival.example',
      name: 'Probe',
      role: 'analyst',
      password: 'probe-password-123',
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'conflict:email' });
    const message = (err as Error).message;
    expect(message).not.toContain('cfo@rival.example');
    expect(message).not.toMatch(/exists|rival|another organi[sz]ation|tenant/i);
    // the same wording when the address is the admin's own tenant's: nothing tells the two apart
    await createUser({
      db: d.db,
      actor: 'demo-admin',
      tenantId: DEMO_TENANT_ID,
      email: 'own@demo.example',
      name: 'Own',
      role: 'analyst',
      password: 'own-password-1234',
    });
    const own = await createUser({
      db: d.db,
      actor: 'demo-admin',
      tenantId: DEMO_TENANT_ID,
      email: 'own@demo.example',
      name: 'Own again',
      role: 'analyst',
      password: 'own-password-1234',
    }).catch((e: unknown) => e);
    expect((own as Error).message).toBe(message);
  });
});
