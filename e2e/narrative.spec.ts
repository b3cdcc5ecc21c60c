import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { expect, expectInViewport, horizontalOverflow, SEC_DIR, snap, test, uploadAsAdmin } from './fixtures';

/**
 * The three narrative pathways (detail, comparison, longitudinal) in the browser (Chromium), on real
 * inline-XBRL filings uploaded through the app, checked as a person sees them at 1366 px and at 390 px:
 *   detail        Apple's FY2024 R&D with revenue and its 8.02% share, each number a cited button;
 *   comparison    the answer first (one short paragraph per company, at most 250 words, each quote
 *                 cited and numbered), then the side-by-side table (one column per company, one row per
 *                 aspect, each cell a cited quote or "not discussed in <filing>"), then the sources;
 *   longitudinal  the answer first (what changed, most relevant first), then the "what changed"
 *                 redline (added / reworded with a word diff / not repeated), year anchors, sources.
 * Every test fails on any console error or warning (the `consoleErrors` fixture in ./fixtures), and
 * screenshots land in test-results/screens/ to be looked at.
 */
const FILINGS = ['aapl-10-k-2024-11-01.html', 'nvda-10-k-2025-02-26.html', 'nvda-10-q-2025-08-27.html'].map((f) =>
  path.join(SEC_DIR, 'filings-ixbrl', f),
);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * A quote as a person reads it: whole — no list glyph or lower-case fragment at its start, a
 * sentence's end at its end (a lead-in keeps its colon); a quote cut inside a number ("to 11.") cannot
 * end a sentence there, which the splitter's tests hold on the real filings (narrative.data.test.ts).
 */
async function expectWholeQuotes(buttons: Locator) {
  const texts = await buttons.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) {
    const q = t.replace(/^[^“]*“/, '').replace(/”\s*$/, '');
    expect(q, `quote starts whole: ${q.slice(0, 60)}`).toMatch(/^[A-Z0-9“"‘'($€£]/);
    expect(q, `quote ends whole: …${q.slice(-60)}`).toMatch(/[.!?:]["”’)\]]*$/);
  }
}

/** Every passage citation of an answer opens a popover whose label (company, FY, Item) matches the quote's filing. */
async function expectLabelled(page: Page, button: Locator, label: RegExp) {
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const pop = page.getByTestId('passage-popover');
  await expect(pop).toBeVisible();
  await expect(pop).toContainText(label);
  await expectInViewport(page, pop);
  await page.keyboard.press('Escape');
  await expect(pop).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

test('detail: Apple FY2024 R&D with revenue and its 8.02% share, each number cited', async ({ page }) => {
  test.setTimeout(600_000);
  await uploadAsAdmin(page, FILINGS, 170_000);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What were Apple’s total R&D expenses in fiscal 2024 and what percentage of revenue did they represent?');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const text = answer.getByTestId('answer-text');
  await expect(text).toContainText('$31.4 billion');
  await expect(text).toContainText('8.02%');
  await expect(text).toContainText('$391.0 billion');
  // each of the three numbers is a cited button whose popover shows its source
  for (const shown of ['$31.4 billion', '8.02%', '$391.0 billion']) {
    const b = text.locator('[data-testid^="value-"]', { hasText: shown });
    await expect(b).toHaveCount(1);
    await b.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/FY2024/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await snap(page, 'test-results/screens/narrative-rd-desktop.png', true);
  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page), 'the R&D answer scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await snap(page, 'test-results/screens/narrative-rd-mobile.png', true);
});

test('comparison: the answer first, a paragraph per company, then the side-by-side table, each cell cited or "not discussed in <filing>"', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Compare the cybersecurity risk disclosures of Apple and NVIDIA in their latest 10-K filings.');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  // the answer first: a short paragraph per company of cited, numbered sentences — no wall of quotes
  const text = answer.getByTestId('answer-text');
  await expect(text).toHaveText(/^Apple Inc\. \(10-K FY2024, filed 2024-11-01\): “[^”]+” \[1\]/);
  await expect(text).toContainText('NVIDIA CORP (10-K FY2025, filed 2025-02-26): “');
  expect((await text.innerText()).split(/\s+/).length).toBeLessThanOrEqual(250);
  await expectWholeQuotes(text.locator('button[data-testid^="passage-"]'));
  const table = answer.getByTestId('narrative-table');
  await expect(table).toBeVisible();
  // then the table, then the sources
  const textBottom = await text.boundingBox().then((b) => b!.y + b!.height);
  const tableTop = (await table.boundingBox())!.y;
  const quotesTop = (await answer.getByTestId('narrative-quotes').boundingBox())!.y;
  expect(textBottom).toBeLessThanOrEqual(tableTop);
  expect(tableTop).toBeLessThan(quotesTop);
  await expect(table.locator('thead th')).toHaveText(['Aspect', /^Apple.*10-K FY2024/, /^NVIDIA.*10-K FY2025/]);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  let cited = 0;
  for (const cell of await table.locator('tbody td').all()) {
    const n = await cell.locator('button[data-testid^="passage-"]').count();
    cited += n;
    if (!n) await expect(cell).toHaveText(/^not discussed in 10-K FY20\d\d, filed/);
    // a cell is shown whole: nothing cut off or hidden by overflow
    const clipped = await cell.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    expect(clipped, 'a table cell is clipped').toBe(false);
  }
  expect(cited).toBeGreaterThanOrEqual(3);
  await expectWholeQuotes(table.locator('button[data-testid^="passage-"]'));
  // the first column's quotes are Apple's, the second's NVIDIA's, each labelled with its filing and Item
  await expectLabelled(
    page,
    table.locator('tbody td:nth-of-type(1) button[data-testid^="passage-"]').first(),
    /Apple Inc\. · FY2024 · Item \d[A-C]?(?![0-9])[\s\S]*10-K, filed 2024-11-01/,
  );
  await expectLabelled(
    page,
    table.locator('tbody td:nth-of-type(2) button[data-testid^="passage-"]').first(),
    /NVIDIA CORP · FY2025 · Item \d[A-C]?(?![0-9])[\s\S]*10-K, filed 2025-02-26/,
  );
  // the quotes, company by company, folded under the table
  const quotes = answer.getByTestId('narrative-quotes');
  await quotes.locator('summary').click();
  await expect(quotes.getByTestId('narrative-filing')).toHaveCount(2);
  await expectWholeQuotes(quotes.locator('button[data-testid^="passage-"]'));
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await table.scrollIntoViewIfNeeded();
  await snap(page, 'test-results/screens/narrative-comparison-desktop.png', true);

  // at 390 px the same rows are stacked, one aspect at a time, and nothing scrolls sideways
  await page.setViewportSize(PHONE);
  await expect(table).toBeHidden();
  const stacked = answer.getByTestId('narrative-table-stacked');
  await expect(stacked).toBeVisible();
  await expect(stacked.locator('h4').first()).toHaveText(/\w/);
  await expect(stacked.locator('dt').first()).toHaveText(/^Apple.*10-K FY2024/);
  expect(await horizontalOverflow(page), 'the comparison scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await expectLabelled(page, stacked.locator('button[data-testid^="passage-"]').first(), /Apple Inc\. · FY2024/);
  await snap(page, 'test-results/screens/narrative-comparison-mobile.png', true);
});

test('longitudinal: what changed, answered first, then the redline, the year anchors and the sources', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask("How did NVIDIA's export control disclosures change between its fiscal 2025 10-K and its latest 10-Q?");
  await expect(answer).toHaveAttribute('data-status', 'answered');
  // the answer first: what changed, most relevant first, each wording cited
  const text = answer.getByTestId('answer-text');
  await expect(text).toHaveText(
    /^NVIDIA CORP, from 10-K FY2025, filed 2025-02-26 to 10-Q FY2026, filed 2025-08-27, on “[^”]+”: \d+ sentence\(s\) added, \d+ reworded, \d+ not repeated in the later filing, \d+ unchanged\./,
  );
  expect((await text.innerText()).split(/\s+/).length).toBeLessThanOrEqual(250);
  await expect(text).toContainText('Now (10-Q FY2026, filed 2025-08-27): “');
  await expect(text).toContainText('Before (10-K FY2025, filed 2025-02-26): “');
  const rl = answer.getByTestId('narrative-redline');
  await expect(rl).toContainText('What changed — NVIDIA CORP: 10-K FY2025, filed 2025-02-26 → 10-Q FY2026, filed 2025-08-27');
  await expect(rl.getByTestId('redline-basis')).toContainText(
    /aligned against all \d+ sentences of the earlier and \d+ of the later filing/,
  );
  // redline first, then the year anchors, then the quotes year by year
  const years = answer.getByTestId('narrative-years');
  await expect(years.locator('li')).toHaveText([
    /^FY2025 · NVIDIA.* · 10-K filed 2025-02-26 · \d+ quote/,
    /FY2026 · NVIDIA.* · 10-Q filed 2025-08-27 · \d+ quote/,
  ]);
  const quotes = answer.getByTestId('narrative-quotes');
  const [rlBox, yearsBox, quotesBox] = await Promise.all([rl.boundingBox(), years.boundingBox(), quotes.boundingBox()]);
  expect(rlBox!.y).toBeLessThan(yearsBox!.y);
  expect(yearsBox!.y).toBeLessThan(quotesBox!.y);
  await quotes.locator('summary').click();
  await expect(quotes.getByTestId('narrative-filing')).toHaveText([/^NVIDIA CORP · 10-K FY2025/, /^NVIDIA CORP · 10-Q FY2026/]);

  await expect(rl.locator('li[data-kind="added"]').first()).toBeVisible();
  const modified = rl.locator('li[data-kind="modified"]').first();
  await expect(modified).toBeVisible();
  // the word diff reads: inserted words and deleted words marked, the sentence whole around them
  const diff = modified.getByTestId('redline-diff');
  await expect(diff.locator('ins, del').first()).toBeVisible();
  expect((await diff.innerText()).split(/\s+/).length).toBeGreaterThan(6);
  // both wordings of a reworded sentence are cited, each to its own filing
  await expectLabelled(
    page,
    modified.getByRole('button', { name: /^10-K FY2025, filed 2025-02-26 wording$/ }),
    /NVIDIA CORP · FY2025 · Item \d[A]?[\s\S]*10-K, filed 2025-02-26/,
  );
  await expectLabelled(
    page,
    modified.getByRole('button', { name: /^10-Q FY2026, filed 2025-08-27 wording$/ }),
    /NVIDIA CORP · FY2026 · Part (I|II), Item \d[A]?[\s\S]*10-Q, filed 2025-08-27/,
  );
  // an added sentence is quoted whole and cited to the later filing; changes are grouped under their heading
  await expectWholeQuotes(rl.locator('li[data-kind="added"] button[data-testid^="passage-"]'));
  await expectLabelled(page, rl.locator('li[data-kind="added"] button').first(), /NVIDIA CORP · FY2026[\s\S]*10-Q, filed 2025-08-27/);
  expect(await rl.getByTestId('redline-group').count()).toBeGreaterThanOrEqual(1);
  await expect(rl.getByTestId('redline-group').first()).toContainText(
    /^10-(Q|K) FY20\d\d, filed \d{4}-\d\d-\d\d · (Part (I|II), )?Item \d/,
  );
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await rl.scrollIntoViewIfNeeded();
  await snap(page, 'test-results/screens/narrative-redline-desktop.png', true);

  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page), 'the redline scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await rl.scrollIntoViewIfNeeded();
  await snap(page, 'test-results/screens/narrative-redline-mobile.png', true);
});
