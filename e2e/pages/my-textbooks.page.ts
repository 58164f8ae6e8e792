import type { Page } from '@playwright/test';

/** My Textbooks (/saved-textbooks): a card per book, and the Trash. */
export class MyTextbooksPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/saved-textbooks');
  }

  /** The card of one book. */
  card(id: number) {
    return this.page.getByTestId(`textbook-card-${id}`);
  }

  heading(title: string) {
    return this.page.getByRole('heading', { name: title });
  }

  deleteButton(title: string) {
    return this.page.getByRole('button', { name: `Delete ${title}` });
  }

  restoreButton(title: string) {
    return this.page.getByRole('button', { name: `Restore ${title}` });
  }
}
