import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';

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

async function createBook(request: APIRequestContext): Promise<{ id: number; sectionTitle: string; chapterTitle: string }> {
  const res = await request.post('/api/textbooks/generate-outline', {
    multipart: {
      topic: 'Plate Tectonics',
      directContent: material,
      directMethod: 'true',
      chapterTitle: 'Plate Tectonics',
      approvedReferences: '[]',
    },
    timeout: 120_000,
  });
  expect(res.status(), await res.text()).toBe(200);
  const { textbookId } = (await res.json()) as { textbookId: number };
  const book = (await (await request.get(`/api/textbooks/${textbookId}`)).json()) as {
    content: { chapters: Array<{ title: string; sections: Array<{ title: string }> }> };
  };
  const chapter = book.content.chapters.find((c) => c.sections.length > 0) ?? book.content.chapters[0];
  return { id: textbookId, chapterTitle: chapter.title, sectionTitle: chapter.sections[0]?.title ?? chapter.title };
}

async function openSection(page: Page, id: number, chapterTitle: string, sectionTitle: string) {
  await page.goto(`/textbook/${id}`);
  await expect(page.getByText('Connected to collaboration server').first()).toBeVisible({ timeout: 20_000 });
  const nav = page.getByRole('navigation', { name: 'Textbook navigation' });
  const chapter = nav.getByRole('button', { name: chapterTitle, exact: true }).first();
  if ((await chapter.getAttribute('aria-expanded')) !== 'true') await chapter.click();
  await nav.getByRole('button', { name: sectionTitle, exact: true }).first().click();
  await expect(page.getByTestId('content-editor')).toBeVisible();
}

test.describe('collaboration', () => {
  test('two users see each other as Active, and an edit by one reaches the other without a reload', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const ownerName = (await registerAndLogin(page, { path: null })).username;
    const book = await createBook(page.request);

    const bobContext = await browser.newContext({ baseURL });
    const bobPage = await bobContext.newPage();
    const bobName = (await registerAndLogin(bobPage, { path: null })).username;

    // The owner adds bob through the dialog (search on Enter, then Add).
    await openSection(page, book.id, book.chapterTitle, book.sectionTitle);
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
    await openSection(bobPage, book.id, book.chapterTitle, book.sectionTitle);
    for (const p of [page, bobPage]) {
      const card = p.getByTestId('collaborators-card');
      await expect(card.getByTestId(`collaborator-${ownerName}`)).toContainText('Active', { timeout: 15_000 });
      await expect(card.getByTestId(`collaborator-${bobName}`)).toContainText('Active', { timeout: 15_000 });
    }
    await expect(bobPage.getByTestId('connection-indicator')).toHaveAttribute('data-connected', 'true');

    // The owner types; autosave commits; bob's page shows it without a reload.
    const marker = `Live edit ${Date.now()}`;
    const editor = page.getByTestId('content-editor');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${marker}`);
    await expect(bobPage.getByTestId('content-editor')).toContainText(marker, { timeout: 20_000 });

    // Bob leaves: the owner's card drops his Active badge.
    await bobContext.close();
    await expect(page.getByTestId('collaborators-card').getByTestId(`collaborator-${bobName}`)).not.toContainText('Active', {
      timeout: 15_000,
    });
  });
});
