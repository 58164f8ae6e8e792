import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { wsCloseCodes } from '@common/realtime';
import { resolveSession } from '../features/auth/auth.service';
import { forgetSessions } from '../features/auth/session-cache';
import { createSocketRegistry, type GuardedSocket } from './socket-guard';
import { cookieFrom, useHarness, type TestUser } from '../test/harness.support';
import { bookContent, getBook, patchBook, withSectionText } from '../test/realtime/realtime.support';
import { TestSocket } from '../test/realtime/ws-client.support';
import { useListening } from '../test/realtime/listening.support';
import { createBook } from '../test/books.support';

/** A socket lives only as long as its session, and one user holds at most 20. */
const h = useHarness();
const live = useListening<TestSocket>(h);

async function connect(cookie: string): Promise<TestSocket> {
  const s = await TestSocket.open(live.base, { cookie });
  live.open.push(s);
  return s;
}

async function bookOf(owner: TestUser) {
  const row = await createBook(h, owner, { topic: 'Sessions', content: bookContent(2) });
  return row.id;
}

async function joined(cookie: string, textbookId: number) {
  const s = await connect(cookie);
  s.join(textbookId);
  await s.waitFor((m) => m.type === 'collaborators', 5000, 'collaborators');
  return s;
}

async function signIn(user: TestUser): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: user.password } });
  return cookieFrom(res);
}

describe('a socket ends with its session', () => {
  it('closes at logout, and hears none of the edits saved after it', async () => {
    const owner = await h.createUser('owner');
    const id = await bookOf(owner);
    const tab = await signIn(owner);
    const watcher = await joined(tab, id);
    const out = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: tab } });
    expect(out.statusCode).toBe(200);
    const closed = await watcher.closed;
    expect(closed.code).toBe(wsCloseCodes.unauthorized);
    expect(watcher.messages.some((m) => m.type === 'error' && /session has ended/.test(m.message ?? ''))).toBe(true);
    // The owner's other session saves: the closed socket hears nothing.
    const book = await getBook(h.app, owner, id);
    const saved = await patchBook(h.app, owner, id, withSectionText(book, book.content.chapters[0].sections[0].id, '<p>After logout</p>'));
    expect(saved.statusCode).toBe(200);
    expect(watcher.messages.some((m) => m.type === 'edit')).toBe(false);
  });

  it('"Sign out everywhere" closes the sockets of every session of the user and leaves others open', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const id = await bookOf(owner);
    const [a, b] = [await joined(await signIn(owner), id), await joined(await signIn(owner), id)];
    const other = await joined(friend.cookie, await bookOf(friend));
    const res = await h.app.inject({ method: 'POST', url: '/api/logout-everywhere', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect((await a.closed).code).toBe(wsCloseCodes.unauthorized);
    expect((await b.closed).code).toBe(wsCloseCodes.unauthorized);
    other.join(id + 100000);
    await other.waitFor((m) => m.type === 'error' && m.code === 'NOT_FOUND');
  });

  it('refuses a join once the session has expired', async () => {
    const user = await h.createUser('expiring');
    const id = await bookOf(user);
    const s = await connect(user.cookie);
    await h.database.db.execute(sql.raw(`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`));
    forgetSessions(h.database.db, { userId: user.id });
    s.join(id);
    expect((await s.closed).code).toBe(wsCloseCodes.unauthorized);
    expect(s.messages.some((m) => m.type === 'collaborators')).toBe(false);
  });

  it('the heartbeat closes the sockets of a session that went idle, and keeps live ones', async () => {
    const idle = await h.createUser('idle');
    const live = await h.createUser('live');
    const closedUsers: number[] = [];
    let done: () => void = () => {};
    const allClosed = new Promise<void>((r) => (done = r));
    const registry = createSocketRegistry<GuardedSocket>({
      recheckMs: 50,
      sessionValid: async (token, userId) => (await resolveSession(h.database.db, token))?.id === userId,
    });
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.replace(/^sid=/, '')).replace(/\.[^.]+$/, '');
    for (const u of [idle, live]) {
      const entry: GuardedSocket = {
        userId: u.id,
        token: tokenOf(u.cookie),
        close: () => {
          // As a socket's close handler does.
          registry.remove(entry);
          closedUsers.push(u.id);
          done();
        },
      };
      registry.add(entry);
    }
    await h.database.db.execute(sql.raw(`update sessions set last_seen_at = now() - interval '8 days' where user_id = ${idle.id}`));
    forgetSessions(h.database.db, { userId: idle.id });
    await allClosed;
    await registry.recheck();
    registry.close();
    expect(closedUsers).toEqual([idle.id]);
  });
});

describe('sockets per user', () => {
  it('allows 20 sockets per user; the 21st is closed with 4429 and a message, and a freed place can be used again', async () => {
    const user = await h.createUser('tabs');
    const sockets = await Promise.all(Array.from({ length: 20 }, () => connect(user.cookie)));
    const extra = await connect(user.cookie);
    const error = await extra.waitFor((m) => m.type === 'error');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/Too many open connections/);
    expect((await extra.closed).code).toBe(wsCloseCodes.tooManySockets);
    // The 20 still work.
    const id = await bookOf(user);
    sockets[0].join(id);
    await sockets[0].waitFor((m) => m.type === 'collaborators');
    // Another user is not affected.
    const other = await h.createUser('other');
    const theirs = await connect(other.cookie);
    theirs.join(await bookOf(other));
    await theirs.waitFor((m) => m.type === 'collaborators');
    await sockets[1].close();
    const again = await connect(user.cookie);
    again.join(id);
    await again.waitFor((m) => m.type === 'collaborators');
  });
});
