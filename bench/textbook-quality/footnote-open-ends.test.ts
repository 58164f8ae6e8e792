import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { midSentenceEnds, openEndKey } from './fidelity';
import { sourceMarks } from './source-marks';

/** A page of body text at 11 pt with footnotes at 8 pt under it (marks raised at 6 pt) and a page number. */
async function pageWithFootnotes(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([595, 842]);
  const body = [
    'In the left setup a small shunt resistor is inserted into the ground path of the target device.',
    'Since the supply current flows through the resistor, it can be derived from the voltage drop.',
    'Simple power analysis is an umbrella term for attacks that work by inspecting one or a few traces,',
  ];
  body.forEach((text, k) => page.drawText(text, { x: 72, y: 700 - 14 * k, size: 11, font }));
  page.drawText('1', { x: 72, y: 134, size: 6, font });
  page.drawText('usually between 1 ohm and several hundred ohm', { x: 78, y: 130, size: 8, font });
  page.drawText('2', { x: 72, y: 122, size: 6, font });
  page.drawText('For a good overview of the logic styles, see the slides of the summer school.', { x: 78, y: 118, size: 8, font });
  page.drawText('37', { x: 290, y: 60, size: 11, font });
  // A page of exercises set in small type throughout: no footnotes there.
  const exercises = pdf.addPage([595, 842]);
  exercises.drawText('5', { x: 72, y: 134, size: 6, font });
  exercises.drawText('Consider the following functions and compute their gradients', { x: 78, y: 130, size: 8, font });
  return pdf.save();
}

describe('footnoteOpenEnds through sourceMarks', () => {
  it("takes a footnote the PDF itself ends without a stop, and no page's small type that is no footnote", async () => {
    const marks = await sourceMarks('notes.pdf', await pageWithFootnotes());
    expect(marks.openEnds).toEqual([openEndKey('usually between 1 ohm and several hundred ohm')]);
  });

  it('so the book paragraph of that footnote is no cut, and a body line cut at the page bottom still is', async () => {
    const marks = await sourceMarks('notes.pdf', await pageWithFootnotes());
    const book =
      '<p>usually between 1 ohm and several hundred ohm</p>' +
      '<p>Simple power analysis is an umbrella term for attacks that work by inspecting one or a few traces,</p>';
    expect(midSentenceEnds(book, marks.openEnds).cut).toEqual(['…tacks that work by inspecting one or a few traces,']);
  });
});
