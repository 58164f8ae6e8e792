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

  /** The AI Text Expansion dialog that the expand chip opens on a selection. */
  get expansionDialog() {
    return this.page.getByRole('dialog', { name: 'AI Text Expansion' });
  }

  /** Opens the expansion dialog on the editor's current selection; the dialog. */
  async openExpansion() {
    await this.page.getByTestId('expand-chip').click();
    return this.expansionDialog;
  }

  /** Waits until the open expansion dialog proposes text containing `expected`, applies it and waits until it is saved. */
  async applyExpansion(expected: string) {
    const dialog = this.expansionDialog;
    await expect(dialog.getByTestId('expanded-text')).toContainText(expected, { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Apply expansion' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  }

  /** Types at the end of the open document and waits until autosave has stored it. */
  async typeAndSave(text: string) {
    await this.editor.click();
    await this.page.keyboard.press('Control+End');
    await this.page.keyboard.type(text);
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  }
}
