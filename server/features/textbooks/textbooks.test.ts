import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { DomainEvent } from '@server/realtime/events';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook, shareBook } from '@server/test/books.support';
import { generateOutline } from '@server/test/upload-forms.support';

const h = useHarness();

function as(user: TestUser | null, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload: payload as object });
}

async function fetchBook(user: TestUser, id: number): Promise<{ content: TextbookContent; revision: number }> {
  const res = await as(user, 'GET', `/api/textbooks/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** An owner's sample book, shared with a friend. */
async function bookSharedWithFriend() {
  const owner = await h.createUser('owner');
  const friend = await h.createUser('friend');
  const book = await createBook(h, owner);
  await shareBook(h, book.id, friend);
  return { owner, friend, book };
}

describe('GET /api/textbooks', () => {
  it('lists the books the caller owns or collaborates on, newest first, and no others', async () => {
    const alice = await h.createUser('alice');
    const bob = await h.createUser('bob');
    const carol = await h.createUser('carol');
    const first = await createBook(h, alice, { topic: 'Alice one' });
    const bobs = await createBook(h, bob, { topic: 'Bob shared' });
    await createBook(h, carol, { topic: 'Carol private' });
    const second = await createBook(h, alice, { topic: 'Alice two' });
    await shareBook(h, bobs.id, alice);

    const res = await as(alice, 'GET', '/api/textbooks');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      id: number;
      topic: string;
      isOwner: boolean;
      userId: number;
      createdAt: string;
      content: TextbookContent;
    }>;
    expect(list.map((b) => b.topic)).toEqual(['Alice two', 'Bob shared', 'Alice one']);
    expect(list.find((b) => b.id === second.id)).toMatchObject({ isOwner: true, userId: alice.id });
    expect(list.find((b) => b.id === bobs.id)).toMatchObject({ isOwner: false, userId: bob.id });
    expect(list[0].content.chapters).toHaveLength(2);
    expect(Date.parse(list[0].createdAt)).not.toBeNaN();
    expect(list.some((b) => b.id === first.id)).toBe(true);
  });

  it('is 401 for an anonymous caller', async () => {
    expect((await as(null, 'GET', '/api/textbooks')).statusCode).toBe(401);
  });

  it('says what each book was made from and when it was last edited (the spec fields unchanged)', async () => {
    const alice = await h.createUser('alice');
    const text =
      'Glaciers are bodies of ice that move under their own weight. They carve valleys and leave moraines behind them when they melt.';
    const made = await generateOutline(h, alice, [
      { name: 'topic', value: 'Glaciers' },
      { name: 'files', filename: 'glacier-notes.txt', type: 'text/plain', data: Buffer.from(text.repeat(3)) },
    ]);
    expect(made.statusCode, made.body).toBe(200);
    const list = (await as(alice, 'GET', '/api/textbooks')).json() as Array<{
      id: number;
      sourceNames: string[];
      updatedAt: string;
      content: TextbookContent;
    }>;
    const book = list.find((b) => b.id === made.json().textbookId);
    expect(book?.sourceNames).toEqual(['glacier-notes.txt']);
    expect(Date.parse(book?.updatedAt ?? '')).not.toBeNaN();
    expect(book?.content.chapters.length).toBeGreaterThan(0);
  });
});

describe('GET /api/textbooks/:id', () => {
  it('answers the owner and a collaborator with the spec fields and the revision', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const mine = await as(owner, 'GET', `/api/textbooks/${book.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: book.id, topic: 'Mechanics', userId: owner.id, isOwner: true, revision: 1 });
    expect(Object.keys(mine.json()).sort()).toEqual(['content', 'createdAt', 'id', 'isOwner', 'revision', 'topic', 'updatedAt', 'userId']);
    const theirs = await as(friend, 'GET', `/api/textbooks/${book.id}`);
    expect(theirs.json()).toMatchObject({ isOwner: false, userId: owner.id });
    // Every chapter and section has a stable id.
    const content = mine.json().content as TextbookContent;
    expect(content.chapters.every((c) => c.id && c.sections.every((s) => s.id))).toBe(true);
  });

  it('is 404 for a stranger and for a missing id, 400 for a non-numeric id', async () => {
    const owner = await h.createUser('owner');
    const stranger = await h.createUser('stranger');
    const book = await createBook(h, owner);
    const res = await as(stranger, 'GET', `/api/textbooks/${book.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Textbook not found');
    expect((await as(owner, 'GET', '/api/textbooks/999999')).statusCode).toBe(404);
    const bad = await as(owner, 'GET', '/api/textbooks/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/must be a number/);
    expect((await as(owner, 'GET', '/api/textbooks/1e3')).statusCode).toBe(400);
  });
});

describe('DELETE /api/textbooks/:id', () => {
  it('lets the owner delete, refuses a collaborator with 403 and a stranger with 404, and publishes textbook.deleted', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const stranger = await h.createUser('stranger');
    const events: DomainEvent[] = [];
    const stop = h.deps.events.subscribe((e) => events.push(e));

    const byFriend = await as(friend, 'DELETE', `/api/textbooks/${book.id}`);
    expect(byFriend.statusCode).toBe(403);
    expect(byFriend.json().message).toBe('Only the owner can delete this textbook');
    expect((await as(stranger, 'DELETE', `/api/textbooks/${book.id}`)).statusCode).toBe(404);
    expect((await as(null, 'DELETE', `/api/textbooks/${book.id}`)).statusCode).toBe(401);
    expect((await as(owner, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(200);

    expect((await as(owner, 'DELETE', `/api/textbooks/${book.id}`)).statusCode).toBe(200);
    expect((await as(owner, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(404);
    expect((await as(friend, 'GET', '/api/textbooks')).json()).toEqual([]);
    expect(events).toContainEqual({ type: 'textbook.deleted', textbookId: book.id });
    stop();
  });
});

describe('PATCH /api/textbooks/:id', () => {
  it('saves, bumps the revision, keeps a version and publishes textbook.saved', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const events: DomainEvent[] = [];
    const stop = h.deps.events.subscribe((e) => events.push(e));
    const { content } = await fetchBook(owner, book.id);
    content.chapters[0].sections[0].content = '<p>Velocity, rewritten.</p>';

    const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content, baseRevision: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: book.id, revision: 2, isOwner: true });
    expect(res.json().content.chapters[0].sections[0].content).toBe('<p>Velocity, rewritten.</p>');
    expect((await fetchBook(owner, book.id)).revision).toBe(2);
    expect(events).toEqual([
      {
        type: 'textbook.saved',
        textbookId: book.id,
        userId: owner.id,
        username: owner.username,
        revision: 2,
        description: `Edited section "Velocity" (by ${owner.username})`,
      },
    ]);
    stop();
  });

  it('accepts content as a JSON string and a save without baseRevision (old clients: last write wins)', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { content } = await fetchBook(owner, book.id);
    content.title = 'Renamed by string';
    const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: JSON.stringify(content) });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.title).toBe('Renamed by string');
  });

  it('refuses bad shapes with 400 and a message', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /content/],
      [{ content: { title: 'x' } }, /chapters/],
      [{ content: { title: 'x', chapters: [{ content: 'no title' }] } }, /chapters\.0\.title/],
      [{ content: '{not json' }, /not valid JSON/],
      [{ content: { title: 'x', chapters: [] }, baseRevision: 'one' }, /baseRevision/],
      [[1, 2, 3], /JSON object/],
    ];
    for (const [payload, message] of cases) {
      const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await fetchBook(owner, book.id)).revision).toBe(1);
  });

  it('lets a collaborator save but not a stranger (404) nor an anonymous caller (401)', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const stranger = await h.createUser('stranger');
    const { content } = await fetchBook(owner, book.id);
    content.chapters[1].title = 'Forces';
    expect((await as(stranger, 'PATCH', `/api/textbooks/${book.id}`, { content })).statusCode).toBe(404);
    expect((await as(null, 'PATCH', `/api/textbooks/${book.id}`, { content })).statusCode).toBe(401);
    const res = await as(friend, 'PATCH', `/api/textbooks/${book.id}`, { content });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.chapters[1].title).toBe('Forces');
  });

  it('sanitizes every HTML field and keeps ids stable across saves', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { content } = await fetchBook(owner, book.id);
    const ids = content.chapters.map((c) => [c.id, ...c.sections.map((s) => s.id)]);
    content.chapters[0].content = '<p onclick="steal()">Intro<script>alert(1)</script></p>';
    content.chapters[0].sections[1].content =
      '<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>';
    content.chapters[1].title = '<b>Forces</b><script>x</script>';
    const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content });
    expect(res.statusCode).toBe(200);
    const saved = res.json().content as TextbookContent;
    expect(saved.chapters[0].content).toBe('<p>Intro</p>');
    expect(saved.chapters[0].sections[1].content).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(saved.chapters[1].title).toBe('Forces');
    expect(saved.chapters.map((c) => [c.id, ...c.sections.map((s) => s.id)])).toEqual(ids);
  });

  it('merges edits of different sections made from the same base: both survive', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const a = await fetchBook(owner, book.id);
    const b = await fetchBook(friend, book.id);
    a.content.chapters[0].sections[0].content = '<p>Owner wrote this.</p>';
    b.content.chapters[1].sections[0].content = '<p>Friend wrote this.</p>';
    expect((await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: a.content, baseRevision: a.revision })).statusCode).toBe(200);
    const second = await as(friend, 'PATCH', `/api/textbooks/${book.id}`, { content: b.content, baseRevision: b.revision });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ revision: 3, merged: true });
    const now = await fetchBook(owner, book.id);
    expect(now.content.chapters[0].sections[0].content).toBe('<p>Owner wrote this.</p>');
    expect(now.content.chapters[1].sections[0].content).toBe('<p>Friend wrote this.</p>');
  });

  it('answers 409 with the current content and revision when the same section changed on both sides', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const a = await fetchBook(owner, book.id);
    const b = await fetchBook(friend, book.id);
    a.content.chapters[0].sections[1].content = '<p>Owner version.</p>';
    b.content.chapters[0].sections[1].content = '<p>Friend version.</p>';
    expect((await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: a.content, baseRevision: 1 })).statusCode).toBe(200);
    const res = await as(friend, 'PATCH', `/api/textbooks/${book.id}`, { content: b.content, baseRevision: 1 });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('CONFLICT');
    expect(body.message).toMatch(/same part/);
    expect(body.revision).toBe(2);
    expect(body.content.chapters[0].sections[1].content).toBe('<p>Owner version.</p>');
    expect(body.conflicts).toEqual([
      { chapterId: a.content.chapters[0].id, sectionId: a.content.chapters[0].sections[1].id, title: 'Acceleration', kind: 'both-edited' },
    ]);
    // Nothing of the refused save was written.
    expect((await fetchBook(owner, book.id)).revision).toBe(2);
  });

  it('serializes concurrent saves of different sections: all survive', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const base = await fetchBook(owner, book.id);
    const sectionIds = base.content.chapters.flatMap((c) => c.sections.map((s) => s.id));
    const saves = sectionIds.map((id, i) => {
      const copy = structuredClone(base.content);
      const target = copy.chapters.flatMap((c) => c.sections).find((s) => s.id === id)!;
      target.content = `<p>Writer ${i}</p>`;
      return as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: copy, baseRevision: base.revision });
    });
    const results = await Promise.all(saves);
    expect(results.map((r) => r.statusCode)).toEqual(sectionIds.map(() => 200));
    const now = await fetchBook(owner, book.id);
    expect(now.revision).toBe(1 + sectionIds.length);
    expect(now.content.chapters.flatMap((c) => c.sections.map((s) => s.content)).sort()).toEqual(
      sectionIds.map((_, i) => `<p>Writer ${i}</p>`).sort(),
    );
  });

  it('lets exactly one of two simultaneous saves of the same section win; the other gets 409 and nothing is lost', async () => {
    const { owner, friend, book } = await bookSharedWithFriend();
    const base = await fetchBook(owner, book.id);
    const mine = structuredClone(base.content);
    mine.chapters[1].sections[0].content = '<p>Owner text</p>';
    const theirs = structuredClone(base.content);
    theirs.chapters[1].sections[0].content = '<p>Friend text</p>';
    const results = await Promise.all([
      as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content: mine, baseRevision: base.revision }),
      as(friend, 'PATCH', `/api/textbooks/${book.id}`, { content: theirs, baseRevision: base.revision }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!.json();
    const stored = await fetchBook(owner, book.id);
    expect(stored.revision).toBe(2);
    expect(loser.revision).toBe(2);
    expect(loser.content.chapters[1].sections[0].content).toBe(stored.content.chapters[1].sections[0].content);
  });

  it('answers 409 for a baseRevision ahead of the stored one', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { content } = await fetchBook(owner, book.id);
    const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content, baseRevision: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().revision).toBe(1);
  });

  it('does not bump the revision when nothing changed', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { content } = await fetchBook(owner, book.id);
    const res = await as(owner, 'PATCH', `/api/textbooks/${book.id}`, { content, baseRevision: 1 });
    expect(res.json().revision).toBe(1);
  });
});
