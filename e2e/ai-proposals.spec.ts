import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * Every AI change is a proposal first, end to end on the real server and the offline engine: the
 * section expansion is previewed paragraph by paragraph, the user accepts some of it, and the toast's
 * Undo takes the accepted change back.
 */
const paragraphs = [
  'Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error.',
  'The Difference Engine is a mechanical calculator that works by the method of finite differences, so it needs only addition.',
  'Each column of the engine holds one difference of the polynomial, and turning the crank adds every column to the one beside it.',
  'A printing apparatus attached to the engine set the results in type, so that no copying error could creep into the tables.',
  'The British government funded the construction for a decade before the project was abandoned in 1842 with the engine unfinished.',
];

/** The author kept only the opening sentence of the section: the sources hold the rest. */
const shortSection = {
  topic: 'The Difference Engine',
  material: `# The Difference Engine\n\n${paragraphs.join('\n\n')}`,
  chapterTitle: 'Mechanical Calculation',
  content: {
    title: 'Mechanical Calculation',
    chapters: [
      {
        title: 'Mechanical Calculation',
        content: '<p>Machines that calculate.</p>',
        sections: [{ title: 'The Difference Engine', content: `<p>${paragraphs[0]}</p>` }],
      },
    ],
  },
};

async function sectionHtml(request: APIRequestContext, id: number): Promise<string> {
  const res = await request.get(`/api/textbooks/${id}`);
  const body = (await res.json()) as { content: { chapters: Array<{ sections: Array<{ content: string }> }> } };
  return body.content.chapters[0].sections[0].content;
}

const navigator = (page: Page) => new WorkspacePage(page).navigation;

test('expand a section: preview marked paragraph by paragraph, accept some, then undo', async ({ page, seedBook }) => {
  test.setTimeout(180_000);
  const { id } = (await seedBook(shortSection)).book;
  await new WorkspacePage(page).goto(id);
  await navigator(page)
    .getByRole('button', { name: /The Difference Engine/ })
    .click();
  await expect(page.getByTestId('content-editor')).toContainText(paragraphs[0]);

  await page.getByRole('button', { name: 'Expand Section' }).click();
  await expect(page.getByText('Review the expansion')).toBeVisible({ timeout: 60_000 });
  const added = page.getByTestId('proposal-body').locator('[data-mark="added"]');
  await expect(added.first()).toBeVisible();
  expect(await added.count()).toBeGreaterThanOrEqual(2);
  // Nothing is saved before the user accepts.
  expect(await sectionHtml(page.request, id)).toBe(`<p>${paragraphs[0]}</p>`);

  // Each marked paragraph opens with its mark for screen readers ("Added:").
  const textOf = async (i: number) => (await added.nth(i).innerText()).replace(/^\s*Added:\s*/, '').trim();
  const declinedText = await textOf(0);
  const keptText = await textOf(1);
  await added.first().getByRole('checkbox', { name: 'Add this paragraph' }).uncheck();
  await page.getByRole('button', { name: 'Accept selected' }).click();
  await expect(page.getByText('Section Expanded')).toBeVisible({ timeout: 60_000 });

  const accepted = await sectionHtml(page.request, id);
  expect(accepted).toContain(paragraphs[0]);
  expect(accepted).toContain(keptText.slice(0, 60));
  expect(accepted).not.toContain(declinedText.slice(0, 60));

  await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => sectionHtml(page.request, id)).toBe(`<p>${paragraphs[0]}</p>`);
  await expect(page.getByTestId('content-editor')).not.toContainText(keptText.slice(0, 60));
});
