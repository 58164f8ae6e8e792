import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end: generate a quiz from the textbook page with the offline
 * engine, see it in the navigator's Educational Materials group and in the
 * viewer, reveal an answer with its source, reload and still see it, print it
 * cleanly, delete it.
 */
const material = [
  'Photosynthesis is the process by which plants convert light energy into chemical energy stored in glucose. Chlorophyll in the thylakoid membranes absorbs red and blue light.',
  'The light-dependent reactions split water, release oxygen and produce ATP and NADPH, which carry energy to the Calvin cycle.',
  'The Calvin cycle fixes carbon dioxide in the stroma. Rubisco is the enzyme that attaches carbon dioxide to ribulose bisphosphate. The Calvin cycle turns 3 times to export one sugar.',
  'Cellular respiration releases the energy stored in glucose. Glycolysis happens in the cytoplasm and the Krebs cycle happens in the mitochondria.',
  'Oxidative phosphorylation uses an electron transport chain and ATP synthase to make about 90% of the ATP a cell needs. A mitochondrion is an organelle that makes most of the ATP in a cell.',
].join('\n\n');

const materialsGroup = (page: Page) => page.getByRole('region', { name: 'Educational Materials' });
const viewer = (page: Page) => page.getByTestId('educational-content-viewer');

test.describe('educational materials', () => {
  test('generate a quiz, see it in the navigator, reveal an answer, reload and still see it, then delete it', async ({
    page,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const { book: seeded } = await seedBook({ topic: 'Energy in Cells', material, chapterTitle: 'Energy in Cells' });
    const book = { id: seeded.id, chapterTitle: seeded.chapters[0].title };
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.title('Energy in Cells')).toBeVisible();
    // No materials yet: the group is not shown.
    await expect(materialsGroup(page)).toHaveCount(0);

    await page.getByLabel('Material type').selectOption('quiz');
    await page.getByLabel('Covering').selectOption({ label: `Chapter 1: ${book.chapterTitle}` });
    await page.getByRole('button', { name: 'Generate Quiz' }).click();
    await expect(page.getByText('Quiz Generated')).toBeVisible({ timeout: 60_000 });

    const title = `Quiz: ${book.chapterTitle}`;
    const item = materialsGroup(page).getByRole('button', { name: new RegExp(title) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Quiz');
    await item.click();
    await expect(viewer(page).getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
    await expect(viewer(page).getByRole('heading', { name: title })).toBeVisible();
    const firstQuestion = viewer(page).locator('ol > li').first();
    await expect(firstQuestion.getByText('Answer:')).toHaveCount(0);
    await firstQuestion.getByRole('button', { name: 'Show answer' }).click();
    await expect(firstQuestion.getByText('Answer:')).toBeVisible();
    await expect(firstQuestion.getByText('Source:')).toBeVisible();
    await expect(firstQuestion.getByText('Explanation:')).toBeVisible();

    // Printing shows the material alone: the navigator, the generator and the buttons are hidden.
    await page.emulateMedia({ media: 'print' });
    await expect(viewer(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Quiz' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(materialsGroup(page)).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await page.reload();
    await expect(materialsGroup(page).getByRole('button', { name: new RegExp(title) })).toBeVisible();
    // It is stored on the server, not only in this browser.
    const stored = await page.request.get(`/api/textbooks/${book.id}/materials`);
    expect(((await stored.json()) as { materials: Array<{ title: string }> }).materials.map((m) => m.title)).toEqual([title]);

    await materialsGroup(page)
      .getByRole('button', { name: new RegExp(title) })
      .click();
    await viewer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Material Deleted')).toBeVisible();
    await expect(viewer(page)).toHaveCount(0);
    await expect(materialsGroup(page)).toHaveCount(0);
    await page.reload();
    await expect(workspace.title('Energy in Cells')).toBeVisible();
    await expect(materialsGroup(page)).toHaveCount(0);
  });
});
