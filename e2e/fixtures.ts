import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Fails the test on any console error or warning (React's DOM-nesting and hydration warnings are
 * console errors; library deprecations are warnings) and on any uncaught page error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Switch the demo role with the header control (demo mode only). */
export async function actAs(page: Page, role: 'analyst' | 'reviewer' | 'admin') {
  await page.goto('/');
  const select = page.getByLabel('Demo role');
  if ((await select.inputValue()) !== role) {
    await select.selectOption(role);
    await expect(page.getByTestId('viewer-role')).toHaveText(role);
  }
}

/**
 * The demo role for this test's browser context, set as the cookie the header control sets (each test has a
 * context of its own, so nothing to undo). For sweeps over many pages; specs about switching roles use
 * `actAs`, which goes through the control itself.
 */
export async function withDemoRole(page: Page, role: 'analyst' | 'reviewer' | 'admin') {
  const url = test.info().project.use.baseURL!;
  // lib/auth/viewer.ts DEMO_ROLE_COOKIE (that module is server code; the e2e suite does not import it)
  await page.context().addCookies([{ name: 'll_demo_role', value: role, url, httpOnly: true, sameSite: 'Lax' }]);
}

/** Every page of the app an analyst, reviewer or admin can open (for layout and screenshot sweeps). */
export const PAGES: { path: string; role: 'analyst' | 'reviewer' | 'admin'; name: string }[] = [
  { path: '/', role: 'analyst', name: 'home' },
  { path: '/ask', role: 'analyst', name: 'ask' },
  { path: '/facts', role: 'analyst', name: 'facts' },
  { path: '/manifests', role: 'reviewer', name: 'manifests' },
  { path: '/admin', role: 'admin', name: 'admin' },
  { path: '/admin/calendars', role: 'admin', name: 'admin-calendars' },
  { path: '/admin/entities', role: 'admin', name: 'admin-entities' },
  { path: '/admin/sources', role: 'admin', name: 'admin-sources' },
  { path: '/admin/quarantine', role: 'admin', name: 'admin-quarantine' },
  { path: '/admin/users', role: 'admin', name: 'admin-users' },
  { path: '/admin/audit', role: 'admin', name: 'admin-audit' },
  { path: '/admin/monitoring', role: 'admin', name: 'admin-monitoring' },
  { path: '/sign-in', role: 'analyst', name: 'sign-in' },
];

/** The page's horizontal overflow in px (0 = nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Asserts an element's box lies inside the viewport, once its layout settled: a popover repositions
 * (floating-ui autoUpdate) after its source cell loads and grows it, so the same bounds are retried
 * for a few seconds instead of read in the frame it first appeared.
 */
export async function expectInViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const vp = page.viewportSize()!;
  await expect(async () => {
    const box = await selector.boundingBox();
    expect(box, 'element is rendered').not.toBeNull();
    expect(box!.x, 'left edge inside the viewport').toBeGreaterThanOrEqual(0);
    expect(box!.y, 'top edge inside the viewport').toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, 'right edge inside the viewport').toBeLessThanOrEqual(vp.width + 0.5);
    expect(box!.y + box!.height, 'bottom edge inside the viewport').toBeLessThanOrEqual(vp.height + 0.5);
  }).toPass({ timeout: 5_000 });
}

/**
 * A screenshot for test-results/screens/. The caret is left as it is: Playwright's caret hiding writes
 * an inline style on inputs, and when that lands before hydration React reports a mismatch (a console
 * error that fails the spec).
 */
export async function snap(page: Page, path: string, fullPage = false) {
  await page.screenshot({ path, fullPage, caret: 'initial' });
}

/** The shared real data (read in place, never copied): SEC_DATA_DIR, else ../shared/data beside the checkout. */
export const SEC_DIR = process.env.SEC_DATA_DIR ?? path.resolve(process.cwd(), '..', 'shared', 'data');

/**
 * An admin uploads `files` in order through the app (each must exist — a missing real file fails the test, it does not
 * pass empty — and be stored, 2xx), then the page signs in as an analyst.
 */
export async function uploadAsAdmin(page: Page, files: string[], timeout: number) {
  await actAs(page, 'admin');
  for (const f of files) {
    expect(fs.existsSync(f), `real data missing: ${f} (set SEC_DATA_DIR)`).toBe(true);
    const up = await page.request.post('/admin/sources/upload', {
      headers: { 'x-file-name': path.basename(f) },
      data: fs.readFileSync(f),
      timeout,
    });
    expect(up.ok(), await up.text()).toBe(true);
  }
  await actAs(page, 'analyst');
}
