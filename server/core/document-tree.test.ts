import { describe, expect, it } from 'vitest';
import type { DocBlock } from './document-model';
import { documentTree, sectionBlocks, walkSections } from './document-tree';

const h = (text: string, level: number): DocBlock => ({ kind: 'heading', text, level });
const p = (text: string): DocBlock => ({ kind: 'paragraph', text });

describe('documentTree', () => {
  it('nests every heading level and keeps each section its own blocks in order', () => {
    const tree = documentTree({
      title: 'Doc',
      blocks: [
        p('intro'),
        h('A', 1),
        p('a1'),
        h('A.1', 2),
        p('a11'),
        h('A.1.1', 3),
        p('a111'),
        h('A.1.1.1', 4),
        p('deep'),
        h('A.2', 2),
        p('a2'),
        h('B', 1),
        p('b'),
      ],
    });
    expect(tree.preamble.map((b) => b.text)).toEqual(['intro']);
    expect(tree.sections.map((s) => s.title)).toEqual(['A', 'B']);
    const a = tree.sections[0];
    expect(a.blocks.map((b) => b.text)).toEqual(['a1']);
    expect(a.children.map((s) => s.title)).toEqual(['A.1', 'A.2']);
    expect(a.children[0].children[0].children[0]).toMatchObject({ title: 'A.1.1.1', level: 4, depth: 4 });
    const order: string[] = [];
    walkSections(tree.sections, (s) => order.push(s.title));
    expect(order).toEqual(['A', 'A.1', 'A.1.1', 'A.1.1.1', 'A.2', 'B']);
    expect(sectionBlocks(a).map((b) => b.text)).toEqual(['A', 'a1', 'A.1', 'a11', 'A.1.1', 'a111', 'A.1.1.1', 'deep', 'A.2', 'a2']);
  });

  it('nests a skipped level one step, not two', () => {
    const tree = documentTree({ blocks: [h('Top', 1), h('Skipped to 3', 3), p('x'), h('Back to 2', 2)] });
    expect(tree.sections[0].children.map((s) => [s.title, s.depth])).toEqual([
      ['Skipped to 3', 2],
      ['Back to 2', 2],
    ]);
  });
});
