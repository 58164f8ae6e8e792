import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { ExerciseEntries } from './exercise-entries';

const content: TextbookContent = {
  title: 'Sets',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Sets',
      content: '<p>A set is a collection of distinct objects.</p>',
      sections: [
        {
          id: 'u',
          title: 'Unions',
          content: '<p>The union holds what either holds.</p><p>Exercise 1. Is the union of A and A equal to A?</p>',
        },
      ],
    },
    { id: 'c2', title: 'Answers', content: '<h3>Chapter 1</h3><p>Solution 1. Yes, always.</p>', sections: [] },
  ],
};

describe('exercises in the workspace', () => {
  it('lists the exercises standing in the text by chapter, and a place opens the part of the book it stands in', async () => {
    const onSelectPlace = vi.fn();
    render(<ExerciseEntries content={content} onSelectPlace={onSelectPlace} />);
    fireEvent.click(screen.getByRole('button', { name: 'Exercises' }));
    const item = (await screen.findByText(/Exercise 1/)).closest('li')!;
    expect(item.textContent).toBe('Exercise 1 (Unions) · with a solution in the book');
    fireEvent.click(screen.getByRole('button', { name: '(Unions)' }));
    expect(onSelectPlace).toHaveBeenLastCalledWith({ chapter: 0, section: 0 });
  });

  it('shows nothing for a book with no exercise in its text', () => {
    const { container } = render(
      <ExerciseEntries content={{ ...content, chapters: [{ ...content.chapters[0], sections: [] }] }} onSelectPlace={() => {}} />,
    );
    expect(container.textContent).toBe('');
  });
});
