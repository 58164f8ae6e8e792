import { deflateSync, crc32 } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { ReaderPage } from './pages/reader.page';
import { WorkspacePage } from './pages/workspace.page';

/**
 * The reader link for students, end to end: the owner creates the link in the Share dialog and
 * chooses to share quizzes; a second browser with no account opens it, reads a chapter (math
 * typeset, the book's image shown), searches, reveals a quiz answer; after the owner revokes the
 * link, the student's page says it is no longer available. Axe checks the dialog and the pages.
 */
const material = [
  'Photosynthesis is the process by which plants convert light energy into chemical energy stored in glucose. Chlorophyll in the thylakoid membranes absorbs red and blue light.',
  'The light-dependent reactions split water, release oxygen and produce ATP and NADPH, which carry energy to the Calvin cycle.',
  'The Calvin cycle fixes carbon dioxide in the stroma. Rubisco is the enzyme that attaches carbon dioxide to ribulose bisphosphate.',
].join('\n\n');

/** A small real PNG (a red band), made here so the test needs no file. */
function redPng(width = 48, height = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 60, 60]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A generated book, a second chapter with a formula and an image added through the API, and a quiz on chapter 1. */
const energyInCells = { topic: 'Energy in Cells', material, chapterTitle: 'Photosynthesis' };

async function prepareBook(request: APIRequestContext, id: number): Promise<{ id: number; firstChapter: string }> {
  const upload = await request.post('/api/images/upload', {
    multipart: { textbookId: String(id), file: { name: 'band.png', mimeType: 'image/png', buffer: redPng() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { dataUrl } = (await upload.json()) as { dataUrl: string };
  const current = (await (await request.get(`/api/textbooks/${id}`)).json()) as {
    revision: number;
    content: { chapters: Array<{ title: string }> };
  };
  const content = {
    ...current.content,
    chapters: [
      ...current.content.chapters,
      {
        title: 'Cellular Respiration',
        content: '<p>Cells release the energy stored in glucose.</p>',
        sections: [
          {
            title: 'The overall reaction',
            content: `<p>Respiration sums up as</p><p>$$C_6H_{12}O_6 + 6O_2 \\to 6CO_2 + 6H_2O$$</p><img src="${dataUrl}" alt="A band of red light" /><p>Mitochondria make most of the ATP.</p>`,
          },
        ],
      },
    ],
  };
  const saved = await request.patch(`/api/textbooks/${id}`, { data: { content, baseRevision: current.revision } });
  expect(saved.status(), await saved.text()).toBe(200);
  const quiz = await request.post(`/api/textbooks/${id}/materials`, { data: { contentType: 'quiz', chapterIndex: 0 }, timeout: 90_000 });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return { id, firstChapter: current.content.chapters[0].title };
}

test.describe('reader link for students', () => {
  test('the owner shares, a student without an account reads and answers, the owner revokes', async ({ page, browser, seedBook }) => {
    test.setTimeout(240_000);
    const { book: seeded } = await seedBook(energyInCells);
    const book = await prepareBook(page.request, seeded.id);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await new WorkspacePage(page).goto(book.id);
    await expect(new WorkspacePage(page).title('Energy in Cells')).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with students' });
    await expect(dialog.getByText('This textbook has no reader link.')).toBeVisible();
    await expectAccessible(page, 'the share dialog without a link');
    await dialog.getByRole('checkbox', { name: /Quizzes/ }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByLabel('Reader link');
    await expect(address).toHaveValue(/\/read\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page, 'the share dialog with a link');
    await page.keyboard.press('Escape');

    // A student: another browser context, no account, no cookies.
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    const reader = new ReaderPage(student);
    await reader.goto(url);
    await expect(student.getByRole('heading', { level: 1, name: 'Energy in Cells' })).toBeVisible();
    await expect(student.getByText('Read-only', { exact: true })).toBeVisible();
    await expect(student.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(reader.chapter(book.firstChapter)).toBeVisible();
    await expectAccessible(student, 'the reader page');

    const toc = reader.toc;
    await toc.getByRole('link', { name: /^2\. Cellular Respiration/ }).click();
    await expect(reader.chapter('Cellular Respiration')).toBeVisible();
    await expect(student.getByText('Mitochondria make most of the ATP.')).toBeVisible();
    await expect(student.locator('main .katex-display')).toBeVisible();
    const image = student.getByRole('img', { name: 'A band of red light' });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^\/api\/shared\/[A-Za-z0-9_-]{43}\/images\/\d+$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expect(student).toHaveURL(/#c2$/);
    // Nothing on the page can write: no editor, no text area.
    await expect(student.locator('[contenteditable], textarea')).toHaveCount(0);

    await reader.search.fill('rubisco');
    const results = reader.searchResults;
    await expect(results.getByRole('link').first()).toContainText(book.firstChapter);
    await results.getByRole('link').first().click();
    await expect(reader.chapter(book.firstChapter)).toBeVisible();
    await reader.search.fill('');

    await toc.getByRole('link', { name: /^Quiz/ }).click();
    const viewer = reader.viewer;
    const firstQuestion = viewer.locator('ol > li').first();
    await expect(firstQuestion).toBeVisible();
    // Answer keys stay with the owner and collaborators: the reader is sent none, so none can be shown.
    await expect(firstQuestion.getByText('Answer:')).toHaveCount(0);
    await expect(firstQuestion.getByRole('button', { name: 'Show answer' })).toHaveCount(0);
    await expectAccessible(student, 'the reader page with a quiz');

    // Printing shows the book without the navigation, each chapter on a new page.
    await toc.getByRole('link', { name: /^2\. Cellular Respiration/ }).click();
    await student.emulateMedia({ media: 'print' });
    await student.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(reader.chapter(book.firstChapter)).toBeVisible();
    await expect(toc).toBeHidden();
    expect(
      await student
        .locator('.reader-chapter')
        .nth(1)
        .evaluate((el) => getComputedStyle(el).breakBefore),
    ).toBe('page');
    await student.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await student.emulateMedia({ media: 'screen' });

    // The owner revokes; the student's next visit finds nothing.
    await page.getByRole('button', { name: 'Share' }).click();
    await dialog.getByRole('button', { name: 'Revoke...' }).click();
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expect(dialog.getByText('This textbook has no reader link.')).toBeVisible();
    await student.reload();
    await expect(student.getByRole('heading', { name: 'This link is no longer available' })).toBeVisible();
    await expectAccessible(student, 'the unavailable link page');
    await studentContext.close();
  });

  test('the reader page in the dark theme and on a narrow screen', async ({ page, browser, seedBook }) => {
    test.setTimeout(180_000);
    const { book: seeded } = await seedBook(energyInCells);
    const book = await prepareBook(page.request, seeded.id);
    const created = await page.request.post(`/api/textbooks/${book.id}/share`, { data: { materialTypes: ['quiz'] } });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };

    const context = await browser.newContext({ viewport: { width: 600, height: 900 } });
    const student = await context.newPage();
    await student.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const reader = new ReaderPage(student);
    await reader.goto(url);
    await expect(student.locator('html')).toHaveClass(/dark/);
    await expect(reader.chapter(book.firstChapter)).toBeVisible();
    await expectAccessible(student, 'the reader page (dark, narrow)');
    await student.getByRole('button', { name: 'Open table of contents' }).click();
    const drawer = student.getByRole('dialog', { name: 'Table of Contents' });
    await expect(drawer).toBeVisible();
    await expectAccessible(student, 'the reader contents drawer (dark)');
    await drawer.getByRole('link', { name: /^2\. Cellular Respiration/ }).click();
    await expect(drawer).toHaveCount(0);
    await expect(reader.chapter('Cellular Respiration')).toBeVisible();
    await expectAccessible(student, 'a chapter with math and an image (dark)');
    await context.close();
  });
});
