import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { forgetOnEvent, readCacheTtlMs, readTextbookAnswer } from './textbook-read-cache';
import { createBook, sampleContent, shareBook } from '@server/test/books.support';

const h = useHarness();

async function storedText(id: number): Promise<string> {
  const res = await h.database.db.execute(sql`select content::text as text from textbooks where id = ${id}`);
  const rows = ((res as unknown as { rows?: Array<{ text: string }> }).rows ?? (res as unknown as Array<{ text: string }>)) as Array<{
    text: string;
  }>;
  return rows[0].text;
}

describe('GET /api/textbooks/{id}', () => {
  it('sends the stored JSON text as it is, with the spec fields and the revision it belongs to', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Optics' });
    const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.startsWith(`{"content":${await storedText(book.id)},`)).toBe(true);
    expect(res.json()).toMatchObject({ id: book.id, topic: 'Optics', isOwner: true, userId: alice.id, revision: 1 });
    expect(res.json().content.chapters[0].sections[0].title).toBe('Velocity');
  });

  it('after a save, serves the bytes that save wrote (no database read of the content) and the new revision', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const got = (await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } })).json();
    const changed = { ...got.content, title: 'Mechanics, second edition' };
    const saved = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}`,
      headers: { cookie: alice.cookie },
      payload: { content: changed, baseRevision: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(res.body.startsWith(`{"content":${await storedText(book.id)},`)).toBe(true);
    expect(res.json()).toMatchObject({ revision: 2, content: { title: 'Mechanics, second edition' } });
  });
});

describe('caching and compression', () => {
  it('names the revision in an ETag (304 while it stands) and gzips the answer for clients that take gzip', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, {
      content: {
        ...sampleContent('Big'),
        chapters: Array.from({ length: 20 }, (_, i) => ({
          title: `C${i}`,
          content: `<p>${'Heat flows from hot to cold. '.repeat(40)}</p>`,
          sections: [],
        })),
      },
    });
    const get = (headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie, ...headers } });
    const plain = await get();
    const etag = String(plain.headers.etag);
    expect(etag).toBe(`"tb${book.id}-r1-o"`);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    let zipped = await get({ 'accept-encoding': 'gzip, deflate' });
    for (let i = 0; i < 100 && zipped.headers['content-encoding'] !== 'gzip'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      zipped = await get({ 'accept-encoding': 'gzip, deflate' });
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    // A save names a new revision.
    const content = { ...plain.json().content, title: 'Bigger' };
    await h.app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie }, payload: { content } });
    const after = await get({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toBe(`"tb${book.id}-r2-o"`);
  });
});

describe('the answers kept in memory', () => {
  it('follow collaborator changes, saves and the trash at once', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const book = await createBook(h, owner);
    const get = (user: TestUser) => h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: user.cookie } });
    expect((await get(owner)).statusCode).toBe(200);
    expect((await get(friend)).statusCode).toBe(404);
    await h.app.inject({
      method: 'POST',
      url: `/api/textbooks/${book.id}/collaborators`,
      headers: { cookie: owner.cookie },
      payload: { collaboratorId: friend.id },
    });
    expect((await get(friend)).json()).toMatchObject({ isOwner: false, userId: owner.id });
    const content = { ...(await get(owner)).json().content, title: 'Renamed' };
    await h.app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}`, headers: { cookie: owner.cookie }, payload: { content } });
    expect((await get(friend)).json()).toMatchObject({ revision: 2, content: { title: 'Renamed' } });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/textbooks/${book.id}/collaborators/${friend.id}`,
      headers: { cookie: owner.cookie },
    });
    expect((await get(friend)).statusCode).toBe(404);
    await h.app.inject({ method: 'DELETE', url: `/api/textbooks/${book.id}`, headers: { cookie: owner.cookie } });
    expect((await get(owner)).statusCode).toBe(404);
    await h.app.inject({ method: 'POST', url: `/api/textbooks/${book.id}/restore`, headers: { cookie: owner.cookie } });
    expect((await get(owner)).json().content.title).toBe('Renamed');
  });

  it('re-reads after a few seconds what another instance changed, should its event be lost, and at once on its event', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const book = await createBook(h, owner);
    await shareBook(h, book.id, friend);
    const t0 = Date.now();
    await readTextbookAnswer(h.database, friend.id, book.id, t0);
    // Another instance removes the collaborator; its event never arrives here.
    await h.database.db.execute(sql`delete from collaborators where textbook_id = ${book.id} and user_id = ${friend.id}`);
    expect((await readTextbookAnswer(h.database, friend.id, book.id, t0 + 1000)).body.length).toBeGreaterThan(0);
    await expect(readTextbookAnswer(h.database, friend.id, book.id, t0 + readCacheTtlMs)).rejects.toMatchObject({ status: 404 });
    // With the events (the add, then the removal), at once.
    const t1 = t0 + readCacheTtlMs + 1;
    await shareBook(h, book.id, friend);
    forgetOnEvent(h.database, { type: 'collaborators.changed', textbookId: book.id });
    expect((await readTextbookAnswer(h.database, friend.id, book.id, t1)).body.length).toBeGreaterThan(0);
    await h.database.db.execute(sql`delete from collaborators where textbook_id = ${book.id} and user_id = ${friend.id}`);
    forgetOnEvent(h.database, { type: 'collaborators.changed', textbookId: book.id, removedUserId: friend.id });
    await expect(readTextbookAnswer(h.database, friend.id, book.id, t1 + 1)).rejects.toMatchObject({ status: 404 });
  });
});

describe('GET /api/textbooks', () => {
  it('answers summaries: content holds the title and chapter titles only, with the chapter count', async () => {
    const bob = await h.createUser('bob');
    const book = await createBook(h, bob, { topic: 'Mechanics' });
    const res = await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: bob.cookie } });
    const [entry] = res.json();
    expect(entry).toMatchObject({
      id: book.id,
      topic: 'Mechanics',
      isOwner: true,
      userId: bob.id,
      chapterCount: 2,
      content: { title: 'Mechanics', chapters: [{ title: 'Kinematics' }, { title: 'Dynamics' }] },
    });
    expect(typeof entry.createdAt).toBe('string');
    // No chapter or section text crosses.
    expect(res.body).not.toContain('rate of change');
    // A save keeps the summary in step.
    const got = (await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: bob.cookie } })).json();
    const content = { ...got.content, chapters: [...got.content.chapters, { title: 'Energy', content: '<p>Work.</p>', sections: [] }] };
    await h.app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}`, headers: { cookie: bob.cookie }, payload: { content } });
    const after = (await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: bob.cookie } })).json()[0];
    expect(after.chapterCount).toBe(3);
    expect(after.content.chapters.map((c: { title: string }) => c.title)).toEqual(['Kinematics', 'Dynamics', 'Energy']);
  });

  it('the migration fills the summary of books that existed before it', async () => {
    const carol = await h.createUser('carol');
    const book = await createBook(h, carol, { content: { ...sampleContent('Old Book'), chapters: [...sampleContent().chapters] } });
    await h.database.db.execute(sql`update textbooks set summary = null where id = ${book.id}`);
    const migration = readFileSync(path.join(migrationsFolder, '0009_hardening.sql'), 'utf8');
    const fill = migration
      .split('--> statement-breakpoint')
      .map((part) => part.trim())
      .find((part) => part.startsWith('UPDATE "textbooks" SET "summary"'))!;
    await h.database.db.execute(sql.raw(fill.replace(/;$/, ` WHERE id = ${book.id};`)));
    const entry = (await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: carol.cookie } })).json()[0];
    expect(entry.content).toEqual({ title: 'Old Book', chapters: [{ title: 'Kinematics' }, { title: 'Dynamics' }] });
  });
});
