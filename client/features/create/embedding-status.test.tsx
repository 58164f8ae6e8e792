import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { EmbeddingStatus } from './embedding-status';

describe('background embeddings status', () => {
  it('says how far the indexing is, then that search is ready', async () => {
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
    await new Promise((r) => setTimeout(r, 1500));
    // Once done it stops asking.
    expect(asks()).toBe(polled);
  });

  it('shows nothing when the server cannot say', async () => {
    const calls = mockFetch({});
    renderWithApp(<EmbeddingStatus sourceIds={[3]} />);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c.key.startsWith('GET /api/sources/embeddings')).map((c) => c.key)).toEqual([
      'GET /api/sources/embeddings?ids=3',
    ]);
    expect(screen.queryByTestId('embedding-status')).toBeNull();
  });
});
