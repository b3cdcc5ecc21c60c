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

test('the verdict form keeps the reviewer’s choice on a refused save and stores exactly what was chosen', async ({ page }) => {
  await actAs(page, 'analyst');
  const ask = new AskPage(page);
  await ask.goto();
  const question = 'Helios revenue FY2025';
  await expect(await ask.ask(question)).toHaveAttribute('data-status', 'answered');
  await actAs(page, 'reviewer');
  await page.goto('/manifests');
  await page.getByRole('link', { name: question }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  const form = page.getByRole('form', { name: 'Record a verdict' });
  const failureClass = form.getByLabel(/Failure class/);
  // a correct verdict takes no class: the choice is closed while "correct" is chosen
  await expect(form.getByLabel('correct', { exact: true })).toBeChecked();
  await expect(failureClass).toBeDisabled();

  await form.getByLabel('incorrect', { exact: true }).check();
  await form.getByLabel('Coverage (1–5)').fill('2');
  await form.getByLabel('Comment').fill('e2e: the period is right, the figure is not');
  await form.getByRole('button', { name: 'Save verdict' }).click();
  // refused by the server: the reviewer’s choices are all still there
  await expect(form.getByRole('status')).toContainText('Choose a failure class');
  await expect(form.getByLabel('incorrect', { exact: true })).toBeChecked();
  await expect(form.getByLabel('correct', { exact: true })).not.toBeChecked();
  await expect(form.getByLabel('Coverage (1–5)')).toHaveValue('2');
  await expect(form.getByLabel('Comment')).toHaveValue('e2e: the period is right, the figure is not');
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  await snap(page, 'test-results/screens/verdict-refused-kept-desktop.png', true);

  await failureClass.selectOption('retrieval_wrong_period');
  await form.getByRole('button', { name: 'Save verdict' }).click();
  await expect(form.getByRole('status')).toContainText('Verdict saved.');
  const stored = page.getByTestId('verdict');
  await expect(stored).toHaveCount(1);
  await expect(stored).toContainText('incorrect · retrieval_wrong_period');
  await expect(stored).toContainText('e2e: the period is right, the figure is not');
  // saved: the form is ready for the next verdict
  await expect(form.getByLabel('correct', { exact: true })).toBeChecked();
  await expect(form.getByLabel('Comment')).toHaveValue('');
  await actAs(page, 'analyst');
});

test('an analyst cannot read manifests through the API', async ({ page }) => {
  await actAs(page, 'analyst');
  const res = await page.request.get(`/api/manifests/${'0'.repeat(64)}`);
  expect(res.status()).toBe(403);
});
