import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { fixturePath } from '../server/test/fixture-path.support';
import { expect, test } from './fixtures';

/**
 * End to end, on the real server and the offline engine: a book made from a PDF carries the source of
 * each block; the Sources panel shows it for the paragraph under the caret, opens the PDF's page as a
 * picture, colours the chapter in the Verify view with its figures and jumps to the next unsupported
 * block; the reader link shows each chapter's source notes when the owner turns them on.
 */
const invented = 'Quantum annealers from Zanzibar Dynamics replaced every tracing compiler in 2031.';

async function bookFromPdf(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/textbooks/generate-outline', {
    multipart: {
      topic: 'Trace-based compilation',
      approvedReferences: '[]',
      files: { name: 'tracemonkey.pdf', mimeType: 'application/pdf', buffer: readFileSync(fixturePath('pdf/tracemonkey.pdf')) },
    },
    timeout: 180_000,
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { textbookId: number }).textbookId;
  // A claim the material does not hold, added to the first chapter's own text.
  const book = (await (await request.get(`/api/textbooks/${id}`)).json()) as {
    content: { title: string; references: unknown[]; chapters: Array<{ content: string }> };
  };
  book.content.chapters[0].content = `<p>${invented}</p>${book.content.chapters[0].content}`;
  const patch = await request.patch(`/api/textbooks/${id}`, { data: { content: book.content } });
  expect(patch.status(), await patch.text()).toBe(200);
  return id;
}

const editor = (page: Page) => page.getByTestId('content-editor');
const sources = (page: Page) => page.getByRole('region', { name: 'Sources' });

test.describe('where the text comes from', () => {
  test('Sources toggle, the caret paragraph’s source, Open in source, the Verify view and its figures', async ({
    page,
    registerAndLogin,
  }) => {
    test.setTimeout(300_000);
    const me = await registerAndLogin(page, { path: null });
    const id = await bookFromPdf(page.request);
    await page.goto(`/textbook/${id}`);
    // A book from a 12-page paper is large: it takes a while to open on two shared cores.
    await expect(editor(page)).toContainText(invented, { timeout: 60_000 });

    const toggle = page.getByRole('button', { name: 'Sources' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(sources(page)).toBeVisible();

    // A paragraph of the material: the caret in it shows the file, the passage, the page.
    const quoted = editor(page).locator('p').filter({ hasNotText: invented }).first();
    await quoted.click();
    const panel = sources(page);
    await expect(panel.getByText('From the material').first()).toBeVisible();
    await expect(panel.getByText('tracemonkey.pdf').first()).toBeVisible();
    await expect(panel.getByRole('blockquote', { name: 'Source passage' }).or(panel.getByLabel('Source passage'))).toBeVisible();
    await panel.getByRole('button', { name: 'Open in source' }).click();
    const dialog = page.getByRole('dialog', { name: 'tracemonkey.pdf' });
    const picture = dialog.getByRole('img', { name: /^Page \d+ of tracemonkey\.pdf$/ });
    await expect(picture).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 60_000 }).toBeGreaterThan(100);
    await page.keyboard.press('Escape');

    // The invented paragraph: unsupported.
    await editor(page).getByText(invented).click();
    await expect(panel.getByText('Unsupported').first()).toBeVisible();

    // The Verify view: every block coloured by its verdict, the figures, and the jump to the next unsupported one.
    await panel.getByRole('tab', { name: 'Verify' }).click();
    const figures = panel.getByRole('definition').first();
    await expect(figures).toBeVisible();
    await expect(panel.getByLabel('Grounding figures')).toContainText('From the material');
    await expect(panel.getByLabel('Grounding figures')).toContainText('Unsupported');
    const blocks = panel.getByRole('list', { name: 'Blocks of the chapter' });
    const material = blocks.locator('li[data-verdict="material"]').first();
    const unsupported = blocks.locator('li[data-verdict="unsupported"]').first();
    await expect(material).toBeVisible();
    await expect(unsupported).toContainText(invented);
    const colour = (item: typeof material) => item.evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(await colour(material)).not.toBe(await colour(unsupported));
    await panel.getByRole('button', { name: /Next unsupported/ }).click();
    const current = blocks.locator('li[aria-current="true"]');
    await expect(current).toHaveAttribute('data-verdict', 'unsupported');

    // A sentence typed through the live editor is marked as typed by its author once stored.
    const typed = ' Our own remark on the tracing of loops.';
    await editor(page).getByText(invented).click();
    await page.keyboard.press('End');
    await page.keyboard.type(typed, { delay: 20 });
    await expect
      .poll(
        async () => {
          const stored = (await (await page.request.get(`/api/textbooks/${id}`)).json()) as {
            content: { chapters: Array<{ content: string }> };
          };
          return /<p[^>]*\sdata-by="\d+:\d+"[^>]*>[^<]*Our own remark on the tracing of loops\./.test(stored.content.chapters[0].content);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await panel.getByRole('button', { name: 'Check again' }).click();
    await panel.getByRole('tab', { name: 'Paragraph' }).click();
    await expect(panel.getByText(`typed by ${me.username}`).first()).toBeVisible();

    await toggle.click();
    await expect(sources(page)).toHaveCount(0);
  });

  test('the reader link shows source notes when the owner turns them on, and not when off', async ({ page, browser, registerAndLogin }) => {
    test.setTimeout(300_000);
    await registerAndLogin(page, { path: null });
    const id = await bookFromPdf(page.request);
    await page.goto(`/textbook/${id}`);
    await expect(editor(page)).toContainText(invented, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with students' });
    await dialog.getByRole('checkbox', { name: /Show source notes/ }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByLabel('Reader link');
    await expect(address).toHaveValue(/\/read\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();

    const student = await (await browser.newContext()).newPage();
    await student.goto(url);
    const notes = student.getByRole('heading', { name: 'Source notes' }).first();
    await expect(notes).toBeVisible();
    await expect(student.getByText(/tracemonkey\.pdf, pages? \d+/).first()).toBeVisible();

    // Off: the student's next visit shows none.
    const stored = page.waitForResponse((r) => r.url().endsWith(`/api/textbooks/${id}/share`) && r.request().method() === 'PATCH');
    // A click, then the state: the box follows the choice a moment later (the save runs first).
    await dialog.getByRole('checkbox', { name: /Show source notes/ }).click();
    await expect(dialog.getByRole('checkbox', { name: /Show source notes/ })).not.toBeChecked();
    expect((await stored).status()).toBe(200);
    await student.reload();
    await expect(student.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(student.getByRole('heading', { name: 'Source notes' })).toHaveCount(0);
  });
});
