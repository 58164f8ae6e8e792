import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { approvedReferences, chapterObjectives, paragraphContext, sectionContext } from './expansion-context';
import { canExpandChapter } from './expansion-footer';

const book: TextbookContent = {
  title: 'Mechanics',
  references: [
    { title: 'Principia', authors: 'Newton', year: 1687, publisher: 'Royal Society', url: '', description: 'Laws', approved: true },
    { title: 'Unvetted', authors: 'X', year: '2020', publisher: '', url: '', description: '', approved: false },
  ],
  chapters: [
    {
      id: 'c1',
      title: 'Motion',
      content: '<p>In this chapter you will learn to describe motion.</p><ul><li>Define velocity</li><li>Define acceleration</li></ul>',
      sections: [
        { id: 's1', title: 'Velocity', content: '<p>Velocity is the rate of change of position.</p>' },
        { id: 's2', title: 'Acceleration', content: '<p>Acceleration is the rate of change of velocity.</p>' },
      ],
    },
    { id: 'c2', title: 'Energy', content: `<p>${'Energy is conserved. '.repeat(400)}</p>`, sections: [] },
    { id: 'c3', title: 'Empty', content: '<p> </p>', sections: [] },
  ],
};

describe('expansion context', () => {
  it('paragraph context: book title, current chapter and section, all chapter titles', () => {
    expect(paragraphContext(book, 0, 1)).toBe(
      'Textbook: Mechanics\nCurrent chapter: Motion\nCurrent section: Acceleration\nChapters: Motion; Energy; Empty',
    );
    expect(paragraphContext(book, 1, null)).toBe('Textbook: Mechanics\nCurrent chapter: Energy\nChapters: Motion; Energy; Empty');
  });

  it('section context: objectives, the other sections of the chapter, at most 5000 characters of the book', () => {
    const context = sectionContext(book, 0, 0);
    expect(context).toContain('Learning objectives: Define velocity; Define acceleration');
    expect(context).toContain('Other sections of this chapter:\nAcceleration: Acceleration is the rate of change of velocity.');
    expect(context).not.toContain('Velocity: Velocity is');
    const bookPart = context.split('Textbook content:\n')[1];
    expect(bookPart.length).toBe(5000);
    expect(chapterObjectives('<p>In this chapter you will learn to describe motion. Motion is relative.</p>')).toEqual([
      'In this chapter you will learn to describe motion.',
    ]);
  });

  it('sends only approved references, with the year as a string', () => {
    expect(approvedReferences(book)).toEqual([
      { title: 'Principia', authors: 'Newton', year: '1687', publisher: 'Royal Society', url: '', description: 'Laws', approved: true },
    ]);
  });

  it('offers chapter expansion only for a chapter with content and no sections', () => {
    expect(canExpandChapter(book, 0)).toBe(false);
    expect(canExpandChapter(book, 1)).toBe(true);
    expect(canExpandChapter(book, 2)).toBe(false);
    expect(canExpandChapter(book, null)).toBe(false);
  });
});
