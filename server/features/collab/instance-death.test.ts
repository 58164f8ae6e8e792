import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { bodyFieldOf, type LiveServerMessage } from '@common/live-document';
import { openPostgres, type Database } from '@server/db/client';
import { bookContent } from '@server/test/realtime/realtime.support';
import {
  createDatabase,
  hasRedisServer,
  registerUser,
  startInstance,
  startRedis,
  stopInstance,
  type Instance,
  type RedisServer,
} from '@server/test/instances.support';
import { createTextbook } from '../textbooks/textbooks.service';
import { openLiveClient, type LiveClient } from '@server/test/realtime/live-client.support';

/**
 * The instance a typist is on dies (kill -9) with typing that reached the other instance through
 * Redis but was not yet stored; the typist's browser reconnects to the other instance. Whatever
 * that instance then tells the browser is saved must be in the stored book (read back over REST).
 */
const templateUrl = inject('pgTemplateUrl');
const ready = Boolean(templateUrl) && hasRedisServer();

/** Every client's clock in `vector` reaches at least its clock in `of`: the edits of `of` are all in `vector`. */
function covers(vector: Uint8Array, of: Uint8Array): boolean {
  const have = Y.decodeStateVector(vector);
  for (const [client, clock] of Y.decodeStateVector(of)) if ((have.get(client) ?? 0) < clock) return false;
  return true;
}

/** The newest "stored" vector a client was sent (what its editor shows as saved). */
function lastStored(clients: LiveClient[]): Uint8Array | null {
  let last: Uint8Array | null = null;
  for (const c of clients)
    for (const m of c.messages)
      if (m.type === 'stored') last = new Uint8Array(Buffer.from((m as Extract<LiveServerMessage, { type: 'stored' }>).vector, 'base64'));
  return last;
}

/** The plain text of a body's first paragraph as the document held it when its state vector was `vector`. */
function textAt(doc: Y.Doc, bodyId: string, vector: Uint8Array): string {
  const snapshot = Y.createSnapshot(Y.createDeleteSetFromStructStore(doc.store), Y.decodeStateVector(vector));
  const then = Y.createDocFromSnapshot(doc, snapshot);
  const paragraph = then.getXmlFragment(bodyFieldOf(bodyId)).toArray()[0];
  return paragraph instanceof Y.XmlElement ? paragraph.toString().replace(/<[^>]+>/g, '') : '';
}

describe.skipIf(!ready)(
  `typing held by an instance that dies (${ready ? 'PostgreSQL and redis-server' : 'needs TEST_DATABASE_URL and Debian redis-server'})`,
  () => {
    let copy: { url: string; drop(): Promise<void> };
    let database: Database;
    let redis: RedisServer | undefined;
    const instances: Instance[] = [];
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      copy = await createDatabase(templateUrl);
      database = await openPostgres(copy.url);
      redis = await startRedis();
      const secret = randomBytes(24).toString('base64url');
      for (let i = 0; i < 2; i++) instances.push(await startInstance(copy.url, secret, { REDIS_URL: redis.url }));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await Promise.all(instances.map(stopInstance));
      await redis?.stop();
      await database?.close();
      await copy?.drop();
    }, 30_000);

    it('leaves typing to the instance it was typed on while that one lives: no version in the name of someone who only watched', async () => {
      const [a, b] = instances.map((i) => i.url);
      const alice = await registerUser(a, 'alice');
      const bob = await registerUser(b, 'bob');
      const book = await createTextbook(database.db, {
        owner: { id: alice.id, username: alice.username },
        topic: 'Both alive',
        content: bookContent(1),
      });
      const add = await fetch(`${a}/api/textbooks/${book.id}/collaborators`, {
        method: 'POST',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ collaboratorId: bob.id }),
      });
      expect(add.status).toBeLessThan(300);
      const detail = (await (await fetch(`${b}/api/textbooks/${book.id}`, { headers: { cookie: bob.cookie } })).json()) as {
        content: { chapters: Array<{ sections: Array<{ id: string }> }> };
      };
      const section = detail.content.chapters[0].sections[0].id;

      const typist = await openLiveClient(a, { cookie: alice.cookie, textbookId: book.id });
      const watcher = await openLiveClient(b, { cookie: bob.cookie, textbookId: book.id });
      clients.push(typist, watcher);
      await Promise.all([typist.synced, watcher.synced]);
      // Typing for longer than the surviving instance's wait, then a pause past it: B must see A's stores and leave them to A.
      const words = ' one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
      // The watcher's editor asks B for stores all along (as an editor does that sees text not yet saved).
      const asking = setInterval(() => void watcher.flush().catch(() => 0), 500);
      try {
        for (const ch of words) {
          typist.type(section, 0, ch);
          await new Promise((r) => setTimeout(r, 100));
        }
        await watcher.until(() => watcher.paragraphs(section)[0] === `Original text 1${words}`, 10_000, 'the typing on instance B');
        await new Promise((r) => setTimeout(r, 8_000));
      } finally {
        clearInterval(asking);
      }

      const versions = (await (await fetch(`${a}/api/textbooks/${book.id}/versions`, { headers: { cookie: alice.cookie } })).json()) as {
        versions: Array<{ createdBy: { id: number } | null }>;
      };
      const authors = new Set(versions.versions.flatMap((v) => (v.createdBy ? [v.createdBy.id] : [])));
      expect([...authors]).toEqual([alice.id]);
      const stored = (await (await fetch(`${b}/api/textbooks/${book.id}`, { headers: { cookie: bob.cookie } })).json()) as {
        content: { chapters: Array<{ sections: Array<{ content: string }> }> };
      };
      expect(stored.content.chapters[0].sections[0].content).toBe(`<p>Original text 1${words}</p>`);
    }, 90_000);

    it('stores in the book, from the surviving instance, everything the typist is told is saved', async () => {
      const [a, b] = instances.map((i) => i.url);
      const alice = await registerUser(a, 'alice');
      const book = await createTextbook(database.db, {
        owner: { id: alice.id, username: alice.username },
        topic: 'Instance death',
        content: bookContent(1),
      });
      const read = async () =>
        (await (await fetch(`${b}/api/textbooks/${book.id}`, { headers: { cookie: alice.cookie } })).json()) as {
          content: { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };
        };
      const section = (await read()).content.chapters[0].sections[0].id;

      // The typist's browser on A keeps its document (no garbage collection: the test reads it as of a saved vector);
      // the same person has the book open on B too, so B holds the document and receives the typing through Redis.
      const doc = new Y.Doc({ gc: false });
      const typist = await openLiveClient(a, { cookie: alice.cookie, textbookId: book.id, doc });
      const watcher = await openLiveClient(b, { cookie: alice.cookie, textbookId: book.id });
      clients.push(typist, watcher);
      await Promise.all([typist.synced, watcher.synced]);

      typist.type(section, 0, ' stored on A');
      await typist.flush();
      for (const ch of ' typed before the crash') typist.type(section, 0, ch);
      const typed = 'Original text 1 stored on A typed before the crash';
      await watcher.until(() => watcher.paragraphs(section)[0] === typed, 10_000, 'the typing on instance B');
      // Before A's next store (a second after the typing stops) A dies.
      instances[0].child.kill('SIGKILL');
      await instances[0].exited;
      await typist.close();

      // The browser reconnects to B with its own document and asks for stores, as the editor does while it is not saved.
      const again = await openLiveClient(b, { cookie: alice.cookie, textbookId: book.id, doc });
      clients.push(again);
      await again.synced;
      const deadline = Date.now() + 30_000;
      for (;;) {
        await again.flush().catch(() => 0);
        const stored = lastStored([typist, again]);
        if (stored && covers(stored, Y.encodeStateVector(doc))) break;
        if (Date.now() > deadline) throw new Error('the typist was never told that everything is saved');
        await new Promise((r) => setTimeout(r, 1000));
      }

      const toldSaved = textAt(doc, section, lastStored([typist, again])!);
      expect(toldSaved).toBe(typed);
      expect((await read()).content.chapters[0].sections[0].content).toContain(`<p>${toldSaved}</p>`);
    }, 90_000);
  },
);
