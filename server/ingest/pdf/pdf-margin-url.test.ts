import { describe, expect, it } from 'vitest';
import { pdfLine } from '@server/test/ingest/pdf-line.support';
import { buildBlocks } from './pdf-blocks';
import { continuesUrl } from './pdf-join';
import { groupNotes, joinNote } from './pdf-margin';
import type { Segment } from './pdf-lines';

describe('web addresses broken over two lines', () => {
  it('continue at a slash, dot or hyphen, not after a whole address or into a word with spaces', () => {
    expect(continuesUrl('See https://mml-book.github.io/', 'slopes-expectations.html')).toBe(true);
    expect(continuesUrl('https://tinyurl.com/', 'y7k5')).toBe(true);
    expect(continuesUrl('https://mml-book.github.io', 'London, February 2025')).toBe(false);
    expect(continuesUrl('The book ends here/', 'next')).toBe(false);
  });

  it('a margin note’s lines keep an address broken at a dot whole', () => {
    expect(joinNote([{ text: 'notes at https://tinyurl.' }, { text: 'com/ycfm2yrw.' }])).toBe('notes at https://tinyurl.com/ycfm2yrw.');
    expect(joinNote([{ text: 'see the blog at https://tinyurl.com.' }, { text: 'Then read on' }])).toBe(
      'see the blog at https://tinyurl.com. Then read on',
    );
  });

  it('a margin note whose address runs onto the next margin line is one note', () => {
    const margin = { page: 2, isMargin: true, x0: 420, x1: 540, size: 8 };
    const { blocks } = buildBlocks(
      [
        pdfLine('This document was created for the COMP0168 module at University College London.', 100, { page: 2 }),
        pdfLine('https://mml-book.github.io/', 104, margin),
        pdfLine('slopes-expectations.html', 114, margin),
        pdfLine('Each margin line of its own stays a note of its own.', 124, margin),
      ],
      [],
    );
    expect(blocks.filter((b) => b.kind === 'margin').map((b) => b.text)).toEqual([
      'https://mml-book.github.io/slopes-expectations.html',
      'Each margin line of its own stays a note of its own.',
    ]);
  });
});

describe('margin notes and the key words set under them', () => {
  const seg = (text: string, y: number, x1: number): Segment => ({
    page: 3,
    x0: 420,
    x1,
    y,
    size: 8,
    font: 'Palatino',
    text,
    chars: text.length,
    mono: false,
    math: 0,
  });

  it('keeps a key word under a note’s last sentence apart, and a note’s own lines together', () => {
    const notes = groupNotes(
      [
        seg('Geometrically, the Jacobian determinant', 600, 540),
        seg('gives the magnification/scaling factor', 590, 539),
        seg('when we transform an area or volume.', 580, 538),
        seg('Jacobian determinant', 570, 500),
      ],
      540,
    );
    expect(notes.map((n) => n.text)).toEqual([
      'Geometrically, the Jacobian determinant gives the magnification/scaling factor when we transform an area or volume.',
      'Jacobian determinant',
    ]);
  });
});
