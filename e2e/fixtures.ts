import { randomBytes } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** A username no other test (or earlier run on the same server) has taken. */
export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/**
 * Registers a fresh account through the API with the page's own cookie jar (page.request shares the
 * browser context's cookies), so the page is signed in afterwards. Opens `path` (default /) unless
 * `path` is null. For a second user, open a page in a new context: `await browser.newContext()`.
 */
export async function registerAndLogin(
  page: Page,
  options: { username?: string; password?: string; path?: string | null } = {},
): Promise<TestUser> {
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? 'correct horse battery';
  const res = await page.request.post('/api/register', { data: { username, password } });
  expect(res.status(), `register ${username}: ${await res.text()}`).toBe(201);
  const body = (await res.json()) as { id: number; username: string };
  if (options.path !== null) {
    await page.goto(options.path ?? '/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  }
  return { id: body.id, username: body.username, password };
}

/** A stored book's content as GET /api/textbooks/:id returns it. */
export interface StoredChapter {
  id: string;
  title: string;
  content: string;
  sections: Array<{ id: string; title: string; content: string }>;
}

export interface SeededBook {
  id: number;
  topic: string;
  revision: number;
  chapters: StoredChapter[];
  /** The body a test edits: the first chapter that has sections and its first section (null: the chapter's own text). */
  chapterTitle: string;
  sectionTitle: string | null;
  sectionId: string;
}

export interface BookSeed {
  topic: string;
  /** The course material pasted in (generate-outline's direct content); the topic alone when absent. */
  material?: string;
  /** The first chapter's title (direct content only). */
  chapterTitle?: string;
  /** Replaces the generated content afterwards (a PATCH), for a test that needs an exact book on those sources. */
  content?: { title: string; references?: unknown[]; chapters: unknown[] };
}

/** A stored book as the API returns it now, with the body a test edits picked out. */
export async function readBook(request: APIRequestContext, id: number, topic = ''): Promise<SeededBook> {
  const res = await request.get(`/api/textbooks/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  const book = (await res.json()) as { topic?: string; revision: number; content: { chapters: StoredChapter[] } };
  const chapters = book.content.chapters;
  const chapter = chapters.find((c) => c.sections.length > 0) ?? chapters[0];
  const section = chapter?.sections[0];
  return {
    id,
    topic: topic || book.topic || '',
    revision: book.revision,
    chapters,
    chapterTitle: chapter?.title ?? '',
    sectionTitle: section?.title ?? null,
    sectionId: section?.id ?? chapter?.id ?? '',
  };
}

/**
 * Makes a book through the API as the signed-in user of `request`: generate-outline on the material with the offline
 * engine (as the Create page does), then `content` in place of what it generated when given.
 */
export async function makeBook(request: APIRequestContext, seed: BookSeed): Promise<SeededBook> {
  const multipart: Record<string, string> = { topic: seed.topic, approvedReferences: '[]' };
  if (seed.material !== undefined) Object.assign(multipart, { directContent: seed.material, directMethod: 'true' });
  else multipart.directContent = `Topic: ${seed.topic}`;
  if (seed.chapterTitle) multipart.chapterTitle = seed.chapterTitle;
  const res = await request.post('/api/textbooks/generate-outline', { multipart, timeout: 120_000 });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { textbookId: number }).textbookId;
  if (seed.content) {
    const patch = await request.patch(`/api/textbooks/${id}`, { data: { content: { references: [], ...seed.content } } });
    expect(patch.status(), await patch.text()).toBe(200);
  }
  return readBook(request, id, seed.topic);
}

interface Fixtures {
  /** `await registerAndLogin()` signs the test's page in as a new user; pass another page for a second user. */
  registerAndLogin: (page?: Page, options?: Parameters<typeof registerAndLogin>[1]) => Promise<TestUser>;
  /**
   * Signs the test's page (or `page`) in as a new user and makes a book through the API with that page's request
   * context: `const { book, user } = await seedBook({ topic: 'Volcanoes', material })`. The page is not navigated.
   */
  seedBook: (seed: BookSeed & { page?: Page }) => Promise<{ book: SeededBook; user: TestUser }>;
}

export const test = base.extend<Fixtures>({
  // The server's address is only known once e2e/global-setup.ts has started it.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npx playwright test`.');
    await use(url);
  },
  registerAndLogin: async ({ page }, use) => {
    await use((other, options) => registerAndLogin(other ?? page, options));
  },
  seedBook: async ({ page }, use) => {
    await use(async ({ page: other, ...seed }) => {
      const target = other ?? page;
      const user = await registerAndLogin(target, { path: null });
      return { user, book: await makeBook(target.request, seed) };
    });
  },
});
