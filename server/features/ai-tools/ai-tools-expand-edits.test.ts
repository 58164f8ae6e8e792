import { beforeAll, describe, expect, it } from 'vitest';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createMemoryBook, memoryChapters, memoryReferences } from '@server/test/ai/memory-handout.support';

/**
 * On a real Word handout: expanding a chapter the user edited
 * keeps every block they wrote exactly, never prints a reference entry, and
 * gives balanced sections titled with noun phrases of their own text.
 */
const h = useHarness();
let alice: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
});

const [first, second] = memoryChapters[0].paragraphs;
const edited = [
  `<p>${first.replace('a family of systems', '<a href="https://example.org/plates">a family of systems</a>')}</p>`,
  '<img src="/api/images/1" alt="Ebbinghaus">',
  `<p>${second}</p>`,
  '<p>My own note: the equation <span data-type="inline-math" data-latex="R = e^{-t/S}"></span> describes the forgetting curve we will revisit in week three.</p>',
].join('');

/** Sentences of the reference list, the way a sentence splitter reads them ("Human memory: A proposed system and its control processes."). */
const referenceSentenceKeys = new Set(
  memoryReferences
    .flatMap((r) => fastSentences(r))
    .map(sentenceKey)
    .filter((k) => k.split(' ').length >= 4),
);

function expand(bookId: number, content: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/ai/expand-chapter',
    headers: { cookie: alice.cookie },
    payload: { textbookId: bookId, chapterIndex: 0, chapterTitle: 'Why study memory?', chapterContent: content, sectionCount: 4 },
  });
}

/** Alice saves her edit of the book over the revision she read. */
function saveEdit(book: { id: number; revision: number }, content: unknown) {
  return h.app.inject({
    method: 'PATCH',
    url: `/api/textbooks/${book.id}`,
    headers: { cookie: alice.cookie },
    payload: { content, baseRevision: book.revision },
  });
}

/** True when `needles` appear in `haystack` in order (other items may sit between them). */
function inOrder(haystack: string[], needles: string[]): boolean {
  let at = 0;
  for (const item of haystack) if (at < needles.length && item === needles[at]) at++;
  return at === needles.length;
}

describe('expand-chapter on a chapter the user edited', () => {
  it('keeps every block of the chapter exactly and in order (link, image, math, own words) and adds grounded paragraphs', async () => {
    const book = await createMemoryBook(h, alice, edited, 1);
    const stored = book.content.chapters[0].content;
    const res = await expand(book.id, stored);
    expect(res.statusCode, res.body).toBe(200);
    const { expandedChapter } = res.json() as { expandedChapter: { content: string; sections: Array<{ title: string; content: string }> } };
    expect(expandedChapter.sections).toHaveLength(4);
    // Nothing left in an introduction the editor would not show: the chapter's opening opens its first section.
    expect(expandedChapter.content).toBe('');
    const own = htmlBlocks(stored);
    expect(own).toHaveLength(4);
    expect(expandedChapter.sections[0].content.startsWith(own[0])).toBe(true);
    const out = expandedChapter.sections.flatMap((s) => htmlBlocks(s.content));
    expect(inOrder(out, own), `${own.join('\n')}\n---\n${out.join('\n')}`).toBe(true);
    expect(out.length).toBeGreaterThan(own.length);

    const after = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    const saved = after
      .json()
      .content.chapters[0].sections.map((s: { content: string }) => s.content)
      .join('');
    expect(saved).toContain('href="https://example.org/plates"');
    expect(saved).toContain('src="/api/images/1"');
    expect(saved).toContain('data-latex="R = e^{-t/S}"');
    expect(saved).toContain('My own note:');
  });

  it('never prints a reference-list entry, and titles balanced sections with noun phrases of their own text', async () => {
    // The other chapters print nothing yet: the sources have plenty to add.
    const book = await createMemoryBook(h, alice, edited, 0);
    const res = await expand(book.id, book.content.chapters[0].content);
    expect(res.statusCode, res.body).toBe(200);
    const sections = res.json().expandedChapter.sections as Array<{ title: string; content: string }>;
    for (const s of sections) {
      const text = htmlToText(s.content);
      for (const sentence of fastSentences(text)) expect(referenceSentenceKeys.has(sentenceKey(sentence)), sentence).toBe(false);
      expect(text).not.toMatch(
        /A proposed system and its control processes|A framework for memory research|Reconstruction of automobile destruction/,
      );
      // The title is printed in the section (verbatim, bar the capital), and is not one of QA's noise titles.
      expect(text.toLowerCase(), s.title).toContain(s.title.toLowerCase());
      expect(['single faculty', 'cognitive psychologists study', 'über das gedächtnis', 'human memory']).not.toContain(
        s.title.toLowerCase(),
      );
      // Balanced: every section holds at least two sentences.
      expect(fastSentences(text).length, s.title).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(sections.map((s) => s.title.toLowerCase())).size).toBe(4);
  });

  it("divides the author's own blocks, uncut, when the sources have nothing more, says which sources it searched, and prints no reference", async () => {
    // QA's book: every paragraph of the handout is printed, so only the reference list is left unused.
    const book = await createMemoryBook(h, alice, edited);
    const stored = book.content.chapters[0].content;
    const res = await expand(book.id, stored);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.exhausted).toBe(true);
    expect(body.note).toMatch(
      /^Nothing more to add: everything "memory\.docx" says about "Why study memory\?" is already in the textbook\./,
    );
    // Three runs of the author's blocks (the image rides with the paragraph after it): as many sections as there is text for.
    const sections = body.expandedChapter.sections as Array<{ content: string }>;
    expect(sections).toHaveLength(3);
    expect(body.note).toContain('divided into 3 sections');
    expect(sections.flatMap((s) => htmlBlocks(s.content))).toEqual(htmlBlocks(stored));
    for (const sentence of fastSentences(htmlToText(sections.map((s) => s.content).join(''))))
      expect(referenceSentenceKeys.has(sentenceKey(sentence)), sentence).toBe(false);
  });

  it('refuses (422, nothing saved) a chapter of one paragraph when the sources have nothing more, naming them', async () => {
    const only = `<p>${first}</p>`;
    const book = await createMemoryBook(h, alice, only);
    const content = {
      ...book.content,
      chapters: book.content.chapters.map((c, i) => (i === 0 ? c : { ...c, content: c.content + `<p>${second}</p>` })),
    };
    const patch = await saveEdit(book, content);
    expect(patch.statusCode, patch.body).toBe(200);
    const res = await expand(book.id, only);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('This chapter has too little text to divide into sections, and "memory.docx" has nothing more on it.');
    const after = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(after.json().revision).toBe(patch.json().revision);
  });
});

describe('generate-section on a section the user edited', () => {
  it("keeps the section's blocks exactly and in order and adds paragraphs from the sources, none from the reference list", async () => {
    const book = await createMemoryBook(h, alice, '<p>Intro.</p>', 1);
    const own = [
      '<p>Memory is not a single faculty but <a href="https://example.org/plates" target="_blank" rel="noopener noreferrer nofollow">a family of systems</a> that let us keep information over time.</p>',
      '<img src="/api/images/1" alt="curve" />',
      '<p>My own words about the forgetting curve.</p>',
    ];
    const content = {
      ...book.content,
      chapters: book.content.chapters.map((c, i) => (i === 0 ? { ...c, sections: [{ title: 'Forgetting', content: own.join('') }] } : c)),
    };
    const patch = await saveEdit(book, content);
    expect(patch.statusCode, patch.body).toBe(200);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ai/generate-section',
      headers: { cookie: alice.cookie },
      payload: {
        textbookId: book.id,
        chapterIndex: 0,
        chapterTitle: 'Why study memory?',
        sectionTitle: 'Forgetting',
        context: '',
        references: [],
        paragraphCount: 8,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.exhausted).toBe(false);
    const storedOwn = htmlBlocks(patch.json().content.chapters[0].sections[0].content);
    const out = htmlBlocks(body.sectionContent);
    expect(inOrder(out, storedOwn), out.join('\n')).toBe(true);
    expect(out.length).toBeGreaterThan(storedOwn.length);
    for (const sentence of fastSentences(htmlToText(body.sectionContent)))
      expect(referenceSentenceKeys.has(sentenceKey(sentence)), sentence).toBe(false);
  });
});
