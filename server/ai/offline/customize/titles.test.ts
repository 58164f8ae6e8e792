import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { emptyMaterial } from '@server/ai/material';
import { customizeStructure } from '../customize';
import { stripStructurePrefixes } from './titles';

describe('restructured titles carry one prefix at most', () => {
  it('removes stacked structure labels, keeps a real title', () => {
    expect(stripStructurePrefixes('Beginner: Week 1: Linear Algebra')).toBe('Linear Algebra');
    expect(stripStructurePrefixes('Part II: Session 3 - Matrices')).toBe('Matrices');
    expect(stripStructurePrefixes('Weekly Review of Matrices')).toBe('Weekly Review of Matrices');
    expect(stripStructurePrefixes('Week 1:')).toBe('Week 1:');
  });

  it('a syllabus made from a book split into levels says "Week N: Title", never "Week N: Beginner: ..."', async () => {
    const topics = ['Vectors', 'Matrices', 'Linear Maps', 'Eigenvalues', 'Inner Products', 'Orthogonality'];
    const book: TextbookContent = {
      title: 'Linear Algebra',
      references: [],
      chapters: topics.map((t, i) => ({
        id: `c${i}`,
        title: `${['Beginner', 'Intermediate', 'Advanced'][i % 3]}: ${t}`,
        content: '',
        sections: [1, 2].map((k) => ({
          id: `c${i}s${k}`,
          title: `${t} part ${k}`,
          content: `<p>${t} part ${k} explains one idea of ${t.toLowerCase()} in detail. It gives a worked example of ${t.toLowerCase()} too.</p>`,
        })),
      })),
    };
    const ctx = { material: emptyMaterial(), retriever: { search: async () => [] } };
    const res = await customizeStructure(ctx, { book, guidance: 'Make a 6-week syllabus' });
    const titles = res.content.chapters.map((c) => c.title);
    expect(titles).toHaveLength(6);
    for (const t of titles) expect(t).toMatch(/^Week \d+: (?!Beginner|Intermediate|Advanced|Week)[^:]+$/);
  });
});
