import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * The outline assistant on the textbook page, on the real server and the offline engine: ask for a
 * change, see the proposed table of contents, apply it (a saved version), rename, then undo.
 */
const chapterList = (page: Page) => new WorkspacePage(page).chapterList;

test('the outline assistant beside the book: add a chapter, rename one, undo, each shown before it is applied', async ({
  page,
  seedBook,
}) => {
  test.setTimeout(120_000);
  const { id } = (
    await seedBook({
      topic: 'Ecology',
      material: 'A population is a group of organisms of one species living in one area.',
      content: {
        title: 'Ecology',
        chapters: [
          { title: 'Populations', content: '<p>A population is a group of organisms of one species living in one area.</p>', sections: [] },
          { title: 'Communities', content: '<p>A community is every population that lives in one area at one time.</p>', sections: [] },
        ],
      },
    })
  ).book;
  await new WorkspacePage(page).goto(id);
  const assistant = page.getByTestId('book-assistant');
  await expect(assistant).toBeVisible();

  const ask = async (text: string) => {
    await assistant.getByLabel('Message to the outline assistant').fill(text);
    await assistant.getByRole('button', { name: 'Send message' }).click();
  };
  await ask('Add a chapter titled "Ecosystems"');
  const proposed = assistant.getByRole('list', { name: 'Proposed table of contents' });
  await expect(proposed.locator('li[data-change="added"]')).toContainText('Ecosystems');
  // Nothing changes in the book until the change is applied.
  await expect(chapterList(page).getByText('Ecosystems')).toHaveCount(0);
  await assistant.getByRole('button', { name: 'Apply' }).click();
  await expect(chapterList(page).getByText('Ecosystems')).toBeVisible();

  await ask('Rename chapter 1 to "Population Ecology"');
  await expect(proposed.locator('li[data-change="renamed"]')).toContainText('Population Ecology');
  await assistant.getByRole('button', { name: 'Apply' }).click();
  await expect(chapterList(page).getByText('Population Ecology')).toBeVisible();

  await assistant.getByRole('button', { name: /Undo/ }).click();
  await expect(chapterList(page).getByText('Populations', { exact: true })).toBeVisible();
  await expect(chapterList(page).getByText('Population Ecology')).toHaveCount(0);
  await page.reload();
  await expect(chapterList(page).getByText('Populations', { exact: true })).toBeVisible();
  await expect(chapterList(page).getByText('Ecosystems')).toBeVisible();
});
