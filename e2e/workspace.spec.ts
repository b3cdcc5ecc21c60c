import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { AskPage } from './pages/ask-page';
import { actAs, expect, expectInViewport, horizontalOverflow, PAGES, test, snap, withDemoRole } from './fixtures';

test('every popover of a margin answer and of a comparison stays inside a 1366×900 viewport', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  for (const q of ['What was Helios Components’ operating margin in FY2026?', 'Compare Helios and Northwind revenue FY2024 and FY2025']) {
    const answer = await ask.ask(q);
    await expect(answer).toHaveAttribute('data-status', 'answered');
    const buttons = answer.locator('[data-testid^="value-"]');
    const n = await buttons.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) {
      await buttons.nth(i).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('popover-unit')).not.toHaveText(/INR · INR|^$/);
      await expect(dialog.locator('[data-cited="true"]').first()).toBeVisible();
      await expectInViewport(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
});

test('the popover names unit, currency and scale, keeps multi-row headers sticky and links to the filing', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  await answer.getByRole('button', { name: '₹1,200 crore' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('popover-unit')).toHaveText('₹ crore');
  const table = dialog.getByTestId('source-table');
  await expect(table.locator('thead')).toHaveCSS('position', 'sticky');
  await expect(dialog.getByTestId('open-source')).toHaveAttribute('href', /^\/sources\/[0-9a-f]{64}\?fact=[0-9a-f]{64}#cited$/);
});

test('an answer exports to CSV and XLSX with the figure, its period and its source', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  await expect(answer).toHaveAttribute('data-status', 'answered');

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), answer.getByTestId('export-csv').click()]);
  const csv = fs.readFileSync((await csvDownload.path())!, 'utf8');
  const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toContain('Period start,Period end');
  expect(row).toContain('Helios Components');
  expect(row).toContain('12000000000');
  expect(row).toContain('2025-04-01,2026-03-31');
  expect(row).toContain('HELIOS-AR-FY2026');
  expect(row).toMatch(/,crore,/);
  expect(row).toMatch(/[0-9a-f]{64}/);

  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), answer.getByTestId('export-xlsx').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsxDownload.path())!);
  const ws = wb.getWorksheet('Numbers')!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1);
  const cells = (ws.getRow(2).values as unknown[]).slice(1);
  const at = (h: string) => cells[headers.indexOf(h)];
  expect(at('Value (base units)')).toBe(12000000000);
  expect((at('Period start') as Date).toISOString().slice(0, 10)).toBe('2025-04-01');
  expect((at('Period end') as Date).toISOString().slice(0, 10)).toBe('2026-03-31');
  expect(at('Source accession')).toBe('HELIOS-AR-FY2026');
  expect(at('Scale')).toBe('crore');
});

test('a share link opens the stored answer for another user of the tenant', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  const href = await answer.getByTestId('export-csv').getAttribute('href');
  const id = /answers\/([0-9a-f]+)/.exec(href!)![1]!;
  await actAs(page, 'reviewer');
  await page.goto(`/answers/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helios revenue FY2026');
  await expect(page.getByTestId('answer')).toContainText('₹1,200 crore');
  await actAs(page, 'analyst');
});

test('facts browser exports the filtered view', async ({ page }) => {
  await page.goto('/facts');
  const href = await page.getByTestId('export-facts-csv').getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  const text = await res.text();
  expect(text.split('\r\n')[0]).toContain('Fact id(s)');
  expect(text.split('\r\n').length).toBeGreaterThan(3);
});

for (const p of PAGES) {
  test(`${p.path} does not scroll sideways at 1366 px (screenshot)`, async ({ page }) => {
    await withDemoRole(page, p.role);
    await page.goto(p.path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByTestId('viewer-role')).toHaveText(p.role);
    expect(await horizontalOverflow(page), `${p.path} scrolls sideways`).toBeLessThanOrEqual(0);
    await snap(page, `test-results/screens/${p.name}-desktop.png`, true);
  });
}

test('a conversation survives reload and appears in history; rename and delete it', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  await ask.ask('Helios revenue FY2026');
  const followUp = await ask.ask('and FY2025?');
  await expect(followUp).toContainText('₹1,000 crore');
  await expect(page).toHaveURL(/\/ask\?thread=[A-Za-z0-9_-]+$/);
  await page.reload();
  await expect(page.getByTestId('answer')).toHaveCount(2);
  await expect(page.getByTestId('answer').first()).toContainText('₹1,200 crore');
  const history = page.getByRole('navigation', { name: 'History' });
  const item = history.getByTestId('thread-item').filter({ hasText: 'Helios revenue FY2026' }).first();
  await expect(item).toContainText('2 answers');
  // a follow-up in the reopened conversation still inherits company and measure
  const third = await ask.ask('and FY2024?');
  await expect(third).toContainText('₹860 crore');
  await snap(page, 'test-results/screens/ask-thread-desktop.png', true);

  // the conversation just used is the most recent one
  const mine = history.getByTestId('thread-item').first();
  await expect(mine).toContainText('Helios revenue FY2026');
  await mine.getByRole('button', { name: /^Rename/ }).click();
  await mine.getByLabel('Conversation title').fill('Helios top line');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(history.getByTestId('thread-item').filter({ hasText: 'Helios top line' })).toHaveCount(1);

  page.once('dialog', (d) => void d.accept());
  await history
    .getByTestId('thread-item')
    .filter({ hasText: 'Helios top line' })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(history.getByTestId('thread-item').filter({ hasText: 'Helios top line' })).toHaveCount(0);
});

test('the ask box suggests companies by ticker and name', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const box = page.getByLabel('Question', { exact: true });
  await box.pressSequentially('Northw');
  const option = page.getByRole('option', { name: /Northwind Outfitters/ });
  await expect(option).toBeVisible();
  await box.press('Tab');
  await expect(box).toHaveValue('Northwind Outfitters');
  await box.pressSequentially(' revenue FY2025');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(ask.answers().last()).toContainText('$9.02 billion');
});

test('questions over the limit are refused visibly, not cut', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  await page.getByLabel('Question', { exact: true }).fill(`Helios revenue FY2026 ${'x'.repeat(2000)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'the limit is 2,000' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
});
