import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { computingMaterial, createLinkedBook, testBookContent } from '@server/test/ai/computing-material.support';

const h = useHarness();
let alice: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
});

const materialSentences = fastSentences(
  computingMaterial
    .split('\n\n')
    .filter((p) => /[.!?]$/.test(p))
    .join('\n\n'),
);
const materialKeys = materialSentences.map(sentenceKey);

function sentencesOf(html: string): string[] {
  return htmlBlocks(html).flatMap((b) => fastSentences(htmlToText(b)));
}

function bookSentenceKeys(book: TextbookContent, skip?: (html: string) => boolean): Set<string> {
  const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).filter((x) => !skip?.(x));
  return new Set(html.flatMap(sentencesOf).map(sentenceKey));
}

/** Newest first, as the Version History tab lists them. */
async function versionDescriptions(id: number): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: alice.cookie } });
  const versions = res.json().versions as Array<{ versionNumber: number; description: string }>;
  return versions.sort((a, b) => b.versionNumber - a.versionNumber).map((v) => v.description);
}

function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
}

/** Alice asks to expand a chapter, sent with this title and text, into 4 sections. */
function expandChapter(
  textbookId: number,
  chapterIndex: number,
  chapter: { title: string; content: string },
  extra: Record<string, unknown> = {},
) {
  return post(alice, '/api/ai/expand-chapter', {
    textbookId,
    chapterIndex,
    chapterTitle: chapter.title,
    chapterContent: chapter.content,
    sectionCount: 4,
    ...extra,
  });
}

describe('POST /api/ai/expand-paragraph', () => {
  it('adds sentences of the sources around the selection, in their reading order, none already in the book', async () => {
    const book = await createLinkedBook(h, alice);
    const selected = 'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.';
    const res = await post(alice, '/api/ai/expand-paragraph', {
      paragraphContent: selected,
      textbookId: book.id,
      subject: 'Transistors',
      context: 'Book: A Short History of Computing',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.exhausted).toBe(false);
    const sentences = sentencesOf(body.expandedContent);
    expect(sentences).toContain(selected);
    const added = sentences.filter((s) => s !== selected);
    expect(added.length).toBeGreaterThanOrEqual(2);
    // Grounded: every added sentence is a sentence of the material...
    for (const s of added) expect(materialKeys).toContain(sentenceKey(s));
    // ...not printed anywhere else in the book...
    const inBook = bookSentenceKeys(book.content);
    for (const s of added) expect(inBook.has(sentenceKey(s))).toBe(false);
    // ...in the sources' reading order around the selection, and about it.
    const positions = sentences.map((s) => materialKeys.indexOf(sentenceKey(s)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(added.some((s) => /transistor/i.test(s))).toBe(true);
  });

  it('says so, and changes nothing, when the sources have nothing more', async () => {
    // A book that already prints every sentence of the material.
    const everything: TextbookContent = {
      title: 'All of it',
      references: [],
      chapters: [{ title: 'Everything', content: materialSentences.map((s) => `<p>${s}</p>`).join(''), sections: [] }],
    };
    const book = await createLinkedBook(h, alice, everything);
    const selected = 'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.';
    const res = await post(alice, '/api/ai/expand-paragraph', { paragraphContent: selected, textbookId: book.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      expandedContent: `<p>${selected}</p>`,
      exhausted: true,
      // The note names the sources searched (typed text is named by its chapter title) and the topic (the chapter holding the selection).
      note: 'Nothing more to add: everything "History of Computing" says about "Everything" is already in the textbook.',
      // Which engine answered, so the dialog can say what it does.
      engine: 'offline',
    });
  });
});

describe('POST /api/ai/expand-chapter', () => {
  it("turns a chapter without sections into exactly 4 sections, keeping its text and adding the sources' new sentences; saved as a version", async () => {
    const book = await createLinkedBook(h, alice);
    const chapter = book.content.chapters[0];
    const res = await expandChapter(book.id, 0, chapter);
    expect(res.statusCode, res.body).toBe(200);
    const { expandedChapter, textbookContent, revision } = res.json();
    expect(expandedChapter.sections).toHaveLength(4);
    expect(expandedChapter.id).toBe(chapter.id);
    expect(new Set(expandedChapter.sections.map((s: { title: string }) => s.title)).size).toBe(4);
    const printed = [expandedChapter.content, ...expandedChapter.sections.map((s: { content: string }) => s.content)].flatMap(sentencesOf);
    expect(printed).toContain(
      'Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error.',
    );
    expect(printed.length).toBeGreaterThanOrEqual(4);
    for (const s of printed) expect(materialKeys).toContain(sentenceKey(s));
    expect(printed.some((s) => /Analytical Engine/.test(s))).toBe(true);
    // Nothing printed twice, and nothing repeated from the rest of the book.
    expect(new Set(printed.map(sentenceKey)).size).toBe(printed.length);
    const rest = bookSentenceKeys({ ...book.content, chapters: book.content.chapters.slice(1) });
    for (const s of printed) expect(rest.has(sentenceKey(s))).toBe(false);

    expect(textbookContent.chapters[0].sections).toHaveLength(4);
    expect(revision).toBe(book.revision + 1);
    const stored = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(stored.json().content.chapters[0].sections).toHaveLength(4);
    const versions = await versionDescriptions(book.id);
    expect(versions.join('\n')).toContain('Expanded chapter "Mechanical Calculation" into 4 sections');
  });

  it('refuses a chapter that has sections, and a chapter index out of range', async () => {
    const book = await createLinkedBook(h, alice);
    const withSections = await expandChapter(book.id, 1, { title: 'x', content: '<p>x</p>' });
    expect(withSections.statusCode).toBe(400);
    expect(withSections.json().message).toBe('Chapter "Electronic Computers" already has sections; expand them one at a time.');
    const outOfRange = await expandChapter(book.id, 9, { title: 'x', content: '<p>x</p>' });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe('There is no chapter 10: the textbook has 4 chapters.');
  });
});

describe('POST /api/ai/generate-section', () => {
  it('expands a section from the sources in reading order, saves it, and answers the saved section', async () => {
    const book = await createLinkedBook(h, alice);
    const content = testBookContent();
    const res = await post(alice, '/api/ai/generate-section', {
      textbookId: book.id,
      chapterIndex: 2,
      chapterTitle: 'Transistors and Integrated Circuits',
      sectionTitle: 'The Transistor',
      context: 'Learning objectives: explain why transistors replaced vacuum tubes.\n\nOther sections: Integrated Circuits',
      references: [{ title: 'A history', authors: 'Someone', year: '2001', publisher: 'Press', url: '', description: '', approved: true }],
      expansionLevel: 'comprehensive',
      paragraphCount: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.exhausted).toBe(false);
    const sentences = sentencesOf(body.sectionContent);
    expect(sentences).toContain('The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.');
    const positions = sentences.map((s) => materialKeys.indexOf(sentenceKey(s)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(sentences).toContain('A transistor is a semiconductor device that amplifies or switches electronic signals.');
    const others = bookSentenceKeys(book.content, (html) => html === content.chapters[2].sections![0].content);
    for (const s of sentences) {
      expect(materialKeys).toContain(sentenceKey(s));
      expect(others.has(sentenceKey(s))).toBe(false);
    }
    expect(htmlBlocks(body.sectionContent).length).toBeLessThanOrEqual(1 + 8);
    expect(body.textbookContent.chapters[2].sections[0].content).toBe(body.sectionContent);
    const versions = await versionDescriptions(book.id);
    expect(versions[0]).toContain('Expanded section "The Transistor"');
  });

  it('answers that there is nothing more, without saving, when the sources are exhausted', async () => {
    const everything: TextbookContent = {
      title: 'All of it',
      references: [],
      chapters: [
        {
          title: 'Everything',
          content: '<p>Intro.</p>',
          sections: [{ title: 'All', content: materialSentences.map((s) => `<p>${s}</p>`).join('') }],
        },
      ],
    };
    const book = await createLinkedBook(h, alice, everything);
    const res = await post(alice, '/api/ai/generate-section', {
      textbookId: book.id,
      chapterIndex: 0,
      chapterTitle: 'Everything',
      sectionTitle: 'All',
      context: '',
      references: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().exhausted).toBe(true);
    expect(res.json().note).toBe('Nothing more to add: everything "History of Computing" says about "All" is already in the textbook.');
    expect(res.json().textbookContent).toBeUndefined();
    const stored = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(stored.json().revision).toBe(book.revision);
  });
});

describe('expansion previews (nothing saved before the user accepts)', () => {
  it('expand-chapter with preview answers the proposed chapter and the revision it was made from, and stores nothing', async () => {
    const book = await createLinkedBook(h, alice);
    const chapter = book.content.chapters[0];
    const res = await expandChapter(book.id, 0, chapter, { preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.preview).toBe(true);
    expect(body.revision).toBe(book.revision);
    expect(body.expandedChapter.sections.length).toBeGreaterThanOrEqual(2);
    expect(body.textbookContent.chapters[0].sections).toEqual(body.expandedChapter.sections);
    const stored = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(stored.json().revision).toBe(book.revision);
    expect(stored.json().content.chapters[0].sections).toHaveLength(0);
    expect((await versionDescriptions(book.id)).join('\n')).not.toContain('Expanded chapter');
  });

  it('generate-section with preview answers the proposed section without saving; accepting it through PATCH makes a described version', async () => {
    const book = await createLinkedBook(h, alice);
    const res = await post(alice, '/api/ai/generate-section', {
      textbookId: book.id,
      chapterIndex: 2,
      chapterTitle: 'Transistors and Integrated Circuits',
      sectionTitle: 'The Transistor',
      sectionIndex: 0,
      preview: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.preview).toBe(true);
    expect(body.revision).toBe(book.revision);
    expect(body.textbookContent.chapters[2].sections[0].content).toBe(body.sectionContent);
    const before = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(before.json().content.chapters[2].sections[0].content).toBe(book.content.chapters[2].sections[0].content);

    const accepted = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}`,
      payload: { content: body.textbookContent, baseRevision: body.revision, description: 'Expanded section "The Transistor"' },
      headers: { cookie: alice.cookie },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(after.json().content.chapters[2].sections[0].content).toBe(body.sectionContent);
    expect((await versionDescriptions(book.id))[0]).toContain('Expanded section "The Transistor"');
  });
});
