/**
 * Authorization matrix: every route handler and server action under app/ × anonymous, analyst,
 * reviewer, admin and an admin of another tenant — with real better-auth sessions (cookies), demo
 * mode off. A route or action without a row here fails the test, so new ones must declare their rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('./support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('./support/auth');
  return { getDatabase: () => harness.database! };
});

import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { facts, manifests, tenants, users } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { resetRateLimits } from '@/lib/server/limits';
import { authSecret, createAuth, sessionCookieName } from '@/lib/auth/better-auth';
import { harness, isDenied, OTHER_ADMIN, OTHER_TENANT_ID, PRINCIPALS, type Principal } from './support/auth';
import { createUser } from '@/lib/auth/users';
import { adminFixtures, matrixCases, type MatrixIds, type Outcome } from './authorization-matrix.cases';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'matrix-password-123';

function discover(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) discover(p, out);
    else if (/^(route|actions)\.tsx?$/.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join('/'));
  }
  return out;
}

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await call();
  } catch (e) {
    // next/navigation redirect() after a successful action
    if (String((e as { digest?: string })?.digest ?? '').startsWith('NEXT_REDIRECT')) return 'allow';
    throw e;
  }
  if (isDenied(result)) return 'deny';
  if (result instanceof Response && result.status === 404) return 'not_found';
  if (
    result &&
    typeof result === 'object' &&
    'ok' in result &&
    (result as { ok: boolean }).ok === false &&
    /^No such /.test(String((result as { error?: string }).error))
  )
    return 'not_found';
  return 'allow';
}

const target = testTargets()[0]!; // PGlite: the rules do not depend on the driver

describe('authorization matrix', () => {
  let d: Database;
  const emailOf = new Map<Principal, string>();
  let auth: ReturnType<typeof createAuth>;
  const ids: MatrixIds = {
    manifestId: '',
    factId: '',
    entityId: '',
    revocableSourceId: '',
    sourceId: '',
    quarantinedFactId: '',
    userId: '',
  };
  const savedDemo = process.env.LEDGERLINE_DEMO;

  beforeAll(async () => {
    process.env.LEDGERLINE_DEMO = '0';
    d = await target.open();
    harness.database = Promise.resolve(d);
    await seedDemo(d.db);
    await d.db.insert(tenants).values({ id: OTHER_TENANT_ID, name: 'Other' });
    auth = createAuth({ db: d.db, secret: await authSecret(d.db), secure: false, nextCookies: false });
    const accounts: [Principal, string, string][] = [
      ['analyst', DEMO_TENANT_ID, 'analyst'],
      ['reviewer', DEMO_TENANT_ID, 'reviewer'],
      ['admin', DEMO_TENANT_ID, 'admin'],
      ['other-tenant', OTHER_TENANT_ID, 'admin'],
    ];
    for (const [p, tenantId, role] of accounts) {
      const email = `${p}@matrix.example`;
      await createUser({ db: d.db, actor: 'cli', tenantId, email, name: p, role: role as 'admin', password: PASSWORD });
      emailOf.set(p, email);
    }
    await d.db
      .insert(users)
      .values({ ...OTHER_ADMIN, tenantId: OTHER_TENANT_ID })
      .onConflictDoNothing();
    ids.factId = (await d.db.select({ id: facts.id }).from(facts).where(eq(facts.tenantId, DEMO_TENANT_ID)).limit(1))[0]!.id;
    ids.manifestId = 'a'.repeat(64);
    await d.db
      .insert(manifests)
      .values({ id: ids.manifestId, tenantId: DEMO_TENANT_ID, userId: DEMO_USERS[0]!.id, question: 'q', status: 'answered', answer: {} });
    await adminFixtures(d.db, ids);
  });
  afterAll(async () => {
    if (savedDemo === undefined) delete process.env.LEDGERLINE_DEMO;
    else process.env.LEDGERLINE_DEMO = savedDemo;
    await d?.close();
  });

  /** A fresh signed-in session for the principal (a sign-out row ends the one it used). */
  async function actAs(p: Principal) {
    await resetRateLimits(d.db);
    harness.cookies = new Map();
    harness.headers = new Headers({ 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' });
    const email = emailOf.get(p);
    if (email) {
      const res = await auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
      const token = /ll\.session_token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
      harness.cookies.set(sessionCookieName(false), token);
      harness.headers.set('cookie', `${sessionCookieName(false)}=${token}`);
    }
  }

  it('covers every route handler and server action under app/', async () => {
    const declared = new Set(matrixCases(ids).map((c) => c.id));
    const found: string[] = [];
    for (const file of discover(path.join(ROOT, 'app'))) {
      const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
      for (const [name, v] of Object.entries(mod)) if (typeof v === 'function') found.push(`${file}#${name}`);
    }
    expect(
      found.filter((f) => !declared.has(f)),
      'routes/actions without a matrix row',
    ).toEqual([]);
    expect(
      [...declared].filter((f) => !found.includes(f)),
      'matrix rows for code that is gone',
    ).toEqual([]);
  });

  it('anonymous callers have no viewer outside demo mode', async () => {
    await actAs('anonymous');
    const { getViewer } = await import('@/lib/server/session');
    expect(await getViewer()).toBeNull();
    await actAs('reviewer');
    expect(await getViewer()).toMatchObject({ role: 'reviewer', tenantId: DEMO_TENANT_ID, demo: false });
  });

  for (const c of matrixCases(ids)) {
    describe(c.id, () => {
      for (const p of PRINCIPALS) {
        it(`${p} → ${c.expect[p]}`, async () => {
          await actAs(p);
          expect(await outcomeOf(() => c.call(ids))).toBe(c.expect[p]);
        });
      }
    });
  }
});
