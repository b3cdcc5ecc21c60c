import { describe, expect, it } from 'vitest';
import { backoffDelayMs, SIGN_IN_BACKOFF, takeToken, type BucketState } from './rate-limit';
import { clientAddressFrom, normalizeAddress, parseTrustedProxies } from './client-address';

describe('token bucket', () => {
  it('allows a burst of `capacity`, then refills continuously', () => {
    const rule = { capacity: 3, windowS: 60 };
    let state: BucketState | undefined;
    let now = 0;
    const take = () => {
      const { next, result } = takeToken(rule, state, now);
      state = next;
      return result;
    };
    expect([1, 2, 3].map(() => take().ok)).toEqual([true, true, true]);
    expect(take()).toEqual({ ok: false, retryAfterS: 20 });
    now += 19_000;
    expect(take().ok).toBe(false);
    now += 1_000;
    expect(take().ok).toBe(true);
    now += 10 * 60_000;
    expect([1, 2, 3, 4].map(() => take().ok)).toEqual([true, true, true, false]);
  });
});

describe('sign-in back-off', () => {
  it('lets the first attempts through, then doubles the wait up to the cap', () => {
    const free = SIGN_IN_BACKOFF.freeAttempts;
    for (let n = 1; n < free; n++) expect(backoffDelayMs(n)).toBe(0);
    expect(backoffDelayMs(free)).toBe(1000);
    expect(backoffDelayMs(free + 1)).toBe(2000);
    expect(backoffDelayMs(free + 3)).toBe(8000);
    expect(backoffDelayMs(free + 100)).toBe(SIGN_IN_BACKOFF.maxDelayS * 1000);
  });
});

describe('client address behind proxies', () => {
  const none = parseTrustedProxies(undefined);
  const lb = parseTrustedProxies('10.0.0.0/8, 2001:db8::/32, loopback');

  it('believes only the hop appended by the server (the connection peer) when no proxy is trusted', () => {
    // a client that writes its own X-Forwarded-For: the server appended the real peer last
    expect(clientAddressFrom('1.2.3.4, 203.0.113.9', none)).toBe('203.0.113.9');
    expect(clientAddressFrom('203.0.113.9', none)).toBe('203.0.113.9');
    expect(clientAddressFrom(null, none)).toBe('unknown');
    expect(clientAddressFrom(' , ', none)).toBe('unknown');
  });

  it('skips trusted proxies from the right; a spoofed first hop is never taken', () => {
    expect(clientAddressFrom('6.6.6.6, 198.51.100.7, 10.1.2.3', lb)).toBe('198.51.100.7');
    expect(clientAddressFrom('198.51.100.7, 10.0.0.1, ::ffff:127.0.0.1', lb)).toBe('198.51.100.7');
    expect(clientAddressFrom('2001:db8::5, 10.0.0.1', lb)).toBe('2001:db8::5');
    expect(clientAddressFrom('10.0.0.2, 10.0.0.1', lb)).toBe('10.0.0.2');
  });

  it('normalizes mapped IPv4, brackets and ports', () => {
    expect(normalizeAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('192.0.2.1:8080')).toBe('192.0.2.1');
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/prefix/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/not an IP/);
  });
});
