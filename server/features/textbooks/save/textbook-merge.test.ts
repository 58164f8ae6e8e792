import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { manifestOf, mergeOrder, mergeTextbook } from './textbook-merge';

function book(): TextbookContent {
  return {
    title: 'Mechanics',
    references: [],
    chapters: [
      {
        id: 'c1',
        title: 'Kinematics',
        content: '<p>Motion</p>',
        sections: [
          { id: 's1', title: 'Velocity', content: '<p>v = dx/dt</p>' },
          { id: 's2', title: 'Acceleration', content: '<p>a = dv/dt</p>' },
        ],
      },
      { id: 'c2', title: 'Dynamics', content: '<p>Forces</p>', sections: [{ id: 's3', title: 'Newton', content: '<p>F = ma</p>' }] },
      { id: 'c3', title: 'Energy', content: '<p>Work</p>', sections: [] },
    ],
  };
}

const clone = (c: TextbookContent): TextbookContent => structuredClone(c);
const section = (c: TextbookContent, id: string) => c.chapters.flatMap((ch) => ch.sections).find((s) => s.id === id);
const ids = (c: TextbookContent) => c.chapters.map((ch) => `${ch.id}:${ch.sections.map((s) => s.id).join(',')}`);

function merge(ours: TextbookContent, theirs: TextbookContent, base = book()) {
  return mergeTextbook(manifestOf(base), ours, theirs);
}

describe('mergeTextbook', () => {
  it('keeps edits to different sections from both sides', () => {
    const ours = clone(book());
    ours.chapters[0].sections[0].content = '<p>ours velocity</p>';
    const theirs = clone(book());
    theirs.chapters[1].sections[0].content = '<p>theirs newton</p>';
    const result = merge(ours, theirs);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(section(result.content, 's1')?.content).toBe('<p>ours velocity</p>');
    expect(section(result.content, 's3')?.content).toBe('<p>theirs newton</p>');
  });

  it('reports the same section changed differently on both sides as a conflict', () => {
    const ours = clone(book());
    ours.chapters[0].sections[1].content = '<p>ours</p>';
    const theirs = clone(book());
    theirs.chapters[0].sections[1].content = '<p>theirs</p>';
    const result = merge(ours, theirs);
    expect(result).toEqual({ ok: false, conflicts: [{ chapterId: 'c1', sectionId: 's2', title: 'Acceleration', kind: 'both-edited' }] });
  });

  it('accepts the same change made on both sides', () => {
    const ours = clone(book());
    ours.chapters[0].sections[1].content = '<p>same</p>';
    const theirs = clone(ours);
    const result = merge(ours, theirs);
    expect(result.ok && section(result.content, 's2')?.content).toBe('<p>same</p>');
  });

  it('keeps a title edit on one side and a content edit on the other in the same section', () => {
    const ours = clone(book());
    ours.chapters[0].sections[0].title = 'Speed and velocity';
    const theirs = clone(book());
    theirs.chapters[0].sections[0].content = '<p>new text</p>';
    const result = merge(ours, theirs);
    expect(result.ok && section(result.content, 's1')).toEqual({ id: 's1', title: 'Speed and velocity', content: '<p>new text</p>' });
  });

  it('keeps chapters added on both sides, each near its neighbour', () => {
    const ours = clone(book());
    ours.chapters.splice(1, 0, { id: 'cOurs', title: 'Ours', content: '', sections: [] });
    const theirs = clone(book());
    theirs.chapters.push({ id: 'cTheirs', title: 'Theirs', content: '', sections: [] });
    const result = merge(ours, theirs);
    expect(result.ok && result.content.chapters.map((c) => c.id)).toEqual(['c1', 'cOurs', 'c2', 'c3', 'cTheirs']);
  });

  it('keeps a section added by them while we edit another section of the same chapter', () => {
    const ours = clone(book());
    ours.chapters[0].sections[0].content = '<p>edited</p>';
    const theirs = clone(book());
    theirs.chapters[0].sections.push({ id: 's9', title: 'Jerk', content: '<p>j</p>' });
    const result = merge(ours, theirs);
    expect(result.ok && ids(result.content)).toEqual(['c1:s1,s2,s9', 'c2:s3', 'c3:']);
    expect(result.ok && section(result.content, 's1')?.content).toBe('<p>edited</p>');
  });

  it('applies a deletion when the other side left the part alone', () => {
    const ours = clone(book());
    ours.chapters[0].sections.splice(1, 1); // delete s2
    const theirs = clone(book());
    theirs.chapters.splice(2, 1); // delete c3
    theirs.chapters[1].sections[0].content = '<p>edited newton</p>';
    const result = merge(ours, theirs);
    expect(result.ok && ids(result.content)).toEqual(['c1:s1', 'c2:s3']);
    expect(result.ok && section(result.content, 's3')?.content).toBe('<p>edited newton</p>');
  });

  it('refuses to drop a section one side deleted while the other edited it', () => {
    const ours = clone(book());
    ours.chapters[1].sections = [];
    const theirs = clone(book());
    theirs.chapters[1].sections[0].content = '<p>important edit</p>';
    const result = merge(ours, theirs);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.conflicts).toContainEqual({
      chapterId: 'c2',
      sectionId: 's3',
      title: 'Newton',
      kind: 'edited-and-deleted',
    });
  });

  it('refuses to drop a chapter one side deleted while the other added a section to it', () => {
    const ours = clone(book());
    ours.chapters.splice(2, 1);
    const theirs = clone(book());
    theirs.chapters[2].sections.push({ id: 's7', title: 'Power', content: '' });
    const result = merge(ours, theirs);
    expect(!result.ok && result.conflicts.map((c) => c.kind)).toContain('edited-and-deleted');
  });

  it('takes our chapter order when we reordered, and still applies their text edit', () => {
    const ours = clone(book());
    ours.chapters.reverse();
    const theirs = clone(book());
    theirs.chapters[0].content = '<p>Motion, revised</p>';
    const result = merge(ours, theirs);
    expect(result.ok && result.content.chapters.map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
    expect(result.ok && result.content.chapters[2].content).toBe('<p>Motion, revised</p>');
  });

  it('takes their order when only they reordered sections', () => {
    const ours = clone(book());
    ours.chapters[0].sections[0].content = '<p>edit</p>';
    const theirs = clone(book());
    theirs.chapters[0].sections.reverse();
    const result = merge(ours, theirs);
    expect(result.ok && ids(result.content)[0]).toBe('c1:s2,s1');
  });

  it('moves a section to the chapter we moved it to while they edit its text', () => {
    const ours = clone(book());
    const [moved] = ours.chapters[0].sections.splice(0, 1);
    ours.chapters[2].sections.push(moved);
    const theirs = clone(book());
    theirs.chapters[0].sections[0].content = '<p>their velocity</p>';
    const result = merge(ours, theirs);
    expect(result.ok && ids(result.content)).toEqual(['c1:s2', 'c2:s3', 'c3:s1']);
    expect(result.ok && section(result.content, 's1')?.content).toBe('<p>their velocity</p>');
  });

  it('keeps the book title and references of the side that changed them', () => {
    const ours = clone(book());
    ours.references = [{ title: 'Feynman', description: '', authors: '', year: 1963, publisher: '', url: '', approved: true }];
    const theirs = clone(book());
    theirs.title = 'Classical Mechanics';
    const result = merge(ours, theirs);
    expect(result.ok && result.content.title).toBe('Classical Mechanics');
    expect(result.ok && result.content.references).toHaveLength(1);
  });

  it('reports a chapter renamed differently on both sides', () => {
    const ours = clone(book());
    ours.chapters[2].title = 'Energy I';
    const theirs = clone(book());
    theirs.chapters[2].title = 'Work and energy';
    const result = merge(ours, theirs);
    expect(!result.ok && result.conflicts).toEqual([{ chapterId: 'c3', title: 'Work and energy', kind: 'both-edited' }]);
  });
});

describe('mergeOrder', () => {
  it('keeps theirs when we did not reorder, inserting our additions after their predecessor', () => {
    expect(mergeOrder(['a', 'b', 'c'], ['a', 'x', 'b', 'c'], ['c', 'b', 'a'], new Set(['a', 'b', 'c', 'x']))).toEqual(['c', 'b', 'a', 'x']);
  });
  it('puts an addition with no predecessor first', () => {
    expect(mergeOrder(['a', 'b'], ['y', 'a', 'b'], ['a', 'b'], new Set(['a', 'b', 'y']))).toEqual(['y', 'a', 'b']);
  });
  it('drops ids not kept', () => {
    expect(mergeOrder(['a', 'b'], ['b', 'a'], ['a', 'b'], new Set(['a']))).toEqual(['a']);
  });
});
