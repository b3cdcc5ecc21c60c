import { test as base, expect, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
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
