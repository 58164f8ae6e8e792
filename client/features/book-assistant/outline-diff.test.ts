import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { diffOutline, outlineChanged } from './outline-diff';

const book = (chapters: Array<[string, string, Array<[string, string]>]>): TextbookContent => ({
  title: 'B',
  references: [],
  chapters: chapters.map(([id, title, sections]) => ({
    id,
    title,
    content: '',
    sections: sections.map(([sid, st]) => ({ id: sid, title: st, content: '' })),
  })),
});

describe('diffOutline', () => {
  const before = book([
    [
      'c1',
      'Vectors',
      [
        ['s1', 'Norms'],
        ['s2', 'Inner products'],
      ],
    ],
    ['c2', 'Matrices', [['s3', 'Inverse']]],
    ['c3', 'Calculus', []],
  ]);

  it('marks added, renamed, moved and removed chapters and sections', () => {
    const after = book([
      [
        'c2',
        'Matrices and Maps',
        [
          ['s3', 'Inverse'],
          ['s9', 'Transpose'],
        ],
      ],
      ['c1', 'Vectors', [['s2', 'Inner products']]],
      ['c4', 'Probability', []],
    ]);
    const d = diffOutline(before, after);
    expect(d.map((e) => [e.title, e.change, e.was])).toEqual([
      ['Matrices and Maps', 'renamed', 'Matrices'],
      ['Vectors', 'moved', undefined],
      ['Probability', 'added', undefined],
      ['Calculus', 'removed', undefined],
    ]);
    expect(d[0].sections.map((s) => [s.title, s.change])).toEqual([
      ['Inverse', 'same'],
      ['Transpose', 'added'],
    ]);
    expect(d[1].sections.map((s) => [s.title, s.change])).toEqual([
      ['Inner products', 'same'],
      ['Norms', 'removed'],
    ]);
    expect(outlineChanged(d)).toBe(true);
  });

  it('reports no change for the same outline', () => {
    expect(outlineChanged(diffOutline(before, before))).toBe(false);
  });
});
