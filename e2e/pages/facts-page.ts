import { expect, type Page } from '@playwright/test';

export class FactsPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/facts${query}`);
    await expect(this.page.getByRole('heading', { name: 'Facts', level: 1 })).toBeVisible();
  }

  rows() {
    return this.page.getByTestId('data-row');
  }

  async filter(label: string, value: string) {
    await this.page.getByLabel(label).selectOption(value);
  }

  async apply() {
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }
}
