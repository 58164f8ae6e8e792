import { describe, expect, it } from 'vitest';
import { unitKind } from '@server/ai/shared/unit-kind';

describe('kinds of units', () => {
  it('tells front matter, logistics and teaching text apart by their titles', () => {
    expect(unitKind({ title: 'Acknowledgements' })).toBe('front-matter');
    expect(unitKind({ title: 'Preface to the Second Edition' })).toBe('front-matter');
    expect(unitKind({ title: 'Foreword by the editor' })).toBe('front-matter');
    expect(unitKind({ title: 'General Remarks', childTitles: ['Notation', 'Bug Reports', 'Licensing'] })).toBe('front-matter');
    expect(unitKind({ title: 'Syllabus' })).toBe('logistics');
    expect(unitKind({ title: 'Grading' })).toBe('logistics');
    expect(unitKind({ title: 'Office Hours' })).toBe('logistics');
    expect(unitKind({ title: 'Assignment 2: Linear models' })).toBe('logistics');
    expect(unitKind({ title: 'Reading list' })).toBe('logistics');
    expect(unitKind({ title: 'Course information', childTitles: ['Instructor', 'Textbook', 'Grading'] })).toBe('logistics');
    expect(unitKind({ title: 'Development Platform Used for this Lecture' })).toBe('logistics');
    // A grading policy handed out on its own: its sections are rules of the course, not its subject.
    expect(unitKind({ title: 'Policy on the return of answer sheets' })).toBe('logistics');
    expect(unitKind({ title: "Remarks on Grading Policy and Conventions in Sho's Grading" })).toBe('logistics');
    expect(unitKind({ title: 'Mark Style' })).toBe('logistics');
    for (const title of [
      'Project management',
      'Laboratory methods',
      'Total derivatives',
      'Policy gradients',
      'The chain rule',
      'Evaluation',
      'Assessment',
    ])
      expect(unitKind({ title }), title).toBe('teaching');
  });

  it('an untitled schedule is told by its lines of dates, points and deadlines', () => {
    expect(
      unitKind({
        title: 'Week by week',
        lines: ['Jan 10: intro', 'Jan 17: regression (10 points)', 'Quiz due 1/24', 'Office hours room 204'],
      }),
    ).toBe('logistics');
    expect(
      unitKind({
        title: 'Regression',
        lines: ['A line fits the data.', 'Residuals measure the error.', 'The slope has a standard error.', 'The p-value tests the slope.'],
      }),
    ).toBe('teaching');
  });
});
