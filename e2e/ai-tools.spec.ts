import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end, on the real server and the offline engine: expand a
 * selection from the book's own sources and keep it across a reload; apply
 * 'Make a 10-week syllabus' and see ten weeks.
 */
const material = [
  'Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error. The Difference Engine is a mechanical calculator that works by the method of finite differences. Babbage later designed the Analytical Engine, which could be programmed with punched cards. Ada Lovelace wrote notes in 1843 that describe an algorithm for computing Bernoulli numbers on the Analytical Engine.',
  'The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes. A vacuum tube is an electronic switch that controls the flow of electrons in a sealed glass bulb. The stored-program concept, described by John von Neumann in 1945, placed instructions in the same memory as data. For instance, the Manchester Baby ran the first stored program in June 1948.',
  'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes. A transistor is a semiconductor device that amplifies or switches electronic signals. Transistors are smaller, cooler and far more reliable than vacuum tubes. The integrated circuit, demonstrated by Jack Kilby in 1958, placed many transistors on a single chip.',
  'The microprocessor placed a whole central processing unit on one chip in 1971. A microprocessor is an integrated circuit that contains the arithmetic, logic and control circuitry of a computer. Personal computers such as the Apple II brought computing into homes and schools in 1977. The graphical user interface made computers usable by people who had never written a program.',
].join('\n\n');

const history = (topic: string) => ({ topic, material, chapterTitle: 'History of Computing' });

const editor = (page: Page) => new WorkspacePage(page).editor;
const saveStatus = (page: Page) => new WorkspacePage(page).saveStatus;
const chapterList = (page: Page) => new WorkspacePage(page).chapterList;

test.describe('AI writing tools', () => {
  test('select text, expand it from the sources, apply, reload and find it', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(history('History of Computing'))).book;
    // A short book on the same sources: one sentence of the transistor passage, so the sources hold more.
    const selected = 'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.';
    const patch = await page.request.patch(`/api/textbooks/${id}`, {
      data: {
        content: {
          title: 'History of Computing',
          references: [],
          chapters: [{ title: 'Transistors', content: `<p>${selected}</p>`, sections: [] }],
        },
      },
    });
    expect(patch.status(), await patch.text()).toBe(200);

    await new WorkspacePage(page).goto(id);
    await expect(editor(page)).toContainText(selected);
    await editor(page).getByText(selected).click({ clickCount: 3 });
    const chip = page.getByTestId('expand-chip');
    await expect(chip).toBeVisible();
    await chip.click();

    const dialog = page.getByRole('dialog', { name: 'AI Text Expansion' });
    await expect(dialog).toBeVisible();
    const expanded = dialog.getByTestId('expanded-text');
    await expect(expanded).toContainText('A transistor is a semiconductor device that amplifies or switches electronic signals.');
    await expect(expanded).toContainText(selected);
    await dialog.getByRole('button', { name: 'Apply expansion' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Text expanded')).toBeVisible();
    await expect(editor(page)).toContainText('A transistor is a semiconductor device');
    await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

    await page.reload();
    await expect(editor(page)).toContainText('A transistor is a semiconductor device that amplifies or switches electronic signals.');
    await expect(editor(page)).toContainText(selected);
  });

  test('expand a chapter the user just edited: link, image and typed text kept, first section shown', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(history('Computing Machines'))).book;
    const opening = 'Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error.';
    const linked = `<p>${opening.replace('Difference Engine', '<a href="https://example.org/engine">Difference Engine</a>')}</p>`;
    const patch = await page.request.patch(`/api/textbooks/${id}`, {
      data: {
        content: {
          title: 'Computing Machines',
          references: [],
          chapters: [
            {
              title: 'Mechanical Calculation',
              content: `${linked}<img src="/api/images/1" alt="engine"><p>The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.</p>`,
              sections: [],
            },
          ],
        },
      },
    });
    expect(patch.status(), await patch.text()).toBe(200);

    await new WorkspacePage(page).goto(id);
    await expect(editor(page)).toContainText(opening);
    // Typed just before expanding: the autosave has not run yet.
    await editor(page).getByText('slowly replaced vacuum tubes').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' My own closing remark about the machines.');
    await page.getByRole('button', { name: 'Expand Chapter' }).click();
    // A proposal first: nothing is saved until it is accepted.
    await expect(page.getByText('Review the expansion')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('proposal-body').locator('[data-mark="added"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByText('Chapter Expanded')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Select a section to view content')).toHaveCount(0);
    await expect(editor(page)).toContainText(opening);

    const stored = await page.request.get(`/api/textbooks/${id}`);
    const chapter = ((await stored.json()) as { content: { chapters: Array<{ content: string; sections: Array<{ content: string }> }> } })
      .content.chapters[0];
    const html = [chapter.content, ...chapter.sections.map((s) => s.content)].join('');
    expect(chapter.sections).toHaveLength(4);
    expect(html).toContain('href="https://example.org/engine"');
    expect(html).toContain('src="/api/images/1"');
    expect(html).toContain('My own closing remark about the machines.');
  });

  test('apply "Make a 10-week syllabus" and see ten weeks', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(history('Computing History'))).book;
    await new WorkspacePage(page).goto(id);

    await page.getByText('Academic Toolkit').click();
    const apply = page.getByRole('button', { name: 'Apply Customization' });
    await expect(apply).toBeDisabled();
    await page.getByRole('button', { name: 'Make a 10-week syllabus' }).click();
    await expect(page.getByLabel('Guidance')).toHaveValue('Make a 10-week syllabus');
    await apply.click();
    // The new table of contents is shown first; nothing is saved until it is applied.
    const preview = page.getByRole('list', { name: 'Proposed table of contents' });
    await expect(preview.getByText(/^Week 10: /)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Apply this structure' }).click();
    await expect(page.getByText('Textbook Structure Updated')).toBeVisible({ timeout: 60_000 });

    for (let week = 1; week <= 10; week++) await expect(chapterList(page).getByText(new RegExp(`^Week ${week}: `))).toBeVisible();
    await expect(chapterList(page).getByText(/^Week 11: /)).toHaveCount(0);
    await page.reload();
    await expect(chapterList(page).getByText(/^Week \d+: /)).toHaveCount(10);
  });

  test('a restructuring is undone in one click, as a version of its own', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(history('Computing History'))).book;
    const before = (
      (await (await page.request.get(`/api/textbooks/${id}`)).json()) as { content: { chapters: Array<{ title: string }> } }
    ).content.chapters.map((c) => c.title);
    await new WorkspacePage(page).goto(id);
    await page.getByText('Academic Toolkit').click();
    await page.getByRole('button', { name: 'Make a 10-week syllabus' }).click();
    await page.getByRole('button', { name: 'Apply Customization' }).click();
    await page.getByRole('button', { name: 'Apply this structure' }).click({ timeout: 60_000 });
    await expect(page.getByText('Textbook Structure Updated')).toBeVisible({ timeout: 60_000 });
    await expect(chapterList(page).getByText(/^Week \d+: /)).toHaveCount(10);

    await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone')).toBeVisible({ timeout: 30_000 });
    await expect(chapterList(page).getByText(/^Week \d+: /)).toHaveCount(0);
    const after = (
      (await (await page.request.get(`/api/textbooks/${id}`)).json()) as { content: { chapters: Array<{ title: string }> } }
    ).content.chapters.map((c) => c.title);
    expect(after).toEqual(before);
    const versions = (await (await page.request.get(`/api/textbooks/${id}/versions`)).json()) as {
      versions: Array<{ description?: string | null }>;
    };
    expect(versions.versions.some((v) => v.description?.startsWith('Undid: Restructured: Make a 10-week syllabus'))).toBe(true);
  });

  test('typed notes keep their chapter title, Markdown and $...$ formulas, shown as math', async ({ page, registerAndLogin }) => {
    test.setTimeout(180_000);
    await registerAndLogin(page);
    await page.getByLabel('Topic Name').fill('Statistics');
    await page.getByRole('tab', { name: 'Enter Directly' }).click();
    await page.getByLabel(/chapter title/i).fill('Descriptive Statistics');
    await page
      .locator('#direct-content')
      .fill(
        'The mean of a sample is $\\bar{x} = \\frac{1}{n}\\sum_{i=1}^n x_i$, the sum of the values divided by their number.\n\n' +
          'The variance $s_1^2 = \\frac{1}{n-1}\\sum (x_i - \\bar{x})^2$ measures the spread of the values around the mean.\n\n' +
          '- The range is the largest value minus the smallest.\n- The interquartile range is $Q_3 - Q_1$.',
      );
    await page.getByRole('button', { name: 'Generate Textbook Outline' }).click();
    await page.waitForURL(/\/textbook\/\d+$/, { timeout: 120_000 });
    await expect(chapterList(page).getByText('Descriptive Statistics')).toBeVisible();
    await expect(editor(page)).toContainText('measures the spread of the values around the mean');
    await expect(
      editor(page)
        .locator('ul > li')
        .filter({ hasText: /^The range is the largest value minus the smallest\.$/ }),
    ).toBeVisible();
    // Every formula is a math node rendered by KaTeX, its subscripts included.
    await expect(editor(page).locator('[data-type="inline-math"] .katex').first()).toBeVisible();
    expect(await editor(page).locator('[data-type="inline-math"]').count()).toBeGreaterThanOrEqual(3);
    const stored = await (await page.request.get(page.url().replace('/textbook/', '/api/textbooks/'))).json();
    expect(JSON.stringify(stored.content)).toContain('data-latex=\\"s_1^2 = \\\\frac{1}{n-1}\\\\sum (x_i - \\\\bar{x})^2\\"');
  });

  test('expanding a selection continues it with the passage after it in the notes, formulas rendered, never the aside beside it', async ({
    page,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const notes = readFileSync(path.resolve('test-fixtures/text/linear-algebra-notes.md'), 'utf8');
    const { id } = (await seedBook({ topic: 'Linear Algebra', material: notes, chapterTitle: 'Linear Algebra Notes' })).book;
    const selected = 'Back substitution then solves for the unknowns of the system, from the last row of the echelon form upwards.';
    const patch = await page.request.patch(`/api/textbooks/${id}`, {
      data: {
        content: {
          title: 'Linear Algebra',
          references: [],
          chapters: [{ title: 'Gaussian Elimination', content: `<p>${selected}</p>`, sections: [] }],
        },
      },
    });
    expect(patch.status(), await patch.text()).toBe(200);

    await new WorkspacePage(page).goto(id);
    await editor(page).getByText(selected).click({ clickCount: 3 });
    await page.getByTestId('expand-chip').click();
    const dialog = page.getByRole('dialog', { name: 'AI Text Expansion' });
    const expanded = dialog.getByTestId('expanded-text');
    // The selection opens the expansion; the sentence before it in the notes is not put in front of it.
    await expect(expanded).toContainText('arithmetic operations');
    expect((await expanded.innerText()).startsWith(selected)).toBe(true);
    await expect(expanded).not.toContainText('partial pivoting chooses the largest available pivot');
    await expect(expanded).not.toContainText('Kigali');
    await expect(expanded.locator('.katex').first()).toBeVisible();
    // Not cramped: both buttons in view without scrolling.
    await expect(dialog.getByRole('button', { name: 'Apply expansion' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  });
});
