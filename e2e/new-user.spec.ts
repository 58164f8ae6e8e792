import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * What a new instructor meets on a first visit, end to end on the real server and the offline engine:
 * expanding a selection that holds a link, a formula and inline code keeps all three, and a page
 * opened from further down another page starts at its top.
 */
const material = [
  'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes. A transistor is a semiconductor device that amplifies or switches electronic signals. Transistors are smaller, cooler and far more reliable than vacuum tubes. The integrated circuit, demonstrated by Jack Kilby in 1958, placed many transistors on a single chip.',
  'The microprocessor placed a whole central processing unit on one chip in 1971. A microprocessor is an integrated circuit that contains the arithmetic, logic and control circuitry of a computer.',
].join('\n\n');

const editor = (page: Page) => new WorkspacePage(page).editor;

type SeedBook = (seed: { topic: string; material: string; chapterTitle?: string }) => Promise<{ book: { id: number } }>;

/** A book on transistors whose one chapter is `chapter` (HTML), opened in the workspace; its id. */
async function openChapter(page: Page, seedBook: SeedBook, chapter: string): Promise<number> {
  const { id } = (await seedBook({ topic: 'Transistors', material, chapterTitle: 'Transistors' })).book;
  const patch = await page.request.patch(`/api/textbooks/${id}`, {
    data: { content: { title: 'Transistors', references: [], chapters: [{ title: 'Transistors', content: chapter, sections: [] }] } },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  await new WorkspacePage(page).goto(id);
  await expect(editor(page)).toContainText('slowly replaced vacuum tubes');
  return id;
}

/** The first chapter's HTML as the server stores it, once it holds `containing` (autosave may still be on its way). */
async function storedChapter(page: Page, id: number, containing: string): Promise<string> {
  const chapterHtml = async () => {
    const res = await page.request.get(`/api/textbooks/${id}`);
    return ((await res.json()) as { content: { chapters: Array<{ content: string }> } }).content.chapters[0].content;
  };
  await expect.poll(chapterHtml).toContain(containing);
  return chapterHtml();
}

test.describe('a new user', () => {
  test('expanding a selection keeps its link, formula and inline code', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const selected =
      '<p>The transistor was invented at <a href="https://example.org/bell-labs">Bell Labs</a> in 1947 and slowly replaced vacuum tubes. ' +
      'A gain of <span data-type="inline-math" data-latex="10^{3}"></span> in reliability came with <code>npn</code> junctions.</p>';
    const id = await openChapter(page, seedBook, selected);
    await expect(editor(page).locator('[data-type="inline-math"]')).toHaveCount(1);
    await editor(page).getByText('slowly replaced vacuum tubes').click({ clickCount: 3 });
    const workspace = new WorkspacePage(page);
    const dialog = await workspace.openExpansion();
    const original = dialog.getByRole('region', { name: 'Original text' });
    // The original is shown as it stands in the book: its formula is there, rendered.
    await expect(original.locator('.katex')).toHaveCount(1);
    await expect(original.getByRole('link', { name: 'Bell Labs' })).toBeVisible();
    await workspace.applyExpansion('A transistor is a semiconductor device that amplifies or switches electronic signals.');
    await expect(editor(page)).toContainText('A transistor is a semiconductor device');

    const stored = await storedChapter(page, id, 'semiconductor device');
    expect(stored).toContain('href="https://example.org/bell-labs"');
    expect(stored).toContain('data-latex="10^{3}"');
    expect(stored).toContain('<code>npn</code>');
    expect(stored).toContain('junctions.');
  });

  test('expanding a phrase from the middle of a sentence never cuts that sentence', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const sentence =
      'The transistor was invented at <a href="https://example.org/bell-labs">Bell Labs</a> in 1947 and slowly replaced vacuum tubes.';
    const id = await openChapter(page, seedBook, `<p>${sentence}</p>`);
    // Select "invented at" only, as a drag over two words would.
    await editor(page).evaluate((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent?.indexOf('invented at') ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + 'invented at'.length);
        (root as HTMLElement).focus();
        const sel = window.getSelection()!;
        sel.removeAllRanges();
        sel.addRange(range);
        return;
      }
    });
    const workspace = new WorkspacePage(page);
    await workspace.openExpansion();
    await workspace.applyExpansion('A transistor is a semiconductor device');
    const stored = await storedChapter(page, id, 'semiconductor device');
    // The sentence stays one paragraph, its link in place; what was added follows it.
    expect(stored).toMatch(
      /<p[^>]*>The transistor was invented at <a [^>]*href="https:\/\/example\.org\/bell-labs"[^>]*>Bell Labs<\/a> in 1947 and slowly replaced vacuum tubes\.<\/p>/,
    );
    expect(stored.indexOf('slowly replaced vacuum tubes')).toBeLessThan(stored.indexOf('semiconductor device'));
  });

  test('an expanded chapter is reviewed block by block at the size of its text, and keeps its link and list', async ({
    page,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const chapter =
      '<p>The transistor was invented at <a href="https://example.org/bell-labs">Bell Labs</a> in 1947 and slowly replaced vacuum tubes.</p>' +
      '<ul><li><p>npn junctions</p></li><li><p>pnp junctions</p></li></ul>';
    const id = await openChapter(page, seedBook, chapter);
    await page.getByRole('button', { name: 'Expand Chapter' }).click();
    await expect(page.getByText('Review the expansion')).toBeVisible({ timeout: 60_000 });
    const body = page.getByTestId('proposal-body');
    await expect(body.locator('[data-mark="added"]').first()).toBeVisible();
    // Each proposed paragraph is as tall as its text: a one-line paragraph does not take the editor's 300 pixels.
    const kept = body.locator('[data-mark="kept"]').filter({ hasText: 'slowly replaced vacuum tubes' });
    const box = await kept.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(0);
    expect(box?.height ?? 0).toBeLessThan(150);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByText('Chapter Expanded')).toBeVisible({ timeout: 60_000 });

    const stored = (
      (await (await page.request.get(`/api/textbooks/${id}`)).json()) as {
        content: { chapters: Array<{ content: string; sections: Array<{ content: string }> }> };
      }
    ).content.chapters[0];
    const html = [stored.content, ...stored.sections.map((x) => x.content)].join('');
    expect(html).toContain('href="https://example.org/bell-labs"');
    expect(html).toContain('npn junctions');
    expect(html).toContain('pnp junctions');
    expect(html).toContain('A transistor is a semiconductor device');
  });

  test('the Sources panel wraps a long file name inside itself', async ({ page, registerAndLogin }) => {
    test.setTimeout(180_000);
    await registerAndLogin(page, { path: null });
    const filename = 'transistors_and_microprocessors_lecture_notes_for_the_history_of_computing_course.txt';
    const res = await page.request.post('/api/textbooks/generate-outline', {
      multipart: {
        topic: 'Transistors',
        approvedReferences: '[]',
        files: { name: filename, mimeType: 'text/plain', buffer: Buffer.from(material) },
      },
      timeout: 120_000,
    });
    expect(res.status(), await res.text()).toBe(200);
    const { textbookId } = (await res.json()) as { textbookId: number };
    await new WorkspacePage(page).goto(textbookId);
    await editor(page).getByText('semiconductor device').first().click();
    await page.getByRole('button', { name: 'Sources' }).click();
    const panel = page.getByRole('region', { name: 'Sources' });
    await expect(panel.getByText(filename)).toBeVisible({ timeout: 60_000 });
    // Nothing of the file's details runs past the panel's edge.
    const overflow = await panel
      .locator('dl')
      .first()
      .evaluate((dl) => dl.scrollWidth - dl.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a page opened from further down another page starts at its top', async ({ page, seedBook }) => {
    const { id } = (await seedBook({ topic: 'Transistors', material })).book;
    await page.setViewportSize({ width: 1280, height: 420 });
    await new WorkspacePage(page).goto(id);
    await expect(editor(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // A link inside the app (no page load): the create page is taller, so without a reset it would open mid-way.
    await page.getByRole('link', { name: 'Create Textbook' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI-Powered Textbook Generator' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Back keeps the browser's own position handling: the book opens again.
    await page.goBack();
    await expect(editor(page)).toBeVisible();
  });
});
