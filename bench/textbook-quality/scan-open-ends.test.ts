import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { coverRows, renderCoverScan } from '@server/test/ingest/scan.support';
import { midSentenceEnds, openEndKey } from './fidelity';
import { scanBlockOpenEnds } from './scan-open-ends';
import { sourceMarks } from './source-marks';

// Recognition takes seconds per page (more on a busy machine).
const slow = { timeout: 180_000 };

/** Lines as the recognizer gives them for a scanned exam cover (3301 pixels high): boxes, row heights, marks at the ends. */
const cover = [
  { text: 'EXAMINATIONS OF December 2017', y0: 915, y1: 947, height: 43 },
  { text: 'Code and Name of Course: COMP1602 ~ Programming II |', y0: 1047, y1: 1124, height: 46 },
  { text: 'Date and Time: | Thursday 21 December 2017 Duration: 2 Hours |', y0: 1127, y1: 1222, height: 37 },
  { text: 'INSTRUCTIONS TO CANDIDATES: This paper has 4 pages and 3 questions |', y0: 1227, y1: 1304, height: 41 },
  { text: ': ;', y0: 1362, y1: 1407, height: 57 },
  { text: 'i', y0: 1409, y1: 1430, height: 29 },
  { text: 'Answer ALL Questions |', y0: 1707, y1: 1755, height: 58 },
  { text: 'Unless stated otherwise, assume that data given are valid.', y0: 1944, y1: 1991, height: 46 },
  { text: 'The compiler reads the whole program and translates it into', y0: 2800, y1: 2846, height: 46 },
  { text: '© The University of the West Indies Course Code COMP1602', y0: 3111, y1: 3158, height: 45 },
];

describe("scanBlockOpenEnds: a scan's own block ends", () => {
  it('takes a line ending without a stop that blank space parts from the next text, its marks and speckles aside', () => {
    expect(scanBlockOpenEnds(cover, 3301)).toEqual(
      ['EXAMINATIONS OF December 2017', 'This paper has 4 pages and 3 questions', 'Answer ALL Questions'].map(openEndKey),
    );
  });

  it('takes no line that the next runs on under, none ending a sentence, and none followed by the foot alone', () => {
    const ends = scanBlockOpenEnds(cover, 3301);
    expect(ends).not.toContain(openEndKey('COMP1602 ~ Programming II'));
    expect(ends).not.toContain(openEndKey('that data given are valid.'));
    // The last line before the page's foot: its sentence may go on over the page, a cut if the book ends a paragraph there.
    expect(ends).not.toContain(openEndKey('the whole program and translates it into'));
    const book = '<p>The compiler reads the whole program and translates it into</p>';
    expect(midSentenceEnds(book, ends).cut).toHaveLength(1);
  });
});

describe('sourceMarks on a scanned PDF', () => {
  it('reads the open block ends of a page with no text layer by recognizing it', slow, async () => {
    const scan = renderCoverScan();
    const pdf = await PDFDocument.create();
    const picture = await pdf.embedPng(scan.data);
    const page = pdf.addPage([595, (595 * scan.height) / scan.width]);
    page.drawImage(picture, { x: 0, y: 0, width: 595, height: (595 * scan.height) / scan.width });
    const marks = await sourceMarks('cover.pdf', await pdf.save());
    expect(marks.openEnds).toContain(openEndKey(coverRows[2]));
    expect(marks.openEnds).not.toContain(openEndKey(coverRows[0]));
    const book = `<p>${coverRows[2]}</p><p>${coverRows[1]} and so the paper was set</p>`;
    const { cut } = midSentenceEnds(book, marks.openEnds);
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(/the morning and so the paper was set$/);
  });
});
