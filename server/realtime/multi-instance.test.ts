import { describe, expect, inject, it } from 'vitest';
import { createTextbook } from '../features/textbooks/textbooks.service';
import { useInstances } from '../test/instance-group.support';
import { needsPostgres, registerUser } from '../test/instances.support';
import { bookContent } from '../test/realtime/realtime.support';
import { TestSocket } from '../test/realtime/ws-client.support';

/**
 * Two real server processes on one
 * PostgreSQL act as one. Runs in CI's PostgreSQL pass (TEST_DATABASE_URL);
 * on PGlite there is only ever one instance, so there is nothing to test.
 */
const templateUrl = inject('pgTemplateUrl');

describe.skipIf(!templateUrl)(`two app instances on one PostgreSQL (${templateUrl ? 'running' : needsPostgres})`, () => {
  const group = useInstances(templateUrl);

  it('delivers a save made through instance A to a socket on instance B', async () => {
    const [a, b] = group.instances;
    const alice = await registerUser(a.url, 'alice');
    const bob = await registerUser(b.url, 'bob');
    const book = await createTextbook(group.database.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'Shared',
      content: bookContent(2),
    });
    const add = await fetch(`${a.url}/api/textbooks/${book.id}/collaborators`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ collaboratorId: bob.id }),
    });
    expect(add.status).toBeLessThan(300);

    // Presence crosses instances too: alice on A and bob on B see each other, as on one server.
    const aliceSocket = await TestSocket.open(a.url, { cookie: alice.cookie });
    aliceSocket.join(book.id);
    await aliceSocket.waitFor((m) => m.type === 'collaborators');
    const socket = await TestSocket.open(b.url, { cookie: bob.cookie });
    socket.join(book.id);
    const list = await socket.waitFor((m) => m.type === 'collaborators');
    expect(list.collaborators?.map((u) => u.userId).sort()).toEqual([alice.id, bob.id].sort());
    expect(await aliceSocket.waitFor((m) => m.type === 'join', 10_000, 'join from instance B')).toMatchObject({
      userId: bob.id,
      username: bob.username,
    });

    const current = (await (await fetch(`${a.url}/api/textbooks/${book.id}`, { headers: { cookie: alice.cookie } })).json()) as {
      revision: number;
      content: { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };
    };
    current.content.chapters[0].sections[0].content = '<p>Saved through instance A</p>';
    const save = await fetch(`${a.url}/api/textbooks/${book.id}`, {
      method: 'PATCH',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: current.content, baseRevision: current.revision }),
    });
    expect(save.status).toBe(200);

    const edit = await socket.waitFor((m) => m.type === 'edit', 10_000, 'edit from instance A');
    expect(edit).toMatchObject({ textbookId: book.id, userId: alice.id, username: alice.username, revision: current.revision + 1 });
    expect((edit.content as typeof current.content).chapters[0].sections[0].content).toBe('<p>Saved through instance A</p>');
    expect(aliceSocket.messages.some((m) => m.type === 'edit')).toBe(false);
    await socket.close();
    expect(await aliceSocket.waitFor((m) => m.type === 'leave', 10_000, 'leave from instance B')).toMatchObject({ userId: bob.id });
    await aliceSocket.close();
  });
});
