import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextbook } from '../textbooks/textbooks.service';
import { useHarness, type TestUser } from '../../test/harness';
import { addCollaborator, bookContent, getBook } from '../../realtime/realtime-fixtures';
import { openLiveClient, type LiveClient } from './live-test-client';

const h = useHarness();
let base = '';
const open: LiveClient[] = [];

beforeAll(async () => {
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

async function client(user: TestUser, textbookId: number, extra: { token?: string; origin?: string } = {}) {
  const c = await openLiveClient(base, { cookie: user.cookie, textbookId, ...extra });
  open.push(c);
  return c;
}

async function newBook(owner: TestUser, sections = 2) {
  const row = await createTextbook(h.database.db, {
    owner: { id: owner.id, username: owner.username },
    topic: 'Live',
    content: bookContent(sections),
  });
  return row.id;
}

describe('live documents', () => {
  it('two people typing in the same paragraph both keep their text, on both screens and on the server', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const id = await newBook(owner);
    await addCollaborator(h.app, owner, id, friend);
    const section = (await getBook(h.app, owner, id)).content.chapters[0].sections[0].id;
    const a = await client(owner, id);
    const b = await client(friend, id);
    await Promise.all([a.synced, b.synced]);
    expect(a.paragraphs(section)).toEqual(['Original text 1']);
    a.type(section, 0, ' alpha');
    b.type(section, 0, ' beta', 0);
    const both = (p: string[]) => p[0].includes(' alpha') && p[0].includes(' beta');
    await a.until(() => both(a.paragraphs(section)), 5000, 'both texts at A');
    await b.until(() => both(b.paragraphs(section)), 5000, 'both texts at B');
    expect(a.paragraphs(section)).toEqual(b.paragraphs(section));
    await a.flush();
    const stored = (await getBook(h.app, owner, id)).content.chapters[0].sections[0].content;
    expect(stored).toContain('alpha');
    expect(stored).toContain('beta');
  });
});
