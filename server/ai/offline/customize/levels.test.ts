import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { splitByLevel } from './levels';
import { chronologicalOrder } from './chronological';

const chapter = (title: string, text: string) => ({ id: title, title, content: `<p>${text}</p>`, sections: [] });

/** Lecture notes with an introduction that previews every later term, a course-logistics chapter and back matter. */
const book: TextbookContent = {
  title: 'Signals',
  references: [],
  chapters: [
    chapter('General Remarks', 'These notes accompany the lecture. Please report errors to the instructor.'),
    chapter(
      'Introduction',
      'This course covers sampling, the Fourier transform, filters and convolution. Sampling and the Fourier transform come first; filters and convolution build on them. Convolution and filters appear again at the end.',
    ),
    chapter(
      'Sampling',
      'Sampling is the conversion of a continuous signal into a sequence of values. A sampling rate is the number of samples per second.',
    ),
    chapter('For Next Time', 'Read the handout on sampling before the next class and bring a laptop.'),
    chapter(
      'The Fourier Transform',
      'The Fourier transform is a decomposition of a signal into frequencies. Sampling a signal repeats its Fourier transform, and sampling below twice the highest frequency makes the copies overlap.',
    ),
    chapter(
      'Filters',
      'A filter is a system that removes some frequencies of a signal. A filter is described by its Fourier transform, and a filter applied after sampling acts on the repeated Fourier transform.',
    ),
    chapter('Exercises', 'Compute the Fourier transform of a box. Design a filter for a sampling rate of 8 kHz.'),
    chapter('List of Abbreviations', 'DFT: discrete Fourier transform. FIR: finite impulse response.'),
  ],
};

describe('level presets keep the frame of the book', () => {
  it('keeps the opening chapters first and the closing ones last, without a level, and logistics with the chapter it followed', () => {
    const { content, summary } = splitByLevel(book);
    const titles = content.chapters.map((c) => c.title);
    expect(titles.slice(0, 2)).toEqual(['General Remarks', 'Introduction']);
    expect(titles.slice(-2)).toEqual(['Exercises', 'List of Abbreviations']);
    expect(titles.indexOf('For Next Time')).toBe(titles.indexOf('Beginner: Sampling') + 1);
    expect(titles.filter((t) => /^(Beginner|Intermediate|Advanced): /.test(t))).toEqual([
      'Beginner: Sampling',
      'Intermediate: The Fourier Transform',
      'Advanced: Filters',
    ]);
    expect(summary).toMatch(/opening and closing chapters \(4\) keep their places/);
    expect(content.chapters.map((c) => c.id).sort()).toEqual(book.chapters.map((c) => c.id).sort());
  });

  it('splits the sections of a short book into levels between its introduction and its back matter', () => {
    const short: TextbookContent = {
      ...book,
      chapters: [
        book.chapters[1],
        {
          ...chapter('Signals', ''),
          sections: book.chapters.slice(2, 6).map((c) => ({ id: c.id, title: c.title, content: c.content })),
        },
        book.chapters[6],
      ],
    };
    const { content } = splitByLevel(short);
    expect(content.chapters.map((c) => c.title)).toEqual(['Introduction', 'Beginner', 'Intermediate', 'Advanced', 'Exercises']);
  });

  it('shares the frame with the chronological order: no dates, no reordering, and a clear reason', () => {
    expect(() => chronologicalOrder(book)).toThrow(/no chronology to follow/);
  });
});
