import type { Page } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { expect, snap, test } from './fixtures';

/** What has the keyboard focus: the question box, a history control, or another control (by its accessible text). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.id === 'question') return 'question';
    if (el.closest('nav[aria-label="History"]')) return `history: ${el.textContent?.trim() || el.getAttribute('aria-label')}`;
    if (el.dataset.testid?.startsWith('value-')) return `number: ${el.textContent?.trim()}`;
    return `${el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });
}

async function tabOrder(page: Page, stops: number): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  return order;
}

for (const width of [1366, 390]) {
  test(`Ask at ${width} px: the skip link, then the question box; the conversation and then the history after it`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const ask = new AskPage(page);
    // a history with a few conversations, and an open one with an answer in it
    for (const q of ['Helios revenue FY2025', 'Helios revenue FY2026']) {
      await ask.goto();
      await expect(await ask.ask(q)).toHaveAttribute('data-status', 'answered');
    }
    await page.waitForURL(/\/ask\?thread=/);
    await page.reload();
    await expect(ask.answers()).toHaveCount(1);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Question', { exact: true })).toBeFocused();
    await snap(page, `test-results/screens/keyboard-question-first-${width > 500 ? 'desktop' : 'mobile'}.png`);

    // from the top of the page: the question box comes before the answer's numbers and before any history entry
    // (the skip link left #main in the address: load the page itself again, not a jump within it)
    await page.goto(page.url().replace(/#.*$/, ''));
    await expect(ask.answers()).toHaveCount(1);
    const order = await tabOrder(page, 40);
    const question = order.indexOf('question');
    const firstNumber = order.findIndex((s) => s.startsWith('number:'));
    // the history: its list (wide screens) or the disclosure that opens it (phones)
    const history = order.findIndex((s) => s.startsWith('history:') || s.startsWith('summary: History'));
    expect(question, order.join('\n')).toBeGreaterThan(0);
    expect(firstNumber, order.join('\n')).toBeGreaterThan(question);
    expect(history, order.join('\n')).toBeGreaterThan(firstNumber);
  });
}
