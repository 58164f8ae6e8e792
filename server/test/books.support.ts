import type { TextbookContentInput } from '@common/textbook';
import { collaborators } from '@server/db/schema';
import type { Harness, TestUser } from '@server/test/harness.support';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { insertMaterial } from '@server/features/materials/materials.repo';

/** Test factories so route tests read like sentences: `const book = await createBook(h, alice)`. */

export function sampleContent(title = 'Mechanics'): TextbookContentInput {
  return {
    title,
    references: [],
    chapters: [
      {
        title: 'Kinematics',
        content: '<p>How things move.</p>',
        sections: [
          { title: 'Velocity', content: '<p>Velocity is the rate of change of position.</p>' },
          { title: 'Acceleration', content: '<p>Acceleration is the rate of change of velocity.</p>' },
        ],
      },
      {
        title: 'Dynamics',
        content: '<p>Why things move.</p>',
        sections: [{ title: "Newton's laws", content: '<p>F = ma</p>' }],
      },
    ],
  };
}

export async function createBook(h: Harness, owner: TestUser, opts: { topic?: string; content?: TextbookContentInput } = {}) {
  const topic = opts.topic ?? 'Mechanics';
  return createTextbook(h.database.db, {
    owner: { id: owner.id, username: owner.username },
    topic,
    content: opts.content ?? sampleContent(topic),
  });
}

/** Adds a collaborator directly (the collaborators routes have their own tests). */
export async function shareBook(h: Harness, textbookId: number, user: TestUser) {
  await h.database.db.insert(collaborators).values({ textbookId, userId: user.id }).onConflictDoNothing();
}

/** A stored homework of one problem on the sample book's chapter (sampleContent), made by `createdBy`. */
export function insertHomework(h: Harness, textbookId: number, createdBy: number) {
  return insertMaterial(h.database.db, {
    textbookId,
    contentType: 'homework',
    title: 'Homework: Kinematics',
    description: 'One problem',
    chapterTitle: 'Kinematics',
    chapterIndex: 0,
    body: { problems: [{ prompt: 'Define velocity.', guidance: 'See the section Velocity.' }] },
    createdBy,
  });
}

/** A short ecology book in real prose (definitions, figures, a section): enough text for every kind of material. */
export function ecologyContent(): TextbookContentInput {
  return {
    title: 'Ecology Basics',
    language: 'en',
    references: [],
    chapters: [
      {
        title: 'Food Webs',
        content:
          '<p>A food web is a network of feeding relationships in an ecosystem. Primary producers capture energy from sunlight and store it in organic matter. ' +
          'Primary consumers eat primary producers, and secondary consumers eat primary consumers. A decomposer is an organism that breaks down dead matter and returns nutrients to the soil.</p>',
        sections: [
          {
            title: 'Energy Flow',
            content:
              '<p>Only about 10% of the energy at one trophic level reaches the next trophic level. The rest of the energy is lost as heat during respiration. ' +
              'Because energy is lost at every step, food chains rarely have more than 5 trophic levels. A trophic level is the position an organism occupies in a food chain.</p>',
          },
        ],
      },
      {
        title: 'Populations',
        content:
          '<p>A population is a group of organisms of one species living in the same area. Carrying capacity is the largest population an environment can support. ' +
          'Logistic growth slows as a population approaches the carrying capacity of its habitat.</p>',
        sections: [],
      },
    ],
  };
}

export interface SeededMaterial {
  id: number;
  title: string;
  contentType: string;
  content: { questions?: Array<{ prompt: string }>; items?: unknown[] };
}

/** Generates a material for a chapter through the API, as the owner's Materials tab does; throws unless it is created. */
export async function generateMaterial(h: Harness, user: TestUser, bookId: number, contentType: string, chapterIndex = 0) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/textbooks/${bookId}/materials`,
    payload: { contentType, chapterIndex },
    headers: { cookie: user.cookie },
  });
  if (res.statusCode !== 201) throw new Error(`generating a ${contentType} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { material: SeededMaterial }).material;
}

/**
 * A stored book (the ecology book unless `content` is given), shared with `collaborators`, with one generated
 * material of each of `materials` for its first chapter: `const { book, materials } = await seedBook(h, owner, { materials: ['quiz'] })`.
 */
export async function seedBook(
  h: Harness,
  owner: TestUser,
  opts: { topic?: string; content?: TextbookContentInput; collaborators?: TestUser[]; materials?: string[] } = {},
) {
  const book = await createBook(h, owner, { topic: opts.topic ?? 'Ecology', content: opts.content ?? ecologyContent() });
  for (const user of opts.collaborators ?? []) await shareBook(h, book.id, user);
  const materials: SeededMaterial[] = [];
  for (const contentType of opts.materials ?? []) materials.push(await generateMaterial(h, owner, book.id, contentType));
  return { book, materials };
}
