import { randomBytes } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';

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

interface Fixtures {
  /** `await registerAndLogin()` signs the test's page in as a new user; pass another page for a second user. */
  registerAndLogin: (page?: Page, options?: Parameters<typeof registerAndLogin>[1]) => Promise<TestUser>;
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
});
