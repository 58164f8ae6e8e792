import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { createTextbook } from '../features/textbooks/textbooks.service';
import {
  createDatabase,
  eventually,
  needsPostgres,
  registerUser,
  startInstance,
  stopInstance,
  type Instance,
} from '../test/instances.support';
import { SilentCutProxy } from '../test/tcp-proxy.support';
import { bookContent } from '../test/realtime/realtime.support';
import { TestSocket } from '../test/realtime/ws-client.support';

/**
 * Two instances on one PostgreSQL; instance A reaches it through a proxy that goes silent (a
 * network cut that closes nothing). A must say it is unhealthy, come back when the path does,
 * and hear and send edits across instances again (docs/decisions.md, "PostgreSQL connections
 * notice a dead peer"). CI's PostgreSQL pass runs it (TEST_DATABASE_URL).
 */
const templateUrl = inject('pgTemplateUrl');

type Content = { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };

async function save(base: string, cookie: string, textbookId: number, text: string): Promise<number> {
  const current = (await (await fetch(`${base}/api/textbooks/${textbookId}`, { headers: { cookie } })).json()) as {
    revision: number;
    content: Content;
  };
  current.content.chapters[0].sections[0].content = `<p>${text}</p>`;
  const res = await fetch(`${base}/api/textbooks/${textbookId}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content: current.content, baseRevision: current.revision }),
  });
  expect(res.status).toBe(200);
  return current.revision + 1;
}

const health = (base: string) =>
  fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe.skipIf(!templateUrl)(`an instance whose database connection is cut silently (${templateUrl ? 'running' : needsPostgres})`, () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: Database;
  let proxy: SilentCutProxy;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await createDatabase(templateUrl);
    direct = await openPostgres(database.url);
    const target = new URL(database.url);
    proxy = new SilentCutProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await proxy.listen());
    const secret = randomBytes(24).toString('base64url');
    instances.push(...(await Promise.all([startInstance(proxied.toString(), secret), startInstance(database.url, secret)])));
  }, 120_000);

  afterAll(async () => {
    proxy?.resume();
    await Promise.all(instances.map(stopInstance));
    await proxy?.close();
    await direct?.close();
    await database?.drop();
  }, 60_000);

  it('reports unhealthy within 30 s, recovers when the path comes back, and edits cross again', async () => {
    const [a, b] = instances;
    const alice = await registerUser(a.url, 'alice');
    const bob = await registerUser(b.url, 'bob');
    const book = await createTextbook(direct.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'Cut',
      content: bookContent(2),
    });
    const add = await fetch(`${b.url}/api/textbooks/${book.id}/collaborators`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ collaboratorId: bob.id }),
    });
    expect(add.status).toBeLessThan(300);
    const atA = await TestSocket.open(a.url, { cookie: alice.cookie });
    atA.join(book.id);
    await atA.waitFor((m) => m.type === 'collaborators');
    const atB = await TestSocket.open(b.url, { cookie: bob.cookie });
    atB.join(book.id);
    await atB.waitFor((m) => m.type === 'collaborators');
    expect((await health(a.url)).status).toBe(200);

    proxy.cut();
    const down = await eventually(
      'instance A reports its database down',
      30_000,
      () => health(a.url),
      (h) => h.status === 503,
    );
    expect(down.body).toMatchObject({ status: 'unavailable', database: 'down' });
    // The other instance, on a working path, is unaffected.
    expect((await health(b.url)).status).toBe(200);

    proxy.resume();
    const up = await eventually(
      'instance A recovers',
      90_000,
      () => health(a.url),
      (h) => h.status === 200,
    );
    expect(up.body).toMatchObject({ status: 'ok', database: 'up' });

    // A save through B reaches the socket on A (as a live edit, or through A's resync after reconnecting).
    const revisionB = await save(b.url, bob.cookie, book.id, 'Saved through B after the cut');
    const heardAtA = await atA.waitFor((m) => m.type === 'edit' && (m.revision ?? 0) >= revisionB, 45_000, 'edit from B at A');
    expect((heardAtA.content as Content).chapters[0].sections[0].content).toBe('<p>Saved through B after the cut</p>');
    // And a save through A reaches B.
    const revisionA = await save(a.url, alice.cookie, book.id, 'Saved through A after the cut');
    const heardAtB = await atB.waitFor((m) => m.type === 'edit' && (m.revision ?? 0) >= revisionA, 30_000, 'edit from A at B');
    expect((heardAtB.content as Content).chapters[0].sections[0].content).toBe('<p>Saved through A after the cut</p>');
    await atA.close();
    await atB.close();
  }, 240_000);

  it('finishes SIGTERM within its limit even while its database is unreachable', async () => {
    const a = instances[0];
    proxy.cut();
    // A request that needs the database hangs on the cut path while the instance is told to stop.
    const pending = fetch(`${a.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `late_${randomBytes(3).toString('hex')}`, password: 'correct-horse' }),
    }).catch(() => undefined);
    const code = await stopInstance(a);
    expect(code).not.toBeNull();
    await pending;
    proxy.resume();
  }, 60_000);
});
