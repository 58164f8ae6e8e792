import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { ShareDialog } from './share-dialog';

const owner = { id: 1, username: 'olivia' };
const statusUrl = 'GET /api/textbooks/7/share';
const createdAt = '2025-03-04T10:30:00.000Z';
const token = 'q'.repeat(43);
const url = `http://localhost:5000/read/${token}`;
const quiz = {
  id: 3,
  textbookId: 7,
  title: 'Quiz: Motion',
  description: 'Two questions',
  contentType: 'quiz',
  metadata: {},
  content: { questions: [] },
  createdAt,
};

async function openDialog() {
  const result = renderWithApp(<ShareDialog textbookId={7} />, { path: '/textbook/7' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  return { ...result, user, dialog: await screen.findByRole('dialog', { name: 'Share with students' }) };
}
const body = (init?: RequestInit) => (init?.body ? JSON.parse(String(init.body)) : undefined);

describe('ShareDialog', () => {
  it('creates a link with the chosen materials, shows its address, copies it, and shows it again next time', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [quiz] }),
      [statusUrl]: () => json({ link: null }),
      'POST /api/textbooks/7/share': (init) => json({ url, token, createdAt, materialTypes: body(init).materialTypes }, 201),
    });
    const { user, dialog, unmount } = await openDialog();
    expect(await within(dialog).findByText('This textbook has no reader link.')).toBeInTheDocument();
    expect(within(dialog).getByText('(1 generated)')).toBeInTheDocument();
    const quizzes = within(dialog).getByRole('checkbox', { name: /Quizzes/ });
    expect(quizzes).not.toBeChecked();
    await user.click(quizzes);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const address = await within(dialog).findByLabelText('Reader link');
    expect(address).toHaveValue(url);
    expect(address).toHaveAttribute('readonly');
    expect(body(calls.find((c) => c.key === 'POST /api/textbooks/7/share')?.init)).toEqual({ materialTypes: ['quiz'], sourceNotes: false });
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Reader link created');
    expect(within(dialog).getByRole('link', { name: /Open the reader page/ })).toHaveAttribute('href', url);
    expect(within(dialog).getByRole('checkbox', { name: /Quizzes/ })).toBeChecked();

    // user-event stands in for the system clipboard: what was written can be read back.
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    // Another visit in this browser: the server knows only that a link exists, the browser kept its address.
    unmount();
    mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [quiz] }),
      [statusUrl]: () => json({ link: { createdAt, materialTypes: ['quiz'] } }),
    });
    const again = await openDialog();
    expect(await within(again.dialog).findByLabelText('Reader link')).toHaveValue(url);
  });

  it('creates a link with source notes when chosen, and turns them off on the active link', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ link: null }),
      'POST /api/textbooks/7/share': (init) => json({ url, token, createdAt, materialTypes: [], sourceNotes: body(init).sourceNotes }, 201),
      'PATCH /api/textbooks/7/share': (init) => json({ link: { createdAt, materialTypes: [], sourceNotes: body(init).sourceNotes } }),
    });
    const { user, dialog } = await openDialog();
    const notes = await within(dialog).findByRole('checkbox', { name: /Show source notes/ });
    expect(notes).not.toBeChecked();
    await user.click(notes);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByLabelText('Reader link');
    expect(body(calls.find((c) => c.key === 'POST /api/textbooks/7/share')?.init)).toEqual({ materialTypes: [], sourceNotes: true });
    const active = within(dialog).getByRole('checkbox', { name: /Show source notes/ });
    expect(active).toBeChecked();
    await user.click(active);
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: /Show source notes/ })).not.toBeChecked());
    expect(body(calls.find((c) => c.key === 'PATCH /api/textbooks/7/share')?.init)).toEqual({ sourceNotes: false });
  });

  it('says where the address is when the link was made in another browser, and offers a new one', async () => {
    mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ link: { createdAt, materialTypes: [] } }),
    });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(/its address is kept only by the browser that created it/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Reader link')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create a new link' })).toBeInTheDocument();
    expect(within(dialog).getByText('Created Mar 04, 2025', { exact: false })).toBeInTheDocument();
  });

  it('changes the shared materials at once, replaces the link after a confirmation, and revokes it', async () => {
    localStorage.setItem('reader-link-7', JSON.stringify({ url, createdAt }));
    const newUrl = `http://localhost:5000/read/${'z'.repeat(43)}`;
    const calls = mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [quiz] }),
      [statusUrl]: () => json({ link: { createdAt, materialTypes: ['quiz'] } }),
      'PATCH /api/textbooks/7/share': (init) => json({ link: { createdAt, materialTypes: body(init).materialTypes } }),
      'POST /api/textbooks/7/share': () =>
        json({ url: newUrl, token: 'z'.repeat(43), createdAt: '2025-03-05T08:00:00.000Z', materialTypes: ['quiz', 'homework'] }, 201),
      'DELETE /api/textbooks/7/share': () => json({ ok: true, revoked: true }),
    });
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByLabelText('Reader link')).toHaveValue(url);

    await user.click(within(dialog).getByRole('checkbox', { name: /Homework/ }));
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: /Homework/ })).toBeChecked());
    expect(body(calls.find((c) => c.key === 'PATCH /api/textbooks/7/share')?.init)).toEqual({ materialTypes: ['quiz', 'homework'] });

    await user.click(within(dialog).getByRole('button', { name: 'New link' }));
    expect(within(dialog).getByText(/The current address stops working/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/textbooks/7/share')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Reader link')).toHaveValue(newUrl));
    // Replacing keeps the shared materials: no body is sent.
    expect(calls.find((c) => c.key === 'POST /api/textbooks/7/share')?.init?.body).toBeUndefined();
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Reader link replaced');

    await user.click(within(dialog).getByRole('button', { name: 'Revoke...' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.key === 'DELETE /api/textbooks/7/share')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke...' }));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText('This textbook has no reader link.')).toBeInTheDocument();
    expect(localStorage.getItem('reader-link-7')).toBeNull();
    expect(await screen.findByText('Reader link revoked')).toBeInTheDocument();
  });

  it("saves the licence the owner picks in the book's content, with the base revision", async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ link: null }),
      'PATCH /api/textbooks/7': (init) => json({ id: 7, revision: 5, content: body(init).content }),
    });
    const content = { title: 'Motion', chapters: [], references: [] };
    const saved = vi.fn();
    renderWithApp(<ShareDialog textbookId={7} book={{ textbookId: 7, topic: 'Motion', content, revision: 4, onContentSaved: saved }} />, {
      path: '/textbook/7',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with students' });
    const select = within(dialog).getByLabelText('Licence');
    expect(select).toHaveValue('all-rights-reserved');
    await user.selectOptions(select, 'cc-by');
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const sent = body(calls.find((c) => c.key === 'PATCH /api/textbooks/7')?.init);
    expect(sent).toMatchObject({ content: { license: 'cc-by', title: 'Motion' }, baseRevision: 4 });
    expect(saved.mock.calls[0][0]).toMatchObject({ license: 'cc-by' });
    expect(await screen.findByText('Licence saved')).toBeInTheDocument();
  });

  it('corrects the book language detected at generation, saved in the content the reader and exports read', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ link: null }),
      'PATCH /api/textbooks/7': (init) => json({ id: 7, revision: 5, content: body(init).content }),
    });
    const content = { title: 'Wärmelehre', chapters: [], references: [], language: 'nl' };
    const saved = vi.fn();
    renderWithApp(<ShareDialog textbookId={7} book={{ textbookId: 7, topic: 'Wärme', content, revision: 4, onContentSaved: saved }} />, {
      path: '/textbook/7',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with students' });
    const select = within(dialog).getByLabelText('Language');
    expect(select).toHaveValue('nl');
    expect(within(select).getByRole('option', { name: 'German (Deutsch)' })).toBeInTheDocument();
    await user.selectOptions(select, 'de');
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const sent = body(calls.find((c) => c.key === 'PATCH /api/textbooks/7')?.init);
    expect(sent).toMatchObject({ content: { language: 'de', title: 'Wärmelehre' }, baseRevision: 4 });
    expect(saved.mock.calls[0][0]).toMatchObject({ language: 'de' });
    expect(await screen.findByText('Language saved')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ message: 'Only the owner can share this textbook with a reader link', code: 'FORBIDDEN' }, 403),
    });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the owner can share this textbook with a reader link');
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).toBeNull();
  });

  it('selects the address for Ctrl+C when the browser refuses the clipboard', async () => {
    localStorage.setItem('reader-link-7', JSON.stringify({ url, createdAt }));
    mockFetch({
      'GET /api/user': () => json(owner),
      'GET /api/textbooks/7/materials': () => json({ materials: [] }),
      [statusUrl]: () => json({ link: { createdAt, materialTypes: [] } }),
    });
    const { user, dialog } = await openDialog();
    const address = (await within(dialog).findByLabelText('Reader link')) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copy the selected link')).toBeInTheDocument();
    expect(address.selectionStart).toBe(0);
    expect(address.selectionEnd).toBe(url.length);
  });
});
