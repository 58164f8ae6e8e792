import { describe, expect, it } from 'vitest';
import type { SharedMaterial } from '@common/share';
import type { TextbookContent } from '@common/textbook';
import { placeFromHash, placeToHash } from './reader-place';
import { buildReaderIndex, plainText, searchBook } from './reader-search';

const book: TextbookContent = {
  title: 'Cells',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Photosynthesis',
      content: '<p>Plants make sugar from light &amp; water.</p>',
      sections: [
        { id: 's1', title: 'Light reactions', content: '<p>Water is split; oxygen leaves. Light drives it: <em>light</em> again.</p>' },
        {
          id: 's2',
          title: 'Calvin cycle',
          content: '<p>Carbon dioxide is fixed by <span data-type="inline-math" data-latex="\\text{light}"></span>.</p>',
        },
      ],
    },
    { id: 'c2', title: 'Respiration', content: '<p>Glucose releases energy.</p>', sections: [] },
  ],
};
const quiz: SharedMaterial = {
  id: 9,
  title: 'Quiz: Photosynthesis',
  description: 'Questions on light',
  contentType: 'quiz',
  metadata: {},
  content: { questions: [] },
};

describe('plainText', () => {
  it('drops tags, decodes entities and joins space', () => {
    expect(plainText('<p>A &amp; B</p><p>C&nbsp;&#233;&#x41;</p>')).toBe('A & B C éA');
  });
});

describe('searchBook', () => {
  const index = buildReaderIndex(book);

  it('finds places in reading order, case-insensitively, with the words in context and a count', () => {
    const hits = searchBook(index, [quiz], 'LIGHT');
    expect(hits.map((h) => h.label)).toEqual(['Photosynthesis', 'Photosynthesis › Light reactions', 'Quiz: Photosynthesis']);
    expect(hits[0]).toMatchObject({ before: 'Plants make sugar from ', match: 'light', after: ' & water.', count: 1 });
    // Two in the text, one in the title.
    expect(hits[1].count).toBe(3);
    expect(hits[1].place).toEqual({ kind: 'chapter', chapter: 0, section: 0 });
    expect(hits[2].place).toEqual({ kind: 'material', id: 9 });
  });

  it('never matches markup or formulas’ source, and an empty query finds nothing', () => {
    expect(searchBook(index, [], 'span')).toEqual([]);
    expect(searchBook(index, [], 'data-latex')).toEqual([]);
    expect(searchBook(index, [quiz], '   ')).toEqual([]);
  });

  it('stops at the limit and shortens long context with an ellipsis', () => {
    const long = {
      ...book,
      chapters: [{ id: 'x', title: 'Long', content: `<p>${'word '.repeat(100)}needle ${'word '.repeat(100)}</p>`, sections: [] }],
    };
    const [hit] = searchBook(buildReaderIndex(long), [], 'needle');
    expect(hit.before.startsWith('…')).toBe(true);
    expect(hit.after.endsWith('…')).toBe(true);
    expect(hit.before.length).toBeLessThanOrEqual(61);
    expect(searchBook(index, [], 'e', 2)).toHaveLength(2);
  });
});

describe('reader places in the address', () => {
  it('round-trip and refuse what is not a place', () => {
    for (const place of [
      { kind: 'chapter', chapter: 0 },
      { kind: 'chapter', chapter: 2, section: 4 },
      { kind: 'chapter', chapter: 1, target: 'ch2-fig-2-3' },
      { kind: 'material', id: 14 },
      { kind: 'references' },
    ] as const)
      expect(placeFromHash(placeToHash(place))).toEqual(place);
    expect(placeToHash({ kind: 'chapter', chapter: 2, section: 4 })).toBe('#c3-s5');
    expect(placeToHash({ kind: 'chapter', chapter: 1, target: 'ch2-fig-2-3' })).toBe('#c2/ch2-fig-2-3');
    for (const bad of ['', '#', '#c0', '#cx', '#m', '#c1-s', '#other', '#c1/', '#c1/<x>']) expect(placeFromHash(bad), bad).toBeNull();
  });
});
