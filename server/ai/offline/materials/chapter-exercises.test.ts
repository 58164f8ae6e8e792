import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { chapterTasks } from './chapter-exercises';
import { buildHomework } from './homework';
import { buildLessonPlan } from './lesson-plan';
import { buildScope } from './scope';

const book: TextbookContent = {
  title: 'Calculus',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Derivatives',
      content: '<p>The derivative of a function measures how its value changes as its input changes.</p>',
      sections: [
        {
          id: 's1',
          title: 'Rules',
          content:
            '<p>Example 2.3 (Product rule). Differentiate the product of x squared and sin x by applying the product rule term by term.</p>' +
            '<p>Example: see below.</p>' +
            '<p>Exercise 4. Compute the derivative of the function x cubed minus two x at the point one.</p>',
        },
        {
          id: 's2',
          title: 'Exercises',
          content: '<ol><li>Differentiate the square root of x using the definition of the derivative.</li><li>Too short.</li></ol>',
        },
      ],
    },
    {
      id: 'c2',
      title: 'Integrals',
      content: '<h3>Problems</h3><ul><li>Problem 7: Integrate the function two x from zero to three and explain each step.</li></ul>',
      sections: [],
    },
  ],
};

describe("a chapter's own worked examples and exercises", () => {
  it('finds labelled paragraphs and the items under an Exercises heading, whole, with their labels and places', () => {
    expect(chapterTasks(book, 0)).toEqual([
      {
        kind: 'example',
        label: 'Example 2.3',
        text: 'Differentiate the product of x squared and sin x by applying the product rule term by term.',
        chapterTitle: 'Derivatives',
        sectionTitle: 'Rules',
      },
      {
        kind: 'exercise',
        label: 'Exercise 4',
        text: 'Compute the derivative of the function x cubed minus two x at the point one.',
        chapterTitle: 'Derivatives',
        sectionTitle: 'Rules',
      },
      {
        kind: 'exercise',
        label: 'Exercise 1',
        text: 'Differentiate the square root of x using the definition of the derivative.',
        chapterTitle: 'Derivatives',
        sectionTitle: 'Exercises',
      },
    ]);
  });

  it('keeps the number the document gave a problem, and reads the whole book without a chapter', () => {
    const all = chapterTasks(book);
    expect(all.map((t) => t.label)).toEqual(['Example 2.3', 'Exercise 4', 'Exercise 1', 'Problem 7']);
    expect(all[3].text).toBe('Integrate the function two x from zero to three and explain each step.');
  });
});

describe('course materials refer to the chapter’s own examples and exercises', () => {
  it('homework opens with the chapter’s exercises and names the worked example; the lesson works through it', () => {
    const scope = buildScope(book, 0);
    const homework = buildHomework(scope);
    expect(homework.problems.slice(0, 2).map((p) => p.prompt)).toEqual([
      'Exercise 4: Compute the derivative of the function x cubed minus two x at the point one.',
      'Exercise 1: Differentiate the square root of x using the definition of the derivative.',
    ]);
    expect(homework.problems[0].guidance).toContain('From the chapter: Exercise 4 (Derivatives - Rules).');
    expect(homework.problems[0].guidance).toContain('Example 2.3 shows the method');

    const lesson = buildLessonPlan(scope);
    const worked = lesson.activities.find((a) => a.title === 'Worked example: Example 2.3');
    expect(worked?.description).toContain('Work through Example 2.3 (Derivatives - Rules) at the board');
    expect(lesson.activities.find((a) => a.title === 'Guided practice')?.description).toContain('Exercise 4 (Derivatives - Rules)');
    expect(lesson.activities.reduce((n, a) => n + a.minutes, 0)).toBe(lesson.durationMinutes);
  });
});
