import { AskPage } from './pages/ask-page';
import { actAs, expect, test, snap } from './fixtures';

test('a reviewer opens the manifest of an answer and records a verdict', async ({ page }) => {
  await actAs(page, 'analyst');
  const ask = new AskPage(page);
  await ask.goto();
  const question = 'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?';
  await ask.ask(question);

  await actAs(page, 'reviewer');
  await page.goto('/manifests?code=PERIOD_MISMATCH');
  await page.getByRole('link', { name: question }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  const rejected = page.getByRole('region', { name: /Rejected candidates and joins/ });
  await expect(rejected).toContainText('PERIOD_MISMATCH');
  await expect(page.getByRole('region', { name: /Candidate facts/ })).toContainText('ind-as:OperatingProfit');

  await page.getByLabel('correct', { exact: true }).check();
  await page.getByLabel('Comment').fill('Refusal is right: FY2025 operating profit cannot divide FY2026 revenue.');
  await page.getByRole('button', { name: 'Save verdict' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verdict saved.' })).toBeVisible();
  await expect(page.getByTestId('verdict').first()).toContainText('correct');
  await snap(page, 'test-results/screens/manifest-verdict.png', true);

  const exported = await page.request.get(page.url().replace('/manifests/', '/api/manifests/'));
  expect(exported.ok()).toBe(true);
  const body = await exported.json();
  expect(body.question).toBe(question);
  expect(body.errorCodes).toContain('PERIOD_MISMATCH');
  await actAs(page, 'analyst');
});

test('an analyst cannot read manifests through the API', async ({ page }) => {
  await actAs(page, 'analyst');
  const res = await page.request.get(`/api/manifests/${'0'.repeat(64)}`);
  expect(res.status()).toBe(403);
});
