import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MyTextbooksPage } from './pages/my-textbooks.page';
import { WorkspacePage } from './pages/workspace.page';

/**
 * The small things a user notices, end to end: Ctrl+K makes a link in the editor (a javascript: address is refused),
 * "?" lists the shortcuts (not while typing), "Sign out everywhere" on one device ends the session on the other (it
 * says so and the editor stops taking edits), and no page scrolls sideways on a 390 px phone.
 */
const material = [
  'Volcanoes form where magma from the mantle reaches the surface of the Earth through cracks in the crust.',
  'Shield volcanoes are built from fluid basalt lava flows and have gentle slopes, like those of Hawaii.',
  'Stratovolcanoes are built from alternating layers of lava and ash and erupt explosively, like Mount St. Helens.',
].join('\n\n');

const volcanoes = { topic: 'Volcanoes', material, chapterTitle: 'Volcanoes' };

/** Selects the first word of the editor's first paragraph. */
async function selectFirstWord(page: Page): Promise<string> {
  const paragraph = new WorkspacePage(page).editor.locator('p').first();
  await paragraph.click({ position: { x: 2, y: 4 } });
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+Shift+ArrowRight');
  return (await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim();
}

test.describe('shortcuts, an ended session and narrow screens', () => {
  test('Ctrl+K inserts a link on the selected word and edits it; a javascript: address is refused', async ({ page, seedBook }) => {
    test.setTimeout(120_000);
    const { book } = await seedBook(volcanoes);
    const workspace = new WorkspacePage(page);
    await workspace.openEditor(book);

    const word = await selectFirstWord(page);
    expect(word.length).toBeGreaterThan(0);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Insert link' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Link address');
    await expect(field).toBeFocused();

    await field.fill('javascript:alert(document.cookie)');
    await field.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('Links must use one of these schemes');
    await expect(workspace.editor.locator('a')).toHaveCount(0);

    await field.fill('https://en.wikipedia.org/wiki/Volcano');
    await field.press('Enter');
    await expect(dialog).toBeHidden();
    const link = workspace.editor.locator('a').first();
    await expect(link).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Volcano');
    await expect(link).toHaveText(word);

    // Again on the link: the dialog edits it, filled with its address.
    await link.click();
    await page.keyboard.press('Control+k');
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    await expect(edit.getByLabel('Link address')).toHaveValue('https://en.wikipedia.org/wiki/Volcano');
    await edit.getByLabel('Link address').fill('https://www.usgs.gov/programs/VHP');
    await edit.getByRole('button', { name: 'Save link' }).click();
    await expect(workspace.editor.locator('a').first()).toHaveAttribute('href', 'https://www.usgs.gov/programs/VHP');
  });

  test('"?" lists the shortcuts outside fields; typed in the editor it is just a character', async ({ page, seedBook }) => {
    test.setTimeout(120_000);
    const { book } = await seedBook(volcanoes);
    await new MyTextbooksPage(page).goto();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const action of ['Save the textbook now', 'Insert or edit a link', 'Show this list of shortcuts']) {
      await expect(dialog.getByRole('row').filter({ hasText: action })).toHaveCount(1);
    }
    await expect(dialog.getByRole('row').filter({ hasText: 'Insert or edit a link' })).toContainText('Ctrl + K');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const workspace = new WorkspacePage(page);
    await workspace.openEditor(book);
    const paragraph = workspace.editor.locator('p').first();
    await paragraph.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Why?');
    await expect(paragraph).toContainText('Why?');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('"Sign out everywhere" on one device: the other says the session ended and its editor is read-only', async ({
    page,
    browser,
    baseURL,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const { user, book } = await seedBook(volcanoes);

    // The same user on a second device, editing.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const login = await other.request.post('/api/login', { data: { username: user.username, password: user.password } });
    expect(login.status(), await login.text()).toBe(200);
    const otherWorkspace = new WorkspacePage(other);
    await otherWorkspace.openEditor(book);
    await otherWorkspace.editor.locator('p').first().click();
    await other.keyboard.press('End');
    await other.keyboard.type(' Typed before.');
    await expect(otherWorkspace.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });

    // This device signs out everywhere through the account menu.
    await new MyTextbooksPage(page).goto();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth/);

    await expect(other.getByRole('alert').filter({ hasText: 'Your session ended. Sign in again.' })).toBeVisible({ timeout: 20_000 });
    await expect(otherWorkspace.editor).toHaveAttribute('contenteditable', 'false');
    await expect(other.getByText('Collaboration Error')).toHaveCount(0);
    await expect(other.getByText(/Offline/)).toHaveCount(0);
    // Nothing more is sent: the socket stays closed (a key press in the read-only editor changes nothing).
    await otherWorkspace.editor.locator('p').first().click();
    await other.keyboard.type('after');
    await expect(otherWorkspace.editor).not.toContainText('after');
    await other.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(other).toHaveURL(/\/auth/);
    await otherContext.close();
  });

  test('no page scrolls sideways at 390 x 844: sign-in, My Textbooks, the textbook and the reader', async ({
    browser,
    baseURL,
    seedBook,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const overflow = () =>
      page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    const widths: Record<string, { scroll: number; client: number }> = { signIn: await overflow() };

    const { book } = await seedBook({ ...volcanoes, page });
    await new MyTextbooksPage(page).goto();
    await expect(page.getByText('Volcanoes').first()).toBeVisible();
    widths.home = await overflow();

    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.title('Volcanoes')).toBeVisible();
    await expect(workspace.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });
    widths.textbook = await overflow();

    const created = await page.request.post(`/api/textbooks/${book.id}/share`, { data: { materialTypes: [] } });
    expect(created.status(), await created.text()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 2, name: book.chapterTitle })).toBeVisible();
    widths.reader = await overflow();

    for (const [name, w] of Object.entries(widths)) {
      expect(w.client, name).toBe(390);
      expect(w.scroll, `${name}: ${w.scroll} px of content in a ${w.client} px window`).toBeLessThanOrEqual(w.client);
    }
    await context.close();
  });
});
