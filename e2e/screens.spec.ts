import { expect, test, snap } from './fixtures';

test('a screen ranks every demo company on its own fiscal year; a value opens to its period and facts; a header re-sorts', async ({
  page,
}) => {
  await page.goto('/screens');
  await page.getByLabel('Year', { exact: true }).fill('2025');
  await page.getByLabel('Measure').selectOption('revenue');
  await page.getByLabel('Growth on the prior fiscal year').check();
  await page.getByLabel('Ratio: numerator').selectOption('operating_income');
  await page.getByLabel('÷ denominator').selectOption('revenue');
  await page.getByRole('button', { name: 'Run screen' }).click();
  await expect(page.getByTestId('screen-summary')).toContainText("each company's own fiscal year 2025");
  const table = page.getByRole('table', { name: 'Screen results' });
  const rows = table.locator('tbody tr');
  // the three demo companies, and any company an earlier spec ingested into the same database (Apple, NVIDIA)
  const matched = Number((await page.getByTestId('screen-summary').innerText()).match(/showing (\d+)/)?.[1]);
  expect(matched).toBeGreaterThanOrEqual(3);
  await expect(rows).toHaveCount(matched);
  for (const name of ['Helios', 'Quillon', 'Northwind']) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  // each company's own FY2025: Helios ends in March 2025, Quillon in June 2025, Northwind in January 2026
  await expect(rows.filter({ hasText: 'Helios' })).toContainText('2024-04-01 to 2025-03-31');
  await expect(rows.filter({ hasText: 'Quillon' })).toContainText('2024-07-01 to 2025-06-30');
  await expect(rows.filter({ hasText: 'Northwind' })).toContainText('2025-02-02 to 2026-01-31');
  await rows.first().getByTestId('screen-cell').first().locator('summary').click();
  await expect(rows.first()).toContainText('Facts:');
  await snap(page, 'test-results/screens/screens-desktop.png', true);

  const ratios = async () => (await table.locator('tbody tr td:last-child summary').allInnerTexts()).map((t) => Number.parseFloat(t));
  const high = await ratios();
  expect(high).toEqual([...high].sort((a, b) => b - a));
  await table.getByRole('link', { name: /Operating income \/ Revenue/ }).click();
  await expect(page).toHaveURL(/dir=asc/);
  const low = await ratios();
  expect(low).toEqual([...high].reverse());
});
