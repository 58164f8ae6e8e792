import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { bodyFieldOf, liveDocumentName, liveDocumentPath } from '@common/live-document';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { addCollaborator, bookContent, getBook, patchBook, withSectionText } from '@server/test/realtime/realtime.support';
import { TestSocket } from '@server/test/realtime/ws-client.support';
import { findLiveState } from '../textbooks/save/live-documents.repo';
import { openLiveClient, reachedServer, type LiveClient } from '@server/test/realtime/live-client.support';
import { useListening } from '@server/test/realtime/listening.support';
import { createBook } from '@server/test/books.support';

/** The live-document socket on a real listening server: typing together, REST saves during typing, refusals, limits. */
const h = useHarness();
const live = useListening<LiveClient>(h);

async function client(user: TestUser, textbookId: number, extra: { token?: string; origin?: string } = {}) {
  const c = await openLiveClient(live.base, { cookie: user.cookie, textbookId, ...extra });
  live.open.push(c);
  return c;
}

async function newBook(owner: TestUser, sections = 2) {
  const row = await createBook(h, owner, { topic: 'Live', content: bookContent(sections) });
  return row.id;
}

async function sharedBook() {
  const owner = await h.createUser('owner');
  const friend = await h.createUser('friend');
  const id = await newBook(owner);
  await addCollaborator(h.app, owner, id, friend);
  const book = await getBook(h.app, owner, id);
  return { owner, friend, id, book, section: book.content.chapters[0].sections[0].id };
}

/** What the upgrade is answered with when it is refused (an HTTP status), or 101 when it opens. */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${live.base.replace(/^http/, 'ws')}${liveDocumentPath}`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

/** A sync frame as a provider sends it: document name, sync, step (2 = update), the bytes. */
function syncFrame(documentName: string, update: Uint8Array, step = 2): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, documentName);
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, step);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

/** Sends a raw frame on a client's socket, as a hostile or broken client would. */
function sendRaw(c: LiveClient, frame: Uint8Array) {
  (c.socket.webSocket as unknown as WebSocket).send(frame);
}

function closedWith(c: LiveClient, code: number) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (c.closeEvents.some((e) => e.code === code)) return resolve();
      if (Date.now() - started > 10_000) return reject(new Error(`not closed with ${code}: ${JSON.stringify(c.closeEvents)}`));
      setTimeout(poll, 20);
    };
    poll();
  });
}

describe('typing together', () => {
  it('two people typing in the same paragraph both keep their text, on both screens and on the server', async () => {
    const { owner, friend, id, section } = await sharedBook();
    const a = await client(owner, id);
    const b = await client(friend, id);
    await Promise.all([a.synced, b.synced]);
    expect(a.paragraphs(section)).toEqual(['Original text 1']);
    // Interleaved keystrokes, each side at its own position in the same paragraph.
    for (const [i, [x, y]] of [
      ['a', 'b'],
      ['l', 'e'],
      ['p', 't'],
    ].entries()) {
      a.type(section, 0, x);
      b.type(section, 0, y, i);
    }
    const both = (p: string[]) => p[0]?.startsWith('bet') && p[0].endsWith('alp');
    await a.until(() => both(a.paragraphs(section)), 5000, 'both texts at A');
    await b.until(() => both(b.paragraphs(section)), 5000, 'both texts at B');
    expect(a.paragraphs(section)).toEqual(['betOriginal text 1alp']);
    expect(b.paragraphs(section)).toEqual(a.paragraphs(section));
    await a.flush();
    const stored = (await getBook(h.app, owner, id)).content.chapters[0].sections[0].content;
    expect(stored).toBe('<p>betOriginal text 1alp</p>');
  });

  it('stores through the save path: one version per typist, the revision bumped, /ws clients told', async () => {
    const { owner, friend, id, section, book } = await sharedBook();
    const watcher = await TestSocket.open(live.base, { cookie: friend.cookie });
    watcher.join(id);
    await watcher.waitFor((m) => m.type === 'collaborators');
    const a = await client(owner, id);
    await a.synced;
    a.type(section, 0, ' one');
    const first = await a.flush();
    a.type(section, 0, ' two');
    const second = await a.flush();
    expect(first).toBe(book.revision + 1);
    expect(second).toBe(book.revision + 2);
    // The spec's /ws `edit` still carries the stored content to clients that use it.
    const edit = await watcher.waitFor((m) => m.type === 'edit' && m.revision === second);
    expect(JSON.stringify(edit.content)).toContain('Original text 1 one two');
    // Marked as typing from the live document, which editors show already.
    expect((edit as { live?: boolean }).live).toBe(true);
    const versions = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: owner.cookie } });
    const list = (versions.json() as { versions: Array<{ description: string }> }).versions;
    // Created + one coalesced edit version.
    expect(list).toHaveLength(2);
    await watcher.close();
  });
  it('a space typed last before a store is kept in a body with a rule, a picture or a table (nothing glues the next word on)', async () => {
    const { owner, id, section, book } = await sharedBook();
    // Every composed chapter has a rule after its objectives; the sanitizer prints it as <hr />, not as the editor does.
    const res = await patchBook(
      h.app,
      owner,
      id,
      withSectionText(book, section, '<p>Original text 1</p><hr><p>After the rule</p>'),
      book.revision,
    );
    expect(res.statusCode).toBe(200);
    const a = await client(owner, id);
    await a.synced;
    a.type(section, 0, ' word ');
    await a.flush();
    a.type(section, 0, 'next');
    await a.flush();
    expect(a.paragraphs(section)[0]).toBe('Original text 1 word next');
    const stored = (await getBook(h.app, owner, id)).content.chapters[0].sections[0].content;
    expect(stored).toBe('<p>Original text 1 word next</p><hr /><p>After the rule</p>');
  });
});

describe('the REST contract during live editing', () => {
  it('a PATCH is applied into the live document as a change: the typist keeps their text and sees the change arrive', async () => {
    const { owner, friend, id, section, book } = await sharedBook();
    const a = await client(friend, id);
    await a.synced;
    a.type(section, 0, ' typed live');
    // A toolkit-style save of the whole book from the stored state, adding a paragraph to the same section.
    const res = await patchBook(
      h.app,
      owner,
      id,
      withSectionText(book, section, '<p>Original text 1</p><p>Added by REST</p>'),
      book.revision,
    );
    expect(res.statusCode).toBe(200);
    await a.until(() => a.paragraphs(section).length === 2, 5000, 'the REST paragraph');
    expect(a.paragraphs(section)).toEqual(['Original text 1 typed live', 'Added by REST']);
    await a.flush();
    const stored = await getBook(h.app, owner, id);
    expect(stored.content.chapters[0].sections[0].content).toBe('<p>Original text 1 typed live</p><p>Added by REST</p>');
  });

  it('restoring a version while someone types arrives as a change they see; what they typed stays in the history', async () => {
    const { owner, id, section } = await sharedBook();
    const a = await client(owner, id);
    await a.synced;
    a.type(section, 0, ' first edit');
    await a.flush();
    const { versions } = (
      await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: owner.cookie } })
    ).json() as { versions: Array<{ id: number; versionNumber: number }> };
    const created = versions.find((v) => v.versionNumber === 1);
    a.type(section, 0, ' and more');
    // Typed and on the server, not stored yet: the restore stores the open document first.
    await reachedServer(h.deps.collab, id, section, 'and more');
    const restore = await h.app.inject({
      method: 'POST',
      url: `/api/textbooks/${id}/versions/${created?.id}/restore`,
      headers: { cookie: owner.cookie },
    });
    expect(restore.statusCode).toBe(200);
    // The restore replaces the text on purpose, in the editor too; the typing is in the version it replaced.
    await a.until(() => a.paragraphs(section)[0] === 'Original text 1', 5000, 'the restore');
    const history = (
      await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: owner.cookie } })
    ).json() as { versions: Array<{ content: unknown }> };
    expect(JSON.stringify(history.versions[1].content)).toContain('first edit and more');
  });

  it('a save that removes the section an editor shows: what the editor still writes there is taken, not stored, and typing goes on', async () => {
    const { owner, friend, id, book } = await sharedBook();
    const [kept, removed] = book.content.chapters[0].sections.map((s) => s.id);
    const a = await client(friend, id);
    await a.synced;
    // A restructuring (as the toolkit applies one) keeps the first section, drops the second and adds a new one.
    const chapter = book.content.chapters[0];
    const next = {
      ...book.content,
      chapters: [{ ...chapter, sections: [chapter.sections[0], { title: 'Added', content: '<p>Added section</p>' }] }],
    };
    const res = await patchBook(h.app, owner, id, next, book.revision);
    expect(res.statusCode).toBe(200);
    const added = (await getBook(h.app, owner, id)).content.chapters[0].sections[1].id;
    await a.until(() => a.paragraphs(removed).length === 0 && a.paragraphs(added).length === 1, 5000, 'the restructuring');
    // Typing into the new section first makes the server read the book's bodies again.
    a.type(added, 0, ' typed into the new section');
    await a.flush();
    // The editor still bound to the removed section puts a paragraph back into it, as ProseMirror does.
    a.doc.getXmlFragment(bodyFieldOf(removed)).insert(0, [new Y.XmlElement('paragraph')]);
    a.type(removed, 0, 'written into the removed section');
    a.type(kept, 0, ' typed after the restructuring');
    await a.flush();
    expect(a.closeEvents).toEqual([]);
    const stored = await getBook(h.app, owner, id);
    expect(stored.content.chapters[0].sections.map((s) => s.content)).toEqual([
      '<p>Original text 1 typed after the restructuring</p>',
      '<p>Added section typed into the new section</p>',
    ]);
    expect(JSON.stringify(stored.content)).not.toContain('written into the removed section');
    // A body the book never had is still refused.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    const before = Y.encodeStateVector(copy);
    copy.getXmlFragment(bodyFieldOf('s_madeup0000000001')).insert(0, [new Y.XmlElement('paragraph')]);
    sendRaw(a, syncFrame(liveDocumentName(id), Y.encodeStateAsUpdate(copy, before)));
    await closedWith(a, 1008);
  });

  it('typing into a section a save has just added is taken at once, with no wait for the book to be read again', async () => {
    const { owner, friend, id } = await sharedBook();
    const a = await client(friend, id);
    await a.synced;
    const document = h.deps.collab!.hocuspocus.documents.get(liveDocumentName(id))!;
    // The document is busy storing (its lock is held), so it pulls no save in: only what each save tells it says
    // which sections the save added, as when an editor opens a new section from the save's answer.
    let release = () => {};
    const busy = document.saveMutex.runExclusive(() => new Promise<void>((resolve) => (release = resolve)));
    const addSection = async (title: string) => {
      const current = await getBook(h.app, owner, id);
      const chapter = current.content.chapters[0];
      const sections = [...chapter.sections, { title, content: `<p>${title}</p>` }];
      const res = await patchBook(h.app, owner, id, { ...current.content, chapters: [{ ...chapter, sections }] }, current.revision);
      expect(res.statusCode).toBe(200);
      return (await getBook(h.app, owner, id)).content.chapters[0].sections.at(-1)!.id!;
    };
    const write = (body: string, text: string) => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(text)]);
      a.doc.getXmlFragment(bodyFieldOf(body)).insert(0, [paragraph]);
    };
    try {
      const first = await addSection('First added');
      write(first, 'typed into the first');
      await reachedServer(h.deps.collab, id, first, 'typed into the first');
      // Reading the book for the first cannot be done again for two seconds: typing into the second section, added
      // just after, once waited for that reading.
      const second = await addSection('Second added');
      const started = Date.now();
      write(second, 'typed into the second');
      await reachedServer(h.deps.collab, id, second, 'typed into the second');
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      release();
      await busy;
    }
    expect(a.closeEvents).toEqual([]);
    // A body the book never had is still refused.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    const before = Y.encodeStateVector(copy);
    copy.getXmlFragment(bodyFieldOf('s_madeup0000000002')).insert(0, [new Y.XmlElement('paragraph')]);
    sendRaw(a, syncFrame(liveDocumentName(id), Y.encodeStateAsUpdate(copy, before)));
    await closedWith(a, 1008);
  });

  it('a deleted textbook closes its live connections', async () => {
    const { owner, id } = await sharedBook();
    const a = await client(owner, id);
    await a.synced;
    const res = await h.app.inject({ method: 'DELETE', url: `/api/textbooks/${id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    await a.until(() => a.closeEvents.some((e) => e.reason === 'deleted'), 5000, 'the close');
  });
});

describe('refusals', () => {
  it('refuses an upgrade from another site, without a session, and past 20 sockets per user', async () => {
    const alice = await h.createUser('alice');
    expect(await upgradeStatus({})).toBe(401);
    expect(await upgradeStatus({ cookie: alice.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus({ cookie: alice.cookie, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await upgradeStatus({ cookie: alice.cookie, origin: live.base })).toBe(101);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 20; i++) {
      const ws = new WebSocket(`${live.base.replace(/^http/, 'ws')}${liveDocumentPath}`, { headers: { cookie: alice.cookie } });
      await new Promise((r) => ws.once('open', r));
      sockets.push(ws);
    }
    expect(await upgradeStatus({ cookie: alice.cookie })).toBe(429);
    for (const ws of sockets) ws.close();
  });

  it('a stranger is refused the document, as REST answers 404', async () => {
    const { id } = await sharedBook();
    const stranger = await h.createUser('stranger');
    const c = await client(stranger, id);
    await expect(c.synced).rejects.toThrow(/not-found/);
    expect(Object.keys(Object.fromEntries(c.doc.share))).toEqual([]);
  });

  it('a read-only connection receives the document but its edits are refused', async () => {
    const { owner, friend, id, section } = await sharedBook();
    const reader = await client(friend, id, { token: 'read' });
    await reader.synced;
    expect(reader.messages.find((m) => m.type === 'hello')).toMatchObject({ readOnly: true });
    const writer = await client(owner, id);
    await writer.synced;
    writer.type(section, 0, ' from the owner');
    await reader.until(() => reader.paragraphs(section)[0].endsWith('from the owner'), 5000, 'the owner edit at the reader');
    reader.type(section, 0, ' from the reader');
    await writer.flush();
    const stored = (await getBook(h.app, owner, id)).content.chapters[0].sections[0].content;
    expect(stored).toBe('<p>Original text 1 from the owner</p>');
    expect(writer.paragraphs(section)).toEqual(['Original text 1 from the owner']);
  });

  it('a malformed update closes the socket and changes nothing', async () => {
    const { owner, id, section } = await sharedBook();
    const c = await client(owner, id);
    await c.synced;
    sendRaw(c, syncFrame(liveDocumentName(id), new Uint8Array([200, 1, 2, 3, 4, 5, 6, 7])));
    await closedWith(c, 1008);
    const other = await client(owner, id);
    await other.synced;
    expect(other.paragraphs(section)).toEqual(['Original text 1']);
  });

  it('an update with a picture from another site is refused and the socket closed', async () => {
    const { owner, id, section } = await sharedBook();
    const c = await client(owner, id);
    await c.synced;
    // Build the update in a copy, so the refused picture never enters the client's own document.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(c.doc));
    const before = Y.encodeStateVector(copy);
    const image = new Y.XmlElement('image');
    image.setAttribute('src', 'https://tracker.example/pixel.png');
    copy.getXmlFragment(bodyFieldOf(section)).insert(0, [image]);
    sendRaw(c, syncFrame(liveDocumentName(id), Y.encodeStateAsUpdate(copy, before)));
    await closedWith(c, 1008);
    const other = await client(owner, id);
    await other.synced;
    expect(other.doc.getXmlFragment(bodyFieldOf(section)).toString()).not.toContain('tracker');
  });

  it('an oversized frame and a flood of messages close the socket', async () => {
    const { owner, id } = await sharedBook();
    const big = await client(owner, id);
    await big.synced;
    sendRaw(big, syncFrame(liveDocumentName(id), new Uint8Array(1100 * 1024)));
    await closedWith(big, 1009);
    const flood = await client(owner, id);
    await flood.synced;
    const query = encoding.createEncoder();
    encoding.writeVarString(query, liveDocumentName(id));
    encoding.writeVarUint(query, 3);
    for (let i = 0; i < 300; i++) sendRaw(flood, encoding.toUint8Array(query));
    await closedWith(flood, 1008);
  });
});

describe('the stored state', () => {
  it('stays bounded: text typed and deleted over and over leaves only a small trace', async () => {
    const { owner, id, section } = await sharedBook();
    const c = await client(owner, id);
    await c.synced;
    await c.flush();
    const initial = (await findLiveState(h.database.db, id))?.state.length ?? 0;
    const paragraph = 'A sentence of about sixty characters, typed and then deleted. ';
    for (let round = 0; round < 20; round++) {
      // One round is one update, as one paste and one delete would be (a keystroke each would trip the rate limit).
      c.doc.transact(() => {
        for (const ch of paragraph) c.type(section, 0, ch);
      });
      const text = c.doc
        .getXmlFragment(bodyFieldOf(section))
        .toArray()
        .find((n): n is Y.XmlElement => n instanceof Y.XmlElement)
        ?.toArray()
        .find((n): n is Y.XmlText => n instanceof Y.XmlText);
      text?.delete(text.length - paragraph.length, paragraph.length);
    }
    await c.flush();
    const after = (await findLiveState(h.database.db, id))?.state.length ?? 0;
    // 1,240 characters typed: the deleted text itself is gone, only a little bookkeeping per deletion remains.
    expect(after - initial).toBeLessThan(paragraph.length * 20 * 0.25);
    expect(c.paragraphs(section)).toEqual(['Original text 1']);
  });
});
