import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

import { clientAddress, safeNextPath } from './sign-in';
import { isSecureRequest } from './session';

describe('sign-in helpers', () => {
  it.each([
    ['/facts?fy=2026', '/facts?fy=2026'],
    ['/admin/calendars', '/admin/calendars'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\u0000x', '/'],
    ['', '/'],
    [null, '/'],
  ])('next %j → %j (same-origin paths only)', (next, want) => {
    expect(safeNextPath(next)).toBe(want);
  });

  it('reads the protocol and client address from proxy headers', () => {
    expect(isSecureRequest(new Headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isSecureRequest(new Headers({ 'x-forwarded-proto': 'https,http' }))).toBe(true);
    expect(isSecureRequest(new Headers({ 'x-forwarded-proto': 'http' }))).toBe(false);
    expect(isSecureRequest(new Headers())).toBe(false);
    // no trusted proxy: the last hop (the connection's peer, appended by the server) is the client
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }))).toBe('10.0.0.1');
    expect(clientAddress(new Headers())).toBe('unknown');
    const saved = process.env.LEDGERLINE_TRUSTED_PROXIES;
    process.env.LEDGERLINE_TRUSTED_PROXIES = '10.0.0.0/8';
    try {
      expect(clientAddress(new Headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1' }))).toBe('203.0.113.5');
    } finally {
      if (saved === undefined) delete process.env.LEDGERLINE_TRUSTED_PROXIES;
      else process.env.LEDGERLINE_TRUSTED_PROXIES = saved;
    }
  });
});
