import { AskPage } from './pages/ask-page';
import { expect, snap, test } from './fixtures';

test('a thread: a company switch keeps the period on the new calendar, "the year before" and "as a chart" build on it; a removed chip is not inherited', async ({
  page,
}) => {
  const ask = new AskPage(page);
  await ask.goto();
  const first = await ask.ask('Helios revenue FY2025');
  await expect(first).toContainText('1 Apr 2024 – 31 Mar 2025');

  // what the next question inherits, as chips
  const context = page.getByTestId('thread-context');
  await expect(context.locator('[data-slot="entities"]')).toContainText('Helios Components');
  await expect(context.locator('[data-slot="metric"]')).toContainText('Revenue');
  await expect(context.locator('[data-slot="periods"]')).toContainText('FY2025');

  // another company: FY2025 on Northwind's own 52/53-week calendar (named by the year it starts), not Helios' dates
  const switched = await ask.ask('How about Northwind?');
  await expect(switched).toHaveAttribute('data-status', 'answered');
  await expect(switched).toContainText('2 Feb 2025 – 31 Jan 2026');
  await expect(switched.getByTestId('carried')).toContainText('period FY2025');

  const before = await ask.ask('and the year before?');
  await expect(before).toHaveAttribute('data-status', 'answered');
  await expect(before).toContainText('4 Feb 2024 – 1 Feb 2025');
  await expect(before.getByTestId('carried')).toContainText('company Northwind Outfitters');

  const chart = await ask.ask('show that as a chart for the last 3 years');
  await expect(chart).toHaveAttribute('data-status', 'answered');
  await expect(chart.getByTestId('answer-table')).toBeVisible();
  await expect(chart.getByTestId('answer-chart').locator('svg').first()).toBeVisible();
  await expect(chart).toContainText('29 Jan 2023 – 3 Feb 2024');
  await snap(page, 'test-results/screens/thread-chart-desktop.png', true);

  // the analyst removes the company from the context: the next question asks which company instead of assuming it
  await context.getByRole('button', { name: /Remove company Northwind Outfitters/ }).click();
  await expect(context.locator('[data-slot="entities"]')).toHaveCount(0);
  await expect(context.getByRole('button', { name: /Keep Northwind Outfitters again/ })).toBeVisible();
  await snap(page, 'test-results/screens/thread-context-removed-desktop.png');
  const asked = await ask.ask('and FY2024?');
  await expect(asked).toHaveAttribute('data-status', 'needs_clarification');
  await expect(asked).toContainText('Which company');
  // the thread still holds its context for the question after
  await expect(context.locator('[data-slot="entities"]')).toContainText('Northwind Outfitters');
});

test('a period chip completes the question it clarifies, for each company of a comparison in turn', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const asked = await ask.ask('Compare Helios and Northwind revenue 2024');
  await expect(asked).toHaveAttribute('data-status', 'needs_clarification');
  const chips = asked.getByRole('group', { name: 'Choose an option' });
  await expect(chips.getByRole('button')).toHaveCount(4);
  await snap(page, 'test-results/screens/thread-period-chips-desktop.png');
  await chips.getByRole('button', { name: 'Northwind Outfitters: FY2024 (4 Feb 2024 – 1 Feb 2025)' }).click();
  const one = await ask.answered(2);
  await expect(one).toContainText('4 Feb 2024 – 1 Feb 2025');
  await one
    .getByRole('group', { name: 'Choose an option' })
    .getByRole('button', { name: /^FY2024 \(1 Apr 2023 – 31 Mar 2024\)/ })
    .click();
  const both = await ask.answered(3);
  await expect(both).toHaveAttribute('data-status', 'answered');
  await expect(both).toContainText('1 Apr 2023 – 31 Mar 2024');
  await expect(both).toContainText('4 Feb 2024 – 1 Feb 2025');
  await expect(both.getByRole('group', { name: 'Choose an option' })).toHaveCount(0);
});
