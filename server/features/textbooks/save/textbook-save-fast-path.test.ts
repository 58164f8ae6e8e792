import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { textbooks } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook } from '@server/test/books.support';

/**
 * The save path's shortcuts (content kept per revision by the process, JSON serialized per
 * chapter as bytes, `echo: 'changes'`) must never change what is stored or answered.
 */
const h = useHarness();

function patch(user: TestUser, id: number, payload: object) {
  return h.app.inject({ method: 'PATCH', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie }, payload });
}

async function fetchBook(user: TestUser, id: number): Promise<{ content: TextbookContent; revision: number }> {
  const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('PATCH /api/textbooks/:id fast path', () => {
  it("with echo 'changes' leaves the content out only when the stored content is exactly the one sent", async () => {
    const owner = await h.createUser('echo');
    const book = await createBook(h, owner);
    const start = await fetchBook(owner, book.id);

    const edited = structuredClone(start.content);
    edited.chapters[0].sections[0].content = '<p>Velocity, typed again.</p>';
    const plain = await patch(owner, book.id, { content: edited, baseRevision: start.revision, echo: 'changes' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id: book.id, revision: start.revision + 1, merged: false });
    expect(plain.json()).not.toHaveProperty('content');
    expect((await fetchBook(owner, book.id)).content).toEqual(edited);

    // A new section without an id: the answer carries the id the server gave it.
    const added = structuredClone(edited);
    added.chapters[1].sections.push({ title: 'Momentum', content: '<p>p = mv</p>' });
    const withId = await patch(owner, book.id, { content: added, baseRevision: start.revision + 1, echo: 'changes' });
    expect(withId.json()).toMatchObject({ revision: start.revision + 2 });
    const answered = withId.json().content as TextbookContent;
    expect(answered.chapters[1].sections[1]).toMatchObject({ title: 'Momentum', id: expect.stringMatching(/^s_/) });

    // Sanitized text comes back too.
    const unsafe = structuredClone(answered);
    unsafe.chapters[0].content = '<p onclick="x()">How things really move.</p><script>alert(1)</script>';
    const cleaned = await patch(owner, book.id, { content: unsafe, baseRevision: start.revision + 2, echo: 'changes' });
    expect(cleaned.json()).toMatchObject({ revision: start.revision + 3 });
    expect(cleaned.json().content.chapters[0].content).toBe('<p>How things really move.</p>');

    // So does a merge with someone else's edit.
    const mine = structuredClone(cleaned.json().content as TextbookContent);
    const theirs = structuredClone(mine);
    theirs.chapters[1].content = '<p>Why things move, by them.</p>';
    expect((await patch(owner, book.id, { content: theirs, baseRevision: start.revision + 3 })).statusCode).toBe(200);
    mine.chapters[0].sections[1].content = '<p>Acceleration, by me.</p>';
    const merged = await patch(owner, book.id, { content: mine, baseRevision: start.revision + 3, echo: 'changes' });
    expect(merged.json()).toMatchObject({ merged: true, revision: start.revision + 5 });
    expect(merged.json().content.chapters[1].content).toBe('<p>Why things move, by them.</p>');
    expect(merged.json().content.chapters[0].sections[1].content).toBe('<p>Acceleration, by me.</p>');

    // Without echo (old clients), the content is always there.
    const full = await patch(owner, book.id, { content: merged.json().content, baseRevision: start.revision + 5 });
    expect(full.json().content).toEqual(merged.json().content);
  });

  it('stores a change of licence alone (not taken for an unchanged save)', async () => {
    const owner = await h.createUser('licence');
    const book = await createBook(h, owner);
    const start = await fetchBook(owner, book.id);
    const res = await patch(owner, book.id, { content: { ...start.content, license: 'cc-by' }, baseRevision: start.revision });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revision: start.revision + 1 });
    expect((await fetchBook(owner, book.id)).content.license).toBe('cc-by');
  });

  it('stores and answers exactly what GET reads back, non-ASCII text included, save after save', async () => {
    const owner = await h.createUser('bytes');
    const book = await createBook(h, owner);
    let { content, revision } = await fetchBook(owner, book.id);
    const texts = ['<p>Größe: 5 µm — “quoted” ✓</p>', '<p>速度と加速度 🚀 \\ "back\\slash"</p>', '<p>Ωmega \u2028 line separator</p>'];
    for (const text of texts) {
      content = structuredClone(content);
      content.chapters[0].sections[0].content = text;
      content.title = `Mechanics ${text.length}`;
      const res = await patch(owner, book.id, { content, baseRevision: revision });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const stored = await fetchBook(owner, book.id);
      expect(res.json().content).toEqual(stored.content);
      expect(stored.content.chapters[0].sections[0].content).toBe(text);
      ({ content, revision } = stored);
    }
    const [row] = await h.database.db
      .select({ type: sql<string>`pg_typeof(${textbooks.content})::text` })
      .from(textbooks)
      .where(eq(textbooks.id, book.id));
    expect(row.type).toBe('json');
  });

  it("does not use its own copy once the stored revision moved on without it (another instance's save)", async () => {
    const owner = await h.createUser('stale');
    const book = await createBook(h, owner);
    const start = await fetchBook(owner, book.id);
    const mine = structuredClone(start.content);
    mine.chapters[0].sections[0].content = '<p>Saved here, kept by this process.</p>';
    expect((await patch(owner, book.id, { content: mine, baseRevision: start.revision })).statusCode).toBe(200);

    // Another instance saves revision +2 behind this process's back.
    const elsewhere = structuredClone(mine);
    elsewhere.chapters[1].content = '<p>Saved by another instance.</p>';
    await h.database.db
      .update(textbooks)
      .set({ content: elsewhere, revision: start.revision + 2 })
      .where(eq(textbooks.id, book.id));

    // A save from this process's last state is checked against the stored one, not its own copy.
    const late = structuredClone(mine);
    late.chapters[0].sections[1].content = '<p>Late edit.</p>';
    const refused = await patch(owner, book.id, { content: late, baseRevision: start.revision + 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().revision).toBe(start.revision + 2);
    expect(refused.json().content.chapters[1].content).toBe('<p>Saved by another instance.</p>');

    const next = structuredClone(elsewhere);
    next.chapters[0].sections[1].content = '<p>Then saved here again.</p>';
    const res = await patch(owner, book.id, { content: next, baseRevision: start.revision + 2 });
    expect(res.statusCode).toBe(200);
    const stored = await fetchBook(owner, book.id);
    expect(stored.revision).toBe(start.revision + 3);
    expect(stored.content.chapters[1].content).toBe('<p>Saved by another instance.</p>');
    expect(stored.content.chapters[0].sections[1].content).toBe('<p>Then saved here again.</p>');

    // An unchanged save against the other instance's state is recognized as unchanged.
    const same = await patch(owner, book.id, { content: stored.content, baseRevision: stored.revision });
    expect(same.json().revision).toBe(stored.revision);
  });
});
