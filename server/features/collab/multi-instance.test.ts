import { afterAll, describe, expect, inject, it } from 'vitest';
import { bookContent } from '@server/test/realtime/realtime.support';
import { useInstances } from '@server/test/instance-group.support';
import { hasRedisServer, registerUser } from '@server/test/instances.support';
import { createTextbook } from '../textbooks/textbooks.service';
import { openLiveClient, type LiveClient } from '@server/test/realtime/live-client.support';

/**
 * Two real server processes on one PostgreSQL with Debian's redis-server between them: live
 * documents stay in step keystroke by keystroke (Hocuspocus's Redis extension), carets cross, and
 * a REST save on one instance reaches typists on the other. Runs in CI's PostgreSQL pass.
 */
const templateUrl = inject('pgTemplateUrl');
const ready = Boolean(templateUrl) && hasRedisServer();

describe.skipIf(!ready)(
  `live documents on two instances (${ready ? 'PostgreSQL and redis-server' : 'needs TEST_DATABASE_URL and Debian redis-server'})`,
  () => {
    const group = useInstances(templateUrl, { redis: true });
    const clients: LiveClient[] = [];

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
    }, 30_000);

    it('keeps one document in step across instances: same-paragraph typing, carets, a REST save, one stored text', async () => {
      const [a, b] = group.urls;
      const alice = await registerUser(a, 'alice');
      const bob = await registerUser(b, 'bob');
      const book = await createTextbook(group.database.db, {
        owner: { id: alice.id, username: alice.username },
        topic: 'Across',
        content: bookContent(2),
      });
      const add = await fetch(`${a}/api/textbooks/${book.id}/collaborators`, {
        method: 'POST',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ collaboratorId: bob.id }),
      });
      expect(add.status).toBeLessThan(300);
      const stored = async () =>
        (await (await fetch(`${a}/api/textbooks/${book.id}`, { headers: { cookie: alice.cookie } })).json()) as {
          revision: number;
          content: { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };
        };
      const section = (await stored()).content.chapters[0].sections[0].id;

      const onA = await openLiveClient(a, { cookie: alice.cookie, textbookId: book.id });
      const onB = await openLiveClient(b, { cookie: bob.cookie, textbookId: book.id });
      clients.push(onA, onB);
      await Promise.all([onA.synced, onB.synced]);

      onA.type(section, 0, ' from A');
      onB.type(section, 0, 'B says: ', 0);
      const both = (c: LiveClient) => c.paragraphs(section)[0] === 'B says: Original text 1 from A';
      await onA.until(() => both(onA), 10_000, 'both texts on instance A');
      await onB.until(() => both(onB), 10_000, 'both texts on instance B');

      // Carets: what a client tells its instance reaches the other instance's clients, under the signed-in name.
      onB.provider.setAwarenessField('user', { name: 'anyone', color: '#000000' });
      await onA.until(
        () =>
          [...onA.provider.awareness!.getStates().values()].some((s) => (s.user as { name?: string } | undefined)?.name === bob.username),
        10_000,
        "bob's caret on instance A",
      );

      // A REST save through instance A while bob types on instance B. What was typed so far is stored first, so that
      // no store of it left pending by the debounce lands between reading the revision and the save (a 409 by design).
      await onB.flush();
      await onA.flush();
      const current = await stored();
      current.content.chapters[0].sections[0].content = `${current.content.chapters[0].sections[0].content}<p>Saved through A</p>`;
      onB.type(section, 0, '!');
      const save = await fetch(`${a}/api/textbooks/${book.id}`, {
        method: 'PATCH',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: current.content, baseRevision: current.revision }),
      });
      expect(save.status).toBe(200);
      await onB.until(() => onB.paragraphs(section).length === 2, 10_000, 'the REST paragraph on instance B');
      await onA.until(() => onA.paragraphs(section)[0].endsWith('!'), 10_000, "bob's last keystroke on instance A");
      expect(onB.paragraphs(section)).toEqual(['B says: Original text 1 from A!', 'Saved through A']);

      await onB.flush();
      await onA.flush();
      const html = (await stored()).content.chapters[0].sections[0].content;
      expect(html).toBe('<p>B says: Original text 1 from A!</p><p>Saved through A</p>');
    });
  },
);
