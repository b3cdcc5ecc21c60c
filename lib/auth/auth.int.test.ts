import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { authAccounts, auditLog, sessions, tenants, users } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS } from '@/lib/demo/identity';
import { testTargets } from '@/tests/support/db';
import { authSecret, createAuth, sessionCookieName } from './better-auth';
import { createUser, listUsers, updateUser } from './users';
import { resolveViewer } from '@/lib/server/resolve-viewer';
import type { ViewerUser } from './viewer';

const PASSWORD = 'correct horse battery staple';

function cookieHeader(setCookie: string | null): string {
  return (setCookie ?? '')
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((c) => c.split(';')[0]!.trim())
    .filter(Boolean)
    .join('; ');
}

for (const target of testTargets()) {
  describe(`accounts on ${target.name}`, () => {
    let d: Database;
    let auth: ReturnType<typeof createAuth>;
    let userId: string;

    beforeAll(async () => {
      d = await target.open();
      auth = createAuth({ db: d.db, secret: await authSecret(d.db), secure: false, nextCookies: false });
      ({ id: userId } = await createUser({
        db: d.db,
        actor: 'cli',
        createTenant: true,
        tenantId: 'acme',
        email: ' Ada@Example.com ',
        name: 'Ada',
        role: 'admin',
        password: PASSWORD,
      }));
    });
    afterAll(async () => d?.close());

    it('stores a scrypt hash in the credential account, never the password, and audits the creation', async () => {
      const [acc] = await d.db.select().from(authAccounts).where(eq(authAccounts.userId, userId));
      expect(acc!.providerId).toBe('credential');
      expect(acc!.password).not.toContain(PASSWORD);
      expect(acc!.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
      const [u] = await d.db.select().from(users).where(eq(users.id, userId));
      expect(u).toMatchObject({ email: 'ada@example.com', role: 'admin', tenantId: 'acme', passwordHash: null });
      const audit = await d.db.select().from(auditLog).where(eq(auditLog.targetId, userId));
      expect(audit.map((a) => a.action)).toEqual(['user.create']);
      expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    });

    it('refuses a duplicate email and a short password', async () => {
      await expect(
        createUser({ db: d.db, actor: 'cli', tenantId: 'acme', email: 'ada@example.com', name: 'X', role: 'analyst', password: PASSWORD }),
      ).rejects.toMatchObject({ code: 'conflict:email' });
      await expect(
        createUser({ db: d.db, actor: 'cli', tenantId: 'acme', email: 'b@example.com', name: 'B', role: 'analyst', password: 'short' }),
      ).rejects.toThrow(/at least 12/);
    });

    it('signs in with email + password: httpOnly, SameSite=Lax session cookie resolving to the account', async () => {
      const res = await auth.api.signInEmail({ body: { email: 'ada@example.com', password: PASSWORD }, returnHeaders: true });
      const setCookie = res.headers.get('set-cookie');
      expect(setCookie).toContain(`${sessionCookieName(false)}=`);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/;\s*Secure/i);
      const h = new Headers({ cookie: cookieHeader(setCookie) });
      const session = await auth.api.getSession({ headers: h });
      expect(session?.user.id).toBe(userId);
      expect((await listUsers(d.db, 'acme')).find((u) => u.id === userId)?.sessions).toBe(1);
      const viewer = await resolveViewer(d.db, 'analyst', session!.user.id);
      expect(viewer).toEqual({ userId, tenantId: 'acme', name: 'Ada', role: 'admin', demo: false });
      // the user record that comes with the session carries all the viewer needs (no second read): the same viewer
      expect(session!.user).toMatchObject({ tenantId: 'acme', role: 'admin', disabled: null, createdInDemo: false });
      expect(await resolveViewer(d.db, 'analyst', session!.user as unknown as ViewerUser)).toEqual(viewer);

      // a tampered token is not a session
      const forged = new Headers({ cookie: cookieHeader(setCookie).replace(/=([^.;]+)/, '=AAAA$1') });
      expect(await auth.api.getSession({ headers: forged })).toBeNull();

      // sign-out deletes the session row
      await auth.api.signOut({ headers: h });
      expect(await auth.api.getSession({ headers: h })).toBeNull();
    });

    it('rejects a wrong password and an unknown email alike', async () => {
      const wrong = auth.api.signInEmail({ body: { email: 'ada@example.com', password: 'not the password!' } });
      await expect(wrong).rejects.toMatchObject({ statusCode: 401 });
      const unknown = auth.api.signInEmail({ body: { email: 'nobody@example.com', password: PASSWORD } });
      await expect(unknown).rejects.toMatchObject({ statusCode: 401 });
    });

    it('has no self sign-up', async () => {
      const p = auth.api.signUpEmail({ body: { email: 'eve@example.com', password: PASSWORD, name: 'Eve' } });
      await expect(p).rejects.toBeTruthy();
      expect(await d.db.select().from(users).where(eq(users.email, 'eve@example.com'))).toHaveLength(0);
    });

    it("an account made in demo mode has no viewer once demo mode is off, also from its session's user record", async () => {
      const { id } = await createUser({
        db: d.db,
        actor: userId,
        tenantId: 'acme',
        email: 'demo-made@example.com',
        name: 'Demo made',
        role: 'analyst',
        password: PASSWORD,
        createdInDemo: true,
      });
      const res = await auth.api.signInEmail({ body: { email: 'demo-made@example.com', password: PASSWORD }, returnHeaders: true });
      const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(res.headers.get('set-cookie')) }) });
      expect(session!.user).toMatchObject({ id, createdInDemo: true });
      const saved = process.env.LEDGERLINE_DEMO;
      process.env.LEDGERLINE_DEMO = '0';
      try {
        expect(await resolveViewer(d.db, undefined, session!.user as unknown as ViewerUser)).toBeNull();
        // a record without the flags is not trusted: read again
        expect(await resolveViewer(d.db, undefined, { id, tenantId: 'acme', name: 'x', role: 'admin' })).toBeNull();
      } finally {
        if (saved === undefined) delete process.env.LEDGERLINE_DEMO;
        else process.env.LEDGERLINE_DEMO = saved;
      }
    });

    it('a disabled account cannot sign in, and its sessions end', async () => {
      const { id } = await createUser({
        db: d.db,
        actor: userId,
        tenantId: 'acme',
        email: 'bob@example.com',
        name: 'Bob',
        role: 'analyst',
        password: PASSWORD,
      });
      const res = await auth.api.signInEmail({ body: { email: 'bob@example.com', password: PASSWORD }, returnHeaders: true });
      const h = new Headers({ cookie: cookieHeader(res.headers.get('set-cookie')) });
      expect((await auth.api.getSession({ headers: h }))?.user.id).toBe(id);
      await updateUser({ db: d.db, tenantId: 'acme', actorId: userId, userId: id, disabled: true, reason: 'left the team' });
      expect(await auth.api.getSession({ headers: h })).toBeNull();
      expect(await d.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
      await expect(auth.api.signInEmail({ body: { email: 'bob@example.com', password: PASSWORD } })).rejects.toBeTruthy();
      expect(await resolveViewer(d.db, undefined, id)).toSatisfy((v) => v === null || v.demo === true);
    });

    it('secure mode uses a __Secure- cookie with the Secure attribute', async () => {
      const secure = createAuth({ db: d.db, secret: await authSecret(d.db), secure: true, nextCookies: false });
      const res = await secure.api.signInEmail({ body: { email: 'ada@example.com', password: PASSWORD }, returnHeaders: true });
      const setCookie = res.headers.get('set-cookie')!;
      expect(setCookie).toContain(`${sessionCookieName(true)}=`);
      expect(setCookie).toMatch(/;\s*Secure/i);
    });

    it('demo mode: the demo analyst (or the switched demo role) without a session; a signed-in account wins', async () => {
      const saved = process.env.LEDGERLINE_DEMO;
      try {
        await d.db.insert(tenants).values({ id: DEMO_TENANT_ID, name: 'Demo' }).onConflictDoNothing();
        for (const u of DEMO_USERS)
          await d.db
            .insert(users)
            .values({ ...u, tenantId: DEMO_TENANT_ID })
            .onConflictDoNothing();
        process.env.LEDGERLINE_DEMO = '1';
        expect(await resolveViewer(d.db, undefined)).toMatchObject({ userId: 'demo-analyst', role: 'analyst', demo: true });
        expect(await resolveViewer(d.db, 'admin')).toMatchObject({ userId: 'demo-admin', role: 'admin', demo: true });
        expect(await resolveViewer(d.db, 'root')).toMatchObject({ role: 'analyst', demo: true });
        expect(await resolveViewer(d.db, 'admin', userId)).toMatchObject({ userId, tenantId: 'acme', demo: false });
        process.env.LEDGERLINE_DEMO = '0';
        expect(await resolveViewer(d.db, 'admin')).toBeNull();
      } finally {
        if (saved === undefined) delete process.env.LEDGERLINE_DEMO;
        else process.env.LEDGERLINE_DEMO = saved;
      }
    });

    it('keeps one generated signing secret per database', async () => {
      const a = await authSecret(d.db);
      expect(a.length).toBeGreaterThanOrEqual(40);
      expect(await authSecret(d.db)).toBe(a);
    });
  });
}
