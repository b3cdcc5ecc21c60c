import { AskPage } from './pages/ask-page';
import { expect, test, snap } from './fixtures';

test('the demo margin question streams a cited answer with a popover on each number', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Helios Components’ operating margin in FY2026?');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const margin = answer.getByRole('button', { name: '12.00%' });
  await expect(margin).toBeVisible();
  await margin.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 Apr 2025 – 31 Mar 2026');
  await expect(dialog).toContainText('FY2026');
  const cited = dialog.locator('[data-cited="true"]');
  await expect(cited).toHaveCount(2);
  await expect(cited.nth(0)).toHaveText(/^144(\.00)?$/);
  await expect(cited.nth(1)).toHaveText(/^1,200(\.00)?$/);
  await expect(dialog).toContainText('Operating profit');
  await expect(dialog).toContainText('Revenue from operations');
  await snap(page, 'test-results/screens/ask-popover-desktop.png');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(margin).toBeFocused();
});

test('a margin that mixes fiscal years is refused with PERIOD_MISMATCH', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?');
  await expect(answer).toHaveAttribute('data-status', 'rejected');
  await expect(answer).toContainText('PERIOD_MISMATCH');
  await expect(answer.getByRole('button', { name: /%$/ })).toHaveCount(0);
  await snap(page, 'test-results/screens/ask-rejected-desktop.png', true);
});

test('a follow-up inherits the company and measure', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  await ask.ask('Helios revenue FY2026');
  const followUp = await ask.ask('and FY2025?');
  await expect(followUp).toContainText('₹1,000 crore');
  await expect(followUp).toContainText('1 Apr 2024 – 31 Mar 2025');
});

test('an unknown period is not borrowed from a nearby year', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios revenue FY2027');
  await expect(answer).toHaveAttribute('data-status', 'insufficient_evidence');
  await expect(answer.getByRole('button', { name: /crore/ })).toHaveCount(0);
});

test('a comparison renders as a pivot and a chart, each company listed once', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Compare Helios and Northwind revenue FY2024 and FY2025');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  const pivot = answer.getByTestId('answer-table');
  // companies as columns, periods as rows
  await expect(pivot.getByRole('columnheader')).toHaveText([/Period/, /Helios Components/, /Northwind Outfitters/]);
  await expect(pivot.getByRole('rowheader')).toHaveText(['FY2024', 'FY2025']);
  // each cell carries its own fiscal dates
  await expect(pivot.getByRole('row').nth(2)).toContainText('1 Apr 2024 – 31 Mar 2025');
  await expect(pivot.getByRole('row').nth(2)).toContainText('2 Feb 2025 – 31 Jan 2026');
  // not listed a second time in prose
  await expect(answer.getByRole('button', { name: '₹1,000 crore' })).toHaveCount(1);
  // one chart per currency, with axes captioned in the answer's scale
  const charts = answer.getByTestId('answer-chart');
  await expect(charts).toHaveCount(2);
  await expect(charts.nth(0)).toContainText('₹ crore');
  await expect(charts.nth(1)).toContainText('USD billions');
  await expect(charts.nth(0).locator('.recharts-bar-rectangle')).toHaveCount(2);
  await charts.nth(0).locator('.recharts-bar-rectangle').nth(1).hover();
  const tip = page.getByTestId('chart-tooltip');
  await expect(tip).toContainText('₹1,000 crore');
  await expect(tip).toContainText('HELIOS-AR-FY2025');
  await snap(page, 'test-results/screens/ask-comparison-desktop.png', true);
});

test('a clarification chip answers the question it clarifies (bound to the stored answer, not sent as new text)', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const asked = await ask.ask('Helios Components profit FY2026');
  await expect(asked).toHaveAttribute('data-status', 'needs_clarification');
  const chip = asked.getByLabel('Choose an option').getByRole('button', { name: 'operating income', exact: true });
  await expect(chip).toBeVisible();
  await snap(page, 'test-results/screens/ask-clarification-desktop.png', true);
  const before = await ask.answers().count();
  await chip.click();
  await expect(ask.answers()).toHaveCount(before + 1);
  const answered = ask.answers().last();
  await expect(answered).toHaveAttribute('data-status', 'answered');
  await expect(answered).toContainText('1 Apr 2025 – 31 Mar 2026');
  await expect(answered).toContainText(/operating (income|profit)/i);
  await expect(answered).not.toContainText('No company named');
  await snap(page, 'test-results/screens/ask-clarification-answered-desktop.png', true);
});

test('a forged previous intent is a typed 400 and a TTM-operand margin is a clarification, never a 500', async ({ page }) => {
  await page.goto('/ask');
  const headers = { accept: 'application/json', 'content-type': 'application/json' };
  const forged = await page.request.post('/api/answers', {
    headers,
    data: { question: 'and FY2025?', previousIntent: { entities: [{ id: 'x', name: 'Other tenant Inc' }], metric: { id: 'revenue' } } },
  });
  expect(forged.status()).toBe(400);
  expect((await forged.json()).error.code).toBe('bad_request:body');
  const ttm = await page.request.post('/api/answers', {
    headers,
    data: { question: 'What was Helios Components’ operating margin using TTM operating profit?' },
  });
  expect(ttm.status()).toBe(200);
  const body = await ttm.json();
  expect(['needs_clarification', 'rejected', 'insufficient_evidence']).toContain(body.status);
  expect(body.values).toEqual([]);
});

test('the answer stream tells what each stage produced as it happens, then the answer once', async ({ page }) => {
  await page.goto('/ask');
  const res = await page.request.post('/api/answers', {
    data: {
      id: `e2e-stages-${Date.now()}`,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What was Helios Components’ operating margin in FY2026?' }] }],
    },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/event-stream');
  const parts = (await res.text())
    .split('\n')
    .filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6)) as { type: string; data?: { stage?: string; display?: string; measure?: string; text?: string } });
  const order = parts.flatMap((p) => (p.type === 'data-stage' ? [p.data!.stage!] : p.type.startsWith('data-') ? [p.type] : []));
  // stages, each followed by what it produced: the plan read back, the figure computed; then one answer
  expect(order).toEqual(['planning', 'data-plan', 'looking_up', 'computing', 'data-figure', 'composing', 'data-answer']);
  expect(parts.find((p) => p.type === 'data-plan')!.data!.measure).toBe('Operating margin');
  const answer = parts.find((p) => p.type === 'data-answer')!.data!;
  expect(parts.find((p) => p.type === 'data-figure')!.data!.display).toBe('12.00%');
  // the composed text is sent once, inside the answer: no text parts replaying it
  expect(parts.filter((p) => p.type.startsWith('text-'))).toEqual([]);
  expect(answer.text).toContain('12.00%');
});

test('several measures in one question are each answered and cited; a misspelt measure word is said', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto();
  const answer = await ask.ask('Helios reveune and operating profit FY2026');
  await expect(answer).toHaveAttribute('data-status', 'answered');
  await expect(answer).toContainText('Read “reveune” as “revenue”.');
  await expect(answer.getByRole('button', { name: '₹1,200 crore' }).first()).toBeVisible();
  await expect(answer.getByRole('button', { name: '₹144 crore' }).first()).toBeVisible();
  await snap(page, 'test-results/screens/ask-several-measures-desktop.png');
});

test('while an answer is worked on, each stage shows what it produced: the question read back, then each figure', async ({ page }) => {
  // the real stream, cut before its answer part: what the page shows between the stages and the answer stays on screen
  await page.route('**/api/answers', async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    const events = body.split('\n\n').filter((e) => e.trim());
    const cut = events.filter((e) => !e.includes('"type":"data-answer"') && !e.includes('"type":"finish"') && !e.includes('[DONE]'));
    expect(cut.length).toBeLessThan(events.length);
    await route.fulfill({ response: res, body: `${cut.join('\n\n')}\n\n` });
  });
  const ask = new AskPage(page);
  await ask.goto();
  await page.getByLabel('Question', { exact: true }).fill('Compare Helios and Northwind operating margin FY2025');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const progress = page.getByTestId('answer-progress');
  await expect(progress.getByTestId('progress-plan')).toContainText('Operating margin');
  await expect(progress.getByTestId('progress-plan')).toContainText('Helios Components');
  await expect(progress.getByTestId('progress-plan')).toContainText('FY2025');
  const figures = progress.getByTestId('progress-figures').getByRole('listitem');
  await expect(figures).toHaveCount(2);
  await expect(figures.first()).toContainText(/Helios Components · Operating margin · FY2025 \(1 Apr 2024 – 31 Mar 2025\)/);
  await expect(progress.locator('li[data-stage]')).toHaveText([/Reading the question/, /Looking up/, /Computing/, /Composing/]);
  // the stream ended without an answer: said, not left spinning
  await expect(progress).toContainText('Stopped before the answer was composed.');
  await expect(page.getByTestId('answer')).toHaveCount(0);
  await snap(page, 'test-results/screens/ask-progress-stages-desktop.png');
});
