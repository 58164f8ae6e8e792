import { describe, expect, it } from 'vitest';
import type { TextbookContentInput } from '@common/textbook';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook, shareBook } from '@server/test/books.support';
import { insertMaterial } from './materials.repo';

const h = useHarness();

/** A small book with real prose: two chapters with definitions, terms and figures, and an empty one. */
const content: TextbookContentInput = {
  title: 'Ecology Basics',
  references: [],
  chapters: [
    {
      title: 'Food Webs',
      content:
        '<p>A food web is a network of feeding relationships in an ecosystem. Primary producers capture energy from sunlight and store it in organic matter. ' +
        'Primary consumers eat primary producers, and secondary consumers eat primary consumers.</p>',
      sections: [
        {
          title: 'Energy Flow',
          content:
            '<p>Only about 10% of the energy at one trophic level reaches the next trophic level. The rest of the energy is lost as heat during respiration. ' +
            'Because energy is lost at every step, food chains rarely have more than 5 trophic levels.</p>',
        },
      ],
    },
    {
      title: 'Population Growth',
      content:
        '<p>A population is a group of organisms of one species living in the same area. Carrying capacity is the largest population an environment can support. ' +
        'Logistic growth slows as a population approaches the carrying capacity of its habitat. About 90% of seedlings in a dense forest die before maturity.</p>',
      sections: [],
    },
    { title: 'Empty Chapter', content: '', sections: [] },
  ],
};

const url = (id: number) => `/api/textbooks/${id}/materials`;
const post = (user: TestUser | null, id: number, payload: unknown) =>
  h.app.inject({ method: 'POST', url: url(id), payload: payload as object, headers: user ? { cookie: user.cookie } : {} });
const list = (user: TestUser | null, id: number) =>
  h.app.inject({ method: 'GET', url: url(id), headers: user ? { cookie: user.cookie } : {} });
const remove = (user: TestUser | null, id: number, materialId: number) =>
  h.app.inject({ method: 'DELETE', url: `${url(id)}/${materialId}`, headers: user ? { cookie: user.cookie } : {} });

describe('POST /api/textbooks/{id}/materials', () => {
  it('generates a quiz for a chapter and answers 201 with the stored material', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    const res = await post(alice, book.id, { contentType: 'quiz', chapterIndex: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const { material } = res.json();
    expect(material).toMatchObject({
      textbookId: book.id,
      contentType: 'quiz',
      metadata: { chapterTitle: 'Food Webs', chapterIndex: 0 },
    });
    expect(typeof material.id).toBe('number');
    expect(new Date(material.createdAt).getTime()).not.toBeNaN();
    // The count is stated; a chapter too short for five fair questions is combined with the next one, and the description says so.
    expect(material.description).toMatch(new RegExp(`^${material.content.questions.length} questions? on the chapters? "Food Webs"`));
    if (/on the chapters/.test(material.description)) expect(material.description).toMatch(/"Food Webs" alone is too short for a quiz/);
    // The title names what the quiz covers: the chapter, or the chapters combined.
    expect(material.title).toBe(/on the chapters/.test(material.description) ? 'Quiz: Food Webs – Population Growth' : 'Quiz: Food Webs');
    expect(material.content.questions.length).toBeGreaterThan(0);
    const listed = await list(alice, book.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ materials: [material] });
  });

  it('generates each type for the whole book when chapterIndex is absent', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    for (const contentType of ['quiz', 'assessment', 'lessonPlan', 'homework']) {
      const res = await post(alice, book.id, { contentType });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(201);
      expect(res.json().material.title).toMatch(/\(whole book\)$/);
      expect(res.json().material.metadata).toEqual({});
    }
    expect((await list(alice, book.id)).json().materials.map((m: { contentType: string }) => m.contentType)).toEqual([
      'quiz',
      'assessment',
      'lessonPlan',
      'homework',
    ]);
  });

  it('replaces a material regenerated with the same title and type', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    const first = (await post(alice, book.id, { contentType: 'homework', chapterIndex: 1 })).json().material;
    const second = (await post(alice, book.id, { contentType: 'homework', chapterIndex: 1 })).json().material;
    expect(second.id).not.toBe(first.id);
    expect(second.content).toEqual(first.content);
    expect((await list(alice, book.id)).json().materials.map((m: { id: number }) => m.id)).toEqual([second.id]);
  });

  it('replaces a material made for the same chapter under another title (a chapter combined with its neighbours, or no longer)', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    // A quiz stored for the chapter under the title an earlier version of its chapters gave it.
    const older = await insertMaterial(h.database.db, {
      textbookId: book.id,
      contentType: 'quiz',
      title: 'Quiz: Food Webs – Population Growth',
      description: 'Made before.',
      chapterTitle: 'Food Webs',
      chapterIndex: 0,
      body: { questions: [] },
      createdBy: alice.id,
    });
    const other = (await post(alice, book.id, { contentType: 'quiz', chapterIndex: 1 })).json().material;
    const fresh = (await post(alice, book.id, { contentType: 'quiz', chapterIndex: 0 })).json().material;
    expect(fresh.id).not.toBe(older.id);
    const kept = (await list(alice, book.id)).json().materials.map((m: { id: number }) => m.id);
    expect(kept).not.toContain(older.id);
    expect(kept).toContain(fresh.id);
    // A quiz of another chapter stays unless it bears the same title (it covers the same chapters).
    expect(kept.includes(other.id)).toBe(other.title !== fresh.title);
  });

  it('refuses a bad contentType', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    for (const payload of [{ contentType: 'flashcards' }, { contentType: '' }, {}, { contentType: 3 }]) {
      const res = await post(alice, book.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/contentType/);
    }
  });

  it('refuses a chapterIndex out of range or not a whole number', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    const over = await post(alice, book.id, { contentType: 'quiz', chapterIndex: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'chapterIndex is out of range: this textbook has 3 chapters (0 to 2).', code: 'BAD_REQUEST' });
    for (const chapterIndex of [-1, 1.5, '0']) {
      const res = await post(alice, book.id, { contentType: 'quiz', chapterIndex });
      expect(res.statusCode, String(chapterIndex)).toBe(400);
      expect(res.json().message).toMatch(/chapterIndex/);
    }
    expect((await list(alice, book.id)).json().materials).toEqual([]);
  });

  it('says plainly when a chapter has no text to build from', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    const res = await post(alice, book.id, { contentType: 'quiz', chapterIndex: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The chapter "Empty Chapter" has no text to build a quiz from yet. Add or expand its content first.');
  });
});

describe('materials permissions', () => {
  it('lets the owner and collaborators generate, list and delete; strangers get 404 and anonymous 401', async () => {
    const owner = await h.createUser('owner');
    const collaborator = await h.createUser('collab');
    const stranger = await h.createUser('stranger');
    const book = await createBook(h, owner, { topic: 'Ecology', content });
    await shareBook(h, book.id, collaborator);

    expect((await post(null, book.id, { contentType: 'quiz' })).statusCode).toBe(401);
    expect((await list(null, book.id)).statusCode).toBe(401);
    expect((await post(stranger, book.id, { contentType: 'quiz' })).statusCode).toBe(404);
    // A stranger learns nothing, even with a chapterIndex out of range.
    expect((await post(stranger, book.id, { contentType: 'quiz', chapterIndex: 99 })).statusCode).toBe(404);
    expect((await list(stranger, book.id)).statusCode).toBe(404);

    const made = await post(collaborator, book.id, { contentType: 'lessonPlan', chapterIndex: 0 });
    expect(made.statusCode).toBe(201);
    const materialId = made.json().material.id;
    expect((await list(owner, book.id)).json().materials).toHaveLength(1);
    expect((await remove(null, book.id, materialId)).statusCode).toBe(401);
    expect((await remove(stranger, book.id, materialId)).statusCode).toBe(404);
    expect((await list(owner, book.id)).json().materials).toHaveLength(1);
    const deleted = await remove(owner, book.id, materialId);
    expect(deleted.statusCode).toBe(200);
    expect((await list(collaborator, book.id)).json().materials).toEqual([]);
    expect((await remove(owner, book.id, materialId)).statusCode).toBe(404);
  });

  it('does not delete a material through another textbook the caller owns', async () => {
    const alice = await h.createUser('alice');
    const bob = await h.createUser('bob');
    const bobsBook = await createBook(h, bob, { topic: 'Ecology', content });
    const alicesBook = await createBook(h, alice, { topic: 'Ecology', content });
    const material = (await post(bob, bobsBook.id, { contentType: 'homework', chapterIndex: 0 })).json().material;
    const res = await remove(alice, alicesBook.id, material.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Material not found');
    expect((await list(bob, bobsBook.id)).json().materials).toHaveLength(1);
    expect((await remove(alice, alicesBook.id, Number.NaN)).statusCode).toBe(400);
  });

  it("removes a textbook's materials with the textbook", async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Ecology', content });
    await post(alice, book.id, { contentType: 'quiz', chapterIndex: 1 });
    expect((await h.app.inject({ method: 'DELETE', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(
      200,
    );
    expect((await list(alice, book.id)).statusCode).toBe(404);
  });
});
