import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import { testTargets } from '@/tests/support/db';
import { authSecret, createAuth, sessionCookieName, SESSION_TTL_S, SESSION_UPDATE_AGE_S } from './better-auth';
import { createUser } from './users';
import { plainSessionUser, verifiedToken } from './session-cookie';

const PASSWORD = 'correct horse battery staple';
const policy = { expiresInS: SESSION_TTL_S, updateAgeS: SESSION_UPDATE_AGE_S };

for (const target of testTargets()) {
  describe(`the session fast path on ${target.name}`, () => {
    let d: Database;
    let auth: ReturnType<typeof createAuth>;
    let secret: string;
    let cookie: string;
    let userId: string;

    beforeAll(async () => {
      d = await target.open();
      secret = await authSecret(d.db);
      auth = createAuth({ db: d.db, secret, secure: false, nextCookies: false });
      ({ id: userId } = await createUser({
        db: d.db,
        actor: 'cli',
        createTenant: true,
        tenantId: 'fast',
        email: 'fast@example.com',
        name: 'Fast',
        role: 'analyst',
        password: PASSWORD,
      }));
      const res = (await auth.api.signInEmail({ body: { email: 'fast@example.com', password: PASSWORD }, asResponse: true })) as Response;
      const set = res.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName(false)}=`))!;
      cookie = set.split(';')[0]!.slice(sessionCookieName(false).length + 1);
    });
    afterAll(async () => d?.close());

    it('accepts the cookie better-auth signed, encoded or decoded, and nothing altered', () => {
      const token = verifiedToken(cookie, secret);
      expect(token).toMatch(/^[A-Za-z0-9]+$/);
      expect(verifiedToken(decodeURIComponent(cookie), secret)).toBe(token);
      expect(verifiedToken(cookie, `${secret}x`)).toBeNull();
      const raw = decodeURIComponent(cookie);
      const flipped = `${raw.slice(0, 3)}${raw[3] === 'a' ? 'b' : 'a'}${raw.slice(4)}`;
      expect(verifiedToken(flipped, secret)).toBeNull();
      expect(verifiedToken(`${token}.short=`, secret)).toBeNull();
      expect(verifiedToken(token!, secret)).toBeNull();
      expect(verifiedToken('%E0%A4%A', secret)).toBeNull();
    });

    it('agrees with better-auth on a fresh session and reads it with its user', async () => {
      const token = verifiedToken(cookie, secret)!;
      const fast = await plainSessionUser(d.db, token, policy);
      const slow = await auth.api.getSession({ headers: new Headers({ cookie: `${sessionCookieName(false)}=${cookie}` }) });
      expect(fast).toEqual({ id: userId, tenantId: 'fast', name: 'Fast', role: 'analyst', disabled: null, createdInDemo: false });
      expect(slow?.user.id).toBe(fast!.id);
    });

    it('leaves expired sessions, unknown tokens and sessions due for their refresh to better-auth', async () => {
      const token = verifiedToken(cookie, secret)!;
      expect(await plainSessionUser(d.db, 'unknown-token', policy)).toBeUndefined();
      const [s] = await d.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
      const exp = s!.expiresAt.valueOf();
      // one second before the refresh is due: still plain; at the refresh: better-auth's turn
      const dueAt = exp - SESSION_TTL_S * 1000 + SESSION_UPDATE_AGE_S * 1000;
      expect(await plainSessionUser(d.db, token, policy, dueAt - 1000)).toBeDefined();
      expect(await plainSessionUser(d.db, token, policy, dueAt)).toBeUndefined();
      expect(await plainSessionUser(d.db, token, policy, exp + 1)).toBeUndefined();
      await d.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.token, token));
      expect(await plainSessionUser(d.db, token, policy)).toBeUndefined();
      expect(await auth.api.getSession({ headers: new Headers({ cookie: `${sessionCookieName(false)}=${cookie}` }) })).toBeNull();
    });
  });
}
