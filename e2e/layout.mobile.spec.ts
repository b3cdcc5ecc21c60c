import { AskPage } from './pages/ask-page';
import { expect, expectInViewport, horizontalOverflow, PAGES, test, snap, withDemoRole } from './fixtures';

for (const p of PAGES) {
  test(`${p.path} does not scroll sideways at 390 px (screenshot)`, async ({ page }) => {
    await withDemoRole(page, p.role);
    await page.goto(p.path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByTestId('viewer-role')).toHaveText(p.role);
    expect(await horizontalOverflow(page), `${p.path} scrolls sideways`).toBeLessThanOrEqual(0);
    await snap(page, `test-results/screens/${p.name}-mobile.png`, true);
  });
}

test('popovers stay inside a 390×844 viewport and answers do not scroll sideways', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  for (const q of ['What was Helios Components’ operating margin in FY2026?', 'Compare Helios and Northwind revenue FY2024 and FY2025']) {
    const answer = await ask.ask(q);
    await expect(answer).toHaveAttribute('data-status', 'answered');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const buttons = answer.locator('[data-testid^="value-"]');
    const n = await buttons.count();
    for (let i = 0; i < n; i++) {
      await buttons.nth(i).scrollIntoViewIfNeeded();
      await buttons.nth(i).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectInViewport(page, dialog);
      if (i === 0) await snap(page, `test-results/screens/ask-popover-${q.startsWith('Compare') ? 'comparison' : 'margin'}-mobile.png`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
  await snap(page, 'test-results/screens/ask-answers-mobile.png', true);
});

test('the source viewer opens at the cited cell on a phone without scrolling sideways (screenshot)', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  await answer.getByRole('button', { name: '₹1,200 crore' }).click();
  await page.getByRole('dialog').getByTestId('open-source').first().click();
  const cited = page.getByTestId('filing').locator('[data-ll-cited="true"]');
  await expect(cited).toHaveText(/^1,200(\.00)?$/);
  await expect(cited).toBeInViewport();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snap(page, 'test-results/screens/source-viewer-mobile.png');
});
