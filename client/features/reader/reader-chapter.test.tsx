import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReaderChapter } from './reader-chapter';

describe('a chapter in the reader', () => {
  it('names the files it came from under its title', () => {
    render(
      <ReaderChapter
        chapter={{ title: 'Vectors', content: '<p>Arrows.</p>', sections: [], sourceFiles: ['week1.pdf', 'vectors.docx'] }}
        index={0}
      />,
    );
    const line = screen.getByTestId('reader-chapter-sources');
    expect(line.textContent).toBe('From: week1.pdf, vectors.docx');
    expect(line.previousElementSibling?.textContent).toBe('Vectors');
  });

  it('names none for a chapter the user typed', () => {
    render(<ReaderChapter chapter={{ title: 'Typed', content: '<p>Mine.</p>', sections: [] }} index={1} />);
    expect(screen.getByRole('heading', { name: 'Typed' })).toBeTruthy();
    expect(screen.queryByTestId('reader-chapter-sources')).toBeNull();
  });
});
