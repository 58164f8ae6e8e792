import { describe, expect, it } from 'vitest';
import { serverMessage, wsCloseCodes } from '@common/realtime';
import { useHarness, type TestUser } from '../test/harness.support';
import { addCollaborator, bookContent, getBook, patchBook, withSectionText } from '../test/realtime/realtime.support';
import { TestSocket } from '../test/realtime/ws-client.support';
import { useListening } from '../test/realtime/listening.support';
import { createBook } from '../test/books.support';

/** Socket tests on a real listening server: presence, refusals, and saves fanned out after commit. */
const h = useHarness();
const live = useListening<TestSocket>(h);

async function connect(user?: TestUser, origin?: string): Promise<TestSocket> {
  const s = await TestSocket.open(live.base, { cookie: user?.cookie, origin });
  live.open.push(s);
  return s;
}

/** Every message the sockets received, as the client reads it: with the common schema. */
function expectClientReadable(...sockets: TestSocket[]): void {
  const messages = sockets.flatMap((s) => s.messages);
  expect(messages.length).toBeGreaterThan(0);
  for (const { receivedAt: _receivedAt, ...message } of messages) {
    const parsed = serverMessage.safeParse(message);
    expect(parsed.success, `${JSON.stringify(message).slice(0, 200)}: ${parsed.error?.issues[0]?.message}`).toBe(true);
  }
}

async function newBook(owner: TestUser, sections = 3) {
  const row = await createBook(h, owner, { topic: 'Realtime', content: bookContent(sections) });
  return row.id;
}

/** An owner's book with one collaborator. */
async function sharedBook() {
  const owner = await h.createUser('owner');
  const collab = await h.createUser('collab');
  const id = await newBook(owner);
  await addCollaborator(h.app, owner, id, collab);
  return { owner, collab, id };
}

async function joined(user: TestUser, textbookId: number): Promise<TestSocket> {
  const s = await connect(user);
  s.join(textbookId);
  await s.waitFor((m) => m.type === 'collaborators', 5000, 'collaborators');
  return s;
}

describe('/ws refusals', () => {
  it('refuses an anonymous socket with 4401 and a message', async () => {
    const s = await connect();
    const error = await s.waitFor((m) => m.type === 'error');
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toMatch(/logged in/);
    expect((await s.closed).code).toBe(wsCloseCodes.unauthorized);
  });

  it('refuses a tampered session cookie and a foreign Origin as anonymous', async () => {
    const alice = await h.createUser('alice');
    const tampered = await connect({ ...alice, cookie: alice.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect((await tampered.closed).code).toBe(wsCloseCodes.unauthorized);
    const foreign = await connect(alice, 'https://evil.example');
    expect((await foreign.closed).code).toBe(wsCloseCodes.unauthorized);
  });

  it("refuses a stranger's join with 4404 and a message, like REST's 404", async () => {
    const owner = await h.createUser('owner');
    const stranger = await h.createUser('stranger');
    const id = await newBook(owner);
    const s = await connect(stranger);
    s.join(id);
    const error = await s.waitFor((m) => m.type === 'error');
    expect(error.message).toBe('Textbook not found');
    expect((await s.closed).code).toBe(wsCloseCodes.notFound);

    const missing = await connect(owner);
    missing.join(99_999_999);
    expect((await missing.closed).code).toBe(wsCloseCodes.notFound);
  });

  it('answers bad JSON and unknown shapes with an error message and keeps the socket', async () => {
    const owner = await h.createUser('owner');
    const id = await newBook(owner);
    const s = await connect(owner);
    s.send('{not json');
    expect((await s.waitFor((m) => m.type === 'error')).message).toBe('Messages must be valid JSON.');
    s.send({ type: 'dance', textbookId: id });
    expect((await s.next((m) => m.type === 'error' && m.code === 'BAD_MESSAGE')).message).toMatch(/^Invalid message: type: /);
    // A known type with a wrong field is refused by the common schema too, and joins nothing.
    s.send({ type: 'join', textbookId: 'seven' });
    expect((await s.next((m) => m.type === 'error' && m.code === 'BAD_MESSAGE')).message).toMatch(/^Invalid message: textbookId: /);
    s.send({ type: 'leave', textbookId: id, userId: 'me' });
    await s.next((m) => m.type === 'error' && m.code === 'BAD_MESSAGE');
    expect(s.messages.some((m) => m.type === 'collaborators')).toBe(false);
    s.send('x'.repeat(70 * 1024));
    await s.next((m) => m.type === 'error' && m.code === 'MESSAGE_TOO_LARGE');
    s.join(id);
    const list = await s.waitFor((m) => m.type === 'collaborators');
    expect(list.collaborators).toEqual([{ userId: owner.id, username: owner.username }]);
    expectClientReadable(s);
  });
});

describe('presence', () => {
  it('shows two users each other joining and leaving; a second tab counts once', async () => {
    const { owner, collab, id } = await sharedBook();

    const a = await joined(owner, id);
    const b = await connect(collab);
    b.join(id);
    const list = await b.waitFor((m) => m.type === 'collaborators');
    expect(list.collaborators?.map((c) => c.username).sort()).toEqual([owner.username, collab.username].sort());
    const joinSeen = await a.waitFor((m) => m.type === 'join');
    expect(joinSeen).toMatchObject({ textbookId: id, userId: collab.id, username: collab.username });

    // A second tab of the collaborator: no second join for the owner, and one entry in the list.
    const b2 = await joined(collab, id);
    expect(b2.messages.find((m) => m.type === 'collaborators')?.collaborators).toHaveLength(2);
    await b2.close();
    // The first tab is still there: closing the second one is not a leave.
    b.send({ type: 'leave', textbookId: id });
    const left = await a.waitFor((m) => m.type === 'leave');
    expect(left).toMatchObject({ textbookId: id, userId: collab.id, username: collab.username });
    expect(a.messages.filter((m) => m.type === 'join')).toHaveLength(1);
    expect(a.messages.filter((m) => m.type === 'leave')).toHaveLength(1);

    // Closing the socket is a leave too.
    b.join(id);
    await a.next((m) => m.type === 'join');
    await b.close();
    await a.next((m) => m.type === 'leave');
    expectClientReadable(a, b, b2);
  });

  it('closes a removed collaborator with 4403, and everyone when the textbook is deleted', async () => {
    const { owner, collab, id } = await sharedBook();
    const a = await joined(owner, id);
    const b = await joined(collab, id);

    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/textbooks/${id}/collaborators/${collab.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await b.closed).code).toBe(wsCloseCodes.forbidden);
    await a.waitFor((m) => m.type === 'leave' && m.userId === collab.id);

    const del = await h.app.inject({ method: 'DELETE', url: `/api/textbooks/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode).toBeLessThan(300);
    expect((await a.closed).code).toBe(wsCloseCodes.notFound);
  });
});

describe('edits', () => {
  it('fans a committed save out to the other user with the stored content and revision, never to the saver', async () => {
    const { owner, collab, id } = await sharedBook();
    const a = await joined(owner, id);
    const b = await joined(collab, id);

    const book = await getBook(h.app, owner, id);
    const section = book.content.chapters[0].sections[1];
    // A script in the HTML is sanitized on save: the broadcast must carry what was stored, not what was sent.
    const res = await patchBook(
      h.app,
      owner,
      id,
      withSectionText(book, section.id, '<p>Owner wrote this</p><script>alert(1)</script>'),
      book.revision,
    );
    expect(res.statusCode).toBe(200);

    const edit = await b.waitFor((m) => m.type === 'edit');
    expect(edit).toMatchObject({ textbookId: id, userId: owner.id, username: owner.username, revision: book.revision + 1 });
    const sent = edit.content as typeof book.content;
    expect(sent.chapters[0].sections[1].content).toBe('<p>Owner wrote this</p>');
    expect(sent).toEqual((await getBook(h.app, owner, id)).content);
    // The saver already has its text; only others hear of it. A round trip on the saver's socket after b heard of
    // the edit: an edit sent to a would have arrived before the answer.
    a.join(id);
    await a.next((m) => m.type === 'collaborators');
    expect(a.messages.some((m) => m.type === 'edit')).toBe(false);
    expectClientReadable(a, b);
  });

  it("never relays a client's own edit message", async () => {
    const { owner, collab, id } = await sharedBook();
    const a = await joined(owner, id);
    const b = await joined(collab, id);
    a.send({ type: 'edit', textbookId: id, userId: owner.id, content: { title: 'Hijacked', chapters: [] }, timestamp: Date.now() });
    // A round trip on the same socket proves the edit frame was processed before we look.
    a.join(id);
    await a.next((m) => m.type === 'collaborators');
    // And one on b's: a relayed edit would have reached b before this answer.
    b.join(id);
    await b.next((m) => m.type === 'collaborators');
    expect(b.messages.some((m) => m.type === 'edit')).toBe(false);
    expect((await getBook(h.app, owner, id)).content.title).toBe('Realtime Book');
  });

  it('keeps every section when ten clients save different sections at once', async () => {
    const owner = await h.createUser('owner');
    const users = [owner];
    const id = await newBook(owner, 10);
    for (let i = 0; i < 9; i++) {
      const u = await h.createUser(`writer${i}`);
      await addCollaborator(h.app, owner, id, u);
      users.push(u);
    }
    const sockets = await Promise.all(users.map((u) => joined(u, id)));
    const book = await getBook(h.app, owner, id);
    const sections = book.content.chapters[0].sections;

    const results = await Promise.all(
      users.map((u, i) => patchBook(h.app, u, id, withSectionText(book, sections[i].id, `<p>Written by ${u.username}</p>`), book.revision)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    const stored = await getBook(h.app, owner, id);
    expect(stored.revision).toBe(book.revision + 10);
    stored.content.chapters[0].sections.forEach((s, i) => expect(s.content).toBe(`<p>Written by ${users[i].username}</p>`));
    // Every socket but the last saver's hears the final state (the saver already holds it).
    const lastSaver = results.findIndex((r) => (r.json() as { revision: number }).revision === stored.revision);
    expect(lastSaver).toBeGreaterThanOrEqual(0);
    for (const [i, s] of sockets.entries()) {
      if (i === lastSaver) continue;
      const last = await s.waitFor((m) => m.type === 'edit' && m.revision === stored.revision, 5000, `final edit on socket ${i}`);
      expect(last.content).toEqual(stored.content);
    }
  });

  it('gives one of two writers of the same section a 409 carrying the stored text, and keeps the winner', async () => {
    const { owner, collab, id } = await sharedBook();
    const b = await joined(collab, id);
    const book = await getBook(h.app, owner, id);
    const section = book.content.chapters[0].sections[0];

    const [r1, r2] = await Promise.all([
      patchBook(h.app, owner, id, withSectionText(book, section.id, '<p>Owner version</p>'), book.revision),
      patchBook(h.app, collab, id, withSectionText(book, section.id, '<p>Collaborator version</p>'), book.revision),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const [winner, loser] = r1.statusCode === 200 ? [r1, r2] : [r2, r1];
    const winnerText = winner === r1 ? '<p>Owner version</p>' : '<p>Collaborator version</p>';
    const conflict = loser.json() as { message: string; content: typeof book.content; revision: number };
    expect(conflict.message).toBeTruthy();
    expect(conflict.revision).toBe(book.revision + 1);
    expect(conflict.content.chapters[0].sections[0].content).toBe(winnerText);
    const stored = await getBook(h.app, owner, id);
    expect(stored.content.chapters[0].sections[0].content).toBe(winnerText);
    if (winner === r1) {
      // The collaborator lost: their socket still hears the owner's committed save.
      const edit = await b.waitFor((m) => m.type === 'edit');
      expect((edit.content as typeof book.content).chapters[0].sections[0].content).toBe('<p>Owner version</p>');
    }
  });
});
