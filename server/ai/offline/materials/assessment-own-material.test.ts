import { describe, expect, it } from 'vitest';
import { assessmentContentSchema } from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { buildAssessment } from './assessment';
import { taskMinutes } from './assessment-tasks';
import { buildScope } from './scope';

const book: TextbookContent = {
  title: 'Calculus',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Derivatives',
      content:
        '<p>The derivative of a function measures how its value changes as its input changes at a given point.</p>' +
        '<p>The tangent line in Figure 2.1 touches the graph of the function at exactly one point near the origin.</p>',
      sections: [
        {
          id: 's1',
          title: 'Rules',
          content:
            '<p>The product rule gives the derivative of a product of two differentiable functions of one variable.</p>' +
            '<p>Example 2.3 (Product rule). Differentiate the product of x squared and sin x by applying the product rule term by term.</p>' +
            '<p>Exercise 4. Compute the derivative of the function x cubed minus two x at the point one.</p>',
        },
      ],
    },
  ],
};

describe("an assessment on the chapter's own material", () => {
  it('sets its exercise, redoes its worked example and asks about its figure, each timed, placed and with a rubric', () => {
    const content = buildAssessment(buildScope(book, 0));
    expect(assessmentContentSchema.safeParse(content).success).toBe(true);
    const prompts = content.items.map((i) => i.prompt);
    const exercise = content.items.find((i) => i.prompt.startsWith('Exercise 4 (Derivatives - Rules)'))!;
    expect(exercise.prompt).toContain('Compute the derivative of the function x cubed');
    // The worked example is named as the method to use.
    expect(exercise.rubric!.join(' ')).toContain('the method of Example 2.3');
    const example = content.items.find((i) => /work through Example 2\.3 \(Derivatives - Rules\)/.test(i.prompt))!;
    expect(example.prompt).toContain('Differentiate the product of x squared and sin x');
    const figure = content.items.find((i) => i.prompt.startsWith('Look at Figure 2.1 in "Derivatives"'))!;
    expect(figure.rubric![0]).toContain('The tangent line in Figure 2.1 touches the graph');
    for (const p of [exercise.prompt, example.prompt, figure.prompt]) expect(p).toMatch(/about \d+ minutes/);
    for (const item of [exercise, example, figure]) expect(item.rubric!.length).toBeGreaterThanOrEqual(2);
    expect(content.totalPoints).toBe(content.items.reduce((n, i) => n + i.points, 0));
    expect(prompts.length).toBe(new Set(prompts).size);
  });

  it('takes five minutes for a short task and at most twenty for a long one', () => {
    expect(taskMinutes('Differentiate x squared.')).toBe(5);
    expect(taskMinutes(Array(400).fill('word').join(' '))).toBe(20);
  });
});
