import type { Page } from '@playwright/test';

/** The students' reader (/read/:token): read-only chapters, a table of contents, search, materials. */
export class ReaderPage {
  constructor(readonly page: Page) {}

  get toc() {
    return this.page.getByRole('navigation', { name: 'Table of contents' });
  }

  get search() {
    return this.page.getByRole('searchbox', { name: 'Search this book' });
  }

  get searchResults() {
    return this.page.getByRole('region', { name: 'Search results' });
  }

  get viewer() {
    return this.page.getByTestId('educational-content-viewer');
  }

  async goto(url: string) {
    await this.page.goto(url);
  }

  /** A chapter's heading (level 2). */
  chapter(name: string) {
    return this.page.getByRole('heading', { level: 2, name });
  }

  /** Follows a table-of-contents link. */
  async openFromToc(name: RegExp) {
    await this.toc.getByRole('link', { name }).click();
  }
}
