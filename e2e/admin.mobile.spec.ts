import fs from 'node:fs';
import path from 'node:path';
import { expect, horizontalOverflow, snap, test, withDemoRole } from './fixtures';

const ACME = path.resolve(import.meta.dirname, '../lib/ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');

test('the quarantine queue fits 390 px with long company and concept names (screenshot)', async ({ page }) => {
  // a company of its own (its own bytes), whose store counts and a long-named count wait in quarantine (no known unit)
  const facts = JSON.parse(fs.readFileSync(ACME, 'utf8'));
  facts.cik = 4242;
  facts.entityName = 'Acme Widgets International Holdings Corporation of North America';
  const stores = facts.facts['us-gaap'].NumberOfStores;
  facts.facts['us-gaap'].NumberOfStoresAndDistributionCentersOperatedWorldwideAtPeriodEndIncludingFranchised = stores;
  await withDemoRole(page, 'admin');
  const up = await page.request.post('/admin/sources/upload', {
    headers: { 'x-file-name': 'CIK0000004242_ACMEINTL_companyfacts.json' },
    data: JSON.stringify(facts),
  });
  expect(up.ok(), await up.text()).toBe(true);

  // the queue lists the oldest first: this company's facts, just ingested, are on its last page (earlier specs of
  // the run leave quarantined facts of their own)
  await page.goto('/admin/quarantine');
  const pager = page.getByText(/Page 1 of \d+/);
  const pages = (await pager.count()) > 0 ? Number((await pager.first().innerText()).match(/of (\d+)/)?.[1] ?? 1) : 1;
  if (pages > 1) await page.goto(`/admin/quarantine?page=${pages}`);
  const queued = page.getByRole('region', { name: /Acme Widgets International.*NumberOfStoresAndDistributionCenters/ });
  await expect(queued).toBeVisible();
  expect(await horizontalOverflow(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
  // every control of a queued fact is within the screen
  for (const box of await queued.locator('input, select, button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(390);
  await snap(page, 'test-results/screens/admin-quarantine-queued-mobile.png', true);
});
