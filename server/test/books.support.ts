import type { TextbookContentInput } from '@common/textbook';
import { collaborators } from '@server/db/schema';
import type { Harness, TestUser } from '@server/test/harness.support';
import { createTextbook } from '../features/textbooks/textbooks.service';

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
