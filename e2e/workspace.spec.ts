import { expect, test } from './fixtures';
import { MyTextbooksPage } from './pages/my-textbooks.page';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end: My Textbooks and the textbook workspace on a book made by
 * generate-outline (the offline engine, real server, Debian Chromium).
 */
const material = [
  'Photosynthesis converts light energy into chemical energy stored in glucose. Chlorophyll in the thylakoid membranes absorbs red and blue light.',
  'The light-dependent reactions split water, release oxygen and produce ATP and NADPH, which carry energy to the next stage.',
  'The Calvin cycle fixes carbon dioxide in the stroma. The enzyme rubisco attaches carbon dioxide to ribulose bisphosphate.',
  'Cellular respiration releases the energy in glucose. Glycolysis happens in the cytoplasm and the Krebs cycle in the mitochondria.',
  'Oxidative phosphorylation uses an electron transport chain and ATP synthase to make most of the ATP a cell needs.',
].join('\n\n');

/** The same material under headings of its own: the book then has sections to navigate to. */
const sectioned = (() => {
  const [p1, p2, p3, p4, p5] = material.split('\n\n');
  return [
    '## Photosynthesis',
    '### Light reactions',
    p1,
    p2,
    '### The Calvin cycle',
    p3,
    '## Respiration',
    '### Glycolysis',
    p4,
    '### Oxidative phosphorylation',
    p5,
  ].join('\n\n');
})();

// A real 1x1 PNG.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6f1ff0000000049454e44ae426082',
  'hex',
);

test.describe('textbook workspace', () => {
  test('open a generated book from My Textbooks, navigate, search, type into a section, reload and find the text', async ({
    page,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const { book } = await seedBook({ topic: 'Energy in Cells', material, chapterTitle: 'Energy in Cells' });
    const workspace = new WorkspacePage(page);
    expect(book.chapters.length).toBeGreaterThan(0);

    const myTextbooks = new MyTextbooksPage(page);
    await myTextbooks.goto();
    const card = myTextbooks.card(book.id);
    await expect(card.getByRole('heading', { name: 'Energy in Cells' })).toBeVisible();
    await expect(card.getByText('From Energy in Cells')).toBeVisible();
    await expect(card.getByText(/^Created on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(card.getByText(`${book.chapters.length} chapter`, { exact: false })).toBeVisible();
    await card.getByRole('link', { name: 'View Textbook' }).click();
    await expect(page).toHaveURL(new RegExp(`/textbook/${book.id}$`));
    await expect(workspace.title('Energy in Cells')).toBeVisible();
    await expect(page.getByText('Editing Tips')).toBeVisible();

    // Navigate: the last chapter, then one of its sections (or the chapter itself).
    const lastIndex = book.chapters.length - 1;
    const last = book.chapters[lastIndex];
    const chapterButton = workspace.navigation.getByRole('button', { name: last.title, exact: true });
    if (lastIndex > 0) {
      await expect(chapterButton).toHaveAttribute('aria-expanded', 'false');
      await chapterButton.click();
    }
    await expect(chapterButton).toHaveAttribute('aria-expanded', 'true');
    if (last.sections.length > 0) {
      const section = last.sections[last.sections.length - 1];
      await workspace.navigation.getByRole('button', { name: section.title, exact: true }).click();
      await expect(workspace.editorCard.getByRole('heading', { name: `${last.title} - ${section.title}` })).toBeVisible();
    } else {
      await expect(workspace.editorCard.getByRole('heading', { name: last.title, exact: true })).toBeVisible();
    }

    // Search: a word no section contains hides everything; a section's own title finds it.
    const search = workspace.search;
    await search.fill('qqqzzznotaword');
    await expect(workspace.navigation.getByText('No matching content')).toBeVisible();
    const target = book.chapters.find((c) => c.sections.length > 0);
    if (target) {
      await search.fill(target.sections[0].title.toUpperCase());
      await expect(workspace.navigation.getByRole('button', { name: target.sections[0].title, exact: true })).toBeVisible();
    }
    await search.fill('');

    // Type into the first section, let autosave store it, reload, find it.
    const first = book.chapters[0];
    if (first.sections.length > 0) await workspace.navigation.getByRole('button', { name: first.sections[0].title, exact: true }).click();
    else await workspace.navigation.getByRole('button', { name: first.title, exact: true }).click();
    const marker = `Marker ${Date.now()} zebra`;
    await workspace.typeAndSave(` ${marker}`);
    await page.reload();
    await expect(workspace.editor).toContainText(marker);
    await expect(workspace.saveStatus).toHaveAttribute('data-status', 'saved');
  });

  test('an inserted image and formula are still there after a reload', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { book } = await seedBook({ topic: 'Images and Math', material, chapterTitle: 'Energy in Cells' });
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.editor).toBeVisible();

    await workspace.editor.click();
    await page.keyboard.press('Control+End');
    await page.getByTestId('editor-image-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('toast-title')).toHaveText('Image uploaded and inserted');
    await expect(workspace.editor.locator('img[src^="/api/images/"]')).toHaveCount(1);

    // Inline math typed with dollar signs, and a display formula through the toolbar.
    await workspace.editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Area $\\pi r^2$ ');
    await expect(workspace.editor.locator('[data-type="inline-math"] .katex')).toHaveCount(1);
    page.once('dialog', (d) => void d.accept('$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$'));
    await page.getByRole('button', { name: 'Formula' }).click();
    await expect(workspace.editor.locator('[data-type="block-math"] .katex-display')).toHaveCount(1);
    await expect(workspace.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

    await page.reload();
    const img = workspace.editor.locator('img[src^="/api/images/"]');
    await expect(img).toHaveCount(1);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(workspace.editor.locator('[data-type="inline-math"]')).toHaveAttribute('data-latex', '\\pi r^2');
    await expect(workspace.editor.locator('[data-type="inline-math"] .katex')).toBeVisible();
    await expect(workspace.editor.locator('[data-type="block-math"] .katex-display')).toBeVisible();
  });

  test('a javascript: link is refused; an https link opens in a new tab', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { book } = await seedBook({ topic: 'Links', material, chapterTitle: 'Energy in Cells' });
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await workspace.editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' click here');
    await page.keyboard.press('Shift+ArrowLeft');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');

    await page.getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert link' });
    await dialog.getByLabel('Link address').fill('javascript:alert(document.cookie)');
    await dialog.getByRole('button', { name: 'Save link' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Links must use one of these schemes');
    await expect(workspace.editor.locator('a')).toHaveCount(0);

    await dialog.getByLabel('Link address').fill('https://example.org/notes');
    await dialog.getByRole('button', { name: 'Save link' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Link added');
    const link = workspace.editor.locator('a[href="https://example.org/notes"]');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(workspace.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

    // What the server stored has no javascript: anywhere.
    const stored = JSON.stringify((await (await page.request.get(`/api/textbooks/${book.id}`)).json()).content);
    expect(stored).toContain('https://example.org/notes');
    expect(stored).not.toContain('javascript:');
  });

  test('below 1024 px the table of contents is a drawer with a toggle, an overlay and a heading', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 800, height: 900 });
    const { book } = await seedBook({ topic: 'Narrow Screens', material: sectioned, chapterTitle: 'Energy in Cells' });
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.title('Narrow Screens')).toBeVisible();
    await expect(workspace.navigation).toHaveCount(0);

    await page.getByRole('button', { name: 'Open table of contents' }).click();
    const drawer = page.getByRole('dialog', { name: 'Table of Contents' });
    await expect(drawer).toBeVisible();
    await page.getByTestId('toc-overlay').click({ position: { x: 780, y: 450 } });
    await expect(drawer).toHaveCount(0);

    await page.getByRole('button', { name: 'Open table of contents' }).click();
    const chapter = book.chapters.find((c) => c.sections.length > 0);
    expect(chapter, 'a book made from material with headings has sections').toBeDefined();
    const chapterButton = drawer.getByRole('button', { name: chapter!.title, exact: true });
    if ((await chapterButton.getAttribute('aria-expanded')) !== 'true') await chapterButton.click();
    const section = chapter!.sections[chapter!.sections.length - 1];
    await drawer.getByRole('button', { name: section.title, exact: true }).click();
    await expect(drawer).toHaveCount(0);
    await expect(workspace.editorCard.getByRole('heading', { name: `${chapter!.title} - ${section.title}` })).toBeVisible();

    // At 1024 px and wider the panel sits beside the content and the toggle is gone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(workspace.navigation).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open table of contents' })).toHaveCount(0);
  });

  test('deleting from My Textbooks asks first, then removes the card', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { book } = await seedBook({ topic: 'Short Lived', material, chapterTitle: 'Energy in Cells' });
    const workspace = new WorkspacePage(page);
    const myTextbooks = new MyTextbooksPage(page);
    await myTextbooks.goto();
    await myTextbooks.deleteButton('Short Lived').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Textbook deleted');
    await expect(myTextbooks.card(book.id)).toHaveCount(0);
    await expect(page.getByText('No Textbooks Yet')).toBeVisible();
    await workspace.goto(book.id);
    await expect(page.getByText('Error Loading Textbook')).toBeVisible();
  });
});
