import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import {
  addChapter,
  addSection,
  applyOrder,
  deleteSection,
  moveSection,
  orderOf,
  renameChapter,
  sameOrder,
  sectionPreview,
  updateSection,
} from './toolkit-content';

const book = (): TextbookContent => ({
  title: 'Mechanics',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Motion',
      content: '<p>m</p>',
      sections: [
        { id: 's1', title: 'Velocity', content: 'v' },
        { id: 's2', title: 'Acceleration', content: 'a' },
      ],
    },
    { id: 'c2', title: 'Forces', content: '<p>f</p>', sections: [{ id: 's3', title: 'Newton', content: 'n' }] },
    { id: 'c3', title: 'Energy', content: '<p>e</p>', sections: [] },
  ],
});

describe('sectionPreview (tags stripped, 100 characters plus ...)', () => {
  it('strips tags and keeps short text whole, without ...', () => {
    expect(sectionPreview('<h2>Kinematics</h2><p>Objects <strong>move</strong>.</p>')).toBe('Kinematics Objects move.');
    expect(sectionPreview('<p>Short</p>')).toBe('Short');
  });

  it('cuts the text (not the markup) to exactly 100 characters and adds ...', () => {
    const words = 'abcdefghij'.repeat(15);
    const preview = sectionPreview(`<p><em>${words.slice(0, 50)}</em>${words.slice(50)}</p>`);
    expect(preview).toBe(`${words.slice(0, 100)}...`);
    expect(preview).toHaveLength(103);
  });

  it('a text of exactly 100 characters gets no ...', () => {
    expect(sectionPreview(`<p>${'x'.repeat(100)}</p>`)).toBe('x'.repeat(100));
  });

  it('decodes entities, drops script and style bodies and collapses whitespace', () => {
    expect(
      sectionPreview('<style>p{color:red}</style><p>Heat &amp; work&nbsp;&lt;3&#33;</p>\n\n<script>alert(1)</script><p>  Next </p>'),
    ).toBe('Heat & work <3! Next');
  });
});

describe('structure edits', () => {
  it('a new chapter gets Introduction to {title} and no sections', () => {
    const next = addChapter(book(), 'Waves & <Sound>');
    expect(next.chapters.at(-1)?.id).toMatch(/^c_[0-9a-f]{16}$/);
    expect(next.chapters.at(-1)).toMatchObject({
      title: 'Waves & <Sound>',
      content: '<p>Introduction to Waves &amp; &lt;Sound&gt;</p>',
      sections: [],
    });
    expect(book().chapters).toHaveLength(3);
  });

  it('adds, edits, renames, moves and deletes by id, and refuses an id that is gone', () => {
    let c = addSection(book(), 'c3', { title: 'Work', content: '<p>W</p>' });
    expect(c?.chapters[2].sections.map((s) => s.title)).toEqual(['Work']);
    c = renameChapter(c!, 'c2', 'Dynamics');
    expect(c?.chapters[1].title).toBe('Dynamics');
    c = updateSection(c!, 'c1', 's2', { title: 'Accel', content: '<p>dv/dt</p>' });
    expect(c?.chapters[0].sections[1]).toEqual({ id: 's2', title: 'Accel', content: '<p>dv/dt</p>' });
    c = moveSection(c!, 'c1', 's2', 's1');
    expect(c?.chapters[0].sections.map((s) => s.id)).toEqual(['s2', 's1']);
    c = deleteSection(c!, 'c1', 's1');
    expect(c?.chapters[0].sections.map((s) => s.id)).toEqual(['s2']);
    expect(deleteSection(c!, 'c1', 's1')).toBeNull();
    expect(renameChapter(c!, 'nope', 'x')).toBeNull();
    // The shared operations refuse an empty title and leave a section dropped on itself where it is.
    expect(renameChapter(c!, 'c2', '   ')).toBeNull();
    expect(updateSection(c!, 'c1', 's2', { title: '', content: '<p>x</p>' })).toBeNull();
    expect(moveSection(c!, 'c1', 's2', 's2')).toBe(c);
  });

  it('applies an arranged order to newer content without undoing what changed meanwhile', () => {
    const order = orderOf(book());
    order.chapters = ['c3', 'c1', 'c2'];
    order.sections.c1 = ['s2', 's1'];
    const newer = book();
    newer.chapters[1] = { ...newer.chapters[1], title: 'Forces (edited)' };
    newer.chapters.push({ id: 'c4', title: 'Added meanwhile', content: '', sections: [] });
    const result = applyOrder(newer, order);
    expect(result.chapters.map((c) => c.id)).toEqual(['c3', 'c1', 'c2', 'c4']);
    expect(result.chapters[2].title).toBe('Forces (edited)');
    expect(result.chapters[1].sections.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(sameOrder(orderOf(result), orderOf(newer))).toBe(false);
    expect(sameOrder(orderOf(applyOrder(newer, orderOf(newer))), orderOf(newer))).toBe(true);
  });
});
