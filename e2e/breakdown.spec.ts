import path from 'node:path';
import { AskPage } from './pages/ask-page';
import { expect, horizontalOverflow, SEC_DIR, snap, test, uploadAsAdmin } from './fixtures';

/**
 * A breakdown as an analyst reads it, on Apple's real FY2024 10-K (inline XBRL, uploaded through the app): "net
 * sales by product" answers a table of every product the filing tags — the parts under Products indented,
 * Services, the total — each figure a cited button on the fiscal year's dates, the check that the members add
 * up to the total (lib/calc), a bar chart of the leaves, and a CSV export holding the same rows. At 1366 px
 * and at 390 px (no sideways scrolling of the page). Fails on any console error (./fixtures).
 */
const FILING = path.join(SEC_DIR, 'filings-ixbrl', 'aapl-10-k-2024-11-01.html');
const COMPANYFACTS = path.join(SEC_DIR, 'sec-companyfacts', 'CIK0000320193_AAPL_companyfacts.json');

test('"net sales by product": every member with the total, cited, checked to add up, charted and exported', async ({ page }) => {
  test.setTimeout(240_000);
  // companyfacts first, as an admin adds a company: the 10-K then learns its accession from the stored sightings
  // (the upload has no submissions index beside it). Uploaded alone, the same bytes would be stored without one,
  // and a later upload of them is the same source, unchanged (e2e/citation-table.spec.ts cites that accession).
  await uploadAsAdmin(page, [COMPANYFACTS, FILING], 170_000);

  await page.setViewportSize({ width: 1366, height: 900 });
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Apple net sales by product for fiscal 2024');
  const breakdown = answer.getByTestId('answer-breakdown');
  await expect(breakdown).toBeVisible();

  // the rows, in the filing's order: Products and its parts, Services, the total
  const rows = breakdown.getByTestId('answer-table').locator('tbody tr');
  const heads = (await rows.locator('th').allInnerTexts()).map((t) => t.split('\n')[0]?.trim());
  expect(heads).toEqual(['Products', 'iPhone', 'Wearables, Home and Accessories', 'Mac', 'iPad', 'Services', 'Total']);
  // every row on Apple's fiscal 2024 (1 Oct 2023 – 28 Sep 2024), its figure a citation button
  for (const row of await rows.all()) {
    await expect(row.locator('th')).toContainText('2023');
    await expect(row.locator('th')).toContainText('2024');
    await expect(row.locator('td').first().getByRole('button')).toHaveCount(1);
  }
  await expect(rows.last().locator('td').first()).toContainText('391');
  await expect(breakdown.getByTestId('breakdown-check')).toHaveText('Checked: the members add up to the total.');
  await expect(breakdown.getByRole('figure', { name: 'Members as bars' })).toBeVisible();

  // a member's figure opens its evidence: the tagged fact of the 10-K
  await rows.nth(1).locator('td').first().getByRole('button').click();
  const popover = page.getByRole('dialog');
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('10-K');
  await snap(page, 'test-results/screens/breakdown-desktop.png', true);
  await page.keyboard.press('Escape');

  // the CSV export of the stored answer holds the same members and the total
  const href = await answer.getByTestId('export-csv').getAttribute('href');
  expect(href).toBeTruthy();
  const csv = await (await page.request.get(href ?? '')).text();
  for (const member of ['iPhone', 'Mac', 'iPad', 'Services', 'Wearables, Home and Accessories']) expect(csv).toContain(member);
  expect(csv).toMatch(/391,?035|391035000000/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(breakdown.getByTestId('answer-table')).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  // the figures stay on screen: member names wrap, the value column is not pushed out of the table's box
  const total = await rows.last().locator('td').first().boundingBox();
  expect(total ? total.x + total.width : Number.POSITIVE_INFINITY).toBeLessThanOrEqual(390);
  await snap(page, 'test-results/screens/breakdown-phone.png', true);
});
