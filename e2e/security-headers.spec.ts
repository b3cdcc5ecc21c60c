import { expect, test } from './fixtures';

/**
 * Pages carry a nonce CSP (fresh per response), frame-ancestors 'none', nosniff,
 * Referrer-Policy and Permissions-Policy — and the app still runs under them (the fixture fails on any
 * console error, which is where a CSP violation shows). Control characters in an address are a 400.
 */
test('pages are served under a nonce CSP and the app runs without a violation', async ({ page }) => {
  const first = await page.goto('/ask');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-eval');
  const h = first!.headers();
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('camera=()');
  await expect(page.getByRole('heading', { name: 'Ask', level: 1 })).toBeVisible();
  // Next put the nonce on its own scripts; a second load gets another one
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  const second = await page.goto('/facts');
  expect(/'nonce-([^']+)'/.exec(second!.headers()['content-security-policy'] ?? '')?.[1]).not.toBe(nonce);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('API responses carry a no-content CSP and nosniff', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});

test('an address with an encoded NUL is a typed 400, not a 500', async ({ request }) => {
  const res = await request.get('/facts?q=rev%00enue');
  expect(res.status()).toBe(400);
  expect((await res.json()).error.code).toBe('bad_request:control_characters');
});

test('an /api address no route serves is a typed JSON 404 (not the HTML not-found page); the routes beside it still answer', async ({
  request,
}) => {
  for (const res of [await request.get('/api/no-such-route'), await request.post('/api/answers/extra', { data: { question: 'x' } })]) {
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect((await res.json()).error.code).toBe('not_found:route');
    expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  }
  expect((await request.get('/api/health')).status()).toBe(200);
});
