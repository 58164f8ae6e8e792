import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { VersionEntry } from '@common/versions';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { openLiveClient, reachedServer, storeOnlyWhenAsked, type LiveClient } from '@server/test/realtime/live-client.support';
import { createBook } from '@server/test/books.support';
import { useListening } from '@server/test/realtime/listening.support';

/**
 * Restoring a version while someone types in the live document: typing is stored only after a
 * pause (here it never comes: the store waits ten minutes), so the restore stores the open
 * document first and what was typed is in the state the restore replaced, kept in the history.
 */
const h = useHarness();
const live = useListening<LiveClient>(h);
let owner: TestUser;

beforeAll(async () => {
  owner = await h.createUser('owner');
  storeOnlyWhenAsked(h.deps.collab);
});

function as(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) {
  return h.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
}

describe('restore while someone types', () => {
  it('keeps what was typed and not yet stored in the version the restore replaced', async () => {
    const book = await createBook(h, owner);
    const { content, revision } = (await as('GET', `/api/textbooks/${book.id}`)).json() as { content: TextbookContent; revision: number };
    content.chapters[0].content = '<p>How things move, revised.</p>';
    expect((await as('PATCH', `/api/textbooks/${book.id}`, { content, baseRevision: revision })).statusCode).toBe(200);
    const id = content.chapters[0].id ?? '';

    const typist = await openLiveClient(live.base, { cookie: owner.cookie, textbookId: book.id });
    live.open.push(typist);
    await typist.synced;
    typist.type(id, 0, ' TYPED BEFORE THE RESTORE');
    await reachedServer(h.deps.collab, book.id, id, 'TYPED BEFORE THE RESTORE');

    const first = ((await as('GET', `/api/textbooks/${book.id}/versions`)).json() as { versions: VersionEntry[] }).versions.at(-1);
    const res = await as('POST', `/api/textbooks/${book.id}/versions/${first?.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { content: TextbookContent }).content.chapters[0].content).toBe('<p>How things move.</p>');

    const list = ((await as('GET', `/api/textbooks/${book.id}/versions`)).json() as { versions: VersionEntry[] }).versions;
    expect(list[0].description).toMatch(/^Restored version 1/);
    const replaced = list[1].content as TextbookContent;
    expect(replaced.chapters[0].content).toBe('<p>How things move, revised. TYPED BEFORE THE RESTORE</p>');
    // The restore arrives in the editor as a change.
    await typist.until(() => typist.paragraphs(id)[0] === 'How things move.', 20_000, 'the restore');
  });
});
