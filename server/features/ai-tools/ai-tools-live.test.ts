import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { openLiveClient, reachedServer, storeOnlyWhenAsked, type LiveClient } from '@server/test/realtime/live-client.support';
import { createLinkedBook } from '@server/test/ai/computing-material.support';
import { createMemoryBook, memoryChapters } from '@server/test/ai/memory-handout.support';
import { useListening } from '@server/test/realtime/listening.support';

/**
 * The AI tools that rewrite bodies on the server (Expand Chapter empties the chapter's own body,
 * section expansion replaces a section's, customize apply merges and moves them) while someone
 * types in the live document. Typing is stored only after a pause; here the pause never comes
 * (the store waits ten minutes), so only the tool storing the open document first lets its merge
 * see the typing: typing in a rewritten body refuses the tool with a clear 409, typing elsewhere
 * is merged in, and nothing typed is lost.
 */
const h = useHarness();
const live = useListening<LiveClient>(h);
let alice: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
  // As while someone keeps typing: no store of its own comes before the tool saves.
  storeOnlyWhenAsked(h.deps.collab);
});

async function storedBook(id: number): Promise<TextbookContent> {
  const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: alice.cookie } });
  return (res.json() as { content: TextbookContent }).content;
}

async function typist(textbookId: number): Promise<LiveClient> {
  const client = await openLiveClient(live.base, { cookie: alice.cookie, textbookId });
  live.open.push(client);
  await client.synced;
  return client;
}

/** Waits until the server's copy of the live document holds the text (typing travels over the socket). */

function expandChapter(book: { id: number }, chapterIndex: number, chapter: TextbookContent['chapters'][number]) {
  return h.app.inject({
    method: 'POST',
    url: '/api/ai/expand-chapter',
    headers: { cookie: alice.cookie },
    payload: { textbookId: book.id, chapterIndex, chapterTitle: chapter.title, chapterContent: chapter.content, sectionCount: 3 },
  });
}

function firstChapterHtml(): string {
  return `<p>${memoryChapters[0].paragraphs.join('</p><p>')}</p>`;
}

describe('AI tools while someone types in the live document', () => {
  it('Expand Chapter refuses with a clear 409 when its chapter was typed in, and keeps what was typed', async () => {
    const book = await createMemoryBook(h, alice, firstChapterHtml(), 1);
    const chapter = (await storedBook(book.id)).chapters[0];
    const id = chapter.id ?? '';
    const client = await typist(book.id);
    client.type(id, 0, ' TYPED DURING THE EXPANSION');
    await reachedServer(h.deps.collab, book.id, id, 'TYPED DURING THE EXPANSION');

    const res = await expandChapter(book, 0, chapter);
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(
      `Someone typed in "${chapter.title}" while it was being expanded, so nothing was changed. Expand it again when they pause.`,
    );

    await client.flush();
    expect(client.paragraphs(id)[0]).toContain('TYPED DURING THE EXPANSION');
    expect(client.paragraphs(id)).toHaveLength(memoryChapters[0].paragraphs.length);
    const after = (await storedBook(book.id)).chapters[0];
    expect(after.sections).toHaveLength(0);
    expect(after.content).toContain('TYPED DURING THE EXPANSION');
  });

  it('Expand Chapter goes ahead when another chapter was typed in, and that typing is kept', async () => {
    const book = await createMemoryBook(h, alice, firstChapterHtml(), 1);
    const content = await storedBook(book.id);
    const otherId = content.chapters[1].id ?? '';
    const client = await typist(book.id);
    client.type(otherId, 0, ' TYPED IN ANOTHER CHAPTER');
    await reachedServer(h.deps.collab, book.id, otherId, 'TYPED IN ANOTHER CHAPTER');

    const res = await expandChapter(book, 0, content.chapters[0]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedBook(book.id);
    expect(stored.chapters[0].sections).toHaveLength(3);
    expect(stored.chapters[1].content).toContain('TYPED IN ANOTHER CHAPTER');
    // The expansion arrives in the editor as a change; the typing there stays.
    await client.until(() => client.paragraphs(stored.chapters[0].sections[0].id ?? '').length > 0, 20_000, 'the expansion');
    expect(client.paragraphs(otherId)[0]).toContain('TYPED IN ANOTHER CHAPTER');
  });

  it('section expansion refuses with a clear 409 when its section was typed in, and keeps what was typed', async () => {
    const made = await createMemoryBook(h, alice, '<p>Intro.</p>', 1);
    const withSection = {
      ...made.content,
      chapters: made.content.chapters.map((c, i) =>
        i === 0 ? { ...c, sections: [{ title: 'Forgetting', content: '<p>My own words about the forgetting curve.</p>' }] } : c,
      ),
    };
    const patch = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${made.id}`,
      headers: { cookie: alice.cookie },
      payload: { content: withSection, baseRevision: made.revision },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const book = { id: made.id };
    const chapter = (await storedBook(book.id)).chapters[0];
    const section = chapter.sections[0];
    const id = section.id ?? '';
    const client = await typist(book.id);
    await client.until(() => client.paragraphs(id).length > 0, 20_000, 'the section');
    client.type(id, 0, ' TYPED IN THE SECTION');
    await reachedServer(h.deps.collab, book.id, id, 'TYPED IN THE SECTION');

    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ai/generate-section',
      headers: { cookie: alice.cookie },
      payload: {
        textbookId: book.id,
        chapterIndex: 0,
        sectionIndex: 0,
        chapterTitle: chapter.title,
        sectionTitle: section.title,
        context: '',
        references: [],
        expansionLevel: 'comprehensive',
        paragraphCount: 8,
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(
      `Someone typed in "${section.title}" while it was being expanded, so nothing was changed. Expand it again when they pause.`,
    );
    await client.flush();
    expect(client.paragraphs(id)[0]).toContain('TYPED IN THE SECTION');
    expect((await storedBook(book.id)).chapters[0].sections[0].content).toContain('TYPED IN THE SECTION');
  });

  function customize(textbookId: number, userGuidance: string) {
    return h.app.inject({
      method: 'POST',
      url: '/api/ai/customize-structure',
      headers: { cookie: alice.cookie },
      payload: { textbookId, userGuidance },
    });
  }

  it('customize apply refuses with a clear 409 when a body it rewrote was typed in, and keeps what was typed', async () => {
    const book = await createLinkedBook(h, alice);
    const chapter = (await storedBook(book.id)).chapters[1];
    const id = chapter.id ?? '';
    const client = await typist(book.id);
    client.type(id, 0, ' TYPED DURING THE RESTRUCTURE');
    await reachedServer(h.deps.collab, book.id, id, 'TYPED DURING THE RESTRUCTURE');

    // Two chapters: the second chapter's text is merged into another body.
    const res = await customize(book.id, 'make it 2 chapters');
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(
      `Someone edited "${chapter.title}" while the structure was being changed, so nothing was changed. Apply it again when they pause.`,
    );
    await client.flush();
    expect(client.paragraphs(id)[0]).toContain('TYPED DURING THE RESTRUCTURE');
    const after = await storedBook(book.id);
    expect(after.chapters).toHaveLength(4);
    expect(after.chapters[1].content).toContain('TYPED DURING THE RESTRUCTURE');
  });

  it('customize apply goes ahead when a body it only moved was typed in, and that typing is kept', async () => {
    const book = await createLinkedBook(h, alice);
    const section = (await storedBook(book.id)).chapters[1].sections[0];
    const id = section.id ?? '';
    const client = await typist(book.id);
    client.type(id, 0, ' TYPED WHILE CHAPTERS MOVE');
    await reachedServer(h.deps.collab, book.id, id, 'TYPED WHILE CHAPTERS MOVE');

    const res = await customize(book.id, 'move Personal Computing first');
    expect(res.statusCode, res.body).toBe(200);
    const after = await storedBook(book.id);
    expect(after.chapters[0].title).toBe('Personal Computing');
    expect(after.chapters.flatMap((c) => c.sections).find((s) => s.id === id)?.content).toContain('TYPED WHILE CHAPTERS MOVE');
    await client.flush();
    expect(client.paragraphs(id)[0]).toContain('TYPED WHILE CHAPTERS MOVE');
  });
});
