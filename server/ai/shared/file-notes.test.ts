import { describe, expect, it } from 'vitest';
import { pageRangeText } from '@common/page-ranges';
import { pageRanges } from '@server/ingest/pdf/pdf-pages';
import { textMaterial } from '@server/test/ai/material.support';
import { fileNotes, pagesNamed } from './file-notes';

describe('the pages a reading note names', () => {
  it('reads back every page list the reader writes (the reader and the book page share one way of writing them)', () => {
    for (const pages of [[4], [2, 3, 4, 5], [2, 3, 4, 5, 9, 11, 12], [1, 3, 5], [7, 8]]) {
      expect(pagesNamed(`${pageRanges(pages)} use fonts without a text mapping: no readable text`)).toEqual(pages);
      expect(pagesNamed(`figures on ${pageRanges(pages)} could not be drawn`)).toEqual(pages);
    }
    expect(pageRangeText([2, 3, 4, 5, 9, 11, 12])).toBe('pages 2–5, 9 and 11–12');
    expect(pageRangeText([4])).toBe('page 4');
    expect(pagesNamed('a citation was not resolved (no bibliography came with the page): Parr2010 is printed as its key')).toEqual([]);
  });
});

describe('what a file could not give, placed in the chapters', () => {
  const material = () => {
    const m = textMaterial(['notes.md', '# One\n\nFirst.\n\n# Two\n\nSecond.']);
    const doc = m.sources[0].document;
    doc.warnings = [
      'pages 2–4 are images of text: no readable text',
      'page 9 was not read: the time for recognizing scanned pages ran out before it (the server was busy); upload the file again to read it as text',
      'The author\'s notes to self were left out of the book: 2 to-do notes ("Beweis nachtragen", "Skizze").',
      '2 pictures the page shows from files beside it were not uploaded with it and are not in the book: a.png, b.png',
    ];
    doc.omitted = ['the author\'s notes to self: 2 to-do notes ("Beweis nachtragen", "Skizze")'];
    return m;
  };
  // Chapter "One" holds pages 1-3 of the file, chapter "Two" pages 3 and 5-6.
  const chapters = [
    { chapter: 'One', pages: new Map([[1, new Set([1, 2, 3])]]) },
    { chapter: 'Two', pages: new Map([[1, new Set([3, 5, 6])]]) },
  ];

  it('names each page in the chapters read from it, a page nothing was read from in the chapter before it', () => {
    const notes = fileNotes(material(), chapters);
    expect(notes[0]).toEqual({
      file: 'notes.md',
      note: 'pages 2–4 are images of text: no readable text',
      pages: [2, 3, 4],
      chapters: [
        { chapter: 'One', pages: [2, 3] },
        // Page 4 gave nothing: it follows page 3, where chapter "Two" begins.
        { chapter: 'Two', pages: [3, 4] },
      ],
    });
    expect(notes[1].chapters).toEqual([{ chapter: 'Two', pages: [9] }]);
  });

  it('keeps a note that names no page for the file as a whole, and never repeats what the report names as left out', () => {
    const notes = fileNotes(material(), chapters);
    expect(notes.map((n) => n.note)).not.toContainEqual(expect.stringMatching(/notes to self/));
    expect(notes[2]).toMatchObject({ pages: [], chapters: [] });
    expect(notes[2].note).toMatch(/^2 pictures the page shows/);
  });
});
