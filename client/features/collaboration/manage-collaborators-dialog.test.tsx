import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { ManageCollaboratorsDialog } from './manage-collaborators-dialog';

const owner = { id: 1, username: 'olivia' };
const bob = { id: 2, username: 'bob' };
const carol = { id: 3, username: 'carol' };
const listUrl = 'GET /api/textbooks/7/collaborators';
const entries = (...people: Array<{ id: number; username: string }>) => [
  { user: owner, userId: owner.id, textbookId: 7, role: 'owner', createdAt: '2025-01-01T00:00:00Z' },
  ...people.map((u) => ({ user: u, userId: u.id, textbookId: 7, role: 'collaborator', createdAt: '2025-01-01T00:00:00Z' })),
];

async function openDialog(isOwner: boolean) {
  renderWithApp(<ManageCollaboratorsDialog textbookId={7} isOwner={isOwner} />, { path: '/textbook/7' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Manage Collaborators/ }));
  return { user, dialog: await screen.findByRole('dialog') };
}
const toastTitle = () => screen.findByTestId('toast-title');
const toastDescription = () => screen.getByTestId('toast-description').textContent;

describe('ManageCollaboratorsDialog', () => {
  let calls: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    calls = mockFetch({ 'GET /api/user': () => json(owner), [listUrl]: () => json(entries(bob)) });
  });

  it('shows the owner text, remove buttons and the add section (without any debug label)', async () => {
    const { dialog } = await openDialog(true);
    expect(
      within(dialog).getByText('Add or remove collaborators for this textbook. Collaborators can edit the textbook content.'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('bob')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove bob' })).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Search users by username')).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/isOwner|true|false/);
  });

  it('shows a non-owner the view text, no add section, and a remove button only on their own entry', async () => {
    calls = mockFetch({ 'GET /api/user': () => json(bob), [listUrl]: () => json(entries(bob, carol)) });
    const { dialog } = await openDialog(false);
    expect(within(dialog).getByText('View collaborators for this textbook.')).toBeInTheDocument();
    expect(await within(dialog).findByText('carol')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove bob' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove carol' })).toBeNull();
    expect(within(dialog).queryByPlaceholderText('Search users by username')).toBeNull();
  });

  it('refuses a search under 2 characters without calling the server', async () => {
    const { user, dialog } = await openDialog(true);
    await user.type(within(dialog).getByPlaceholderText('Search users by username'), ' b {Enter}');
    expect(await toastTitle()).toHaveTextContent('Search Term Too Short');
    expect(toastDescription()).toBe('Please enter at least 2 characters to search.');
    expect(calls.some((c) => c.key.startsWith('GET /api/users/search'))).toBe(false);
  });

  it('searches on Enter, leaves out existing collaborators, and adds a result', async () => {
    let added: unknown = null;
    calls = mockFetch({
      'GET /api/user': () => json(owner),
      [listUrl]: () => json(added ? entries(bob, carol) : entries(bob)),
      'GET /api/users/search?q=o&textbookId=7': () => json([]),
      'GET /api/users/search?q=ca&textbookId=7': () => json([bob, carol]),
      'POST /api/textbooks/7/collaborators': (init) => {
        added = JSON.parse(String(init?.body));
        return json({ ok: true }, 201);
      },
    });
    const { user, dialog } = await openDialog(true);
    await within(dialog).findByText('bob');
    await user.type(within(dialog).getByPlaceholderText('Search users by username'), 'ca{Enter}');
    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('carol')).toBeInTheDocument();
    expect(within(results).queryByText('bob')).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'Add carol' }));
    expect(await toastTitle()).toHaveTextContent('Collaborator Added');
    expect(added).toEqual({ collaboratorId: 3 });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove carol' })).toBeInTheDocument());
  });

  it("says 'No Users Found' when nothing matches", async () => {
    calls = mockFetch({
      'GET /api/user': () => json(owner),
      [listUrl]: () => json(entries(bob)),
      'GET /api/users/search?q=zz&textbookId=7': () => json([bob]),
    });
    const { user, dialog } = await openDialog(true);
    await within(dialog).findByText('bob');
    await user.type(within(dialog).getByPlaceholderText('Search users by username'), 'zz{Enter}');
    expect(await toastTitle()).toHaveTextContent('No Users Found');
    expect(toastDescription()).toBe('No users match your search criteria.');
  });

  it("shows 'Search Failed' with the server's message, or the default", async () => {
    calls = mockFetch({
      'GET /api/user': () => json(owner),
      [listUrl]: () => json(entries()),
      'GET /api/users/search?q=ab&textbookId=7': () => json({ message: 'Search is resting', code: 'X' }, 503),
      'GET /api/users/search?q=cd&textbookId=7': () => new Response('', { status: 500 }),
    });
    const { user, dialog } = await openDialog(true);
    const input = within(dialog).getByPlaceholderText('Search users by username');
    await user.type(input, 'ab{Enter}');
    expect(await toastTitle()).toHaveTextContent('Search Failed');
    expect(toastDescription()).toBe('Search is resting');
    await user.clear(input);
    await user.type(input, 'cd{Enter}');
    await waitFor(() => expect(toastDescription()).toBe('Could not search for users. Please try again.'));
  });

  it("reports 'Failed to Add Collaborator' with the server's message", async () => {
    calls = mockFetch({
      'GET /api/user': () => json(owner),
      [listUrl]: () => json(entries()),
      'GET /api/users/search?q=ca&textbookId=7': () => json([carol]),
      'POST /api/textbooks/7/collaborators': () => json({ message: 'carol is already a collaborator', code: 'CONFLICT' }, 409),
    });
    const { user, dialog } = await openDialog(true);
    await user.type(within(dialog).getByPlaceholderText('Search users by username'), 'ca{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Add carol' }));
    expect(await toastTitle()).toHaveTextContent('Failed to Add Collaborator');
    expect(toastDescription()).toBe('carol is already a collaborator');
  });

  it("removes a collaborator with 'Collaborator Removed', and reports 'Failed to Remove Collaborator'", async () => {
    let removed = false;
    calls = mockFetch({
      'GET /api/user': () => json(owner),
      [listUrl]: () => json(removed ? entries(carol) : entries(bob, carol)),
      'DELETE /api/textbooks/7/collaborators/2': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
      'DELETE /api/textbooks/7/collaborators/3': () => json({ message: 'Only the owner can manage collaborators', code: 'FORBIDDEN' }, 403),
    });
    const { user, dialog } = await openDialog(true);
    await user.click(await within(dialog).findByRole('button', { name: 'Remove bob' }));
    expect(await toastTitle()).toHaveTextContent('Collaborator Removed');
    await waitFor(() => expect(within(dialog).queryByText('bob')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Remove carol' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Failed to Remove Collaborator'));
    expect(toastDescription()).toBe('Only the owner can manage collaborators');
  });

  it('lets a collaborator leave and block the owner, and shows no leave section to the owner', async () => {
    calls = mockFetch({
      'GET /api/user': () => json(bob),
      [listUrl]: () => json(entries(bob, carol)),
      'DELETE /api/textbooks/7/collaborators/2?block=true': () => json({ ok: true }),
    });
    const { user, dialog } = await openDialog(false);
    await user.click(await within(dialog).findByRole('button', { name: 'Leave and block olivia' }));
    expect(await toastTitle()).toHaveTextContent('Collaborator Removed');
    expect(toastDescription()).toBe(
      'You are no longer a collaborator on this textbook, and olivia cannot add you to their textbooks again.',
    );
    expect(calls.some((c) => c.key === 'DELETE /api/textbooks/7/collaborators/2?block=true')).toBe(true);
  });

  it('offers the owner no leave section', async () => {
    const { dialog } = await openDialog(true);
    expect(await within(dialog).findByText('bob')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Leave book' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Leave and block/ })).toBeNull();
  });
});
