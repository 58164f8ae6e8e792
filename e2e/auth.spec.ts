import { expect, registerAndLogin, test, uniqueUsername } from './fixtures';

test.describe('accounts in a real browser', () => {
  test('register through the form, land on /, stay signed in across a reload, log out to /auth', async ({ page }) => {
    const username = uniqueUsername('reg');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast-title')).toHaveText('Registration successful');
    await expect(page.getByTestId('toast-description')).toHaveText(`Welcome, ${username}!`);
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toHaveText(username.charAt(0));
    await expect(page.getByRole('link', { name: 'Create Textbook' })).toHaveAttribute('aria-current', 'page');

    // The session cookie is HttpOnly: the page cannot read it, the browser still sends it.
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(avatar).toBeVisible();

    await avatar.click();
    await expect(page.getByTestId('menu-username')).toHaveText(username);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('toast-title')).toHaveText('Logged out');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // Logged out for real: a reload does not bring the session back.
    await page.goto('/saved-textbooks');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('log in through the form with an existing account; a wrong password gets the failure toast', async ({ page, browser }) => {
    const setup = await browser.newPage();
    const user = await registerAndLogin(setup, { path: null });
    await setup.close();

    await page.goto('/auth');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Login failed');
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast-title')).toHaveText('Login successful');
    await expect(page.getByTestId('toast-description')).toHaveText(`Welcome back, ${user.username}!`);
  });

  test('a signed-out visitor to a protected route goes to /auth; a signed-in one opening /auth goes to /', async ({ page }) => {
    for (const path of ['/saved-textbooks', '/classroom', '/textbook/1', '/']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth$/);
    }
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    for (const blurb of ['Upload Documents', 'Generate Content', 'Create Assessments', 'Publish & Share']) {
      await expect(page.getByText(blurb, { exact: true })).toBeVisible();
    }

    await registerAndLogin(page, { path: '/auth' });
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows the not-found card, also on a reload; the footer links only to pages that exist', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

    await page.goto('/auth');
    for (const href of await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect((await page.request.get(href!)).status(), href!).toBe(200);

    // Unknown API paths answer JSON, never the app page.
    const api = await page.request.get('/api/no-such-thing');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('the theme is light by default, and the chosen theme survives a reload', async ({ page }) => {
    await page.goto('/auth');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('client validation messages show and nothing is sent', async ({ page }) => {
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posted.push(r.url());
    });
    await page.goto('/auth');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Username').fill(uniqueUsername('val'));
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm Password').fill('secret-pas');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    expect(posted).toEqual([]);
  });
});
