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
    await expect(this.answers()).toHaveCount(before + 1);
    return this.answers().last();
  }

  answers() {
    return this.page.getByTestId('answer');
  }
}
