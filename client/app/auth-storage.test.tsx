import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissToast } from '../components/ui/toast-store';
import { rememberLink } from '../features/share/share.api';
import { materialsStorageKey, storeMaterials } from '../features/materials-viewer/educational-material';
import { json, mockFetch, renderWithApp } from '../test/render';
import { Header } from './header';

afterEach(() => act(() => dismissToast()));

/** What a signed-in teacher leaves in the browser: materials of a book and a reader link's address. */
function leaveUserTraces() {
  storeMaterials(7, [{ title: 'Quiz on cells', description: '', contentType: 'quiz', metadata: {}, content: 'Q1' }]);
  rememberLink(7, { url: 'http://localhost/read/secret-token', createdAt: '2026-01-01T00:00:00.000Z' });
  sessionStorage.setItem('draft', 'something');
  localStorage.setItem('theme', 'dark');
}

describe('browser storage after the session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is emptied of the user’s materials and reader link at logout, the theme kept', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 4, username: 'teacher' }),
      'POST /api/logout': () => new Response(null, { status: 200 }),
    });
    const user = userEvent.setup();
    renderWithApp(<Header />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    leaveUserTraces();
    expect(localStorage.getItem(materialsStorageKey(7))).toContain('Quiz on cells');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('link', { name: 'Login' });
    expect(localStorage.getItem(materialsStorageKey(7))).toBeNull();
    expect(localStorage.getItem('reader-link-7')).toBeNull();
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('is emptied when the page finds the session already ended', async () => {
    leaveUserTraces();
    mockFetch({ 'GET /api/user': () => json({ message: 'Not signed in', code: 'UNAUTHORIZED' }, 401) });
    renderWithApp(<Header />, { path: '/' });
    await screen.findByRole('link', { name: 'Login' });
    await waitFor(() => expect(localStorage.getItem('reader-link-7')).toBeNull());
    expect(localStorage.getItem(materialsStorageKey(7))).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
