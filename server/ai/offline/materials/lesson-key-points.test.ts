import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { buildLessonPlan } from './lesson-plan';
import { buildScope } from './scope';

const p = (...s: string[]) => s.map((x) => `<p>${x}</p>`).join('');

/** A section opening, as lecture notes often do, with the author speaking of their own course. */
const book: TextbookContent = {
  title: 'Networks',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Routing',
      content: p('Every network moves packets from a sender to a receiver.'),
      sections: [
        {
          id: 's1',
          title: 'Routing tables',
          content: p(
            'In lecture I don’t spend much time on routing tables, since routing tables are in the reading.',
            'Each router keeps a table of destinations with the next hop towards each of them.',
            'The router looks up the destination address of every packet in its routing table.',
          ),
        },
        {
          id: 's2',
          title: 'Loops in routing',
          content: p(
            'I’ll skip the proof that routing loops end, since loops in routing are rare.',
            'A routing loop is a path on which packets circle between routers until their time to live runs out.',
            'For i in the list of routers, each router i forwards a looping packet back towards the router it came from.',
          ),
        },
      ],
    },
  ],
};

describe('a lesson plan’s key points', () => {
  it('are points of the subject, never the author’s asides about their own course', () => {
    const plan = buildLessonPlan(buildScope(book, 0));
    const keyPoints = plan.activities.map((a) => a.description).filter((d) => d.startsWith('Key point: '));
    expect(keyPoints).toEqual([
      'Key point: Every network moves packets from a sender to a receiver.',
      'Key point: The router looks up the destination address of every packet in its routing table.',
      'Key point: A routing loop is a path on which packets circle between routers until their time to live runs out.',
    ]);
  });

  it('are never a task set to the reader, however plainly it reads', () => {
    // Lecture notes on vectors: the part's few statements, then its exercises, one of them a complete sentence.
    const vectors: TextbookContent = {
      title: 'Vectors',
      references: [],
      chapters: [
        {
          id: 'c1',
          title: 'Inner product',
          content: p(
            'The inner product of two vectors multiplies their magnitudes by the cosine of the angle between them.',
            '★[R] Calculate the angle between the two vectors.',
            'Find the unit vector whose direction is the same as the vector p.',
            '(2) Prove that the inner product of a vector with itself is the square of its magnitude.',
          ),
          sections: [],
        },
      ],
    };
    const plan = buildLessonPlan(buildScope(vectors, 0));
    const keyPoints = plan.activities.map((a) => a.description).filter((d) => d.startsWith('Key point: '));
    expect(keyPoints).toEqual([
      'Key point: The inner product of two vectors multiplies their magnitudes by the cosine of the angle between them.',
    ]);
  });
});
