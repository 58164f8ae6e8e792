import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast } from '../components/ui/toast-store';
import { json, mockFetch, renderWithApp } from '../test/render';
import { Header } from './header';

const alice = { id: 3, username: 'alice' };

afterEach(() => act(() => dismissToast()));

describe('header', () => {
  it.each([
    ['/', 'Create Textbook'],
    ['/saved-textbooks', 'My Textbooks'],
    ['/classroom', 'Classroom'],
    ['/textbook/12', null],
  ])('at %s highlights %s and only it', async (path, current) => {
    mockFetch({ 'GET /api/user': () => json(alice) });
    renderWithApp(<Header />, { path });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of ['Create Textbook', 'My Textbooks', 'Classroom']) {
      const link = within(nav).getByRole('link', { name: label });
      if (label === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('links the logo and the nav to their routes', async () => {
    mockFetch({ 'GET /api/user': () => json(alice) });
    renderWithApp(<Header />, { path: '/classroom' });
    expect(await screen.findByRole('link', { name: 'Textbook Studio home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create Textbook' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'My Textbooks' })).toHaveAttribute('href', '/saved-textbooks');
    expect(screen.getByRole('link', { name: 'Classroom' })).toHaveAttribute('href', '/classroom');
  });

  it("shows the username's first letter, a menu with the username, and logs out from it", async () => {
    const calls = mockFetch({
      'GET /api/user': () => json({ id: 9, username: 'zoë' }),
      'POST /api/logout': () => new Response(null, { status: 200 }),
    });
    const user = userEvent.setup();
    renderWithApp(<Header />, { path: '/' });
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent(/^z$/);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(avatar);
    expect(await screen.findByTestId('menu-username')).toHaveTextContent('zoë');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/logout')).toBe(true));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Logged out');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('You have been successfully logged out');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('signs out everywhere from the account menu', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(alice),
      'POST /api/logout-everywhere': () => json({ ok: true }),
    });
    const user = userEvent.setup();
    renderWithApp(<Header />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/logout-everywhere')).toBe(true));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Signed out everywhere');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });

  it('signed out shows a Login button to /auth and no avatar', async () => {
    mockFetch({ 'GET /api/user': () => json({ message: 'Not authenticated', code: 'UNAUTHORIZED' }, 401) });
    renderWithApp(<Header />, { path: '/auth' });
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });
});

describe('blocked owners', () => {
  it('lists the owners the user blocked from the account menu and unblocks one', async () => {
    let blocked = true;
    const calls = mockFetch({
      'GET /api/user': () => json(alice),
      'GET /api/collaboration-blocks': () =>
        json(blocked ? [{ owner: { id: 5, username: 'olivia' }, createdAt: '2026-01-01T00:00:00.000Z' }] : []),
      'DELETE /api/collaboration-blocks/5': () => {
        blocked = false;
        return json({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<Header />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Blocked owners' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Unblock olivia' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Owner Unblocked');
    expect(await within(dialog).findByText('You have blocked no one.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/collaboration-blocks/5')).toBe(true);
  });
});
