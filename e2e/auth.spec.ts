import { actAs, expect, test } from './fixtures';

const PASSWORD = 'e2e-password-correct-horse';

/** Create an account through /admin/users as the demo admin; returns its email. */
async function createAccount(page: import('@playwright/test').Page, role: 'analyst' | 'reviewer' | 'admin', name: string) {
  const email = `e2e-${role}-${Date.now()}@example.com`;
  await actAs(page, 'admin');
  await page.goto('/admin/users');
  const form = page.getByTestId('create-user-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel(/Initial password/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('status')).toHaveText(`Account created for ${email}.`);
  await expect(page.getByTestId('users-table')).toContainText(email);
  return email;
}

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an account signs in, acts with its own role, and signs out back to the demo', async ({ page }) => {
  const email = await createAccount(page, 'analyst', 'Erin Analyst');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('viewer-role')).toHaveText('analyst');
  await expect(page.getByRole('banner')).toContainText('Erin Analyst');
  // a signed-in session wins over the demo: no role switcher
  await expect(page.getByLabel('Demo role')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'This page needs the admin role' })).toBeVisible();
  expect((await page.request.get('/admin/calendars/export')).status()).toBe(403);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/');
  await expect(page.getByLabel('Demo role')).toBeVisible();
});

test('a wrong password is refused without saying which part was wrong', async ({ page }) => {
  const email = await createAccount(page, 'reviewer', 'Rex Reviewer');
  await signIn(page, email, 'not-the-password-at-all');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await signIn(page, 'nobody@example.com', PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('sign-in only redirects within the site', async ({ page }) => {
  const email = await createAccount(page, 'reviewer', 'Rae Reviewer');
  await page.goto('/sign-in?next=//evil.example/steal');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('viewer-role')).toHaveText('reviewer');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(page.url()).not.toContain('evil.example');

  await page.goto('/sign-in?next=/manifests');
  await expect(page).toHaveURL(/\/manifests$/); // already signed in: straight on
});
