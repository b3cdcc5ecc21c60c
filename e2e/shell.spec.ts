import { actAs, expect, test } from './fixtures';

test('home shows the store overview and navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Ask' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Facts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entities' })).toContainText('Helios Components');
});

test('health route reports readiness', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({ status: 'ok', driver: 'pglite' });
});

test('ask page loads', async ({ page }) => {
  await page.goto('/ask');
  await expect(page.getByRole('heading', { name: 'Ask', level: 1 })).toBeVisible();
});

test('analysts do not see reviewer and admin pages', async ({ page }) => {
  await actAs(page, 'analyst');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'This page needs the admin role' })).toBeVisible();
});

test('manifests page loads for a reviewer', async ({ page }) => {
  await actAs(page, 'reviewer');
  await page.goto('/manifests');
  await expect(page.getByRole('heading', { name: 'Evidence manifests' })).toBeVisible();
});

test('admin page lists calendars and sources', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: /Entities and fiscal calendars/ })).toContainText('31 March');
  await expect(page.getByRole('region', { name: 'Sources' })).toContainText('Annual Report');
  await actAs(page, 'analyst');
});

test('monitoring dashboard loads for an admin', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/admin/monitoring');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Monitoring/i);
  // the retention of evidence manifests: the window and what the next pass does
  const retention = page.getByRole('region', { name: 'Evidence manifests: retention' });
  await expect(retention).toContainText(/Kept for\s*365 days/);
  await expect(retention).toContainText(/Stored\s*\d+ manifest/);
  await actAs(page, 'analyst');
});

test('the home ask box opens Ask with the question filled in, not sent', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('search', { name: 'Ask a question' }).getByLabel('Question', { exact: true }).fill('Helios revenue FY2026');
  await page.getByRole('search', { name: 'Ask a question' }).getByRole('button', { name: 'Ask' }).click();
  await expect(page).toHaveURL(/\/ask\?q=Helios\+revenue\+FY2026$/);
  await expect(page.getByLabel('Question', { exact: true })).toHaveValue('Helios revenue FY2026');
  await expect(page.getByTestId('answer')).toHaveCount(0);
});
