import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, type SeededBook } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end: two people in two browser contexts on one textbook.
 * The owner adds the collaborator through the Manage Collaborators dialog;
 * both see each other as Active; an edit by one appears for the other
 * without a reload.
 */
const material = [
  'Plate tectonics describes the large-scale motion of the plates that make up the lithosphere of the Earth.',
  'Divergent boundaries form where plates move apart, and new crust is created by magma rising from the mantle.',
  'Convergent boundaries form where plates collide; oceanic crust is subducted beneath continental crust, building mountain ranges and volcanic arcs.',
  'Transform boundaries form where plates slide past one another, and the friction there causes earthquakes along faults such as the San Andreas.',
  'Seafloor spreading, paleomagnetic stripes and the fit of the continents are the evidence that convinced geologists that the plates move.',
].join('\n\n');

/** Opens the book at its first section once the live connection is up. */
async function openSection(page: Page, book: SeededBook) {
  const workspace = new WorkspacePage(page);
  await workspace.goto(book.id);
  await expect(page.getByText('Connected to collaboration server').first()).toBeVisible({ timeout: 20_000 });
  await workspace.openSection(book.chapterTitle, book.sectionTitle ?? book.chapterTitle);
  await expect(workspace.editor).toBeVisible();
}

test.describe('collaboration', () => {
  test('two users see each other as Active, and an edit by one reaches the other without a reload', async ({
    page,
    browser,
    baseURL,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const {
      user: { username: ownerName },
      book,
    } = await seedBook({ topic: 'Plate Tectonics', material, chapterTitle: 'Plate Tectonics' });

    const bobContext = await browser.newContext({ baseURL });
    const bobPage = await bobContext.newPage();
    const bobName = (await registerAndLogin(bobPage, { path: null })).username;

    // The owner adds bob through the dialog (search on Enter, then Add).
    await openSection(page, book);
    await page.getByRole('button', { name: 'Manage Collaborators' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText('Add or remove collaborators for this textbook. Collaborators can edit the textbook content.'),
    ).toBeVisible();
    await dialog.getByPlaceholder('Search users by username').fill(bobName);
    await dialog.getByPlaceholder('Search users by username').press('Enter');
    await dialog.getByRole('button', { name: `Add ${bobName}` }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Collaborator Added');
    await expect(dialog.getByRole('button', { name: `Remove ${bobName}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // Bob opens the same section; both see both as Active.
    await openSection(bobPage, book);
    for (const p of [page, bobPage]) {
      const card = p.getByTestId('collaborators-card');
      await expect(card.getByTestId(`collaborator-${ownerName}`)).toContainText('Active', { timeout: 15_000 });
      await expect(card.getByTestId(`collaborator-${bobName}`)).toContainText('Active', { timeout: 15_000 });
    }
    await expect(bobPage.getByTestId('connection-indicator')).toHaveAttribute('data-connected', 'true');

    // The owner types; autosave commits; bob's page shows it without a reload.
    const marker = `Live edit ${Date.now()}`;
    const editor = new WorkspacePage(page).editor;
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${marker}`);
    await expect(new WorkspacePage(bobPage).editor).toContainText(marker, { timeout: 20_000 });

    // Bob leaves: the owner's card drops his Active badge.
    await bobContext.close();
    await expect(page.getByTestId('collaborators-card').getByTestId(`collaborator-${bobName}`)).not.toContainText('Active', {
      timeout: 15_000,
    });
  });
});
