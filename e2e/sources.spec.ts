import path from 'node:path';
import { AskPage } from './pages/ask-page';
import { expect, SEC_DIR, snap, test, uploadAsAdmin } from './fixtures';

const FILING = path.join(SEC_DIR, 'filings-ixbrl', 'aapl-10-q-2025-08-01.html');

test('a real SEC number: popover → source viewer with the tagged cell highlighted, concept and context shown', async ({ page }) => {
  test.setTimeout(180_000);
  await uploadAsAdmin(page, [FILING], 150_000);

  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Apple revenue Q3 FY2025');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  await answer.getByRole('button', { name: '$94.0 billion' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('30 Mar 2025 – 28 Jun 2025');
  await expect(dialog.getByTestId('popover-unit')).toHaveText('USD billions');
  await snap(page, 'test-results/screens/ask-popover-sec-desktop.png');
  await dialog.getByTestId('open-source').first().click();

  // the viewer renders the whole 10-Q on the server before the address changes: on a busy machine that
  // takes longer than the default 15 s (CI's real-data suite runs beside e2e at low priority)
  await expect(page).toHaveURL(/\/sources\/[0-9a-f]{64}\?fact=/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Apple Inc. 10-Q');
  await expect(page.getByTestId('cited-summary')).toContainText('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
  await expect(page.getByTestId('cited-summary')).toContainText('2025-03-30 to 2025-06-28');
  const cited = page.getByTestId('filing').locator('[data-ll-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText('94,036');
  await expect(cited).toBeInViewport();
  await snap(page, 'test-results/screens/source-viewer-sec-desktop.png');

  // a tagged fact shows its concept, context and dimensions
  await cited.locator('[data-ix-name]').first().click();
  const fact = page.getByTestId('xbrl-fact');
  await expect(fact).toContainText('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
  await expect(fact).toContainText('2025-03-30 to 2025-06-28');
  await expect(fact).toContainText('none (total)');
});

test('a demo passage and a demo number open the report at the cited place', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  await answer.getByRole('button', { name: '₹1,200 crore' }).click();
  await page.getByRole('dialog').getByTestId('open-source').first().click();
  const cited = page.getByTestId('filing').locator('[data-ll-cited="true"]');
  await expect(cited).toHaveText(/^1,200(\.00)?$/);
  await expect(cited).toBeInViewport();
  await snap(page, 'test-results/screens/source-viewer-desktop.png');
});

test('a source outside the viewer’s tenant or role is not found', async ({ page }) => {
  const res = await page.request.get(`/sources/${'0'.repeat(64)}`);
  expect(res.status()).toBe(404);
  const doc = await page.request.get(`/api/sources/${'0'.repeat(64)}/document`);
  expect(doc.status()).toBe(404);
});
