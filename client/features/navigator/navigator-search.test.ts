import { describe, expect, it } from 'vitest';
import type { Chapter } from '@common/textbook';
import { buildSearchIndex, filterChapters, filterMaterials, htmlToSearchText } from './navigator-search';

const chapters: Chapter[] = [
  {
    title: 'Cell Biology',
    content: '<p>Intro</p>',
    sections: [
      { title: 'The Membrane', content: '<p>Lipid <strong>bilayer</strong> basics</p>' },
      { title: 'Organelles', content: '<p>Mitochondria make ATP</p>' },
    ],
  },
  {
    title: 'Energy',
    content: '',
    sections: [
      { title: 'Photosynthesis', content: '<p>Light reactions</p>' },
      { title: 'Respiration', content: '<p>Glycolysis then the Krebs cycle</p>' },
    ],
  },
  { title: 'Genetics and Membrane Transport', content: '<p>DNA</p>', sections: [{ title: 'Heredity', content: '<p>Mendel</p>' }] },
];
const index = buildSearchIndex(chapters);

describe('navigator search', () => {
  it('an empty query shows every chapter with all its sections', () => {
    expect(filterChapters(index, '')).toEqual([
      { chapterIndex: 0, sectionIndexes: [0, 1] },
      { chapterIndex: 1, sectionIndexes: [0, 1] },
      { chapterIndex: 2, sectionIndexes: [0] },
    ]);
  });

  it('matches case-insensitively', () => {
    expect(filterChapters(index, 'KREBS')).toEqual(filterChapters(index, 'krebs'));
    expect(filterChapters(index, 'KREBS')).toEqual([{ chapterIndex: 1, sectionIndexes: [1] }]);
  });

  it('matches a substring inside a word', () => {
    expect(filterChapters(index, 'ochond')).toEqual([{ chapterIndex: 0, sectionIndexes: [1] }]);
  });

  it('shows a chapter whose title matches even when none of its sections do', () => {
    expect(filterChapters(index, 'genetics')).toEqual([{ chapterIndex: 2, sectionIndexes: [] }]);
  });

  it('shows a chapter whose own text matches, as a chapter of a document without sections is all text', () => {
    const book = buildSearchIndex([
      ...chapters,
      {
        title: 'Gradients of Vector-Valued Functions',
        content: '<p>The matrix of partial derivatives is the <em>Jacobian</em>.</p>',
        sections: [],
      },
    ]);
    expect(filterChapters(book, 'jacobian')).toEqual([{ chapterIndex: 3, sectionIndexes: [] }]);
    expect(filterChapters(book, 'intro')).toEqual([{ chapterIndex: 0, sectionIndexes: [] }]);
  });

  it('shows a chapter when a section title matches', () => {
    expect(filterChapters(index, 'photosyn')).toEqual([{ chapterIndex: 1, sectionIndexes: [0] }]);
  });

  it('shows a chapter when a section content matches', () => {
    expect(filterChapters(index, 'bilayer')).toEqual([{ chapterIndex: 0, sectionIndexes: [0] }]);
  });

  it('lists only the matching sections of a shown chapter', () => {
    const result = filterChapters(index, 'membrane');
    expect(result).toEqual([
      { chapterIndex: 0, sectionIndexes: [0] },
      { chapterIndex: 2, sectionIndexes: [] },
    ]);
  });

  it('hides chapters with no match at all', () => {
    expect(filterChapters(index, 'quantum')).toEqual([]);
  });

  it('does not match markup, only text', () => {
    expect(filterChapters(index, 'strong')).toEqual([]);
    expect(htmlToSearchText('<p>A &amp; B</p>')).toContain('a & b');
  });

  it('matches educational materials on title or description', () => {
    const materials = [
      { title: 'Cell Quiz', description: 'Ten questions' },
      { title: 'Homework 1', description: 'Practice on photosynthesis' },
      { title: 'Lesson', description: 'Plan' },
    ];
    expect(filterMaterials(materials, 'QUIZ').map((m) => m.title)).toEqual(['Cell Quiz']);
    expect(filterMaterials(materials, 'photo').map((m) => m.title)).toEqual(['Homework 1']);
    expect(filterMaterials(materials, '')).toHaveLength(3);
  });
});
