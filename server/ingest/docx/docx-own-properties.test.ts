import { describe, expect, it } from 'vitest';
import { wordPackage, wordParagraph as para, wordStyle as style } from '@server/test/word-package.support';
import { extractDocx } from '../docx-extract';

/** The blocks of a Word file as kind, level and text. */
async function blocksOf(body: string, styles: string) {
  const doc = await extractDocx(await wordPackage(body, styles), 'notes.docx');
  return doc.blocks.map((b) => ({ kind: b.kind, ...(b.level ? { level: b.level } : {}), text: b.text }));
}

/** Notes whose headings are typed larger than the text (18 pt over 11 pt), no heading style in use; `last` closes them. */
const sizedNotes = (last: string) =>
  [
    para('Sorting', { size: 36 }),
    para('Sorting puts the items of a list in order, the smallest first and the largest last.'),
    para('Searching', { size: 36 }),
    para('Binary search halves the part of a sorted list that may hold the item at each step.'),
    last,
  ].join('');

const sizeHeadings = [
  { kind: 'heading', level: 1, text: 'Sorting' },
  { kind: 'heading', level: 1, text: 'Searching' },
];

describe('Word styles read each by its own name', () => {
  it('a style written without a name is no heading style, though "heading 1" follows it in styles.xml', async () => {
    const styles = style('Normal', 'Normal') + style('Plain', undefined) + style('Heading1', 'heading 1', { runProps: '<w:b/>' });
    const blocks = await blocksOf(
      sizedNotes(para('A linear search looks at every item in turn until it finds it.', { style: 'Plain' })),
      styles,
    );
    // Read with the next style's name, the nameless style made the document one "with heading styles": no size headings.
    expect(blocks.filter((b) => b.kind === 'heading')).toEqual(sizeHeadings);
    expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'A linear search looks at every item in turn until it finds it.' });
  });

  it('a style written without a name is no contents style, though "toc 1" follows it: its paragraphs are kept', async () => {
    const styles = style('Normal', 'Normal') + style('Plain', undefined) + style('TOC1', 'toc 1');
    const blocks = await blocksOf(
      sizedNotes(para('A linear search looks at every item in turn until it finds it.', { style: 'Plain' })),
      styles,
    );
    expect(blocks.map((b) => b.text)).toContain('A linear search looks at every item in turn until it finds it.');
  });
});

describe('based-on chains walked as far as the other Word readers walk them', () => {
  it('a heading style nine based-on steps from the style that sets its size is read at that size', async () => {
    // Level0 based on Level1 ... Level8 based on Big: the size is nine steps up.
    const chain = Array.from({ length: 9 }, (_, i) => style(`Level${i}`, `Level ${i}`, { basedOn: i < 8 ? `Level${i + 1}` : 'Big' }));
    const styles = style('Normal', 'Normal') + style('Big', 'Big', { runProps: '<w:sz w:val="36"/>' }) + chain.join('');
    const body = [
      para('Sorting', { style: 'Level0' }),
      para('Sorting puts the items of a list in order, the smallest first and the largest last.'),
      para('Searching', { style: 'Level0' }),
      para('Binary search halves the part of a sorted list that may hold the item at each step.'),
    ].join('');
    expect((await blocksOf(body, styles)).filter((b) => b.kind === 'heading')).toEqual(sizeHeadings);
  });
});
