import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * The textbook page has no empty band. The editor follows the
 * (collapsed) Academic Toolkit directly, and the side cards (Collaborators,
 * Generate Educational Materials) sit beside the editor (wide) or under it.
 */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test.describe('textbook page layout', () => {
  test('no empty band between the toolkit and the editor at 1366, 1024 and 390 px; side cards beside or below', async ({
    page,
    seedBook,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const { book } = await seedBook({ topic: 'Plate Tectonics' });
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.editorCard).toBeVisible();
    const toolkit = page.getByRole('button', { name: /^Academic Toolkit/ });
    const collaborators = page.getByRole('heading', { name: 'Collaborators' });
    const generator = page.getByRole('heading', { name: 'Generate Educational Materials' });
    const editorCard = workspace.editorCard;

    // From the collapsed toolkit's toggle (most of its card) to the editor card: a margin, not a band.
    const gapBelowToolkit = async () => {
      const t = await box(toolkit);
      return (await box(editorCard)).y - (t.y + t.height);
    };
    expect(await gapBelowToolkit()).toBeLessThan(50);
    // Wide: the side cards are a column to the right of the editor, starting level with it.
    const wideEditor = await box(editorCard);
    const wideCollaborators = await box(collaborators);
    expect(wideCollaborators.x).toBeGreaterThan(wideEditor.x + wideEditor.width);
    expect(Math.abs(wideCollaborators.y - wideEditor.y)).toBeLessThan(60);
    expect((await box(generator)).x).toBeGreaterThan(wideEditor.x + wideEditor.width);

    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Below 1024 px only the Contents toggle comes between them.
      await expect.poll(gapBelowToolkit).toBeLessThan(width < 1024 ? 110 : 50);
      const editor = await box(editorCard);
      // Narrower: the side cards come after the editor, never before it.
      expect((await box(collaborators)).y).toBeGreaterThan(editor.y + editor.height);
      expect((await box(generator)).y).toBeGreaterThan(editor.y + editor.height);
    }
  });
});
