import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { actAs, expect, test } from './fixtures';

/**
 * The narrative pathways of issue 16 in the browser, on real inline-XBRL filings uploaded through the
 * app: a side-by-side cybersecurity comparison with a citation in every disclosed cell, and a
 * longitudinal answer with year anchors and a "what changed" redline between two filings.
 */
const SEC_DIR = process.env.SEC_DATA_DIR ?? path.resolve(process.cwd(), '..', 'shared', 'data');
const FILINGS = ['aapl-10-k-2024-11-01.html', 'nvda-10-k-2025-02-26.html', 'nvda-10-q-2025-08-27.html'].map((f) => path.join(SEC_DIR, 'filings-ixbrl', f));

async function upload(page: Page) {
  await actAs(page, 'admin');
  for (const f of FILINGS) {
    expect(fs.existsSync(f), `real filing missing: ${f} (set SEC_DATA_DIR)`).toBe(true);
    const up = await page.request.post('/admin/sources/upload', { headers: { 'x-file-name': path.basename(f) }, data: fs.readFileSync(f), timeout: 170_000 });
    expect(up.ok(), await up.text()).toBe(true);
  }
  await actAs(page, 'analyst');
}

test.describe.configure({ mode: 'serial' });

test('narrative comparison: a side-by-side cybersecurity table, one column per company, each disclosed cell cited', async ({ page }) => {
  test.setTimeout(600_000);
  await upload(page);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Compare the cybersecurity risk disclosures of Apple and NVIDIA in their latest 10-K filings.');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const table = answer.getByTestId('narrative-table');
  await expect(table).toBeVisible();
  await expect(table.locator('thead th')).toHaveText(['Aspect', /^Apple.*10-K FY2024/, /^NVIDIA.*10-K FY2025/]);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  // every cell: a cited quote (a button opening its passage) or "not disclosed"
  for (const cell of await table.locator('tbody td').all()) {
    const cited = await cell.locator('button[data-testid^="passage-"]').count();
    if (!cited) await expect(cell).toHaveText('not disclosed');
  }
  const first = table.locator('tbody td button[data-testid^="passage-"]').first();
  await first.click();
  const pop = page.getByTestId('passage-popover');
  await expect(pop).toContainText(/Apple Inc\.|NVIDIA/);
  await expect(pop).toContainText(/FY20\d\d · Item 1[AC]?/);
  await expect(pop).toContainText('10-K, filed');
  await page.screenshot({ path: 'test-results/screens/narrative-comparison-desktop.png', fullPage: true });
});

test('narrative longitudinal: year anchors and a "what changed" redline between the 10-K and the later 10-Q', async ({ page }) => {
  test.setTimeout(180_000);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask("How did NVIDIA's export control disclosures change between its fiscal 2025 10-K and its latest 10-Q?");
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const years = answer.getByTestId('narrative-years');
  await expect(years.locator('li')).toHaveText([/^FY2025 · NVIDIA.* · 10-K filed 2025-02-26 · \d+ quote/, /FY2026 · NVIDIA.* · 10-Q filed 2025-08-27 · \d+ quote/]);
  // what changed comes first, then the year-by-year anchors
  await expect(answer.getByTestId('answer-text')).toContainText(/What changed for NVIDIA.* from 10-K FY2025.* to 10-Q FY2026.*Year by year: 10-K FY2025.*10-Q FY2026/);
  const rl = answer.getByTestId('narrative-redline');
  await expect(rl).toContainText('What changed — NVIDIA');
  await expect(rl.getByTestId('redline-basis')).toContainText(/aligned against all \d+ sentences of the earlier and \d+ of the later filing/);
  await expect(rl.locator('li[data-kind="added"]').first()).toBeVisible();
  const modified = rl.locator('li[data-kind="modified"]').first();
  await expect(modified).toBeVisible();
  await expect(modified.locator('ins, del').first()).toBeVisible();
  // both sides of a modified sentence are cited to their own filing
  await expect(modified.getByRole('button', { name: /^10-K FY2025.*“/ })).toBeVisible();
  await modified.getByRole('button', { name: /^10-Q FY2026.*“/ }).click();
  await expect(page.getByTestId('passage-popover')).toContainText('10-Q, filed 2025-08-27');
  await rl.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/narrative-redline-desktop.png', fullPage: true });
});
