import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { generateOutline } from '@server/test/upload-forms.support';

const h = useHarness();

const outline: TextbookContent = {
  title: 'Plants',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Light',
      content: '<p>Light drives the process.</p>',
      sections: [{ id: 's1', title: 'Pigments', content: '<p>Pigments absorb light.</p>' }],
    },
    { id: 'c2', title: 'Sugar', content: '<p>Sugar is the product.</p>', sections: [] },
    { id: 'c3', title: 'Limits', content: '<p>Limits slow things down.</p>', sections: [] },
  ],
};

function ask(user: TestUser | null, payload: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url: '/api/ai/outline-assistant', payload, headers: user ? { cookie: user.cookie } : {} });
}

const typed = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place mainly in the leaves, inside small structures called chloroplasts.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide from the air into sugars. The Calvin cycle takes place in the stroma, the fluid that surrounds the thylakoids.',
  'The rate of photosynthesis depends on light intensity, carbon dioxide concentration and temperature. When one of these factors is in short supply, it limits the whole process.',
].join('\n\n');

async function bookFromTypedText(user: TestUser): Promise<{ id: number; content: TextbookContent }> {
  const res = await generateOutline(h, user, [
    { name: 'topic', value: 'Photosynthesis' },
    { name: 'directContent', value: typed },
    { name: 'directMethod', value: 'true' },
  ]);
  expect(res.statusCode).toBe(200);
  return { id: res.json().textbookId, content: res.json().textbookContent };
}

describe('POST /api/ai/outline-assistant', () => {
  it('is for signed-in users, and refuses blank messages and broken outlines', async () => {
    expect((await ask(null, { message: 'hi', topic: 'x', textbookContent: outline })).statusCode).toBe(401);
    const alice = await h.createUser('alice');
    const blank = await ask(alice, { message: '   ', topic: 'Plants', textbookContent: outline });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a message');
    const broken = await ask(alice, { message: 'remove chapter 1', topic: 'Plants', textbookContent: '{"chapters": [' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Invalid textbook content: Invalid JSON format');
    const missing = await ask(alice, { message: 'remove chapter 1', topic: 'Plants' });
    expect(missing.statusCode).toBe(400);
  });

  it('applies a structural request to an outline sent as a string or an object, keeping ids', async () => {
    const alice = await h.createUser('alice');
    for (const textbookContent of [outline, JSON.stringify(outline)]) {
      const res = await ask(alice, { message: 'move chapter 3 before chapter 2', topic: 'Plants', textbookContent });
      expect(res.statusCode).toBe(200);
      expect(res.json().updatedContent.chapters.map((c: { id: string }) => c.id)).toEqual(['c1', 'c3', 'c2']);
      expect(res.json().message).toBe('Moved "Limits" to position 2.');
    }
  });

  it('answers without updatedContent when it cannot do the request', async () => {
    const alice = await h.createUser('alice');
    const res = await ask(alice, { message: 'merge chapters 2 and 7', topic: 'Plants', textbookContent: outline });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "I couldn't make that change: There is no chapter 7: the outline has 3 chapters. The outline is unchanged.",
    });
  });

  it("draws on the textbook's own sources when given its id, for answers and new sections", async () => {
    const alice = await h.createUser('alice');
    const book = await bookFromTypedText(alice);
    const content = {
      ...book.content,
      chapters: book.content.chapters.map((c) => ({ ...c, sections: [], content: '<p>Placeholder.</p>' })),
    };
    const added = await ask(alice, {
      message: 'add a section on the Calvin cycle to chapter 1',
      topic: 'Photosynthesis',
      textbookContent: content,
      textbookId: book.id,
    });
    expect(added.statusCode).toBe(200);
    const section = added.json().updatedContent.chapters[0].sections[0];
    expect(section.title).toBe('Calvin Cycle');
    expect(htmlToText(section.content)).toContain('The Calvin cycle uses ATP and NADPH to fix carbon dioxide from the air into sugars.');
    const answer = await ask(alice, {
      message: 'What limits the rate of photosynthesis?',
      topic: 'Photosynthesis',
      textbookContent: content,
      textbookId: book.id,
    });
    expect(answer.json().updatedContent).toBeUndefined();
    expect(answer.json().message).toMatch(/^From your material.*The rate of photosynthesis depends on light intensity/);
  });

  it("hides other users' textbooks", async () => {
    const alice = await h.createUser('alice');
    const mallory = await h.createUser('mallory');
    const book = await bookFromTypedText(alice);
    const res = await ask(mallory, { message: 'What is the Calvin cycle?', topic: 'x', textbookContent: outline, textbookId: book.id });
    expect(res.statusCode).toBe(404);
  });
});
