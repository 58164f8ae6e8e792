import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VersionEntry } from '@common/versions';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { VersionHistoryTab } from './version-history-tab';

const user = { id: 7, username: 'alice' };
const content = (title: string, chapters: Array<[string, number]>) => ({
  title,
  references: [],
  chapters: chapters.map(([t, n], i) => ({
    id: `c${i}`,
    title: t,
    content: '',
    sections: Array.from({ length: n }, (_, j) => ({ id: `s${i}-${j}`, title: `S${j}`, content: '' })),
  })),
});
const entry = (n: number, over: Partial<VersionEntry> = {}): VersionEntry => ({
  id: 100 + n,
  versionNumber: n,
  // Local time (no zone), so the expected text does not depend on the machine's time zone.
  createdAt: `2025-03-0${n}T15:07:00`,
  updatedAt: `2025-03-0${n}T15:07:00`,
  description: `Change ${n} (by alice)`,
  topic: 'Physics',
  content: content(`Book v${n}`, [
    ['Motion', 2],
    ['Energy', 1],
  ]),
  revision: n,
  createdBy: user,
  ...over,
});
const listUrl = 'GET /api/textbooks/5/versions';

function renderTab(onContentSaved = vi.fn(), revision = 3) {
  renderWithApp(<VersionHistoryTab textbookId={5} revision={revision} onContentSaved={onContentSaved} />, { path: '/textbook/5' });
  return { onContentSaved, u: userEvent.setup() };
}

describe('VersionHistoryTab', () => {
  it('lists versions newest first with Version N, the MMM dd, yyyy h:mm a time and the description', async () => {
    mockFetch({ 'GET /api/user': () => json(user), [listUrl]: () => json({ versions: [entry(3), entry(2), entry(1)] }) });
    renderTab();
    const items = await screen.findAllByTestId('version-item');
    expect(items.map((i) => within(i).getByTestId('version-number').textContent)).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(within(items[1]).getByText('Mar 02, 2025 3:07 PM')).toBeInTheDocument();
    expect(within(items[1]).getByText('Change 2 (by alice)')).toBeInTheDocument();
    expect(within(items[0]).getByText('Current')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Current')).toBeNull();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/user': () => json(user), [listUrl]: () => json({ versions: [] }) });
    renderTab();
    expect(
      await screen.findByText('No version history available yet. Versions are automatically created when you update your textbook.'),
    ).toBeInTheDocument();
  });

  it('shows a failed load in an Error toast and an error state whose Refresh loads again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => (fail ? new Response('boom', { status: 500, statusText: 'Internal Server Error' }) : json({ versions: [entry(1)] })),
    });
    const { u } = renderTab();
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Error');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Failed to fetch versions: 500 Internal Server Error');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch versions: 500 Internal Server Error');
    fail = false;
    await u.click(within(alert).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
  });

  it('View / Restore shows topic, description and the outline, and restores on request', async () => {
    const restored = content('Book v1', [
      ['Motion', 2],
      ['Energy', 1],
    ]);
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(3), entry(2), entry(1)] }),
      'GET /api/textbooks/5/versions/101': () => json({ version: entry(1) }),
      'POST /api/textbooks/5/versions/101/restore': () =>
        json({ id: 5, topic: 'Physics', content: restored, revision: 4, restoredVersion: 1, versionNumber: 4 }),
      'GET /api/textbooks/5': () => json({ id: 5, topic: 'Physics', content: restored, revision: 4 }),
    });
    const { u, onContentSaved } = renderTab();
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Physics')).toBeInTheDocument();
    expect(within(dialog).getByText('Change 1 (by alice)')).toBeInTheDocument();
    const outline = within(dialog).getByTestId('version-outline');
    expect(outline).toHaveTextContent('Book v1');
    expect(
      within(outline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Motion (2 sections)', 'Energy (1 section)']);
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/textbooks/5/versions/101')).toBe(true));

    await u.click(within(dialog).getByRole('button', { name: 'Restore This Version' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Version Restored');
    expect(onContentSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Book v1' }), 4);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list is fetched again after the restore.
    await waitFor(() => expect(calls.filter((c) => c.key === listUrl)).toHaveLength(2));
  });

  it('fetches the content of an entry the list sent without it', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(2), entry(1, { content: null, contentOmitted: true } as Partial<VersionEntry>)] }),
      'GET /api/textbooks/5/versions/101': () => json({ version: entry(1) }),
    });
    const { u } = renderTab(vi.fn(), 2);
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Motion')).toBeInTheDocument();
    expect(within(dialog).queryByText('No content available')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Restore This Version' })).toBeEnabled();
  });

  it('shows a failed version fetch in an Error toast, and does not restore what it could not show', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(2), entry(1, { content: null })] }),
      'GET /api/textbooks/5/versions/101': () => new Response('gone', { status: 404, statusText: 'Not Found' }),
    });
    const { u } = renderTab(vi.fn(), 2);
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 1' }));
    expect(await screen.findByTestId('toast-description')).toHaveTextContent('Failed to fetch version: 404 Not Found');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Failed to fetch version: 404 Not Found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Restore This Version' })).toBeDisabled();
  });

  it('shows the outline placeholders for broken version content', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(2), entry(1, { content: '{"title": "bro' })] }),
      'GET /api/textbooks/5/versions/101': () => json({ version: entry(1, { content: '{"title": "bro' }) }),
    });
    const { u } = renderTab();
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 1' }));
    expect(within(await screen.findByRole('dialog')).getByTestId('version-outline')).toHaveTextContent(
      'Error parsing content: Invalid JSON format',
    );
  });

  it('says Restore Failed when the restore is refused, and keeps the dialog open', async () => {
    const onContentSaved = vi.fn();
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(2), entry(1)] }),
      'GET /api/textbooks/5/versions/101': () => json({ version: entry(1) }),
      'POST /api/textbooks/5/versions/101/restore': () =>
        new Response('{"message":"nope"}', { status: 500, statusText: 'Internal Server Error' }),
    });
    const { u } = renderTab(onContentSaved, 2);
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 1' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore This Version' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Restore Failed');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Could not restore the selected version. Please try again.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onContentSaved).not.toHaveBeenCalled();
  });

  it('does not offer to restore the version that is the textbook as it stands', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      [listUrl]: () => json({ versions: [entry(3), entry(2)] }),
      'GET /api/textbooks/5/versions/103': () => json({ version: entry(3) }),
    });
    const { u } = renderTab(vi.fn(), 3);
    await u.click(await screen.findByRole('button', { name: 'View / Restore Version 3' }));
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore This Version' })).toBeDisabled();
  });
});
