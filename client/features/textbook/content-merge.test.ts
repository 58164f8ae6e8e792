import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '../../../common/textbook';
import { mergeContent, resolveConflict, reuseUnchanged } from './content-merge';

const base: TextbookContent = {
  title: 'Book',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'One',
      content: '<p>c1</p>',
      sections: [
        { id: 's1', title: 'A', content: '<p>a</p>' },
        { id: 's2', title: 'B', content: '<p>b</p>' },
      ],
    },
    { id: 'c2', title: 'Two', content: '<p>c2</p>', sections: [{ id: 's3', title: 'C', content: '<p>c</p>' }] },
  ],
};

function edit(content: TextbookContent, chapterId: string, sectionId: string, html: string): TextbookContent {
  return {
    ...content,
    chapters: content.chapters.map((c) =>
      c.id !== chapterId ? c : { ...c, sections: c.sections.map((s) => (s.id === sectionId ? { ...s, content: html } : s)) },
    ),
  };
}

describe('mergeContent', () => {
  it('keeps edits to different sections from both sides', () => {
    const mine = edit(base, 'c1', 's1', '<p>mine</p>');
    const theirs = edit(base, 'c2', 's3', '<p>theirs</p>');
    const { content, conflicts } = mergeContent(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(content.chapters[0].sections[0].content).toBe('<p>mine</p>');
    expect(content.chapters[1].sections[0].content).toBe('<p>theirs</p>');
  });

  it('reports the same section changed on both sides, keeping my text and theirs', () => {
    const mine = edit(base, 'c1', 's2', '<p>my b</p>');
    const theirs = edit(base, 'c1', 's2', '<p>their b</p>');
    const { content, conflicts } = mergeContent(base, mine, theirs);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      sectionId: 's2',
      field: 'content',
      mine: '<p>my b</p>',
      theirs: '<p>their b</p>',
      label: 'One - B',
    });
    expect(content.chapters[0].sections[1].content).toBe('<p>my b</p>');
  });

  it('the same change on both sides is not a conflict', () => {
    const mine = edit(base, 'c1', 's2', '<p>same</p>');
    const theirs = edit(base, 'c1', 's2', '<p>same</p>');
    expect(mergeContent(base, mine, theirs).conflicts).toEqual([]);
  });

  it('follows their structure (a reorder) while keeping my text', () => {
    const mine = edit(base, 'c2', 's3', '<p>mine</p>');
    const theirs = { ...base, chapters: [base.chapters[1], base.chapters[0]] };
    const { content } = mergeContent(base, mine, theirs);
    expect(content.chapters.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(content.chapters[0].sections[0].content).toBe('<p>mine</p>');
  });

  it('a section I edited that they deleted is kept and reported', () => {
    const mine = edit(base, 'c1', 's1', '<p>keep me</p>');
    const theirs = { ...base, chapters: [{ ...base.chapters[0], sections: [base.chapters[0].sections[1]] }, base.chapters[1]] };
    const { content, conflicts } = mergeContent(base, mine, theirs);
    expect(content.chapters[0].sections.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(conflicts).toMatchObject([{ sectionId: 's1', theirs: null }]);
    expect(resolveConflict(content, conflicts[0], 'theirs').chapters[0].sections.map((s) => s.id)).toEqual(['s2']);
  });

  it('resolving keeps mine, theirs, or both', () => {
    const mine = edit(base, 'c1', 's2', '<p>mine</p>');
    const theirs = edit(base, 'c1', 's2', '<p>theirs</p>');
    const { content, conflicts } = mergeContent(base, mine, theirs);
    const at = (c: TextbookContent) => c.chapters[0].sections[1].content;
    expect(at(resolveConflict(content, conflicts[0], 'mine'))).toBe('<p>mine</p>');
    expect(at(resolveConflict(content, conflicts[0], 'theirs'))).toBe('<p>theirs</p>');
    expect(at(resolveConflict(content, conflicts[0], 'both'))).toBe('<p>mine</p><p>theirs</p>');
  });
});

describe('reuseUnchanged', () => {
  it('keeps the identity of equal chapters and sections', () => {
    const copy = JSON.parse(JSON.stringify(edit(base, 'c2', 's3', '<p>new</p>'))) as TextbookContent;
    const result = reuseUnchanged(base, copy);
    expect(result.chapters[0]).toBe(base.chapters[0]);
    expect(result.chapters[1]).not.toBe(base.chapters[1]);
    expect(result.chapters[1].sections[0].content).toBe('<p>new</p>');
    expect(reuseUnchanged(base, JSON.parse(JSON.stringify(base)))).toBe(base);
  });
});
