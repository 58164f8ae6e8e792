import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { bookContent } from '@server/test/realtime/realtime.support';
import { findTextbookContent } from '../textbooks/textbooks.repo';
import { openLiveClient } from '@server/test/realtime/live-client.support';
import { createBook } from '@server/test/books.support';

/** Typing that never pauses is still stored while it goes on, not only once it stops. */
const h = useHarness();

describe('typing flushed while typing', () => {
  it('stores continuous typing before the typist stops', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await h.createUser('typist');
    const book = await createBook(h, owner, { topic: 'Flush', content: bookContent(1) });
    const c = await openLiveClient(base, { cookie: owner.cookie, textbookId: book.id });
    await c.synced;
    const section = (await findTextbookContent(h.database.db, book.id))!.chapters[0].sections[0].id!;
    const stored = async () => (await findTextbookContent(h.database.db, book.id))!.chapters[0].sections[0].content;
    let typed = 0;
    // A keystroke every 100 ms, on and on: a pause-only store never comes while this runs.
    const keys = setInterval(() => c.type(section, 0, `k${typed++} `), 100);
    try {
      c.type(section, 0, 'first-words ');
      let seenWhileTyping = false;
      // The server's longest wait between stores while typing goes on was 8 s; it is a second now.
      for (let i = 0; i < 40 && !seenWhileTyping; i++) {
        await new Promise((r) => setTimeout(r, 100));
        seenWhileTyping = (await stored()).includes('first-words');
      }
      expect(seenWhileTyping).toBe(true);
    } finally {
      clearInterval(keys);
    }
    expect(h.deps.collab!.hocuspocus.configuration.maxDebounce).toBeLessThanOrEqual(1000);
    await c.close();
  });
});
