/**
 * Hostile input against the answers API, called directly with a signed-in analyst: oversized and
 * lying bodies, malformed JSON, SQL and markup in questions, and the per-user rate limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('@/tests/support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getDatabase: () => harness.database! };
});

import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { countRows } from '@/lib/db/seed-metrics';
import { testTargets } from '@/tests/support/db';
import { authSecret, createAuth, sessionCookieName } from '@/lib/auth/better-auth';
import { harness } from '@/tests/support/auth';
import { createUser } from '@/lib/auth/users';
import { POST } from '@/app/api/answers/route';
import { MAX_BODY_BYTES } from '@/app/api/answers/schema';
import { RATE_RULES, SIGN_IN_BACKOFF } from '@/lib/http/rate-limit';
import { resetRateLimits, setLimiterClock } from '@/lib/server/limits';

const ROOT = path.resolve(import.meta.dirname, '..');

function ask(body: BodyInit | null, headers: Record<string, string> = {}, init: RequestInit = {}) {
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

function streamOf(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(64 * 1024, totalBytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

describe('hostile input (answers API)', () => {
  let d: Database;
  const savedDemo = process.env.LEDGERLINE_DEMO;
  let analystCookie = '';
  let adminCookie = '';

  beforeAll(async () => {
    process.env.LEDGERLINE_DEMO = '0';
    d = await testTargets()[0]!.open();
    harness.database = Promise.resolve(d);
    await seedDemo(d.db);
    const password = 'hostile-password-1';
    await createUser({ db: d.db, actor: 'cli', tenantId: DEMO_TENANT_ID, email: 'h@example.com', name: 'H', role: 'analyst', password });
    const auth = createAuth({ db: d.db, secret: await authSecret(d.db), secure: false, nextCookies: false });
    const res = await auth.api.signInEmail({ body: { email: 'h@example.com', password }, returnHeaders: true });
    const token = /ll\.session_token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    analystCookie = `${sessionCookieName(false)}=${token}`;
    await createUser({ db: d.db, actor: 'cli', tenantId: DEMO_TENANT_ID, email: 'a@example.com', name: 'A', role: 'admin', password });
    const resA = await auth.api.signInEmail({ body: { email: 'a@example.com', password }, returnHeaders: true });
    adminCookie = `${sessionCookieName(false)}=${/ll\.session_token=([^;]+)/.exec(resA.headers.get('set-cookie') ?? '')![1]!}`;
    signInAs(analystCookie);
  });

  function signInAs(cookie: string) {
    const [name, value] = cookie.split('=') as [string, string];
    harness.cookies = new Map([[name, value]]);
    harness.headers = new Headers({ cookie, 'x-forwarded-for': '198.51.100.7' });
  }
  afterAll(async () => {
    if (savedDemo === undefined) delete process.env.LEDGERLINE_DEMO;
    else process.env.LEDGERLINE_DEMO = savedDemo;
    await d?.close();
  });
  beforeEach(async () => {
    if (d) await resetRateLimits(d.db);
    if (analystCookie) signInAs(analystCookie);
  });

  it('refuses a declared oversized body with 413 before reading it', async () => {
    const res = await ask('{}', { 'content-length': String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large:body');
    // the server closes the connection after the answer instead of draining the rest of the body
    expect(res.headers.get('connection')).toBe('close');
  });

  it('refuses an oversized streamed body without a content-length (stops reading)', async () => {
    const res = await ask(streamOf(MAX_BODY_BYTES * 8), {}, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it.each([['{"question": '], ['not json'], ['\u0000\u0001'], ['']])('malformed JSON %j → 400', async (body) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request:json');
  });

  it.each([[{}], [{ question: 42 }], [{ question: 'x'.repeat(5000) }], [[1, 2]], [{ question: '   ' }]])(
    'wrong shape %# → 400',
    async (body) => {
      const res = await ask(JSON.stringify(body));
      expect(res.status).toBe(400);
    },
  );

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], ['']])(
    'a body sent as %j is refused with 415 before it is read',
    async (type) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const res = await POST(
        new Request('http://localhost/api/answers', {
          method: 'POST',
          headers: { accept: 'application/json', ...headers },
          body: JSON.stringify({ question: 'Helios revenue FY2026?' }),
        }),
        {},
      );
      expect(res.status).toBe(415);
      expect((await res.json()).error.code).toBe('unsupported:content_type');
    },
  );

  it('a write from a foreign Origin (or a cross-site fetch) is refused with 403; same origin and no origin (CLI, curl) pass', async () => {
    const body = JSON.stringify({ question: 'Helios revenue FY2026?' });
    for (const headers of <Array<Record<string, string>>>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost.evil.example' },
    ]) {
      const res = await ask(body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden:origin');
    }
    expect((await ask(body, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await ask(body, { origin: 'https://app.example.com', 'x-forwarded-host': 'app.example.com' })).status).toBe(200);
  });

  it.each([[0x00], [0x07], [0x1b], [0x7f], [0x85]])(
    'a question with control character U+%s (decimal) is a typed 400 (no 500, no SQL shown)',
    async (code) => {
      const c = String.fromCharCode(code);
      const question = `Helios revenue${c} FY2026?`;
      const res = await ask(JSON.stringify({ question }));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('bad_request:control_characters');
      expect(JSON.stringify(body)).not.toMatch(/select|insert|from "/i);
      // inside nested chat messages and object keys too
      const chat = await ask(
        JSON.stringify({ id: 't', messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: question }] }] }),
        { accept: 'text/event-stream' },
      );
      expect(chat.status).toBe(400);
    },
  );

  it('a URL with an encoded NUL is a typed 400 on the API', async () => {
    const { GET } = await import('@/app/api/exports/facts/route');
    const res = await GET(new Request('http://localhost/api/exports/facts?format=csv&q=rev%00enue'), {});
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request:control_characters');
  });

  it('tabs and line breaks are text, not control characters', async () => {
    const res = await ask(JSON.stringify({ question: 'Helios\trevenue\nFY2026?' }));
    expect(res.status).toBe(200);
  });

  it('treats SQL in a question as text: nothing runs, nothing changes', async () => {
    const before = await countRows(d.db);
    for (const q of [
      "Helios revenue FY2026'; drop table facts; --",
      'What was revenue of Helios" or 1=1 --',
      "x'); delete from sources where ('1'='1",
      'revenue $$; truncate entities; $$',
    ]) {
      const res = await ask(JSON.stringify({ question: q }));
      expect(res.status).toBe(200);
      expect(['answered', 'needs_clarification', 'insufficient_evidence', 'rejected']).toContain((await res.json()).status);
    }
    const after = await countRows(d.db);
    expect(after.facts).toBe(before.facts);
    expect(after.sources).toBe(before.sources);
    expect(after.entities).toBe(before.entities);
    const tables = await d.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('facts', 'sources', 'entities')`,
    );
    expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('answers markup in a question as JSON data, never as HTML', async () => {
    const res = await ask(JSON.stringify({ question: '<script>alert(1)</script><img src=x onerror=alert(2)> Helios revenue FY2026?' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(typeof body.text).toBe('string');
  });

  it('limits questions per user: the bucket empties, then 429 with Retry-After', async () => {
    const n = RATE_RULES.ask.capacity;
    const statuses: number[] = [];
    const question = JSON.stringify({ question: 'Helios revenue FY2026?' });
    // a malformed body is refused before the session lookup and the limit (no query): it takes no token
    for (let i = 0; i < 5; i++) expect((await ask('not json')).status).toBe(400);
    // answered questions take tokens (the bucket refills one every two seconds while they run: ask until refused)
    let last: Response | null = null;
    while (statuses.length < n + 20) {
      const res = await ask(question);
      statuses.push(res.status);
      if (res.status !== 200) {
        last = res;
        break;
      }
    }
    expect(statuses.slice(0, n).every((s) => s === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // asked again at once, three times: the bucket refills one token every two seconds, so at most one of
    // them can be let through however slow the machine (Retry-After is rounded up to whole seconds)
    const again = await Promise.all([ask(question), ask(question), ask(question)]);
    expect(again.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('slows wrong passwords per (account, address) without locking the account for its owner elsewhere', async () => {
    const { signInAction } = await import('@/app/sign-in/actions');
    const attempt = async (email: string) => {
      const f = new FormData();
      f.set('email', email);
      f.set('password', 'guess-guess-guess');
      return signInAction(null, f);
    };
    const results = [];
    // the clock stands still: the first delay is 1 s, and a loaded CI machine once spent longer than that hashing
    // the sixth password, so the delay had passed before the attempt it was meant to slow
    setLimiterClock(() => Date.UTC(2026, 0, 4, 9));
    try {
      for (let i = 0; i < SIGN_IN_BACKOFF.freeAttempts + 1; i++) results.push(await attempt('h@example.com'));
      expect(results.slice(0, -1).every((r) => r?.error === 'Wrong email or password.')).toBe(true);
      expect(results.at(-1)?.error).toMatch(/^Too many sign-in attempts; try again in \d+ s\.$/);
      // another account from the same address, and the same account from another address, are not slowed
      expect((await attempt('other@example.com'))?.error).toBe('Wrong email or password.');
      harness.headers = new Headers({ cookie: analystCookie, 'x-forwarded-for': '192.0.2.44' });
      expect((await attempt('h@example.com'))?.error).toBe('Wrong email or password.');
    } finally {
      setLimiterClock(null);
    }
  });

  it('limits sign-in attempts per client address across accounts', async () => {
    const { signInAction } = await import('@/app/sign-in/actions');
    const results = [];
    // the limiters' clock stands still: what the bucket refills while each attempt hashes a password is the
    // test's to say, not the machine's speed (a loaded CI machine once let 34 through at 0.1 token/s)
    setLimiterClock(() => Date.UTC(2026, 0, 5, 9));
    try {
      for (let i = 0; i < RATE_RULES.signInAddress.capacity + 5; i++) {
        const f = new FormData();
        f.set('email', `spray${i}@example.com`);
        f.set('password', 'guess-guess-guess');
        results.push(await signInAction(null, f));
      }
    } finally {
      setLimiterClock(null);
    }
    const wrong = results.filter((r) => r?.error === 'Wrong email or password.').length;
    expect(wrong).toBe(RATE_RULES.signInAddress.capacity);
    expect(results.slice(RATE_RULES.signInAddress.capacity).every((r) => /^Too many requests/.test(r?.error ?? ''))).toBe(true);
  });

  it('limits uploads per admin: 429 once the bucket is empty; names with paths and odd types are refused', async () => {
    signInAs(adminCookie);
    const { POST: upload } = await import('@/app/(admin)/admin/sources/upload/route');
    const send = (name: string, body: string, encode = true) =>
      upload(
        new Request('http://localhost/admin/sources/upload', {
          method: 'POST',
          headers: { 'x-file-name': encode ? encodeURIComponent(name) : name },
          body,
        }),
        {},
      );
    expect((await send('../../../etc/cron.d/evil.sh', '#!/bin/sh')).status).toBe(415);
    expect((await send('report.pdf', '{"not": "a pdf"}')).status).toBe(415);
    expect((await send('empty.json', '')).status).toBe(400);
    const bad = await send('%E0%A4%A', '{}', false);
    expect(bad.status).toBe(400);
    for (let i = 4; i < RATE_RULES.upload.capacity; i++) await send('x.exe', '');
    const limited = await send('x.json', '{}');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('renders stored text only as React text: no dangerouslySetInnerHTML or innerHTML in the UI', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.(tsx?|jsx?)$/.test(e.name) &&
          !/\.test\./.test(e.name) &&
          /dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML/.test(fs.readFileSync(p, 'utf8'))
        )
          offenders.push(path.relative(ROOT, p));
      }
    };
    walk(path.join(ROOT, 'app'));
    walk(path.join(ROOT, 'components'));
    // the one exception: the source viewer shows a filing as HTML — sanitized on the server by an
    // allow-list (lib/workspace/source-view.ts sanitizeFiling, tested in source-view.test.ts), never
    // stored user text
    expect(offenders).toEqual(['components/sources/filing-view.tsx']);
  });
});
