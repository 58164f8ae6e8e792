import { describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook } from '@server/test/books.support';

/** A person added to a book can leave it, and can stop that owner from adding them to any book again. */
const h = useHarness();

function as(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });
}

describe('leaving a book and blocking its owner', () => {
  it('leaves with block: the book is gone for them and the owner cannot add them to this or another book', async () => {
    const owner = await h.createUser('pushy');
    const invitee = await h.createUser('invitee');
    const first = await createBook(h, owner);
    const second = await createBook(h, owner);
    expect((await as(owner, 'POST', `/api/textbooks/${first.id}/collaborators`, { collaboratorId: invitee.id })).statusCode).toBe(201);

    const left = await as(invitee, 'DELETE', `/api/textbooks/${first.id}/collaborators/${invitee.id}?block=true`);
    expect(left.statusCode).toBe(200);
    expect((await as(invitee, 'GET', `/api/textbooks/${first.id}`)).statusCode).toBe(404);

    for (const book of [first, second]) {
      const again = await as(owner, 'POST', `/api/textbooks/${book.id}/collaborators`, { collaboratorId: invitee.id });
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(`${invitee.username} has asked not to be added to your textbooks again. Only they can undo that.`);
    }
    // Another owner may still add them.
    const kind = await h.createUser('kind');
    const theirs = await createBook(h, kind);
    expect((await as(kind, 'POST', `/api/textbooks/${theirs.id}/collaborators`, { collaboratorId: invitee.id })).statusCode).toBe(201);

    // The invitee sees whom they blocked and can undo it; then the owner can add them again.
    const blocks = await as(invitee, 'GET', '/api/collaboration-blocks');
    expect(blocks.json()).toEqual([{ owner: { id: owner.id, username: owner.username }, createdAt: expect.any(String) }]);
    expect((await as(owner, 'GET', '/api/collaboration-blocks')).json()).toEqual([]);
    expect((await as(invitee, 'DELETE', `/api/collaboration-blocks/${owner.id}`)).statusCode).toBe(200);
    expect((await as(invitee, 'DELETE', `/api/collaboration-blocks/${owner.id}`)).statusCode).toBe(404);
    expect((await as(owner, 'POST', `/api/textbooks/${second.id}/collaborators`, { collaboratorId: invitee.id })).statusCode).toBe(201);
  });

  it('leaves without block, and refuses block from anyone but the one leaving', async () => {
    const owner = await h.createUser('owner-b');
    const member = await h.createUser('member-b');
    const book = await createBook(h, owner);
    const url = `/api/textbooks/${book.id}/collaborators`;
    expect((await as(owner, 'POST', url, { collaboratorId: member.id })).statusCode).toBe(201);
    // The owner removing someone cannot block on their behalf.
    expect((await as(owner, 'DELETE', `${url}/${member.id}?block=true`)).statusCode).toBe(400);
    expect((await as(member, 'DELETE', `${url}/${member.id}`)).statusCode).toBe(200);
    expect((await as(owner, 'POST', url, { collaboratorId: member.id })).statusCode).toBe(201);
    expect((await as(member, 'DELETE', `${url}/${member.id}?block=maybe`)).statusCode).toBe(400);
  });
});
