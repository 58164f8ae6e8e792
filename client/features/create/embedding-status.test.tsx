import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { EmbeddingStatus } from './embedding-status';

describe('background embeddings status', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how far the indexing is, then that search is ready', async () => {
    // A clock the test can move on: it runs as usual, and jumps ahead where the test waits for nothing to happen.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    const calls = mockFetch({
      'GET /api/sources/embeddings?ids=7,9': () =>
        ++asked < 2
          ? json({ total: 120, embedded: 48, percent: 40, done: false })
          : json({ total: 120, embedded: 120, percent: 100, done: true }),
    });
    renderWithApp(<EmbeddingStatus sourceIds={[7, 9]} />);
    expect(await screen.findByTestId('embedding-status')).toHaveTextContent(
      'Indexing your material for semantic search: 40% (48 of 120 passages).',
    );
    expect(await screen.findByText('Semantic search ready: 120 passages indexed.', {}, { timeout: 4000 })).toBeVisible();
    const asks = () => calls.filter((c) => c.key.startsWith('GET /api/sources/embeddings')).length;
    const polled = asks();
    // Once done it stops asking: several poll intervals later, not one more request.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asks()).toBe(polled);
  });

  it('shows nothing when the server cannot say', async () => {
    const calls = mockFetch({});
    renderWithApp(<EmbeddingStatus sourceIds={[3]} />);
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('GET /api/sources/embeddings')).map((c) => c.key)).toEqual([
        'GET /api/sources/embeddings?ids=3',
      ]),
    );
    expect(screen.queryByTestId('embedding-status')).toBeNull();
  });
});
