import { describe, expect, it } from 'vitest';
import { limits } from '@common/limits';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook, shareBook } from '@server/test/books.support';

/**
 * A PATCH without baseRevision (the spec's clients send none) cannot be merged; when it replaces
 * changes its sender never saw, the replaced state is kept as a version so nothing is lost. And
 * saves with a description cannot flood the history.
 */
const h = useHarness();

type Versions = { versions: Array<{ description: string; content: unknown }> };

const get = (user: TestUser, id: number) => h.app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie } });
const patch = (user: TestUser, id: number, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'PATCH', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie }, payload });
const versions = async (user: TestUser, id: number) =>
  ((await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: user.cookie } })).json() as Versions)
    .versions;

function withText(content: { chapters: Array<{ content: string }> }, html: string) {
  return { ...content, chapters: content.chapters.map((c, i) => (i === 0 ? { ...c, content: html } : c)) };
}

describe('a PATCH without baseRevision over changes its sender has not seen', () => {
  it('keeps the replaced state as a version "Replaced by a save from …"', async () => {
    const alice = await h.createUser('alice');
    const bob = await h.createUser('bob');
    const book = await createBook(h, alice);
    await shareBook(h, book.id, bob);
    const opened = (await get(alice, book.id)).json() as { content: { chapters: Array<{ content: string }> } };
    // Bob saves his work after Alice opened the book.
    const bobs = (await get(bob, book.id)).json() as { content: { chapters: Array<{ content: string }> } };
    expect((await patch(bob, book.id, { content: withText(bobs.content, '<p>Bob wrote this later.</p>') })).statusCode).toBe(200);
    // Alice saves her stale copy, as the spec's client does: no baseRevision.
    expect((await patch(alice, book.id, { content: withText(opened.content, '<p>Alice overwrote it.</p>') })).statusCode).toBe(200);
    const list = await versions(alice, book.id);
    const kept = list.find((v) => v.description === `Replaced by a save from ${alice.username}`);
    expect(kept).toBeDefined();
    expect(JSON.stringify(kept?.content)).toContain('Bob wrote this later.');
  });

  it('adds nothing when the sender saw the state it replaces (a client autosaving its own edits)', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const opened = (await get(alice, book.id)).json() as { content: { chapters: Array<{ content: string }> } };
    for (const text of ['one', 'two', 'three'])
      expect((await patch(alice, book.id, { content: withText(opened.content, `<p>${text}</p>`) })).statusCode).toBe(200);
    const list = await versions(alice, book.id);
    expect(list.some((v) => v.description.startsWith('Replaced by a save from'))).toBe(false);
    // Created, then one coalesced edit version.
    expect(list).toHaveLength(2);
  });
});

describe('described versions', () => {
  it(`are capped at ${limits.describedVersionsPerHour} an hour per user; later described saves coalesce as edits`, async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const opened = (await get(alice, book.id)).json() as { content: { chapters: Array<{ content: string }> } };
    for (let i = 0; i < limits.describedVersionsPerHour + 5; i++) {
      const res = await patch(alice, book.id, { content: withText(opened.content, `<p>Save ${i}</p>`), description: `Step ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const list = await versions(alice, book.id);
    // Created + the capped described ones + one edit version the rest coalesced into.
    expect(list.length).toBe(1 + limits.describedVersionsPerHour + 1);
  }, 60_000);
});
