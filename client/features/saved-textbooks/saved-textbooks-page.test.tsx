import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavedTextbooksPage } from '@client/pages/saved-textbooks-page';
import { json, mockFetch, renderWithApp } from '@client/test/render';

const user = { id: 7, username: 'alice' };
const book = (id: number, topic: string, chapters: number, extra: Record<string, unknown> = {}) => ({
  id,
  topic,
  createdAt: '2025-01-05T10:00:00.000Z',
  isOwner: true,
  userId: 7,
  content: {
    title: topic,
    chapters: Array.from({ length: chapters }, (_, i) => ({ title: `Chapter ${i + 1}`, content: '', sections: [] })),
    references: [],
  },
  ...extra,
});

describe('My Textbooks page', () => {
  it('shows a card per textbook with topic, creation date, chapter count and a View Textbook link', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () =>
        json([
          book(1, 'Organic Chemistry', 3),
          book(2, 'Shared Physics', 1, {
            isOwner: false,
            content: JSON.stringify({ title: 'x', chapters: [{ title: 'a', content: '' }] }),
          }),
        ]),
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    const card = await screen.findByTestId('textbook-card-1');
    expect(within(card).getByText('Organic Chemistry')).toBeInTheDocument();
    expect(within(card).getByText('Created on Jan 5, 2025')).toBeInTheDocument();
    expect(within(card).getByText(/3 chapters/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Textbook' })).toHaveAttribute('href', '/textbook/1');
    const shared = screen.getByTestId('textbook-card-2');
    expect(within(shared).getByText('Shared')).toBeInTheDocument();
    expect(within(shared).getByText(/1 chapter$/)).toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('tells two books on one topic apart by what they were made from and when they were last edited', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () =>
        json([
          book(1, 'Statistics', 3, { sourceNames: ['lecture3.docx', 'slides.pdf'], updatedAt: '2025-03-02T15:04:00.000Z' }),
          book(2, 'Statistics', 2, { sourceNames: ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'], updatedAt: '2025-04-10T09:30:00.000Z' }),
        ]),
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    const first = await screen.findByTestId('textbook-card-1');
    expect(within(first).getByTestId('textbook-sources')).toHaveTextContent('From lecture3.docx, slides.pdf');
    expect(within(first).getByText(/^Last edited Mar 2, 2025/)).toBeInTheDocument();
    expect(within(screen.getByTestId('textbook-card-2')).getByTestId('textbook-sources')).toHaveTextContent(
      'From a.pdf, b.pdf, c.pdf and 2 more',
    );
  });

  it('shows the loading state first', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks': () => new Promise(() => {}) });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    expect(await screen.findByText('Loading your textbooks...')).toBeInTheDocument();
  });

  it('shows the empty state with a link to create a textbook', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks': () => json([]) });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    expect(await screen.findByText('No Textbooks Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Textbook' })).toHaveAttribute('href', '/');
  });

  it('shows the error panel and a toast with the server message', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () => json({ message: 'Database unavailable', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    expect(await screen.findByRole('heading', { name: 'Error Loading Textbooks' })).toBeInTheDocument();
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Error Loading Textbooks');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Database unavailable');
  });

  it('deletes after confirmation, toasts and refetches the list', async () => {
    let books = [book(1, 'Organic Chemistry', 3), book(2, 'Genetics', 2)];
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () => json(books),
      'DELETE /api/textbooks/1': () => {
        books = books.filter((b) => b.id !== 1);
        return new Response(null, { status: 204 });
      },
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Organic Chemistry' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Organic Chemistry/)).toBeInTheDocument();
    // It says where the book goes and for how long.
    expect(
      within(dialog).getByText(/moves to the Trash below, where you can restore it with its versions for 30 days/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/textbooks/1')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The textbook has been successfully deleted.')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Textbook deleted');
    await waitFor(() => expect(screen.queryByTestId('textbook-card-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('textbook-card-2')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/textbooks')).toHaveLength(2);
  });

  it('cancelling the dialog sends nothing', async () => {
    const calls = mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks': () => json([book(1, 'Organic Chemistry', 3)]) });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Organic Chemistry' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
  });

  it('a failed delete shows the server message', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () => json([book(1, 'Organic Chemistry', 3)]),
      'DELETE /api/textbooks/1': () => json({ message: 'Only the owner can delete this textbook', code: 'FORBIDDEN' }, 403),
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Organic Chemistry' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Only the owner can delete this textbook')).toBeInTheDocument();
  });

  it('lists the Trash with its dates, restores a book into My Textbooks and deletes one forever after confirmation', async () => {
    let books = [book(2, 'Genetics', 2)];
    let trash = [
      {
        id: 1,
        topic: 'Organic Chemistry',
        createdAt: '2025-01-05T10:00:00.000Z',
        deletedAt: '2025-02-01T10:00:00.000Z',
        purgeAt: '2025-03-03T10:00:00.000Z',
        chapterCount: 3,
      },
      {
        id: 3,
        topic: 'Old Notes',
        createdAt: '2025-01-01T10:00:00.000Z',
        deletedAt: '2025-02-02T10:00:00.000Z',
        purgeAt: '2025-03-04T10:00:00.000Z',
        chapterCount: 1,
      },
    ];
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks': () => json(books),
      'GET /api/textbooks/trash': () => json({ textbooks: trash }),
      'POST /api/textbooks/1/restore': () => {
        books = [book(1, 'Organic Chemistry', 3), ...books];
        trash = trash.filter((t) => t.id !== 1);
        return json(book(1, 'Organic Chemistry', 3));
      },
      'DELETE /api/textbooks/trash/3': () => {
        trash = trash.filter((t) => t.id !== 3);
        return json({ ok: true });
      },
    });
    renderWithApp(<SavedTextbooksPage />, { path: '/saved-textbooks' });
    fireEvent.click(await screen.findByRole('button', { name: /Trash \(2\)/ }));
    const item = await screen.findByTestId('trash-item-1');
    expect(item).toHaveTextContent('3 chapters · deleted on Feb 1, 2025 · deleted for good on Mar 3, 2025');
    fireEvent.click(within(item).getByRole('button', { name: 'Restore Organic Chemistry' }));
    expect(await screen.findByTestId('textbook-card-1')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Textbook Restored');
    await waitFor(() => expect(screen.queryByTestId('trash-item-1')).not.toBeInTheDocument());

    fireEvent.click(within(screen.getByTestId('trash-item-3')).getByRole('button', { name: 'Delete forever Old Notes' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/can no longer be restored/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/textbooks/trash/3')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Trash/ })).not.toBeInTheDocument());
    expect(calls.some((c) => c.key === 'DELETE /api/textbooks/trash/3')).toBe(true);
  });
});
