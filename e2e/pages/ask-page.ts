import { expect, type Page } from '@playwright/test';

export class AskPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/ask');
    await expect(this.page.getByRole('heading', { name: 'Ask', level: 1 })).toBeVisible();
  }

  async ask(question: string) {
    const before = await this.answers().count();
    await this.page.getByLabel('Question', { exact: true }).fill(question);
    await this.page.getByRole('button', { name: 'Ask', exact: true }).click();
    return this.answered(before + 1);
  }

  /**
   * The last answer once `count` answers are shown and the stream has ended (the conversation is no longer busy):
   * a click on a value or a chip while the stream still updates the answer can land before the final render.
   */
  async answered(count: number) {
    await expect(this.answers()).toHaveCount(count);
    await expect(this.page.getByRole('list', { name: 'Conversation' })).toHaveAttribute('aria-busy', 'false');
    return this.answers().last();
  }

  answers() {
    return this.page.getByTestId('answer');
  }
}
