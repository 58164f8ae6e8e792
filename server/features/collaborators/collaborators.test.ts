import { describe, expect, it } from 'vitest';
import type { CollaboratorEntry } from '@common/collaborators';
import type { DomainEvent } from '@server/realtime/events';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook } from '@server/test/books.support';

const h = useHarness();

function as(user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload: payload as object });
}

async function setup() {
  const owner = await h.createUser('owner');
  const friend = await h.createUser('friend');
  const other = await h.createUser('other');
  const stranger = await h.createUser('stranger');
  const book = await createBook(h, owner);
  const url = `/api/textbooks/${book.id}/collaborators`;
  return { owner, friend, other, stranger, book, url };
}

describe('collaborators', () => {
  it('lets the owner add a collaborator, who then sees and edits the book, and publishes collaborators.changed', async () => {
    const { owner, friend, book, url } = await setup();
    const events: DomainEvent[] = [];
    const stop = h.deps.events.subscribe((e) => events.push(e));
    expect((await as(friend, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(404);

    const res = await as(owner, 'POST', url, { collaboratorId: friend.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { id: friend.id, username: friend.username }, role: 'collaborator' });
    expect(events).toContainEqual({ type: 'collaborators.changed', textbookId: book.id });
    stop();

    expect((await as(friend, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(200);
    const list = (await as(friend, 'GET', url)).json() as CollaboratorEntry[];
    expect(list.map((e) => [e.role, e.user])).toEqual([
      ['owner', { id: owner.id, username: owner.username }],
      ['collaborator', { id: friend.id, username: friend.username }],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/password|hash/i);
  });

  it('accepts collaboratorId as a numeric string too, and refuses bad bodies with 400', async () => {
    const { owner, friend, url } = await setup();
    expect((await as(owner, 'POST', url, { collaboratorId: String(friend.id) })).statusCode).toBe(201);
    for (const payload of [{}, { collaboratorId: 'bob' }, { collaboratorId: -3 }, { collaboratorId: 1.5 }]) {
      const res = await as(owner, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/collaboratorId/);
    }
  });

  it('answers 404 for an unknown user and 409 for the owner or an existing collaborator', async () => {
    const { owner, friend, url } = await setup();
    const unknown = await as(owner, 'POST', url, { collaboratorId: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const self = await as(owner, 'POST', url, { collaboratorId: owner.id });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/owner/);
    expect((await as(owner, 'POST', url, { collaboratorId: friend.id })).statusCode).toBe(201);
    const twice = await as(owner, 'POST', url, { collaboratorId: friend.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${friend.username} is already a collaborator on this textbook.`);
  });

  it('refuses adding for a collaborator (403), a stranger (404) and an anonymous caller (401)', async () => {
    const { owner, friend, other, stranger, url } = await setup();
    await as(owner, 'POST', url, { collaboratorId: friend.id });
    const byFriend = await as(friend, 'POST', url, { collaboratorId: other.id });
    expect(byFriend.statusCode).toBe(403);
    expect(byFriend.json().message).toBe('Only the owner can manage collaborators');
    expect((await as(stranger, 'POST', url, { collaboratorId: other.id })).statusCode).toBe(404);
    expect((await as(null, 'POST', url, { collaboratorId: other.id })).statusCode).toBe(401);
    expect((await as(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
  });

  it('lets the owner remove anyone and a collaborator remove only themself', async () => {
    const { owner, friend, other, url, book } = await setup();
    await as(owner, 'POST', url, { collaboratorId: friend.id });
    await as(owner, 'POST', url, { collaboratorId: other.id });
    const events: DomainEvent[] = [];
    const stop = h.deps.events.subscribe((e) => events.push(e));

    expect((await as(friend, 'DELETE', `${url}/${other.id}`)).statusCode).toBe(403);
    expect((await as(friend, 'DELETE', `${url}/${owner.id}`)).statusCode).toBe(403);
    expect((await as(friend, 'DELETE', `${url}/${friend.id}`)).statusCode).toBe(200);
    expect((await as(friend, 'GET', `/api/textbooks/${book.id}`)).statusCode).toBe(404);
    expect(events).toContainEqual({ type: 'collaborators.changed', textbookId: book.id, removedUserId: friend.id });

    expect((await as(owner, 'DELETE', `${url}/${other.id}`)).statusCode).toBe(200);
    const missing = await as(owner, 'DELETE', `${url}/${other.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Collaborator not found');
    expect((await as(owner, 'GET', url)).json()).toHaveLength(1);
    expect((await as(owner, 'DELETE', `${url}/abc`)).statusCode).toBe(400);
    stop();
  });
});

describe('GET /api/users/search', () => {
  const search = (user: TestUser | null, query: string) => as(user, 'GET', `/api/users/search?${query}`);

  it('needs at least 2 characters after trimming', async () => {
    const me = await h.createUser('searcher');
    for (const q of ['', 'a', '  b  ']) {
      const res = await search(me, `q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Please enter at least 2 characters to search.');
    }
    expect((await search(me, '')).json().message).toBe('Please enter at least 2 characters to search.');
    expect((await search(null, 'q=ab')).statusCode).toBe(401);
  });

  it('matches case-insensitively by prefix first, then substring, leaving out the caller, with only id and username', async () => {
    const stem = `zq${Date.now().toString(36)}`;
    const me = await h.createUser(`${stem}me`);
    const prefix = await h.createUser(`${stem}Prefix`);
    const inner = await h.createUser(`x${stem}inner`);
    const res = await search(me, `q=${stem.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const found = res.json() as Array<{ id: number; username: string }>;
    expect(found.map((u) => u.id)).toEqual([prefix.id, inner.id]);
    expect(Object.keys(found[0]).sort()).toEqual(['id', 'username']);
    expect((await search(me, `q=${encodeURIComponent(`  ${stem}  `)}`)).json()).toHaveLength(2);
  });

  it('treats % and _ literally', async () => {
    const me = await h.createUser('likecheck');
    const under = await h.createUser('under_score');
    await h.createUser('underXscore');
    const res = await search(me, `q=${encodeURIComponent('r_s')}`);
    expect(res.json().map((u: { id: number }) => u.id)).toEqual([under.id]);
    expect((await search(me, `q=${encodeURIComponent('%%')}`)).json()).toEqual([]);
  });

  it('with textbookId leaves out the owner and existing collaborators, and needs access to the book', async () => {
    const stem = `tb${Date.now().toString(36)}`;
    const owner = await h.createUser(`${stem}owner`);
    const friend = await h.createUser(`${stem}friend`);
    const candidate = await h.createUser(`${stem}cand`);
    const stranger = await h.createUser('nosy');
    const book = await createBook(h, owner);
    await as(owner, 'POST', `/api/textbooks/${book.id}/collaborators`, { collaboratorId: friend.id });

    const byOwner = await search(owner, `q=${stem}&textbookId=${book.id}`);
    expect(byOwner.json().map((u: { id: number }) => u.id)).toEqual([candidate.id]);
    const byFriend = await search(friend, `q=${stem}&textbookId=${book.id}`);
    expect(byFriend.json().map((u: { id: number }) => u.id)).toEqual([candidate.id]);
    expect((await search(stranger, `q=${stem}&textbookId=${book.id}`)).statusCode).toBe(404);
    expect((await search(stranger, `q=${stem}`)).json()).toHaveLength(3);
  });

  it('answers at most 20 users', async () => {
    const stem = `many${Date.now().toString(36)}`;
    const me = await h.createUser('counter');
    for (let i = 0; i < 22; i++) await h.createUser(`${stem}${String(i).padStart(2, '0')}`);
    expect((await search(me, `q=${stem}`)).json()).toHaveLength(20);
  });
});
