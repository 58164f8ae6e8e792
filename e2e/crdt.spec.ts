import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, makeBook, registerAndLogin, test, type SeededBook } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';
import { startInstances, type Instances } from './instances';

/**
 * End to end: two people type in the same paragraph at once (two browser contexts), on one
 * server and across two servers on PostgreSQL + Redis. Both texts reach both screens and the
 * server, no conflict is ever shown, carets show who is where, a REST save during typing arrives
 * as a change, and edits made offline merge when the connection comes back.
 */
const material = [
  'Ocean currents move heat from the equator toward the poles and shape the climate of the coasts they pass.',
  'Surface currents are driven by the wind; the Coriolis effect turns them into large circular gyres in every ocean basin.',
  'Deep currents are driven by differences in density, set by temperature and salinity, in what is called thermohaline circulation.',
  'Upwelling brings cold water rich in nutrients to the surface along some coasts, where it feeds large fisheries.',
].join('\n\n');

interface StoredBook {
  revision: number;
  content: {
    chapters: Array<{ id: string; title: string; content: string; sections: Array<{ id: string; title: string; content: string }> }>;
  };
}

const oceanCurrents = { topic: 'Ocean Currents', material, chapterTitle: 'Ocean Currents' };

async function share(request: APIRequestContext, id: number, collaboratorId: number) {
  const res = await request.post(`/api/textbooks/${id}/collaborators`, { data: { collaboratorId } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

async function storedSection(request: APIRequestContext, book: SeededBook): Promise<string> {
  const stored = (await (await request.get(`/api/textbooks/${book.id}`)).json()) as StoredBook;
  for (const ch of stored.content.chapters) {
    if (ch.id === book.sectionId) return ch.content;
    for (const s of ch.sections) if (s.id === book.sectionId) return s.content;
  }
  return '';
}

const editor = (page: Page) => new WorkspacePage(page).editor;
const saveStatus = (page: Page) => new WorkspacePage(page).saveStatus;

/**
 * Puts the caret at the end of the section's first paragraph (a click on its last line, then End),
 * or at its start (a click on its first line, then Home).
 */
async function caretInFirstParagraph(page: Page, where: 'start' | 'end' = 'end') {
  const paragraph = editor(page).locator('p').first();
  const box = await paragraph.boundingBox();
  if (!box) throw new Error('the first paragraph is not on screen');
  if (where === 'start') {
    await paragraph.click({ position: { x: 4, y: 6 } });
    await page.keyboard.press('Home');
    return;
  }
  await paragraph.click({ position: { x: Math.max(1, box.width - 4), y: Math.max(1, box.height - 6) } });
  await page.keyboard.press('End');
}

async function expectNoConflict(page: Page) {
  await expect(page.getByText(/changed the same text|Keep mine|Keep both/)).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

async function twoPeople(browser: Browser, urls: [string, string]) {
  const ownerContext = await browser.newContext({ baseURL: urls[0] });
  const friendContext = await browser.newContext({ baseURL: urls[1] });
  const owner = await ownerContext.newPage();
  const friend = await friendContext.newPage();
  const ownerUser = await registerAndLogin(owner, { path: null });
  const friendUser = await registerAndLogin(friend, { path: null });
  return { ownerContext, friendContext, owner, friend, ownerUser, friendUser };
}

/**
 * Both type into the same paragraph at the same time, the owner at its end and the friend at its
 * start; both texts end up whole on both screens and on the server. Two carets on the very same
 * spot would interleave the two texts word by word in whatever order the keystrokes reach the
 * server (a CRDT orders concurrent inserts at one point, it cannot know which words belong
 * together), so that case is not one with a single right answer to assert.
 */
async function typeTogether(owner: Page, friend: Page, book: SeededBook, request: APIRequestContext, tag: string) {
  await caretInFirstParagraph(owner, 'end');
  await caretInFirstParagraph(friend, 'start');
  const ownerText = ` owner-${tag} writes here`;
  const friendText = `friend-${tag} adds this `;
  await Promise.all([owner.keyboard.type(ownerText, { delay: 40 }), friend.keyboard.type(friendText, { delay: 40 })]);
  for (const page of [owner, friend]) {
    const first = editor(page).locator('p').first();
    await expect(first).toContainText(ownerText.trim(), { timeout: 15_000 });
    await expect(first).toContainText(friendText.trim(), { timeout: 15_000 });
    await expectNoConflict(page);
  }
  await expect
    .poll(
      async () => {
        const html = await storedSection(request, book);
        return html.includes(ownerText.trim()) && html.includes(friendText.trim());
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test.describe('live co-editing on a CRDT', () => {
  test('same paragraph at once, carets, a REST save during typing, offline and back', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const url = baseURL ?? '';
    const { ownerContext, friendContext, owner, friend, friendUser, ownerUser } = await twoPeople(browser, [url, url]);
    const book = await makeBook(owner.request, oceanCurrents);
    await share(owner.request, book.id, friendUser.id);
    await new WorkspacePage(owner).openEditor(book);
    await new WorkspacePage(friend).openEditor(book);

    await typeTogether(owner, friend, book, owner.request, 'one');

    // Each sees where the other is, with their name.
    await expect(owner.locator('.collaboration-carets__label', { hasText: friendUser.username })).toBeVisible();
    await expect(friend.locator('.collaboration-carets__label', { hasText: ownerUser.username })).toBeVisible();

    // A REST save (what the toolkit, AI tools and API clients do) while the friend is typing.
    const typing = friend.keyboard.type(' still typing during the save', { delay: 60 });
    const stored = (await (await owner.request.get(`/api/textbooks/${book.id}`)).json()) as StoredBook;
    const content = {
      ...stored.content,
      chapters: stored.content.chapters.map((ch) => ({
        ...ch,
        content: ch.id === book.sectionId ? `${ch.content}<p>Added through the API</p>` : ch.content,
        sections: ch.sections.map((s) => (s.id === book.sectionId ? { ...s, content: `${s.content}<p>Added through the API</p>` } : s)),
      })),
    };
    const patched = await owner.request.patch(`/api/textbooks/${book.id}`, { data: { content, baseRevision: stored.revision } });
    expect(patched.status(), await patched.text()).toBe(200);
    await typing;
    for (const page of [owner, friend]) {
      await expect(editor(page)).toContainText('Added through the API', { timeout: 15_000 });
      await expect(editor(page).locator('p').first()).toContainText('still typing during the save', { timeout: 15_000 });
      await expectNoConflict(page);
    }

    // The friend goes offline and keeps typing; the owner types too; back online, both merge.
    await friendContext.setOffline(true);
    await expect(saveStatus(friend)).toHaveAttribute('data-status', 'offline', { timeout: 15_000 });
    await caretInFirstParagraph(friend);
    await friend.keyboard.type(' written offline', { delay: 30 });
    await expect(friend.getByTestId('offline-kept')).toBeVisible();
    await caretInFirstParagraph(owner);
    await owner.keyboard.type(' written meanwhile', { delay: 30 });
    await expect(owner.locator('[data-testid="content-editor"]')).not.toContainText('written offline');
    await friendContext.setOffline(false);
    for (const page of [owner, friend]) {
      await expect(editor(page)).toContainText('written offline', { timeout: 20_000 });
      await expect(editor(page)).toContainText('written meanwhile', { timeout: 20_000 });
      await expectNoConflict(page);
    }
    await expect(saveStatus(friend)).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
    await expect
      .poll(
        async () => {
          const html = await storedSection(owner.request, book);
          return ['written offline', 'written meanwhile', 'Added through the API', 'still typing'].every((t) => html.includes(t));
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    await ownerContext.close();
    await friendContext.close();
  });

  test.describe('across two server instances', () => {
    let instances: Instances | null = null;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      instances = await startInstances();
    });
    test.afterAll(async () => {
      await instances?.stop();
    });

    test('two instances on PostgreSQL and Redis: the same paragraph at once, carets across, nothing lost', async ({ browser }) => {
      test.skip(!instances, 'needs PostgreSQL (TEST_DATABASE_URL) and Debian redis-server');
      test.setTimeout(240_000);
      const [first, second] = instances?.urls ?? ['', ''];
      const { ownerContext, friendContext, owner, friend, friendUser, ownerUser } = await twoPeople(browser, [first, second]);
      const book = await makeBook(owner.request, oceanCurrents);
      await share(owner.request, book.id, friendUser.id);
      await new WorkspacePage(owner).openEditor(book);
      await new WorkspacePage(friend).openEditor(book);
      await typeTogether(owner, friend, book, owner.request, 'across');
      await expect(owner.locator('.collaboration-carets__label', { hasText: friendUser.username })).toBeVisible();
      await expect(friend.locator('.collaboration-carets__label', { hasText: ownerUser.username })).toBeVisible();
      // Both instances read the same stored text.
      expect(await storedSection(friend.request, book)).toBe(await storedSection(owner.request, book));
      await ownerContext.close();
      await friendContext.close();
    });
  });
});
