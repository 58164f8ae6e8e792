import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end: the Academic Toolkit on the real server (offline engine, PGlite,
 * Debian Chromium): reorder by mouse and keyboard, add/rename/delete, version restore.
 */
const material = [
  'Sound is a mechanical wave that travels through air, water and solids. Its speed depends on the medium.',
  'Light is an electromagnetic wave. It needs no medium and travels fastest in a vacuum.',
  'Interference happens when two waves overlap; diffraction when a wave bends around an obstacle.',
].join('\n\n');

/** A known structure (no ids: the server gives them), saved over the generated outline. */
const structure = {
  title: 'Waves',
  references: [],
  chapters: [
    { title: 'Alpha', content: '<p>Alpha intro</p>', sections: ['A1', 'A2', 'A3'].map((t) => ({ title: t, content: `<p>${t} body</p>` })) },
    { title: 'Beta', content: '<p>Beta intro</p>', sections: [{ title: 'B1', content: '<p>B1 body</p>' }] },
    { title: 'Gamma', content: '<p>Gamma intro</p>', sections: [] },
    { title: 'Delta', content: '<p>Delta intro</p>', sections: [{ title: 'D1', content: '<p>D1 body</p>' }] },
  ],
};

interface Stored {
  chapters: Array<{ title: string; sections: Array<{ title: string }> }>;
}

const waves = { topic: 'Waves', material, content: structure };

async function stored(request: APIRequestContext, id: number): Promise<Stored> {
  const res = await request.get(`/api/textbooks/${id}`);
  return ((await res.json()) as { content: Stored }).content;
}

async function openToolkitTab(page: Page, tab: string) {
  await page.getByRole('button', { name: /Academic Toolkit/ }).click();
  await page.getByRole('tab', { name: tab }).click();
}

const toastTitle = (page: Page) => page.getByTestId('toast-title');
const navigator = (page: Page) => new WorkspacePage(page).navigation;
const chapterTitles = (page: Page) => page.getByTestId('reorder-chapter-title');
const sectionTitles = (page: Page) => page.getByTestId('reorder-section-title');

/** The sortable row a drag handle belongs to. */
const rowOf = (handle: Locator) => handle.locator('xpath=ancestor::li[1]');

/** A real pointer drag: press on the handle, pass the 8 px activation distance, glide onto the target row. */
async function dragTo(page: Page, handle: Locator, target: Locator) {
  // dnd-kit animates rows into place after a reorder or reset: hovering waits until each has stopped
  // moving, so the boxes measured next are where the rows really are.
  await target.hover();
  await handle.hover();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target is not visible');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 8 px activation distance: the drag has started once the row is marked as dragging.
  await page.mouse.move(x, from.y + from.height / 2 + 12, { steps: 4 });
  await expect(rowOf(handle)).toHaveAttribute('data-dragging', 'true');
  // Aim past the target's centre in the direction of travel, so the collision is not a tie.
  const towardsTop = to.y < from.y;
  await page.mouse.move(x, to.y + to.height * (towardsTop ? 0.25 : 0.75), { steps: 16 });
  // The target is the drop place once it has moved aside to make room.
  await expect(target).toHaveAttribute('style', /translate3d\(-?\d+px, -?[1-9]\d*px/);
  await page.mouse.up();
}

/** Keyboard sorting: Space picks up, each arrow moves one place (announced to screen readers), Space drops. */
async function moveByKeyboard(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times: number) {
  const row = rowOf(handle);
  const start = await row.evaluate((li) => Array.from(li.parentElement!.children).indexOf(li));
  const announced = (position: number) =>
    expect(page.locator('[id^="DndLiveRegion"]', { hasText: `moved to position ${position} of` })).toHaveCount(1);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(row).toHaveAttribute('data-dragging', 'true');
  // dnd-kit has measured the list once it announces the item over its own place: arrows pressed before are lost.
  await announced(start + 1);
  for (let i = 1; i <= times; i++) {
    await page.keyboard.press(key);
    await announced(start + (key === 'ArrowUp' ? -i : i) + 1);
  }
  await page.keyboard.press('Space');
}

test.describe('academic toolkit', () => {
  test('reorder chapters by mouse and by keyboard, reorder sections, reload and see the new order', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(waves)).book;
    await new WorkspacePage(page).goto(id);
    await openToolkitTab(page, 'Reorder Content');
    await expect(chapterTitles(page)).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta']);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    // Mouse: Gamma onto Alpha's place.
    const rows = page.getByTestId('reorder-chapter');
    await dragTo(page, page.getByRole('button', { name: 'Drag chapter "Gamma"' }), rows.nth(0));
    await expect(chapterTitles(page)).toHaveText(['1. Gamma', '2. Alpha', '3. Beta', '4. Delta']);
    await expect(toastTitle(page)).toHaveText('Order Updated');

    // Keyboard: Delta up two places.
    await moveByKeyboard(page, page.getByRole('button', { name: 'Drag chapter "Delta"' }), 'ArrowUp', 2);
    await expect(chapterTitles(page)).toHaveText(['1. Gamma', '2. Delta', '3. Alpha', '4. Beta']);

    // Reset Order goes back to the saved order; arrange again and save.
    await page.getByRole('button', { name: 'Reset Order' }).click();
    await expect(toastTitle(page)).toHaveText('Reset Complete');
    await expect(chapterTitles(page)).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta']);
    await dragTo(page, page.getByRole('button', { name: 'Drag chapter "Gamma"' }), rows.nth(0));
    await expect(chapterTitles(page)).toHaveText(['1. Gamma', '2. Alpha', '3. Beta', '4. Delta']);
    await moveByKeyboard(page, page.getByRole('button', { name: 'Drag chapter "Delta"' }), 'ArrowUp', 2);
    await expect(chapterTitles(page)).toHaveText(['1. Gamma', '2. Delta', '3. Alpha', '4. Beta']);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastTitle(page)).toHaveText('Reordering Saved');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    // The workspace follows at once, without a reload.
    await expect(navigator(page).getByRole('list', { name: 'Chapters' }).getByRole('button').first()).toHaveText(/Gamma/);

    // Sections of Alpha: A1 to the end by mouse, then A2 down one by keyboard.
    await page.getByRole('button', { name: 'Show Sections of "Alpha"' }).click();
    await expect(page.getByRole('button', { name: 'Hide Sections of "Alpha"' })).toBeVisible();
    await page.getByRole('button', { name: 'Reorder Sections of "Alpha"' }).click();
    await expect(sectionTitles(page)).toHaveText(['1. A1', '2. A2', '3. A3']);
    await dragTo(page, page.getByRole('button', { name: 'Drag section "A1"' }), page.getByTestId('reorder-section').nth(2));
    await expect(sectionTitles(page)).toHaveText(['1. A2', '2. A3', '3. A1']);
    await moveByKeyboard(page, page.getByRole('button', { name: 'Drag section "A2"' }), 'ArrowDown', 1);
    await expect(sectionTitles(page)).toHaveText(['1. A3', '2. A2', '3. A1']);
    await page.getByRole('button', { name: 'Back to Chapters' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastTitle(page)).toHaveText('Sections Reordered');

    const saved = await stored(page.request, id);
    expect(saved.chapters.map((c) => c.title)).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(saved.chapters[2].sections.map((s) => s.title)).toEqual(['A3', 'A2', 'A1']);

    await page.reload();
    await openToolkitTab(page, 'Reorder Content');
    await expect(chapterTitles(page)).toHaveText(['1. Gamma', '2. Delta', '3. Alpha', '4. Beta']);
    await page.getByRole('button', { name: 'Reorder Sections of "Alpha"' }).click();
    await expect(sectionTitles(page)).toHaveText(['1. A3', '2. A2', '3. A1']);
  });

  test('add, rename and delete a chapter and a section', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(waves)).book;
    await new WorkspacePage(page).goto(id);
    await openToolkitTab(page, 'Add Chapters/Sections');
    const chapters = page.getByTestId('toolkit-chapter-title');
    await expect(chapters).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta']);

    await page.getByRole('button', { name: 'Add New Chapter' }).click();
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(toastTitle(page)).toHaveText('Title Required');
    await page.getByLabel('Chapter title').fill('Epsilon');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(toastTitle(page)).toHaveText('Chapter Added');
    await expect(page.getByLabel('Chapter title')).toHaveCount(0);
    await expect(chapters).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta', '5. Epsilon']);
    await expect(navigator(page).getByRole('button', { name: 'Epsilon', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Rename chapter "Epsilon"' }).click();
    await page.getByLabel('Chapter title').fill('Epsilon Prime');
    await page.getByLabel('Chapter title').press('Enter');
    await expect(toastTitle(page)).toHaveText('Chapter Updated');
    await expect(chapters.nth(4)).toHaveText('5. Epsilon Prime');

    await page.getByRole('button', { name: /5\. Epsilon Prime/ }).click();
    await expect(page.getByText('No sections in this chapter')).toBeVisible();
    await page.getByRole('button', { name: 'Add Section to this Chapter' }).click();
    // Written in the rich editor, which starts with the spec's default text.
    const sectionEditor = page.getByTestId('new-section-editor');
    await expect(sectionEditor).toHaveText('Enter your content here...');
    await page.getByLabel('Section title').fill('E1');
    await sectionEditor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Epsilon ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('one');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' body');
    await page.getByRole('button', { name: 'Add Section', exact: true }).click();
    await expect(toastTitle(page)).toHaveText('Section Added');
    const card = page.getByTestId('section-card').filter({ hasText: 'E1' });
    await expect(card.getByTestId('section-preview')).toHaveText('Epsilon one body');

    let saved = await stored(page.request, id);
    expect(saved.chapters.at(-1)).toMatchObject({
      title: 'Epsilon Prime',
      sections: [{ title: 'E1', content: expect.stringContaining('<strong>one</strong>') }],
    });

    await card.getByRole('button', { name: 'Delete section "E1"' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete the section "E1"? This action cannot be undone.',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastTitle(page)).toHaveText('Section Deleted');
    await expect(page.getByText('No sections in this chapter')).toBeVisible();

    await page.getByRole('button', { name: 'Delete chapter "Epsilon Prime"' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete the chapter "Epsilon Prime"? This action cannot be undone.',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastTitle(page)).toHaveText('Chapter Deleted');
    await expect(chapters).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta']);

    // Section cards are draggable too, and a move is saved at once.
    await page.getByRole('button', { name: /1\. Alpha/ }).click();
    const cardTitles = page.getByRole('list', { name: 'Sections of "Alpha"' }).getByTestId('section-card-title');
    await expect(cardTitles).toHaveText(['A1', 'A2', 'A3']);
    await moveByKeyboard(page, page.getByRole('button', { name: 'Drag section "A3"' }), 'ArrowUp', 2);
    await expect(toastTitle(page)).toHaveText('Sections Reordered');
    await expect(cardTitles).toHaveText(['A3', 'A1', 'A2']);

    await page.reload();
    await openToolkitTab(page, 'Add Chapters/Sections');
    await expect(page.getByTestId('toolkit-chapter-title')).toHaveText(['1. Alpha', '2. Beta', '3. Gamma', '4. Delta']);
    saved = await stored(page.request, id);
    expect(saved.chapters.map((c) => c.title)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(saved.chapters[0].sections.map((s) => s.title)).toEqual(['A3', 'A1', 'A2']);
  });

  test('restore an old version, then restore the version made before it', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { id } = (await seedBook(waves)).book;
    await new WorkspacePage(page).goto(id);
    await openToolkitTab(page, 'Add Chapters/Sections');
    await page.getByRole('button', { name: 'Rename chapter "Alpha"' }).click();
    await page.getByLabel('Chapter title').fill('Alpha Renamed');
    await page.getByLabel('Chapter title').press('Enter');
    await expect(toastTitle(page)).toHaveText('Chapter Updated');

    await page.getByRole('tab', { name: 'Version History' }).click();
    const numbers = page.getByTestId('version-number');
    await expect(numbers).toHaveText(['Version 3', 'Version 2', 'Version 1']);
    await expect(page.getByTestId('version-description').first()).toHaveText(/^Renamed chapter 1 to "Alpha Renamed" \(by /);
    await expect(
      page
        .getByTestId('version-item')
        .first()
        .getByText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/),
    ).toBeVisible();

    // Version 2 is the known structure, before the rename.
    await page.getByRole('button', { name: 'View / Restore Version 2' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('version-outline').getByRole('listitem')).toHaveText([
      'Alpha (3 sections)',
      'Beta (1 section)',
      'Gamma (0 sections)',
      'Delta (1 section)',
    ]);
    await dialog.getByRole('button', { name: 'Restore This Version' }).click();
    await expect(toastTitle(page)).toHaveText('Version Restored');
    await expect(dialog).toHaveCount(0);
    await expect(numbers.first()).toHaveText('Version 4');
    await expect(page.getByTestId('version-description').first()).toHaveText(/^Restored version 2 \(by /);
    await expect(navigator(page).getByRole('button', { name: 'Alpha', exact: true })).toBeVisible();
    expect((await stored(page.request, id)).chapters[0].title).toBe('Alpha');

    // Version 3 holds the state the restore replaced: restoring it undoes the restore.
    await page.getByRole('button', { name: 'View / Restore Version 3' }).click();
    await expect(dialog.getByTestId('version-outline').getByRole('listitem').first()).toHaveText('Alpha Renamed (3 sections)');
    await dialog.getByRole('button', { name: 'Restore This Version' }).click();
    await expect(toastTitle(page)).toHaveText('Version Restored');
    await expect(numbers.first()).toHaveText('Version 5');
    await expect(page.getByTestId('version-description').first()).toHaveText(/^Restored version 3 \(by /);
    await expect(navigator(page).getByRole('button', { name: 'Alpha Renamed', exact: true })).toBeVisible();

    await page.reload();
    await expect(navigator(page).getByRole('button', { name: 'Alpha Renamed', exact: true })).toBeVisible();
    expect((await stored(page.request, id)).chapters.map((c) => c.title)).toEqual(['Alpha Renamed', 'Beta', 'Gamma', 'Delta']);
  });
});
