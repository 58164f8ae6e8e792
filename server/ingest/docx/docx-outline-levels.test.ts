import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { composeFromDocuments } from '@server/ai/offline/outline/tree-book';
import { extractDocx } from '../docx-extract';

const styled = (style: string, text: string) => new Paragraph({ style, children: [new TextRun(text)] });
const para = (text: string) => new Paragraph({ children: [new TextRun(text)] });

/**
 * A syllabus laid out as a contents page, as an Italian Word names its styles: "Level 1-3" based on the contents styles
 * ("Sommario 1-3", Word's "toc 1-3") and no heading style; its title a first line typed in capitals.
 */
async function contentsStyledSyllabus(): Promise<Uint8Array> {
  const toc = [1, 2, 3].map((n) => ({
    id: `Sommario${n}`,
    name: `toc ${n}`,
    basedOn: 'Normal',
    paragraph: { indent: { left: (n - 1) * 200 } },
  }));
  const levels = [1, 2, 3].map((n) => ({ id: `Level${n}`, name: `Level ${n}`, basedOn: `Sommario${n}` }));
  const doc = new Document({
    styles: { paragraphStyles: [...toc, ...levels] },
    sections: [
      {
        children: [
          para('WEB DEVELOPMENT BASICS'),
          para('Length of the course: 24 lessons of two hours each'),
          styled('Level1', 'HTML [5 lessons]'),
          styled('Level2', 'Introduction'),
          styled('Level2', 'Structural tags'),
          styled('Level3', '<div>'),
          styled('Level3', '<span>'),
          styled('Level2', 'List tags'),
          styled('Level1', 'CSS [7 lessons]'),
          styled('Level2', 'Selectors'),
          styled('Level2', 'Layout'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Notes outlined by outline levels alone (a custom "Chapter" style at level 1, a paragraph set at level 2), titled in capitals by formatting. */
async function outlinedNotes(): Promise<Uint8Array> {
  const doc = new Document({
    styles: {
      paragraphStyles: [{ id: 'Chapter', name: 'Chapter', basedOn: 'Normal', paragraph: { outlineLevel: 0 }, run: { bold: true } }],
    },
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Algorithms notes', allCaps: true })] }),
          styled('Chapter', 'Sorting'),
          para('Sorting puts the items of a list in order.'),
          new Paragraph({ outlineLevel: 1, children: [new TextRun('Insertion sort')] }),
          para('Insertion sort takes each item in turn and puts it in its place among those before it.'),
          styled('Chapter', 'Searching'),
          para('Binary search halves the part of a sorted list that may hold the item at each step.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/**
 * A handout with no title line (its first line is a sentence) whose only lines set at an outline level are two at its end,
 * with no text under them.
 */
async function plainHandout(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          para('Read the chapter before the class.'),
          para('Bring a laptop to every class.'),
          para('The labs start in the second week. Each lab uses one of these programs:'),
          new Paragraph({ outlineLevel: 0, children: [new TextRun('R and RStudio')] }),
          new Paragraph({ outlineLevel: 0, children: [new TextRun('Python with pandas')] }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** The text in 11 points, set on its runs. */
const sized = (text: string) => new Paragraph({ children: [new TextRun({ text, size: 22 })] });

/** A handout titled by its first line set larger than the text (18 points over 11), in no style and not in capitals. */
async function largeTitleHandout(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Introduction to sampling', size: 36 })] }),
          sized('A sample is a part of a population chosen so that it tells us about the whole population.'),
          sized('We draw samples at random so that every member of the population has the same chance to be chosen.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

const shape = (blocks: Awaited<ReturnType<typeof extractDocx>>['blocks']) =>
  blocks.map((b) => [b.kind, b.kind === 'heading' ? (b.level ?? 1) : (b.depth ?? ''), b.text]);

describe('Word outlines without heading styles', () => {
  it('reads styles based on the contents styles as the outline: the top level headings, the entries under it a nested list', async () => {
    const doc = await extractDocx(await contentsStyledSyllabus(), 'it_web_syllabus.docx');
    expect(doc.title).toBe('WEB DEVELOPMENT BASICS');
    expect(shape(doc.blocks)).toEqual([
      ['heading', 1, 'WEB DEVELOPMENT BASICS'],
      ['paragraph', '', 'Length of the course: 24 lessons of two hours each'],
      ['heading', 1, 'HTML [5 lessons]'],
      ['list-item', 0, 'Introduction'],
      ['list-item', 0, 'Structural tags'],
      ['list-item', 1, '<div>'],
      ['list-item', 1, '<span>'],
      ['list-item', 0, 'List tags'],
      ['heading', 1, 'CSS [7 lessons]'],
      ['list-item', 0, 'Selectors'],
      ['list-item', 0, 'Layout'],
    ]);
  });

  it('makes a book of the outline: its chapters the top level, the topics kept under them, never titled by a pair of words', async () => {
    const document = await extractDocx(await contentsStyledSyllabus(), 'it_web_syllabus.docx');
    const mime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const book = composeFromDocuments(
      { sources: [{ id: 1, filename: 'it_web_syllabus.docx', mime, text: document.text, document }], chunks: [] },
      { title: document.title! },
    );
    expect(book.chapters.map((c) => c.title)).toEqual(['HTML [5 lessons]', 'CSS [7 lessons]']);
    expect(book.chapters[0].content).toContain('<li><p>Structural tags</p><ul><li><p>&lt;div&gt;</p></li>');
  });

  it('makes headings of the outline levels that head text, at their levels, and titles the document by its line in capitals', async () => {
    const doc = await extractDocx(await outlinedNotes(), 'notes.docx');
    expect(doc.title).toBe('Algorithms notes');
    expect(shape(doc.blocks).filter((b) => b[0] === 'heading')).toEqual([
      ['heading', 1, 'Algorithms notes'],
      ['heading', 1, 'Sorting'],
      ['heading', 2, 'Insertion sort'],
      ['heading', 1, 'Searching'],
    ]);
  });

  it('titles a document by its first line set larger than the text', async () => {
    const doc = await extractDocx(await largeTitleHandout(), 'week2.docx');
    expect(doc.title).toBe('Introduction to sampling');
    expect(shape(doc.blocks)[0]).toEqual(['heading', 1, 'Introduction to sampling']);
  });

  it('leaves a first line that is a sentence a paragraph, and reads one outline level heading no text as a list', async () => {
    const doc = await extractDocx(await plainHandout(), 'handout.docx');
    expect(shape(doc.blocks)).toEqual([
      ['paragraph', '', 'Read the chapter before the class.'],
      ['paragraph', '', 'Bring a laptop to every class.'],
      ['paragraph', '', 'The labs start in the second week. Each lab uses one of these programs:'],
      ['list-item', 0, 'R and RStudio'],
      ['list-item', 0, 'Python with pandas'],
    ]);
    expect(doc.title).toBeUndefined();
  });
});
