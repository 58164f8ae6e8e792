import type { QuizContent, AssessmentContent } from '@common/materials';
import type { TextbookContentInput } from '@common/textbook';
import type { Harness, TestUser } from '@server/test/harness.support';
import { insertImage } from '@server/features/images/images.repo';
import { makePng } from '../multipart.support';
import { insertMaterial } from '@server/features/materials/materials.repo';
import { createBook } from '../books.support';

/** Test support: a small book that uses every kind of content the editor makes, with its picture and materials stored. */

export const quiz: QuizContent = {
  questions: [
    {
      type: 'multiple-choice',
      prompt: 'Which quantity is the rate of change of velocity?',
      options: ['Acceleration', 'Momentum', 'Position'],
      answer: 'Acceleration',
      explanation: 'Acceleration is the rate of change of velocity.',
      source: 'Acceleration is the rate of change of velocity.',
    },
    {
      type: 'true-false',
      prompt: 'A net force changes the motion of an object.',
      answer: 'True',
      explanation: 'Newton’s second law relates net force to acceleration.',
      source: 'A net force changes the motion of an object.',
    },
    {
      type: 'short-answer',
      prompt: 'What is the SI unit of force?',
      answer: 'newton',
      explanation: 'One newton accelerates one kilogram by one metre per second squared.',
      source: 'The SI unit of force is the newton.',
    },
  ],
};

export const assessment: AssessmentContent = {
  totalPoints: 15,
  items: [
    {
      type: 'multiple-choice',
      prompt: 'Which law states F = ma?',
      options: ['First law', 'Second law', 'Third law'],
      answer: 'Second law',
      points: 5,
    },
    { type: 'essay', prompt: 'Explain inertia with an example.', points: 10, rubric: ['Defines inertia', 'Gives a correct example'] },
  ],
};

export function richContent(imageId: number): TextbookContentInput {
  return {
    title: 'Mechanics',
    references: [
      {
        title: 'University Physics Volume 1',
        authors: 'Samuel J. Ling, Jeff Sanny, William Moebs',
        year: 2016,
        publisher: 'OpenStax',
        url: 'https://openstax.org/details/books/university-physics-volume-1',
        approved: true,
      },
      { title: 'A reference nobody approved', authors: 'Nobody', year: 1999, approved: false },
    ],
    chapters: [
      {
        title: 'Kinematics',
        content: '<p>How things move, described with <strong>position</strong>, <em>velocity</em> and acceleration.</p>',
        sections: [
          {
            title: 'Velocity',
            content:
              '<p>Velocity is the rate of change of position: <span data-type="inline-math" data-latex="v = \\frac{dx}{dt}"></span>.</p>' +
              '<h3>Average velocity</h3><p>See <a href="https://openstax.org/books/university-physics-volume-1">the OpenStax text</a>.</p>' +
              '<ul><li><p>Speed is a scalar.</p></li><li><p>Velocity is a vector.</p><ol><li><p>It has a direction.</p></li></ol></li></ul>' +
              `<p><img src="/api/images/${imageId}" alt="Position against time"></p>`,
          },
          {
            title: 'Acceleration',
            content:
              '<p>Acceleration is the rate of change of velocity.</p><div data-type="block-math" data-latex="a = \\frac{\\Delta v}{\\Delta t}"></div>' +
              '<table><tbody><tr><th><p>Quantity</p></th><th><p>Unit</p></th></tr><tr><td><p>Velocity</p></td><td><p>m/s</p></td></tr>' +
              '<tr><td><p>Acceleration</p></td><td><p>m/s²</p></td></tr></tbody></table>',
          },
        ],
      },
      {
        title: 'Dynamics',
        content: '<p>Why things move.</p><blockquote><p>A body remains at rest unless acted on by a force.</p></blockquote>',
        sections: [
          { title: "Newton's laws", content: '<p>The second law: <span data-type="inline-math" data-latex="F = ma"></span>.</p>' },
        ],
      },
      { title: 'Energy', content: '<p>Energy is conserved.</p><pre><code>E = K + U</code></pre>', sections: [] },
    ],
  };
}

/** A book owned by `owner` with a stored picture, an approved reference, a quiz and an assessment. */
export async function createRichBook(h: Harness, owner: TestUser, topic = 'Classical Mechanics: Motion & Force') {
  const book = await createBook(h, owner, { topic, content: { title: topic, chapters: [] } });
  const png = makePng(40, 30);
  const image = await insertImage(h.database.db, {
    textbookId: book.id,
    ownerId: owner.id,
    mime: 'image/png',
    bytes: png,
    sha256: `sha-${book.id}`,
  });
  await h.app.inject({
    method: 'PATCH',
    url: `/api/textbooks/${book.id}`,
    headers: { cookie: owner.cookie },
    payload: { content: richContent(image.id) },
  });
  for (const [contentType, title, body] of [
    ['quiz', 'Quiz: Kinematics', quiz],
    ['assessment', 'Assessment: Mechanics', assessment],
  ] as const)
    await insertMaterial(h.database.db, {
      textbookId: book.id,
      contentType,
      title,
      description: '',
      chapterTitle: 'Kinematics',
      chapterIndex: 0,
      body,
      createdBy: owner.id,
    });
  return { ...book, imageId: image.id };
}

export function exportUrl(id: number, format: string, appendix = false) {
  return `/api/textbooks/${id}/export?format=${format}${appendix ? '&appendix=true' : ''}`;
}
