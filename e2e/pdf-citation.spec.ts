import path from 'node:path';
import { AskPage } from './pages/ask-page';
import { expect, horizontalOverflow, snap, test, uploadAsAdmin } from './fixtures';

const PDF = path.resolve(import.meta.dirname, '../lib/demo/documents/helios-results-q2-fy2026.pdf');

test('a figure also printed in a PDF release: the popover offers that filing, whose viewer boxes the cited cell and scrolls to it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await uploadAsAdmin(page, [PDF], 150_000);

  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue Q2 FY2026');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  await answer.getByRole('button', { name: '₹310 crore' }).click();
  const dialog = page.getByRole('dialog');
  // the filing named is the one whose table is shown; the PDF release is offered beside it
  await expect(dialog.getByTestId('source-table')).toBeVisible();
  await expect(dialog.getByTestId('cited-filing')).toContainText('HELIOS-Q2-FY2026');
  const pdfLink = dialog.getByTestId('other-sightings').getByRole('link');
  await expect(pdfLink).toHaveCount(1);
  await snap(page, 'test-results/screens/pdf-popover-sightings-desktop.png');
  await pdfLink.click();

  await expect(page).toHaveURL(/\/sources\/[0-9a-f]{64}\?fact=[0-9a-f]{64}/);
  await expect(page.getByTestId('cited-summary')).toContainText('1. Revenue from operations');
  const viewer = page.getByTestId('pdf-view');
  await expect(viewer).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  await expect(viewer).toHaveAttribute('data-located', 'true');
  const box = page.getByTestId('pdf-cited-box');
  await expect(box).toBeVisible();
  await expect(box).toBeInViewport();
  // the box sits on the cited row, in the first figure column: left of the page's middle, in its upper half
  const canvas = (await viewer.locator('canvas').boundingBox())!;
  const b = (await box.boundingBox())!;
  expect(b.width).toBeGreaterThan(10);
  expect(b.x).toBeGreaterThan(canvas.x + canvas.width * 0.3);
  expect(b.x + b.width).toBeLessThan(canvas.x + canvas.width * 0.65);
  expect(b.y).toBeLessThan(canvas.y + canvas.height * 0.3);
  await snap(page, 'test-results/screens/pdf-cited-box-desktop.png');

  // the release is one page: nothing to step to
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('pdf-view')).toHaveAttribute('data-located', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('pdf-cited-box')).toBeInViewport();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snap(page, 'test-results/screens/pdf-cited-box-mobile.png');
});

test('opening a filing shows what is cited at once and a loading state while the filing streams in', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2026');
  await answer.getByRole('button', { name: '₹1,200 crore' }).click();
  const href = (await page.getByRole('dialog').getByTestId('open-source').first().getAttribute('href'))!;
  // the server's first bytes already hold the cited summary and the loading state; the filing follows in the same response
  const html = await (await page.request.get(href)).text();
  expect(html.indexOf('data-testid="cited-summary"')).toBeGreaterThan(0);
  expect(html.indexOf('Loading the filing')).toBeGreaterThan(html.indexOf('data-testid="cited-summary"'));
  expect(html.indexOf('data-testid="filing"')).toBeGreaterThan(html.indexOf('Loading the filing'));
  await page.goto(href);
  await expect(page.getByTestId('filing').locator('[data-ll-cited="true"]')).toHaveText(/^1,200(\.00)?$/);
  await expect(page.getByTestId('filing-loading')).toHaveCount(0);
});
