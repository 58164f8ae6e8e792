import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { followClassOutline } from './class-outline';
import { alignInOrder } from './order-alignment';
import { bookUnits, lostSentences } from '@server/ai/shared/units';

/** A small book written for this test: its fourth part talks of loops and traces, but it closes the evaluation. */
const section = (title: string, text: string) => ({ id: title.toLowerCase().replace(/\W+/g, '-'), title, content: `<p>${text}</p>` });
const book: TextbookContent = {
  title: 'Tracing compilers',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Loops and traces',
      content: '',
      sections: [
        section('Hot loops', 'A tracing compiler records the instructions of a hot loop as a trace of machine operations.'),
        section('Recording traces', 'The recorder follows each loop iteration and writes a trace when the loop runs often.'),
      ],
    },
    {
      id: 'c2',
      title: 'Evaluation',
      content: '',
      sections: [
        section('Benchmark suite', 'The evaluation measures speedup on a benchmark suite of programs against an interpreter baseline.'),
        section('Results', 'Programs dominated by loops gain the most, since their traces cover nearly every loop iteration.'),
      ],
    },
  ],
};
const outline = ['Week 1: Loops, traces and the recorder', 'Week 2: Evaluation on a benchmark suite with speedup'].join('\n');

describe('following a class outline places parts in order', () => {
  it('a part whose words favour an earlier week stays after the part it follows (order decides)', () => {
    const units = bookUnits(book);
    const { content } = followClassOutline(book, units, outline, true);
    expect(content.chapters.map((c) => c.sections.map((s) => s.title))).toEqual([
      ['Hot loops', 'Recording traces'],
      ['Benchmark suite', 'Results'],
    ]);
    expect(lostSentences(book, content)).toEqual([]);
  });

  it('the alignment never goes back a topic unless the evidence is strong, and fills an empty topic from its border', () => {
    // Part 2 is a little more like topic 0 but sits after a part of topic 1: it stays in topic 1.
    expect(
      alignInOrder(
        [
          [0.3, 0.0, 0.0],
          [0.0, 0.4, 0.0],
          [0.12, 0.1, 0.0],
          [0.0, 0.05, 0.3],
        ],
        3,
      ),
    ).toEqual([0, 1, 1, 2]);
    // Part 2 is clearly about topic 0 (0.6 against 0.05): it goes back there, unless a part of its own chapter
    // holds topic 1 at least as strongly.
    expect(
      alignInOrder(
        [
          [0.3, 0.0, 0.0],
          [0.0, 0.7, 0.0],
          [0.6, 0.05, 0.0],
          [0.0, 0.05, 0.3],
        ],
        3,
        [0, 1, 1, 2],
      ),
    ).toEqual([0, 1, 1, 2]);
    // Without that anchor:
    expect(
      alignInOrder(
        [
          [0.3, 0.0, 0.0],
          [0.0, 0.4, 0.0],
          [0.6, 0.05, 0.0],
          [0.0, 0.05, 0.3],
        ],
        3,
      ),
    ).toEqual([0, 1, 0, 2]);
    // Topic 1 shares words with no part on its own merits; the border part most like it moves there.
    expect(
      alignInOrder(
        [
          [0.5, 0.0, 0.0],
          [0.4, 0.1, 0.0],
          [0.0, 0.0, 0.5],
        ],
        3,
      ),
    ).toEqual([0, 1, 2]);
  });
});

describe('no week is left empty while its part sits in another week', () => {
  it('an empty week takes the part clearly about it, even from the middle of another week', () => {
    // Part 1 is like week 0 only; part 2 like week 0 somewhat and week 1 more (not 3x more); part 3 like week 0.
    // Order alone keeps part 2 inside week 0 (part 3 after it belongs there too), leaving week 1 empty.
    const similarity = [
      [0.6, 0.0],
      [0.2, 0.4],
      [0.7, 0.0],
    ];
    const assignment = alignInOrder(similarity, 2);
    expect(assignment[1]).toBe(1);
    expect(new Set(assignment).size).toBe(2);
  });

  it('leaves a week empty when no part is about it', () => {
    const similarity = [
      [0.6, 0.0, 0.0],
      [0.5, 0.1, 0.0],
      [0.7, 0.0, 0.0],
    ];
    expect(alignInOrder(similarity, 3)).not.toContain(2);
  });
});
