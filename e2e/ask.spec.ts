import { AskPage } from './pages/ask-page';
import { expect, test } from './fixtures';

test('the demo margin question streams a cited answer with a popover on each number', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Helios Components’ operating margin in FY2026?');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const margin = answer.getByRole('button', { name: '12.0%' });
  await expect(margin).toBeVisible();
  await margin.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 Apr 2025 – 31 Mar 2026');
  await expect(dialog).toContainText('FY2026');
  const cited = dialog.locator('[data-cited="true"]');
  await expect(cited).toHaveCount(2);
  await expect(cited.nth(0)).toHaveText(/^144(\.00)?$/);
  await expect(cited.nth(1)).toHaveText(/^1,200(\.00)?$/);
  await expect(dialog).toContainText('Operating profit');
  await expect(dialog).toContainText('Revenue from operations');
  await page.screenshot({ path: 'test-results/screens/ask-popover.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(margin).toBeFocused();
});

test('a margin that mixes fiscal years is refused with PERIOD_MISMATCH', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?');
  await expect(answer).toHaveAttribute('data-status', 'rejected');
  await expect(answer).toContainText('PERIOD_MISMATCH');
  await expect(answer.getByRole('button', { name: /%$/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/ask-rejected.png', fullPage: true });
});

test('a follow-up inherits the company and measure', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  await ask.ask('Helios revenue FY2026');
  const followUp = await ask.ask('and FY2025?');
  await expect(followUp).toContainText('₹1,000 crore');
  await expect(followUp).toContainText('1 Apr 2024 – 31 Mar 2025');
});

test('an unknown period is not borrowed from a nearby year', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2027');
  await expect(answer).toHaveAttribute('data-status', 'insufficient_evidence');
  await expect(answer.getByRole('button', { name: /crore/ })).toHaveCount(0);
});

test('a comparison renders a table with each company’s own fiscal dates', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Compare Helios and Northwind revenue FY2025');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const table = answer.getByTestId('answer-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('1 Apr 2024 – 31 Mar 2025');
  await expect(table).toContainText('Northwind');
  await page.screenshot({ path: 'test-results/screens/ask-comparison.png', fullPage: true });
});
