import fs from 'node:fs';
import path from 'node:path';
import { AskPage } from './pages/ask-page';
import { actAs, expect, snap, test } from './fixtures';

const ACME = path.resolve(import.meta.dirname, '../lib/ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');

test('calendars: a change previews the labels and stored answers it changes, is confirmed with a reason, audited, and reverted in one click', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // a stored answer about Helios FY2026: the change below would relabel its period
  await actAs(page, 'analyst');
  const ask = new AskPage(page);
  await ask.goto();
  await expect(await ask.ask('Helios revenue FY2026')).toHaveAttribute('data-status', 'answered');

  await actAs(page, 'admin');
  await page.goto('/admin/calendars');
  await expect(page.getByTestId('calendar-registry')).toContainText('Helios Components');
  await page.getByRole('link', { name: 'Helios Components' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helios Components: fiscal calendar');
  await expect(page.getByTestId('calendar-preview')).toContainText('2025-04-01');
  await expect(page.getByTestId('calendar-impact')).toHaveCount(0);

  const preview = page.getByRole('form', { name: 'Preview a rule' });
  await preview.getByLabel('Years named by').selectOption('start-year');
  await preview.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('calendar-preview')).toContainText('FY2025');
  // nothing is written yet: the preview says which labels and which stored answers would change
  const impact = page.getByTestId('calendar-impact');
  await expect(impact.getByTestId('impact-summary')).toContainText(/\d+ facts in \d+ periods change their fiscal label/);
  await expect(impact.getByTestId('impact-labels').getByRole('row').filter({ hasText: '2025-04-01 – 2026-03-31' })).toContainText(
    /FY2026\s*FY2025/,
  );
  await expect(impact.getByTestId('impact-answers')).toContainText('Helios revenue FY2026');
  await expect(impact.getByTestId('impact-answers')).toContainText('FY2026 → FY2025');
  await expect(page.getByTestId('last-calendar-change')).toHaveCount(0);
  await snap(page, 'test-results/screens/calendar-impact-desktop.png', true);

  const change = page.getByTestId('calendar-change-form');
  await change.getByLabel(/Reason/).fill('e2e: years named by their start');
  await change.getByRole('button', { name: 'Confirm and register this calendar' }).click();
  await expect(change.getByRole('status')).toContainText('Calendar registered');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('e2e: years named by their start');

  // one click undoes it: the calendar in effect is the seed's again, and the revert is audited
  const last = page.getByTestId('last-calendar-change');
  await expect(last).toContainText('calendar.change');
  await last.getByRole('button', { name: 'Revert this change' }).click();
  await expect(last.getByRole('status')).toContainText('Change reverted');
  await expect(page.getByTestId('last-calendar-change')).toContainText('calendar.revert');
  await expect(page.getByRole('region', { name: 'In effect' })).toContainText('years named by their end');

  await page.goto('/admin/audit?action=calendar.');
  const audit = page.getByTestId('audit-table');
  await expect(audit).toContainText('e2e: years named by their start');
  await expect(audit).toContainText('calendar.revert');
  await actAs(page, 'analyst');
});

test('admin text inputs are styled: class names, never a function’s source', async ({ page }) => {
  await actAs(page, 'admin');
  for (const p of ['/admin/users', '/admin/entities', '/admin/sources']) {
    await page.goto(p);
    const inputs = page.locator('main input[type="text"], main input:not([type]), main input[type="email"], main select');
    expect(await inputs.count(), p).toBeGreaterThan(0);
    const classes = await inputs.evaluateAll((els) => els.map((e) => e.getAttribute('class') ?? ''));
    for (const c of classes) expect(c, p).not.toMatch(/=>|function|\{/);
    const border = await inputs.first().evaluate((e) => getComputedStyle(e).borderTopWidth);
    expect(border, p).toBe('1px');
  }
  await actAs(page, 'analyst');
});

test('monitoring: latencies and rates are never summed in a legend', async ({ page }) => {
  await actAs(page, 'analyst');
  const ask = new AskPage(page);
  await ask.goto();
  await ask.ask('Helios revenue FY2026');
  await actAs(page, 'admin');
  await page.goto('/admin/monitoring');
  const latency = page.getByRole('figure').filter({ hasText: 'Latency per day (ms)' });
  await expect(latency.getByRole('listitem').first()).toContainText(/latest \d+(\.\d)?, highest \d+/);
  await expect(latency).not.toContainText('total');
  await expect(
    page.getByRole('figure').filter({ hasText: 'Answered and abstentions per day' }).getByRole('listitem').first(),
  ).toContainText('total');
  await actAs(page, 'analyst');
});

test('calendars export as reviewable JSON', async ({ page }) => {
  await actAs(page, 'admin');
  const res = await page.request.get('/admin/calendars/export');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-disposition']).toMatch(/attachment; filename="fiscal-calendars-/);
  const body = await res.json();
  expect(body.format).toBe('ledgerline.fiscal-calendars/1');
  expect(body.entities.map((e: { entity: { name: string } }) => e.entity.name)).toContain('Helios Components');
  await actAs(page, 'analyst');
});

test('sources: upload with progress, review the quarantine, revoke; re-uploading revoked bytes keeps them revoked', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/admin/sources');
  // several files at once: each gets its own progress and result; a refused type never leaves the browser
  await page.getByLabel('Source file').setInputFiles([
    { name: path.basename(ACME), mimeType: 'application/json', buffer: fs.readFileSync(ACME) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
  ]);
  await page.getByRole('button', { name: 'Upload' }).click();
  const files = page.getByTestId('upload-file');
  await expect(files).toHaveCount(2);
  await expect(files.nth(0).getByTestId('upload-result')).toContainText('ingested as companyfacts');
  await expect(files.nth(0).getByRole('link', { name: 'Open source' })).toBeVisible();
  await expect(files.nth(1)).toHaveAttribute('data-phase', 'failed');
  await expect(files.nth(1).getByTestId('upload-result')).toContainText('notes.txt: files of type .txt cannot be uploaded');
  const row = page.getByTestId('sources-table').getByRole('row').filter({ hasText: 'Acme' });
  await expect(row).toHaveCount(1);

  // the number of stores has no known unit: it waits in quarantine
  await page.goto('/admin/quarantine');
  const stores = page.getByRole('region', { name: /Acme.*NumberOfStores/ });
  await expect(stores).toContainText('UNIT_UNKNOWN');
  await stores.getByTestId('reject-form').getByLabel('Reason').fill('e2e: not a financial amount');
  await stores.getByRole('button', { name: 'Reject' }).click();
  await expect(stores).toHaveCount(0); // decided: it leaves the queue

  await page.goto('/admin/sources');
  await row.getByRole('textbox', { name: /Reason to revoke/ }).fill('e2e: uploaded by mistake');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  await page.getByLabel('Source file').setInputFiles(ACME);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('upload-result')).toContainText('revoked earlier and stay revoked');

  // a file type that is not accepted never leaves the browser; the server refuses it too
  const refused = await page.request.post('/admin/sources/upload', {
    headers: { 'x-file-name': encodeURIComponent('../../evil.sh') },
    data: '#!/bin/sh',
  });
  expect(refused.status()).toBe(415);

  await page.goto('/admin/audit?action=source.');
  await expect(page.getByTestId('audit-table')).toContainText('e2e: uploaded by mistake');
  await actAs(page, 'analyst');
});

test('entities: add and remove an alias', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/admin/entities');
  const helios = page.getByRole('region', { name: 'Helios Components' });
  await helios.getByLabel('Alias', { exact: true }).fill('HCL e2e');
  await helios.getByRole('button', { name: 'Add alias' }).click();
  await expect(helios.getByRole('status').first()).toContainText('Alias “HCL e2e” added.');
  await page.reload();
  const aliases = page.getByRole('list', { name: 'Aliases of Helios Components' });
  await expect(aliases).toContainText('HCL e2e');
  await aliases.getByRole('listitem').filter({ hasText: 'HCL e2e' }).getByRole('button', { name: '×' }).click();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Aliases of Helios Components' })).not.toContainText('HCL e2e');
  await actAs(page, 'analyst');
});

test('reviewers and analysts are refused by every admin page and endpoint', async ({ page }) => {
  for (const role of ['analyst', 'reviewer'] as const) {
    await actAs(page, role);
    for (const p of ['/admin/calendars', '/admin/entities', '/admin/sources', '/admin/quarantine', '/admin/users', '/admin/audit']) {
      await page.goto(p);
      await expect(page.getByRole('heading', { name: 'This page needs the admin role' })).toBeVisible();
    }
    expect((await page.request.get('/admin/calendars/export')).status()).toBe(403);
    expect((await page.request.post('/admin/sources/upload', { headers: { 'x-file-name': 'a.json' }, data: '{}' })).status()).toBe(403);
  }
  await actAs(page, 'analyst');
});
