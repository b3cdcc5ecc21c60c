import path from 'node:path';
import type { Locator } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { expect, SEC_DIR, snap, test, uploadAsAdmin } from './fixtures';

const COMPANYFACTS = path.join(SEC_DIR, 'sec-companyfacts', 'CIK0000320193_AAPL_companyfacts.json');
const TEN_K = path.join(SEC_DIR, 'filings-ixbrl', 'aapl-10-k-2024-11-01.html');

/**
 * The header texts printed above the cited cell of a popover's source table, outermost first: for
 * each header row, the header cell whose box spans the cited cell's horizontal middle (colspans
 * included). What a reader sees above the highlighted number, not the stored column path.
 */
async function headersAboveCited(table: Locator): Promise<string[]> {
  return table.evaluate((t) => {
    const cited = t.querySelector<HTMLElement>('[data-cited="true"]');
    if (!cited) return [];
    const box = cited.getBoundingClientRect();
    const mid = box.left + box.width / 2;
    const out: string[] = [];
    for (const tr of Array.from(t.querySelectorAll('thead tr'))) {
      for (const th of Array.from(tr.querySelectorAll('th'))) {
        const b = th.getBoundingClientRect();
        if (b.left <= mid && mid <= b.right && th.textContent?.trim()) out.push(th.textContent.trim());
      }
    }
    return out;
  });
}

test('the demo popover highlights the figure under its own year column, not under "Note"', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Helios Components’ operating profit in FY2026?');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  await answer.getByRole('button', { name: '₹144 crore' }).click();
  const dialog = page.getByRole('dialog');
  const table = dialog.getByTestId('source-table');
  const cited = table.locator('[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toHaveText('144.00');
  // the row without a Note number: its figures stay under their year headers
  await expect(cited.locator('xpath=..')).toContainText('Operating profit');
  const headers = await headersAboveCited(table);
  expect(headers).toContain('Year ended 31 March 2026');
  expect(headers).not.toContain('Note');
  // the year before sits under the year before
  const row = cited.locator('xpath=..');
  const next = row.locator('td').filter({ hasText: /\d/ }).nth(1);
  await expect(next).not.toHaveAttribute('data-cited', 'true');
  await snap(page, 'test-results/screens/popover-demo-note-column.png');
});

test('an Apple FY2024 revenue popover shows the 10-K’s income statement with 391,035 under fiscal 2024', async ({ page }) => {
  test.setTimeout(300_000);
  // companyfacts first (the facts), then the inline-XBRL 10-K that printed them: one fact, two sightings
  await uploadAsAdmin(page, [COMPANYFACTS, TEN_K], 240_000);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Apple’s revenue in FY2024?');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  await answer.getByRole('button', { name: '$391.0 billion' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 Oct 2023 – 28 Sep 2024');
  await expect(dialog).not.toContainText('no table cell kept');
  const table = dialog.getByTestId('source-table');
  await expect(table).toBeVisible();
  await expect(dialog).toContainText(/CONSOLIDATED STATEMENTS OF OPERATIONS/i);
  const cited = table.locator('[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toHaveText(/^\$?\s*391,035$/);
  await expect(cited).toBeInViewport();
  const headers = await headersAboveCited(table);
  expect(headers.join(' | ')).toMatch(/2024/);
  expect(headers.join(' | ')).not.toMatch(/2023|2022/);
  // the other filing that reported it is listed
  await expect(dialog).toContainText('Also reported in');
  await expect(dialog.getByTestId('cited-filing')).toContainText('0000320193-24-000123');
  await expect(dialog.getByTestId('cited-from')).toHaveCount(0);
  await snap(page, 'test-results/screens/popover-apple-10k-revenue.png');
  await page.keyboard.press('Escape');

  // a comparative year: first reported in the FY2022 10-K, printed again in the FY2024 one whose table is shown —
  // the popover names the filing shown and says where the answer took the value from
  const older = await ask.ask('What was Apple’s revenue in FY2022?');
  await expect(older).toHaveAttribute('data-status', 'answered');
  await older.getByRole('button', { name: '$394.3 billion' }).click();
  const again = page.getByRole('dialog');
  await expect(again.getByTestId('source-table').locator('[data-cited="true"]')).toHaveText(/^\$?\s*394,328$/);
  await expect(again.getByTestId('cited-filing')).toContainText('0000320193-24-000123');
  await expect(again.getByTestId('cited-from')).toContainText(/0000320193-22-/);
  await snap(page, 'test-results/screens/popover-apple-comparative-year.png');
});
