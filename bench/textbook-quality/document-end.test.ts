import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { midSentenceEnds, openEndKey } from './fidelity';
import { sourceMarks } from './source-marks';

/** Two pages of 11 pt body text with page numbers; the second page's last line stops as `last` stops. */
async function twoPages(last: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const first = pdf.addPage([595, 842]);
  first.drawText('Every course must state its learning outcomes and how they are assessed in the', { x: 72, y: 700, size: 11, font });
  first.drawText('1', { x: 290, y: 60, size: 11, font });
  const second = pdf.addPage([595, 842]);
  second.drawText('course, and the syllabus names the outcomes the students will reach by its end.', { x: 72, y: 700, size: 11, font });
  second.drawText(last, { x: 72, y: 686, size: 11, font });
  second.drawText('2', { x: 290, y: 60, size: 11, font });
  return pdf.save();
}

describe('documentOpenEnd through sourceMarks', () => {
  it("takes the document's last body line when the document itself stops mid-sentence, no page's last line before it", async () => {
    const marks = await sourceMarks(
      'guide.pdf',
      await twoPages('Locate, retrieve and evaluate relevant information, including print and electronic'),
    );
    expect(marks.openEnds).toEqual([openEndKey('relevant information, including print and electronic')]);
  });

  it('takes nothing from a document that ends its last sentence', async () => {
    const marks = await sourceMarks('guide.pdf', await twoPages('Locate, retrieve and evaluate relevant information in print.'));
    expect(marks.openEnds).toEqual([]);
  });

  it("so the book's last paragraph ending where the document ends is no cut, and a cut before it still is", async () => {
    const marks = await sourceMarks(
      'guide.pdf',
      await twoPages('Locate, retrieve and evaluate relevant information, including print and electronic'),
    );
    const book =
      '<p>Every course must state its learning outcomes and how they are assessed in the</p>' +
      '<p>Students will: locate, retrieve and evaluate relevant information, including print and electronic</p>';
    expect(midSentenceEnds(book, marks.openEnds).cut).toEqual(['…learning outcomes and how they are assessed in the']);
  });
});
