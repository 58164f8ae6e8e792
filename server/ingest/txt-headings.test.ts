import { describe, expect, it } from 'vitest';
import { extractTxt, textToBlocks } from './txt-extract';

describe('plain-text headings as instructors type them', () => {
  it('a heading line directly above its paragraph (no blank line) is a heading; hard-wrapped prose is not cut', () => {
    const text = [
      'Cell Biology Notes',
      'Introduction\nCells are the basic units of life. Every organism is made of one or more cells, and\nall cells come from pre-existing cells.',
      'The Cell Membrane\nThe membrane is a lipid bilayer that controls what enters and leaves the cell.',
      'Plate tectonics is the unifying theory of the solid\nEarth. It explains why earthquakes cluster in narrow belts and why\nvolcanoes form chains.',
      'Short first line of\nwrapped prose that is much longer below it and ends with a stop.',
    ].join('\n\n');
    expect(textToBlocks(text).map((b) => [b.kind, b.text.slice(0, 24)])).toEqual([
      ['heading', 'Cell Biology Notes'],
      ['heading', 'Introduction'],
      ['paragraph', 'Cells are the basic unit'],
      ['heading', 'The Cell Membrane'],
      ['paragraph', 'The membrane is a lipid '],
      ['paragraph', 'Plate tectonics is the u'],
      ['paragraph', 'Short first line of wrap'],
    ]);
  });

  it('a title block of short lines gives the title line, without course code, lecturer or term', () => {
    const doc = extractTxt(
      Buffer.from(
        'ECON 101: Principles\nWeek 3: Market Equilibrium and Prices\nDr. Jane Roe, School of Economics\nSpring Semester 2025\n\n1. Demand\n\nDemand falls as the price rises, other things equal.',
      ),
      'week3.txt',
    );
    expect(doc.title).toBe('Market Equilibrium and Prices');
    expect(doc.blocks[0]).toEqual({ kind: 'heading', text: 'Market Equilibrium and Prices', level: 1 });
    expect(doc.text).toContain('ECON 101: Principles');
  });

  it('a file whose first heading is a numbered section has no document title', () => {
    const doc = extractTxt(
      Buffer.from(
        '1. Introduction\n\nSome opening text that runs long enough to be a paragraph.\n\n2. Methods\n\nMore text here about the methods.',
      ),
      'n.txt',
    );
    expect(doc.title).toBeUndefined();
  });
});
