import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { bookContent } from '@server/test/realtime/realtime.support';
import { findTextbookContent } from '../textbooks/textbooks.repo';
import { openLiveClient, reachedServer } from '@server/test/realtime/live-client.support';
import { createBook } from '@server/test/books.support';

/** A server going down says so: its live sockets close with 1001 "going away" (they closed with 1005 before). */
const h = useHarness();

describe('shutdown', () => {
  it('closes every live socket with 1001, after storing what was typed', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner, { topic: 'Bye', content: bookContent(1) });
    const c = await openLiveClient(base, { cookie: owner.cookie, textbookId: book.id });
    await c.synced;
    const section = (await findTextbookContent(h.database.db, book.id))!.chapters[0].sections[0].id!;
    c.type(section, 0, ' typed last');
    await reachedServer(h.deps.collab, book.id, section, 'typed last');
    await h.app.close();
    await c.until(() => c.closeEvents.length > 0, 5000, 'the close');
    expect(c.closeEvents[0]).toEqual({ code: 1001, reason: 'Server shutting down' });
    await c.close();
    expect((await findTextbookContent(h.database.db, book.id))!.chapters[0].sections[0].content).toContain('typed last');
  });
});
