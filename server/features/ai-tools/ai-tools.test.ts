import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent, TextbookContentInput } from '@common/textbook';
import { applicationsTitle } from '@server/ai/offline/customize/applications';
import { earliestYear } from '@server/ai/offline/customize/chronological';
import { lostSentences } from '@server/ai/shared/units';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlToText } from '@common/textbook-ops/html';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { shareBook } from '@server/test/books.support';
import { computingMaterial, createLinkedBook, testBookContent } from '@server/test/ai/computing-material.support';

const h = useHarness();
let alice: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
  mallory = await h.createUser('mallory');
});

/** Newest first, as the Version History tab lists them. */
async function versionDescriptions(id: number): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/versions`, headers: { cookie: alice.cookie } });
  const versions = res.json().versions as Array<{ versionNumber: number; description: string }>;
  return versions.sort((a, b) => b.versionNumber - a.versionNumber).map((v) => v.description);
}

function post(user: TestUser | null, url: string, payload: unknown) {
  return h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: user ? { cookie: user.cookie } : {} });
}

async function stored(id: number) {
  const res = await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: alice.cookie } });
  return res.json() as { content: TextbookContent; revision: number };
}

/** Every sentence of the material, four chapters of two sections (enough text to spread over ten weeks). */
function fullComputingBook(): TextbookContentInput {
  const topics = computingMaterial.split('\n\n');
  const chapters = [];
  for (let i = 0; i < topics.length; i += 2) {
    const sentences = fastSentences(topics[i + 1]);
    chapters.push({
      title: topics[i],
      content: '',
      sections: [
        { title: `${topics[i]}: Beginnings`, content: `<p>${sentences.slice(0, 3).join(' ')}</p>` },
        { title: `${topics[i]}: Later Work`, content: `<p>${sentences.slice(3).join(' ')}</p>` },
      ],
    });
  }
  return { title: 'A Short History of Computing', references: [], chapters };
}

const customize = (user: TestUser | null, payload: unknown) => post(user, '/api/ai/customize-structure', payload);

describe('POST /api/ai/customize-structure', () => {
  it('make a 10-week syllabus: ten "Week N" chapters, nothing lost, saved with a plain version description', async () => {
    const book = await createLinkedBook(h, alice, fullComputingBook());
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Make a 10-week syllabus' });
    expect(res.statusCode, res.body).toBe(200);
    const { textbookContent, revision, summary } = res.json();
    expect(textbookContent.chapters.map((c: { title: string }) => c.title.replace(/:.*/, ''))).toEqual(
      Array.from({ length: 10 }, (_, i) => `Week ${i + 1}`),
    );
    expect(lostSentences(book.content, textbookContent)).toEqual([]);
    expect(summary).toBe('Arranged the textbook as a 10-week syllabus, in its original order.');
    const now = await stored(book.id);
    expect(now.revision).toBe(revision);
    expect(now.content.chapters).toHaveLength(10);
    const versions = await versionDescriptions(book.id);
    expect(versions[0]).toContain('Restructured: Make a 10-week syllabus');
  });

  it('with preview: answers the restructured book and saves nothing', async () => {
    const book = await createLinkedBook(h, alice, fullComputingBook());
    const before = await stored(book.id);
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Make a 10-week syllabus', preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const { textbookContent, revision, preview } = res.json();
    expect(preview).toBe(true);
    expect(revision).toBe(before.revision);
    expect(textbookContent.chapters).toHaveLength(10);
    const after = await stored(book.id);
    expect(after.revision).toBe(before.revision);
    expect(after.content.chapters.map((c) => c.title)).toEqual(before.content.chapters.map((c) => c.title));
  });

  it('reorganize chapters chronologically: ordered by the earliest year each chapter discusses', async () => {
    const content = testBookContent();
    // Shuffle the history so there is something to put in order.
    content.chapters = [content.chapters[3], content.chapters[1], content.chapters[0], content.chapters[2]];
    const book = await createLinkedBook(h, alice, content);
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Reorganize chapters chronologically' });
    expect(res.statusCode, res.body).toBe(200);
    const chapters = res.json().textbookContent.chapters as TextbookContent['chapters'];
    expect(chapters.map((c) => c.title)).toEqual([
      'Mechanical Calculation',
      'Electronic Computers',
      'Transistors and Integrated Circuits',
      'Personal Computing',
    ]);
    const years = chapters.map((c) => earliestYear(htmlToText([c.content, ...c.sections.map((s) => s.content)].join(' '))));
    expect(years).toEqual([1822, 1945, 1947, 1971]);
    expect(lostSentences(book.content, res.json().textbookContent)).toEqual([]);
  });

  it("make the structure more application-focused: each chapter gains an applications section built from the sources' examples", async () => {
    const book = await createLinkedBook(h, alice);
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Make the structure more application-focused' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().textbookContent as TextbookContent;
    expect(lostSentences(book.content, after)).toEqual([]);
    const material = computingMaterial;
    for (const chapter of after.chapters) {
      const section = chapter.sections.find((s) => s.title === applicationsTitle);
      expect(section, chapter.title).toBeDefined();
      const sentences = fastSentences(htmlToText(section!.content));
      expect(sentences.length).toBeGreaterThan(0);
      for (const s of sentences) expect(material).toContain(s);
    }
    const apps = after.chapters.map((c) => htmlToText(c.sections.find((s) => s.title === applicationsTitle)!.content));
    expect(apps[0]).toContain('For example, the punched cards of the Jacquard loom');
    expect(apps[2]).toContain('In practice, integrated circuits let engineers build guidance computers');
  });

  it('split into beginner, intermediate and advanced: ordered by how much each chapter builds on terms defined in others', async () => {
    const content: TextbookContentInput = {
      title: 'Computer Hardware',
      references: [],
      chapters: [
        {
          title: 'Microprocessors',
          content:
            '<p>A microprocessor is an integrated circuit that contains the control circuitry of a computer. Each microprocessor holds millions of transistors. The transistors of one integrated circuit switch together.</p>',
          sections: [],
        },
        {
          title: 'Integrated Circuits',
          content:
            '<p>An integrated circuit is a chip that holds many components. Integrated circuits replaced boards of separate transistors, and each transistor on the chip is tiny.</p>',
          sections: [],
        },
        {
          title: 'Vacuum Tubes',
          content: '<p>A vacuum tube is an electronic switch in a sealed glass bulb. Early computers used thousands of them.</p>',
          sections: [],
        },
        {
          title: 'Transistors',
          content:
            '<p>A transistor is a semiconductor device that switches electronic signals. Transistors are smaller and cooler than any vacuum tube. A vacuum tube wears out; a transistor lasts.</p>',
          sections: [],
        },
      ],
    };
    const book = await createLinkedBook(h, alice, content);
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Split into beginner, intermediate and advanced' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().textbookContent.chapters.map((c: { title: string }) => c.title)).toEqual([
      'Beginner: Vacuum Tubes',
      'Beginner: Transistors',
      'Intermediate: Integrated Circuits',
      'Advanced: Microprocessors',
    ]);
    expect(lostSentences(book.content, res.json().textbookContent)).toEqual([]);
  });

  it("follow my class outline with weekly topics: the reference document's lines become the weeks", async () => {
    const book = await createLinkedBook(h, alice, fullComputingBook());
    const originalDocument =
      'Week 1: Chips and the microprocessor revolution\nWeek 2: Babbage and mechanical engines\nWeek 3: Vacuum tubes and the ENIAC\n  - stored programs';
    const res = await customize(alice, {
      textbookId: book.id,
      userGuidance: 'Follow my class outline with weekly topics',
      originalDocument,
    });
    expect(res.statusCode, res.body).toBe(200);
    const chapters = res.json().textbookContent.chapters as TextbookContent['chapters'];
    expect(chapters.map((c) => c.title)).toEqual([
      'Week 1: Chips and the microprocessor revolution',
      'Week 2: Babbage and mechanical engines',
      'Week 3: Vacuum tubes and the ENIAC',
    ]);
    expect(chapters[1].sections.map((s) => s.title)).toContain('Mechanical Calculation: Beginnings');
    expect(chapters[2].sections.map((s) => s.title)).toContain('Electronic Computers: Later Work');
    expect(chapters[0].sections.map((s) => s.title)).toContain('Personal Computing: Beginnings');
    expect(lostSentences(book.content, res.json().textbookContent)).toEqual([]);
  });

  it('answers 422 with a clear message, and changes nothing, for guidance it cannot act on', async () => {
    const book = await createLinkedBook(h, alice);
    const res = await customize(alice, { textbookId: book.id, userGuidance: 'Make it feel more exciting' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      /^I could not work out how to restructure the textbook from that guidance, so nothing was changed\./,
    );
    expect((await stored(book.id)).revision).toBe(book.revision);
  });

  it('validates the payload: blank, 1 MB and mistyped guidance, a bad id, an oversized document', async () => {
    const book = await createLinkedBook(h, alice);
    const blank = await customize(alice, { textbookId: book.id, userGuidance: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please provide instructions on how to customize the textbook structure.');
    const huge = await customize(alice, { textbookId: book.id, userGuidance: 'x'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The guidance is too long (at most 20,000 characters).');
    const typed = await customize(alice, { textbookId: book.id, userGuidance: 42 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe('userGuidance must be text');
    const badId = await customize(alice, { textbookId: 'abc', userGuidance: 'Make a 10-week syllabus' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('textbookId must be a number');
    const doc = await customize(alice, { textbookId: book.id, userGuidance: 'Follow my outline', originalDocument: 'y'.repeat(300_000) });
    expect(doc.statusCode).toBe(400);
  });

  it('is open only to the owner and collaborators: 401 anonymous, 404 strangers and missing books', async () => {
    const book = await createLinkedBook(h, alice, fullComputingBook());
    const payload = { textbookId: book.id, userGuidance: 'Make a 10-week syllabus' };
    expect((await customize(null, payload)).statusCode).toBe(401);
    const stranger = await customize(mallory, payload);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Textbook not found');
    expect((await customize(alice, { ...payload, textbookId: 999_999 })).statusCode).toBe(404);
    const carol = await h.createUser('carol');
    await shareBook(h, book.id, carol);
    expect((await customize(carol, payload)).statusCode).toBe(200);
  });
});

describe('POST /api/ai/add-section', () => {
  it('adds a section to the chapter, sanitized, saved as a version', async () => {
    const book = await createLinkedBook(h, alice);
    const res = await post(alice, '/api/ai/add-section', {
      textbookId: book.id,
      chapterIndex: 1,
      section: { title: 'Magnetic Core Memory', content: '<p>Cores stored bits.</p><script>alert(1)</script>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { textbookContent, section } = res.json();
    expect(section.title).toBe('Magnetic Core Memory');
    expect(section.content).toBe('<p>Cores stored bits.</p>');
    expect(textbookContent.chapters[1].sections.map((s: { title: string }) => s.title)).toEqual([
      'The ENIAC',
      'Stored Programs',
      'Magnetic Core Memory',
    ]);
    const versions = await versionDescriptions(book.id);
    expect(versions[0]).toContain('Added section "Magnetic Core Memory"');
  });

  it('with a chapterId, adds to that chapter after a collaborator reordered the chapters; a removed chapter is a 409', async () => {
    const book = await createLinkedBook(h, alice);
    const before = await stored(book.id);
    const target = before.content.chapters[1];
    // Someone moves the chapter the caller saw at position 1 to the end, then the caller adds a section to it.
    const reordered = { ...before.content, chapters: [...before.content.chapters.filter((c) => c !== target), target] };
    const patch = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}`,
      payload: { content: reordered, baseRevision: before.revision },
      headers: { cookie: alice.cookie },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const res = await post(alice, '/api/ai/add-section', {
      textbookId: book.id,
      chapterIndex: 1,
      chapterId: target.id,
      section: { title: 'Magnetic Core Memory', content: '<p>Cores stored bits.</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { textbookContent, section } = res.json() as { textbookContent: TextbookContent; section: { id: string; title: string } };
    const last = textbookContent.chapters[textbookContent.chapters.length - 1];
    expect(last.id).toBe(target.id);
    expect(last.sections.map((s) => s.title).at(-1)).toBe('Magnetic Core Memory');
    expect(last.sections.at(-1)?.id).toBe(section.id);
    expect(textbookContent.chapters[1].sections.map((s) => s.title)).not.toContain('Magnetic Core Memory');
    const gone = await post(alice, '/api/ai/add-section', {
      textbookId: book.id,
      chapterIndex: 0,
      chapterId: 'c_gone',
      section: { title: 'X' },
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('That chapter is no longer in the textbook: someone removed it. Reload to see the current chapters.');
  });

  it('refuses a chapter index out of range, a blank title and wrong types', async () => {
    const book = await createLinkedBook(h, alice);
    const out = await post(alice, '/api/ai/add-section', { textbookId: book.id, chapterIndex: 4, section: { title: 'X', content: '' } });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe('There is no chapter 5: the textbook has 4 chapters.');
    const negative = await post(alice, '/api/ai/add-section', { textbookId: book.id, chapterIndex: -1, section: { title: 'X' } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('chapterIndex cannot be negative');
    const blank = await post(alice, '/api/ai/add-section', { textbookId: book.id, chapterIndex: 0, section: { title: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please provide a title for the new section.');
    const typed = await post(alice, '/api/ai/add-section', { textbookId: book.id, chapterIndex: '1', section: { title: 'X' } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe('chapterIndex must be a number');
    expect((await post(mallory, '/api/ai/add-section', { textbookId: book.id, chapterIndex: 0, section: { title: 'X' } })).statusCode).toBe(
      404,
    );
  });
});

describe('expansion endpoints: access and payloads', () => {
  it('answer 401 anonymous and 404 to strangers and for missing books', async () => {
    const book = await createLinkedBook(h, alice);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/ai/expand-paragraph', { paragraphContent: 'The ENIAC was completed in 1945.', textbookId: book.id }],
      [
        '/api/ai/expand-chapter',
        { textbookId: book.id, chapterIndex: 0, chapterTitle: 'Mechanical Calculation', chapterContent: '<p>x</p>', sectionCount: 4 },
      ],
      [
        '/api/ai/generate-section',
        {
          textbookId: book.id,
          chapterIndex: 1,
          chapterTitle: 'Electronic Computers',
          sectionTitle: 'The ENIAC',
          context: '',
          references: [],
          expansionLevel: 'comprehensive',
          paragraphCount: 8,
        },
      ],
    ];
    for (const [url, payload] of calls) {
      expect((await post(null, url, payload)).statusCode, url).toBe(401);
      expect((await post(mallory, url, payload)).statusCode, url).toBe(404);
      expect((await post(alice, url, { ...payload, textbookId: 987_654 })).statusCode, url).toBe(404);
    }
  });

  it('refuse bad payloads with a message', async () => {
    const book = await createLinkedBook(h, alice);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/ai/expand-paragraph', { paragraphContent: '  ', textbookId: book.id }, 'Please select text to expand.'],
      ['/api/ai/expand-paragraph', { paragraphContent: 12, textbookId: book.id }, 'paragraphContent must be text'],
      [
        '/api/ai/expand-paragraph',
        { paragraphContent: 'x'.repeat(60_000), textbookId: book.id },
        'The selected text is too long to expand (at most 50,000 characters).',
      ],
      [
        '/api/ai/expand-chapter',
        { textbookId: book.id, chapterIndex: 1.5, chapterTitle: 'x', chapterContent: 'x', sectionCount: 4 },
        'chapterIndex must be a whole number',
      ],
      [
        '/api/ai/expand-chapter',
        { textbookId: book.id, chapterIndex: 0, chapterTitle: 'x', chapterContent: 'x', sectionCount: 40 },
        'sectionCount can be at most 12',
      ],
      [
        '/api/ai/generate-section',
        { textbookId: book.id, chapterIndex: 7, chapterTitle: 'x', sectionTitle: 'y', context: '', references: [] },
        'There is no chapter 8: the textbook has 4 chapters.',
      ],
      [
        '/api/ai/generate-section',
        { textbookId: book.id, chapterIndex: 0, chapterTitle: 'x', sectionTitle: 'y', context: 5, references: [] },
        'context must be text',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(alice, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
