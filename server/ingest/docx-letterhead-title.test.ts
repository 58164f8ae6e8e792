import { AlignmentType, Document, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { makePng } from '@server/test/multipart.support';
import { isLetterheadLine } from './docx/letterhead-title';
import { extractDocx } from './docx-extract';

const centred = (text: string, run: { bold?: boolean; size?: number } = {}) =>
  new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, ...run })] });
const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true })] });
const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

/**
 * A syllabus typed as many are, with no heading style: a logo, the institution's letterhead in bold set large, the course
 * line in plain type, "Syllabus" and the term in bold, a table of the instructor's details, then bold section lines.
 */
async function letterheadSyllabus(opening: Paragraph[]): Promise<Uint8Array> {
  const logo = new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [new ImageRun({ type: 'png', data: makePng(8, 8), transformation: { width: 40, height: 40 } })],
  });
  const doc = new Document({
    sections: [
      {
        children: [
          logo,
          ...opening,
          centred('Syllabus', { bold: true }),
          centred('Fall Semester, 2025-2026', { bold: true }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Instructor'), cell('Dr. Ada Lane')] }),
              new TableRow({ children: [cell('Office hours'), cell('Tuesday 10:00-12:00')] }),
            ],
          }),
          bold('Course Description'),
          new Paragraph('This course covers the classic algorithms on lists, trees and graphs and the time each one takes.'),
          bold('Grading'),
          new Paragraph('Two exams count for sixty percent of the grade and the weekly labs for the other forty percent.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

const letterhead = [
  centred('Northfield State University', { bold: true, size: 40 }),
  centred('Faculty of Engineering and Architecture', { bold: true, size: 32 }),
  centred('Computer Engineering', { bold: true, size: 32 }),
];

describe('a Word syllabus under its letterhead', () => {
  it('is titled by its course line, not by the institution heading the page', async () => {
    const doc = await extractDocx(await letterheadSyllabus([...letterhead, centred('CE210- Algorithms')]), 'syllabus.docx');
    expect(doc.title).toBe('CE210- Algorithms');
    // The text is read as before: the letterhead's lines are kept.
    expect(doc.blocks.map((b) => b.text)).toEqual(expect.arrayContaining(['Northfield State University', 'CE210- Algorithms']));
  });

  it('keeps the letterhead as its title when no line under it names a course', async () => {
    const doc = await extractDocx(await letterheadSyllabus([...letterhead, centred('Spring Term Notes')]), 'syllabus.docx');
    expect(doc.title).toBe('Northfield State University');
  });
});

describe('isLetterheadLine', () => {
  it("reads an institution's name, whichever side of it the institution word stands", () => {
    for (const line of [
      'Recep Tayyip Erdogan University',
      'University of Bristol',
      'The University of Texas at Austin',
      'Faculty of Engineering and Architecture',
      'Department of Computer Science',
      'Mühendislik Fakültesi',
      'Technische Universität München',
      'Institut für Informatik',
      'Université de Lorraine',
      'Massachusetts Institute of Technology',
    ])
      expect(isLetterheadLine(line), line).toBe(true);
  });

  it('reads no title that names a university in other words', () => {
    for (const line of [
      'University Physics',
      'A History of the University',
      'Life at University: a first-year guide',
      'Computer Engineering',
    ])
      expect(isLetterheadLine(line), line).toBe(false);
  });
});
