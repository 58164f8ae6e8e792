import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { runMaintenance } from '../maintenance/maintenance';
import { createBook, shareBook } from '@server/test/books.support';

const h = useHarness();

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function ownedAndShared() {
  const owner = await h.createUser('owner');
  const collaborator = await h.createUser('collab');
  const stranger = await h.createUser('stranger');
  const book = await createBook(h, owner, { topic: 'Thermodynamics' });
  await shareBook(h, book.id, collaborator);
  // A second version and a material, to see them come back.
  const got = (await call(owner, 'GET', `/api/textbooks/${book.id}`)).json();
  const saved = await call(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: { ...got.content, title: 'Thermodynamics, revised' } });
  expect(saved.statusCode).toBe(200);
  return { owner, collaborator, stranger, book };
}

describe('deleting a textbook moves it to the trash', () => {
  it('answers as before, and the book is then 404 to everyone (its owner included) and absent from lists', async () => {
    const { owner, collaborator, stranger, book } = await ownedAndShared();
    expect((await call(collaborator, 'DELETE', `/api/textbooks/${book.id}`)).statusCode).toBe(403);
    const del = await call(owner, 'DELETE', `/api/textbooks/${book.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    for (const user of [owner, collaborator, stranger]) {
      expect((await call(user, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(404);
      expect((await call(user, 'GET', `/api/textbooks/${book.id}/versions`)).statusCode).toBe(404);
      expect((await call(user, 'GET', '/api/textbooks')).json().map((t: { id: number }) => t.id)).not.toContain(book.id);
    }
    expect((await call(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: { title: 'x', chapters: [] } })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/textbooks/${book.id}`)).statusCode).toBe(404);
  });

  it("lists the owner's trash with when each book will be purged; no one else sees it there", async () => {
    const { owner, collaborator, book } = await ownedAndShared();
    await call(owner, 'DELETE', `/api/textbooks/${book.id}`);
    const trash = (await call(owner, 'GET', '/api/textbooks/trash')).json().textbooks;
    expect(trash).toHaveLength(1);
    expect(trash[0]).toMatchObject({ id: book.id, topic: 'Thermodynamics', chapterCount: 2 });
    expect(new Date(trash[0].purgeAt).getTime() - new Date(trash[0].deletedAt).getTime()).toBe(30 * 24 * 3600 * 1000);
    expect((await call(collaborator, 'GET', '/api/textbooks/trash')).json().textbooks).toEqual([]);
  });

  it('restores with its versions and collaborators, for the owner only', async () => {
    const { owner, collaborator, stranger, book } = await ownedAndShared();
    const versionsBefore = (await call(owner, 'GET', `/api/textbooks/${book.id}/versions`)).json().versions.length;
    await call(owner, 'DELETE', `/api/textbooks/${book.id}`);
    for (const user of [collaborator, stranger])
      expect((await call(user, 'POST', `/api/textbooks/${book.id}/restore`)).statusCode).toBe(404);
    const restored = await call(owner, 'POST', `/api/textbooks/${book.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: book.id, topic: 'Thermodynamics', isOwner: true });
    expect(restored.json().content.title).toBe('Thermodynamics, revised');
    expect((await call(owner, 'GET', `/api/textbooks/${book.id}/versions`)).json().versions).toHaveLength(versionsBefore);
    expect((await call(collaborator, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/textbooks/trash')).json().textbooks).toEqual([]);
    expect((await call(owner, 'POST', `/api/textbooks/${book.id}/restore`)).statusCode).toBe(404);
  });

  it('purges books trashed more than 30 days ago, which can then no longer be restored', async () => {
    const { owner, book } = await ownedAndShared();
    const keep = await createBook(h, owner, { topic: 'Kept' });
    await call(owner, 'DELETE', `/api/textbooks/${book.id}`);
    await call(owner, 'DELETE', `/api/textbooks/${keep.id}`);
    await h.database.db.execute(sql.raw(`update textbooks set deleted_at = now() - interval '30 days 1 minute' where id = ${book.id}`));
    expect((await call(owner, 'POST', `/api/textbooks/${book.id}/restore`)).statusCode).toBe(404);
    const report = await runMaintenance(h.deps);
    expect(report.trashedTextbooks).toBeGreaterThanOrEqual(1);
    const left = await h.database.db.execute(sql.raw(`select id from textbooks where id in (${book.id}, ${keep.id}) order by id`));
    const ids = ((left as unknown as { rows?: Array<{ id: number }> }).rows ?? (left as unknown as Array<{ id: number }>)).map((r) => r.id);
    expect(ids).toEqual([keep.id]);
    expect((await call(owner, 'POST', `/api/textbooks/${keep.id}/restore`)).statusCode).toBe(200);
  });

  it('deletes a trashed book for good when its owner asks', async () => {
    const { owner, collaborator, book } = await ownedAndShared();
    expect((await call(owner, 'DELETE', `/api/textbooks/trash/${book.id}`)).statusCode).toBe(404);
    await call(owner, 'DELETE', `/api/textbooks/${book.id}`);
    expect((await call(collaborator, 'DELETE', `/api/textbooks/trash/${book.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/textbooks/trash/${book.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/textbooks/${book.id}/restore`)).statusCode).toBe(404);
  });
});
