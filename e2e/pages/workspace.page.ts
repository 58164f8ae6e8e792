import { expect, type Page } from '@playwright/test';

/** The textbook workspace (/textbook/:id): the navigator, the editor with its save status, the toolkit and menus. */
export class WorkspacePage {
  constructor(readonly page: Page) {}

  get navigation() {
    return this.page.getByRole('navigation', { name: 'Textbook navigation' });
  }

  get chapterList() {
    return this.navigation.getByRole('list', { name: 'Chapters' });
  }

  get editorCard() {
    return this.page.getByTestId('editor-card');
  }

  get editor() {
    return this.page.getByTestId('content-editor');
  }

  get saveStatus() {
    return this.page.getByTestId('save-status');
  }

  get exportButton() {
    return this.page.getByRole('button', { name: 'Export', exact: true });
  }

  get search() {
    return this.page.getByPlaceholder('Search content...');
  }

  async goto(id: number) {
    await this.page.goto(`/textbook/${id}`);
  }

  /** The book's title, the page's level-1 heading. */
  title(name: string) {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** A chapter's or section's button in the navigator. */
  navButton(name: string) {
    return this.navigation.getByRole('button', { name, exact: true }).first();
  }

  /** Opens a chapter in the navigator (expanding it if it is closed) and, when given, one of its sections. */
  async openSection(chapterTitle: string, sectionTitle: string | null) {
    const chapter = this.navButton(chapterTitle);
    if ((await chapter.getAttribute('aria-expanded')) !== 'true') await chapter.click();
    if (sectionTitle) await this.navButton(sectionTitle).click();
  }

  /** Opens the book at a section and waits until the editor is bound to the live document and editable. */
  async openEditor(book: { id: number; chapterTitle: string; sectionTitle: string | null }) {
    await this.goto(book.id);
    await this.openSection(book.chapterTitle, book.sectionTitle);
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });
    await expect(this.editor).toHaveAttribute('contenteditable', 'true');
  }

  /** Types at the end of the open document and waits until autosave has stored it. */
  async typeAndSave(text: string) {
    await this.editor.click();
    await this.page.keyboard.press('Control+End');
    await this.page.keyboard.type(text);
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  }
}
