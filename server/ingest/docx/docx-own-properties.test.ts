import { describe, expect, it } from 'vitest';
import { textBoxRun, wordPackage, wordParagraph as para, wordStyle as style } from '@server/test/word-package.support';
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

describe("a paragraph's own properties, not those of a text box drawn in it", () => {
  const rain = 'Rain falls on the hills and runs down to the sea in rivers.';

  it.each([
    ['its paragraph style', { style: 'BoxTitle' }],
    ['its run', { size: 36 }],
  ])('a paragraph holding a text box set large (by %s) is not made a heading; the text box reads as before', async (_, large) => {
    const styles = style('Normal', 'Normal') + style('BoxTitle', 'Box Title', { runProps: '<w:sz w:val="36"/>' });
    const box = textBoxRun(para('Evaporation', large) + para('Sun, sea and vapour'));
    const boxed = `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t>See the box</w:t></w:r>${box}</w:p>`;
    const blocks = await blocksOf(sizedNotes(boxed + para(rain)), styles);
    // Read in the text box's style, the centred line was taken for a heading set large.
    expect(blocks.slice(4)).toEqual([
      { kind: 'paragraph', text: 'See the box' },
      { kind: 'heading', level: 1, text: 'Evaporation' },
      { kind: 'paragraph', text: 'Sun, sea and vapour' },
      { kind: 'paragraph', text: rain },
    ]);
    expect(blocks.slice(0, 4).filter((b) => b.kind === 'heading')).toEqual(sizeHeadings);
  });

  it('a paragraph holding a text box in a contents style is kept, its text and all', async () => {
    const styles = style('Normal', 'Normal') + style('TOC1', 'toc 1');
    const boxed = `<w:p><w:r><w:t xml:space="preserve">${rain} </w:t></w:r>${textBoxRun(para('Did you know?', { style: 'TOC1' }))}</w:p>`;
    const blocks = await blocksOf(sizedNotes(boxed), styles);
    expect(blocks.map((b) => b.text)).toContain(rain);
  });

  it('a paragraph holding a text box whose paragraph is in Heading 1 stays a paragraph, the text box its heading', async () => {
    const styles = style('Normal', 'Normal') + style('Heading1', 'heading 1', { runProps: '<w:b/><w:sz w:val="32"/>' });
    const boxed = `<w:p><w:r><w:t xml:space="preserve">${rain} </w:t></w:r>${textBoxRun(para('Did you know?', { style: 'Heading1' }) + para('Most rain falls into the sea.'))}</w:p>`;
    const blocks = await blocksOf(para('The water cycle moves water between the sea, the air and the land.') + boxed, styles);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'The water cycle moves water between the sea, the air and the land.' },
      { kind: 'paragraph', text: rain },
      { kind: 'heading', level: 1, text: 'Did you know?' },
      { kind: 'paragraph', text: 'Most rain falls into the sea.' },
    ]);
  });
});

describe("Word's table of contents, by a content control's own gallery", () => {
  it('a content control holding the contents control among other text keeps that text', async () => {
    const contents = `<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj></w:sdtPr><w:sdtContent>${para('Contents')}${para('Sorting\t1')}</w:sdtContent></w:sdt>`;
    const sorting = 'Sorting puts the items of a list in order, the smallest first and the largest last.';
    const notes = `<w:sdt><w:sdtPr><w:alias w:val="Notes"/></w:sdtPr><w:sdtContent>${contents}${para(sorting)}</w:sdtContent></w:sdt>`;
    const texts = (await blocksOf(notes + para('Binary search halves the part of a sorted list.'), style('Normal', 'Normal'))).map(
      (b) => b.text,
    );
    expect(texts).toEqual([sorting, 'Binary search halves the part of a sorted list.']);
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
