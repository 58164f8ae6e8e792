import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { BookUsage } from './book-usage';
import { locateUnit } from './locate';
import { sourceMap } from './source-map';

/** A chapter as a PDF extractor hands it over: running heads, a flattened code listing, a reference list. */
const blocks: DocBlock[] = [
  { kind: 'heading', text: 'Chapter 2 Block Ciphers', level: 1, page: 1 },
  { kind: 'paragraph', text: 'A block cipher maps a plaintext block to a ciphertext block under a key.', page: 1 },
  { kind: 'heading', text: '2.1 Table-based Software Optimizations', level: 2, page: 2 },
  { kind: 'paragraph', text: 'Chapter 2. Block Ciphers', page: 2 },
  { kind: 'paragraph', text: 'Lookup tables merge the S-box and the permutation layer into one operation.', page: 2 },
  { kind: 'paragraph', text: 'const u i n t 8 t sbox [ 2 5 6 ] = {', page: 2 },
  { kind: 'paragraph', text: 's = s new ;', page: 2 },
  { kind: 'paragraph', text: 'Quotient Rule:', page: 2 },
  { kind: 'equation', text: 'f/g', latex: '\\frac{f}{g}', page: 2 },
  { kind: 'paragraph', text: 'The same rule holds for any pair of functions, as Smith (2004) showed in detail.', page: 2 },
  { kind: 'heading', text: 'References', level: 1, page: 3 },
  { kind: 'paragraph', text: 'Daemen, J., & Rijmen, V. (2002). The Design of Rijndael. Springer.', page: 3 },
];
const doc: ExtractedDocument = { filename: 'ciphers.pdf', mime: 'application/pdf', text: '', blocks };
const material: Material = { sources: [{ id: 7, filename: 'ciphers.pdf', mime: 'application/pdf', text: '', document: doc }], chunks: [] };

describe('the source map', () => {
  const map = sourceMap(material);
  const debris = (text: string) => map.blocks.find((b) => b.block.text === text)?.isDebris;

  it('places every block under its unit, a document root above the top-level units', () => {
    expect(map.units.map((u) => [u.title, u.depth, u.parent])).toEqual([
      ['ciphers.pdf', 0, null],
      ['Chapter 2 Block Ciphers', 1, 0],
      ['2.1 Table-based Software Optimizations', 2, 1],
      ['References', 1, 0],
    ]);
    expect(map.units[2].first).toBe(2);
    expect(map.units[1].last).toBe(9);
  });

  it('never offers running heads, flattened code, lone labels or reference entries as text, but keeps prose and lead-ins to formulas', () => {
    expect(debris('Chapter 2. Block Ciphers')).toBe(true);
    expect(debris('const u i n t 8 t sbox [ 2 5 6 ] = {')).toBe(true);
    expect(debris('s = s new ;')).toBe(true);
    expect(debris('Daemen, J., & Rijmen, V. (2002). The Design of Rijndael. Springer.')).toBe(true);
    expect(debris('Quotient Rule:')).toBe(false);
    expect(debris('The same rule holds for any pair of functions, as Smith (2004) showed in detail.')).toBe(false);
    expect(debris('Lookup tables merge the S-box and the permutation layer into one operation.')).toBe(false);
  });

  it('finds the unit of a section by its title without its numbering, or by the sentences it prints', () => {
    expect(locateUnit(map, 'Table-based Software Optimizations', '')).toBe(2);
    expect(locateUnit(map, 'Speed-ups', '<p>Lookup tables merge the S-box and the permutation layer into one operation.</p>')).toBe(2);
    expect(locateUnit(map, 'Something else', '<p>Nothing from the notes.</p>')).toBeNull();
  });

  it('counts a formula as printed by its LaTeX and a paragraph by its sentences, printing only the unprinted rest of a paragraph', () => {
    const usage = new BookUsage([
      '<div data-type="block-math" data-latex="\\frac{f}{ g}"></div>',
      '<p>A block cipher maps a plaintext block to a ciphertext block under a key.</p>',
    ]);
    const formula = map.blocks.find((b) => b.block.kind === 'equation')!;
    expect(usage.unused(map, formula)).toBeNull();
    const first = map.blocks.find((b) => b.block.text.startsWith('A block cipher'))!;
    expect(usage.unused(map, first)).toBeNull();
    const two = new BookUsage(['<p>Lookup tables merge the S-box and the permutation layer into one operation.</p>']);
    const partly = { ...first, sentences: [...first.sentences, ...map.blocks[4].sentences] };
    expect(two.unused(map, partly)?.text).toBe('A block cipher maps a plaintext block to a ciphertext block under a key.');
  });

  it('counts a picture as printed by its address when the book stores its source after it', () => {
    const pictured: DocBlock = {
      kind: 'equation',
      text: 'a · b := |a||b| cos θ,',
      image: { sha256: 'e1', mime: 'image/png', width: 9, height: 9 },
    };
    const withPicture: Material = {
      sources: [{ id: 1, filename: 'vectors.pdf', mime: 'application/pdf', text: '', document: { ...doc, blocks: [pictured] } }],
      chunks: [],
      imageUrls: { e1: '/api/images/18' },
    };
    const pictureMap = sourceMap(withPicture);
    const formula = pictureMap.blocks.find((b) => b.block.kind === 'equation')!;
    // As a generated book stores it: the address first, its source block after it.
    const usage = new BookUsage(['<img src="/api/images/18" alt="a · b := |a||b| cos θ," data-src="1:0" />']);
    expect(usage.unused(pictureMap, formula)).toBeNull();
    expect(new BookUsage(['<p>Nothing pictured.</p>']).unused(pictureMap, formula)).not.toBeNull();
  });
});
