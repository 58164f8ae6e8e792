import { describe, expect, it, vi } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { makePng } from '@server/test/multipart.support';
import { createBook, shareBook } from '@server/test/books.support';
import { uploadImageForm } from '@server/test/upload-forms.support';

/**
 * Who may read a book is decided in one place, the policy: here a policy that lets only owners read is in force, and
 * the book (served from its own read cache) and its pictures (decided in the images service) follow it at once.
 */
vi.mock('./textbooks.policy', async (importOriginal) => {
  const original = await importOriginal<typeof import('./textbooks.policy')>();
  return {
    ...original,
    can: (role: Parameters<typeof original.can>[0], action: Parameters<typeof original.can>[1]) =>
      action === 'read' ? role === 'owner' : original.can(role, action),
  };
});

const h = useHarness();

describe('reading a book is decided by the policy only', () => {
  it('the book and its picture are refused to a collaborator when the policy says only owners read', async () => {
    const owner = await h.createUser('policy_owner');
    const collaborator = await h.createUser('policy_collab');
    const book = await createBook(h, owner);
    await shareBook(h, book.id, collaborator);
    const uploaded = await uploadImageForm(h, owner, [
      { name: 'textbookId', value: String(book.id) },
      { name: 'file', filename: 'p.png', type: 'image/png', data: makePng(2, 2) },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const imageUrl = (uploaded.json() as { dataUrl: string }).dataUrl;

    const get = (cookie: string, url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });
    // The owner reads both, which also fills the read cache with an entry the collaborator is listed in.
    expect((await get(owner.cookie, `/api/textbooks/${book.id}`)).statusCode).toBe(200);
    expect((await get(owner.cookie, imageUrl)).statusCode).toBe(200);
    expect((await get(collaborator.cookie, `/api/textbooks/${book.id}`)).statusCode).toBe(404);
    expect((await get(collaborator.cookie, imageUrl)).statusCode).toBe(404);
  });
});
