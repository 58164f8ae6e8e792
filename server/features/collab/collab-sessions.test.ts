import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { addCollaborator, bookContent } from '@server/test/realtime/realtime.support';
import { openLiveClient, type LiveClient } from '@server/test/realtime/live-client.support';
import { useListening } from '@server/test/realtime/listening.support';
import { createBook } from '@server/test/books.support';

/** A live socket lives only as long as the right to it: the session, and the place on the book. */
const h = useHarness({}, { collab: { sessionRecheckMs: 200 } });
const live = useListening<LiveClient>(h);

describe('live sockets end with the right to them', () => {
  it('closes the socket when its session ends (logout), at the next session check', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner, { topic: 'S', content: bookContent(1) });
    const c = await openLiveClient(live.base, { cookie: owner.cookie, textbookId: book.id });
    live.open.push(c);
    await c.synced;
    const out = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: owner.cookie } });
    expect(out.statusCode).toBeLessThan(300);
    await c.until(() => c.closeEvents.some((e) => e.code === 4401), 5000, 'the close after logout');
  });

  it('closes a collaborator removed from the book', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const book = await createBook(h, owner, { topic: 'R', content: bookContent(1) });
    await addCollaborator(h.app, owner, book.id, friend);
    const c = await openLiveClient(live.base, { cookie: friend.cookie, textbookId: book.id });
    live.open.push(c);
    await c.synced;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/textbooks/${book.id}/collaborators/${friend.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBeLessThan(300);
    await c.until(() => c.closeEvents.some((e) => e.reason === 'forbidden'), 5000, 'the close after removal');
  });
});
