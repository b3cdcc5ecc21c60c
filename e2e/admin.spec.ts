import fs from 'node:fs';
import path from 'node:path';
import { actAs, expect, test } from './fixtures';

const ACME = path.resolve(import.meta.dirname, '../lib/ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');

test('calendars: preview a rule, register it with a reason, see it audited, then restore', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/admin/calendars');
  await expect(page.getByTestId('calendar-registry')).toContainText('Helios Components');
  await page.getByRole('link', { name: 'Helios Components' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helios Components: fiscal calendar');
  await expect(page.getByTestId('calendar-preview')).toContainText('2025-04-01');

  const preview = page.getByRole('form', { name: 'Preview a rule' });
  await preview.getByLabel('Years named by').selectOption('start-year');
  await preview.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('calendar-preview')).toContainText('FY2025');
  const change = page.getByTestId('calendar-change-form');
  await change.getByLabel(/Reason/).fill('e2e: years named by their start');
  await change.getByRole('button', { name: 'Register this calendar' }).click();
  await expect(change.getByRole('status')).toContainText('Calendar registered');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('e2e: years named by their start');

  await page.goto('/admin/audit?action=calendar.');
  await expect(page.getByTestId('audit-table')).toContainText('e2e: years named by their start');

  // restore the seed's convention for the other specs
  await page.goBack();
  await page.getByRole('form', { name: 'Preview a rule' }).getByLabel('Years named by').selectOption('end-year');
  await page.getByRole('form', { name: 'Preview a rule' }).getByRole('button', { name: 'Preview' }).click();
  await page
    .getByTestId('calendar-change-form')
    .getByLabel(/Reason/)
    .fill('e2e: restore');
  await page.getByTestId('calendar-change-form').getByRole('button', { name: 'Register this calendar' }).click();
  await expect(page.getByTestId('calendar-change-form').getByRole('status')).toContainText('Calendar registered');
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
