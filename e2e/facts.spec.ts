import { FactsPage } from './pages/facts-page';
import { expect, test, snap } from './fixtures';

test('facts table shows period bounds, scale and provenance', async ({ page }) => {
  const facts = new FactsPage(page);
  await facts.goto();
  await facts.filter('Metric', 'revenue');
  await facts.filter('Fiscal year', '2026');
  await facts.filter('Period type', 'duration');
  await facts.apply();
  const fy26 = facts
    .rows()
    .filter({ hasText: '2025-04-01 → 2026-03-31' })
    .filter({ hasText: 'consolidated' })
    .filter({ hasText: 'Helios' });
  await expect(fy26).toHaveCount(1);
  await expect(fy26).toContainText('₹1,200 crore');
  await expect(fy26).toContainText('FY2026');
  await expect(fy26).toContainText('Year ended 31 March 2026');
  await snap(page, 'test-results/screens/facts.png', true);
});

test('facts table filters by fiscal year and metric in SQL', async ({ page }) => {
  const facts = new FactsPage(page);
  await facts.goto();
  const helios = await page.getByLabel('Entity').locator('option', { hasText: 'Helios Components' }).getAttribute('value');
  await facts.filter('Entity', helios!);
  await facts.filter('Fiscal year', '2025');
  await facts.filter('Metric', 'operating_income');
  await facts.apply();
  await expect(page).toHaveURL(/fy=2025/);
  const rows = facts.rows();
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) {
    expect(text).toContain('FY2025');
    expect(text).toContain('operating_income');
  }
  const consolidated = rows.filter({ hasText: 'consolidated' }).filter({ hasText: '2024-04-01 → 2025-03-31' });
  await expect(consolidated).toHaveCount(1);
  await expect(consolidated).toContainText('₹180 crore');
});

test('sorting by value happens on the server', async ({ page }) => {
  const facts = new FactsPage(page);
  await facts.goto();
  await page.getByRole('button', { name: /Value/ }).click();
  await expect(page).toHaveURL(/sort=value/);
  const first = await facts.rows().first().innerText();
  await page.getByRole('button', { name: /Value/ }).click();
  await expect(page).toHaveURL(/dir=(asc|desc)/);
  await expect(facts.rows().first()).not.toHaveText(first);
});
