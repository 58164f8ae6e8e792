import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from './docx-extract';

const centred = (text: string, size?: number) =>
  new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, bold: true, ...(size ? { size } : {}) })] });
const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });
const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));

describe('a title block typed as bold lines under the title (no heading styles)', () => {
  it('the lines stacked under the title down to its date are the title block, not headings', async () => {
    const data = await build([
      centred('R Refresher', 44),
      centred('Part of the Data Science and Programming Summer Workshop Series'),
      centred('July 17, 2018'),
      plain('Materials for this workshop are on the workshop page, with the data sets used in the exercises.'),
      plain('We will also use three packages beside base R, installed before the session starts.'),
    ]);
    const doc = await extractDocx(data, 'handout.docx');
    expect(doc.title).toBe('R Refresher');
    expect(doc.titleBlock).toEqual(['Part of the Data Science and Programming Summer Workshop Series', 'July 17, 2018']);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['R Refresher']);
  });

  it('a German date line ("17. Juli 2018") is as much a date; a section heading under the title stays a heading', async () => {
    const dated = await extractDocx(
      await build([
        centred('Einführung in R', 44),
        centred('17. Juli 2018'),
        plain('Die Materialien liegen auf der Seite des Workshops, mit den Datensätzen der Übungen.'),
      ]),
      'handout.docx',
    );
    expect(dated.titleBlock).toEqual(['17. Juli 2018']);
    const sections = await extractDocx(
      await build([
        centred('R Refresher', 44),
        centred('Getting started'),
        plain('Materials for this workshop are on the workshop page, with the data sets used in the exercises.'),
        centred('Data frames'),
        plain('A data frame holds the columns of a table, each of one type, and its rows of observations.'),
      ]),
      'handout.docx',
    );
    expect(sections.titleBlock).toBeUndefined();
    // Notes headed session by session by their dates keep the first date as a heading like the others.
    const sessions = await extractDocx(
      await build([
        centred('Course notes', 44),
        centred('January 10, 2019'),
        plain('We met the course and its tools, and read the first chapter of the book together.'),
        centred('January 17, 2019'),
        plain('We wrote our first programs and read their output line by line in the console.'),
      ]),
      'notes.docx',
    );
    expect(sessions.titleBlock).toBeUndefined();
    expect(sessions.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Course notes',
      'January 10, 2019',
      'January 17, 2019',
    ]);
    expect(sections.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'R Refresher',
      'Getting started',
      'Data frames',
    ]);
  });
});
