/**
 * Sign-in limits a guesser cannot walk around, that never lock the owner out.
 * - The limiter keyed every IPv6 address separately: 40 addresses of one /64 (a single customer's network)
 *   met 0 throttles. Now an IPv6 client is limited by its /64, for the per-address bucket and the per
 *   (account, address) back-off.
 * - There was no per-account ceiling: guesses spread over many networks each started fresh. Now an account
 *   takes at most 10 attempts an hour from browsers that have not signed in to it before, over all
 *   addresses; the owner's own browser (a known-device cookie, an HMAC under the signing secret) is not
 *   counted, so the owner signs in while the account is under attack.
 */
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

import { signInAction } from '@/app/sign-in/actions';
import { createUser } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { limiterKey } from '@/lib/http/client-address';
import { RATE_RULES, SIGN_IN_BACKOFF } from '@/lib/http/rate-limit';
import { resetRateLimits, setLimiterClock } from '@/lib/server/limits';
import { KNOWN_DEVICE_COOKIE } from '@/lib/server/sign-in';
import { harness } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';

const PASSWORD = 'the-owners-password-1';
const OWNER = 'owner@example.com';

/** One sign-in from `address` (the connection's peer, as the server appends it) with the browser's `cookie`. */
async function attempt(email: string, password: string, address: string, cookie = ''): Promise<string> {
  harness.cookies.clear();
  harness.headers = new Headers({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });
  const f = new FormData();
  f.set('email', email);
  f.set('password', password);
  try {
    const r = await signInAction(null, f);
    return r?.error ?? 'ok';
  } catch (e) {
    // a successful sign-in redirects
    if (String((e as { digest?: string })?.digest ?? '').startsWith('NEXT_REDIRECT')) return 'ok';
    throw e;
  }
}

const throttled = (r: string) => /^Too many/.test(r);
const v6 = (prefix: string, i: number) => `${prefix}:${(0x1000 + i).toString(16)}:${i.toString(16)}:ab:${(i * 7).toString(16)}`;

describe('limiter keys', () => {
  it('an IPv6 address is keyed by its /64 in every notation; IPv4 by itself', () => {
    expect(limiterKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limiterKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(limiterKey('2001:db8:1:2::ffff:1.2.3.4')).toBe('2001:db8:1:2::/64');
    expect(limiterKey('2001:db8:1:3::1')).not.toBe(limiterKey('2001:db8:1:2::1'));
    expect(limiterKey('::1')).toBe('0:0:0:0::/64');
    expect(limiterKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limiterKey('unknown')).toBe('unknown');
  });
});

for (const target of testTargets()) {
  describe(`sign-in limits (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      harness.database = Promise.resolve(d);
      await d.db.insert(tenants).values({ id: 'limits', name: 'limits' });
      await createUser({ db: d.db, actor: 'cli', tenantId: 'limits', email: OWNER, name: 'Owner', role: 'analyst', password: PASSWORD });
    }, 300_000);
    beforeEach(async () => {
      await resetRateLimits(d.db);
      // the limiters' clock stands still: no bucket refills between two attempts however slow the machine is
      // (a password hash takes ~50 ms idle and seconds under load), so every count below is exact
      setLimiterClock(() => Date.UTC(2026, 0, 5, 9));
    });
    afterAll(async () => {
      setLimiterClock(null);
      await d?.close();
    });

    it('40 addresses of one IPv6 /64 are one client: the per-address bucket and the back-off hold them', async () => {
      // at once, as a guesser would
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(`spray${i}@example.com`, 'guess-guess', v6('2001:db8:77:1', i))),
      );
      const passed = results.filter((r) => !throttled(r)).length;
      expect(passed, 'exactly what the bucket lets through').toBe(RATE_RULES.signInAddress.capacity);
      expect(results.filter(throttled).length).toBe(40 - RATE_RULES.signInAddress.capacity);
      await resetRateLimits(d.db);
      // one account from many addresses of one /64: the (account, address) back-off after its free attempts
      const same: string[] = [];
      for (let i = 0; i < SIGN_IN_BACKOFF.freeAttempts + 2; i++)
        same.push(await attempt('victim@example.com', 'guess-guess', v6('2001:db8:77:2', i)));
      expect(same.slice(0, SIGN_IN_BACKOFF.freeAttempts).filter(throttled), 'the free attempts').toEqual([]);
      expect(same.slice(SIGN_IN_BACKOFF.freeAttempts).every(throttled), 'then the back-off').toBe(true);
    }, 300_000);

    it('an account takes at most its ceiling of guesses from unknown browsers over all addresses; the owner’s browser still signs in', async () => {
      // the owner signs in once from their browser: it keeps the known-device mark
      expect(await attempt(OWNER, PASSWORD, '198.51.100.10')).toBe('ok');
      const mark = harness.cookies.get(KNOWN_DEVICE_COOKIE);
      expect(mark).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const ownersBrowser = `${KNOWN_DEVICE_COOKIE}=${mark}`;
      // (that was yesterday: the account's ceiling is full again)
      await resetRateLimits(d.db);
      // a guesser on 30 different networks, one guess each (no per-address limit or back-off is reached)
      const guesses: string[] = [];
      for (let i = 0; i < 30; i++) guesses.push(await attempt(OWNER, `wrong-${i}`, `203.0.${i}.9`));
      expect(guesses.slice(0, RATE_RULES.signInAccount.capacity), 'the ceiling’s free attempts').toEqual(
        Array(RATE_RULES.signInAccount.capacity).fill('Wrong email or password.'),
      );
      expect(
        guesses.slice(RATE_RULES.signInAccount.capacity).filter((r) => !throttled(r)),
        'held to the account ceiling',
      ).toEqual([]);
      // a stolen-looking mark for another account does not help the guesser
      expect(throttled(await attempt(OWNER, 'wrong-x', '203.0.99.9', `${KNOWN_DEVICE_COOKIE}=${'A'.repeat(43)}`))).toBe(true);
      // the owner, from their browser, at a new address: signs in at once (not locked out)
      expect(await attempt(OWNER, PASSWORD, '192.0.2.200', ownersBrowser)).toBe('ok');
      // and a wrong password from it is answered as wrong, not throttled
      expect(await attempt(OWNER, 'typo', '192.0.2.201', ownersBrowser)).toBe('Wrong email or password.');
    }, 300_000);
  });
}
