import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { useHarness } from '../../test/harness';
import { createBook, sampleContent } from './test-factory';

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
    const migration = readFileSync(path.join(migrationsFolder, '0007_textbook_summary.sql'), 'utf8');
    const fill = migration.split('--> statement-breakpoint')[1].trim();
    await h.database.db.execute(sql.raw(fill.replace(/;$/, ` WHERE id = ${book.id};`)));
    const entry = (await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: carol.cookie } })).json()[0];
    expect(entry.content).toEqual({ title: 'Old Book', chapters: [{ title: 'Kinematics' }, { title: 'Dynamics' }] });
  });
});
