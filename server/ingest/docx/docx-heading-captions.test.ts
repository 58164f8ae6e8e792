import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { makePng } from '@server/test/multipart.support';
import { extractDocx } from '../docx-extract';

const picture = (n: number) =>
  new Paragraph({ children: [new ImageRun({ type: 'png', data: makePng(4 + n, 4), transformation: { width: 40, height: 20 } })] });
const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(text)] });
const para = (text: string) => new Paragraph({ children: [new TextRun(text)] });

/** A handout as R Markdown writes it to Word: each figure's caption a heading right above its picture. */
async function handout(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          heading('Part 1. Waiting lines'),
          para('We simulate a queue.'),
          heading('Figure 1.1. Simulation of a queue with a fixed size.'),
          picture(1),
          para('The queue fills in a week.'),
          heading('Abbildung 2: Verteilung der Wartezeiten'),
          picture(2),
          heading('Figure 3. Results in a table'),
          para('No picture follows this heading.'),
          heading('Figures drawn by hand'),
          picture(3),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('Word figure captions set as headings', () => {
  it('makes a heading that labels a figure right above its picture the caption, in any language; others stay headings', async () => {
    const doc = await extractDocx(await handout(), 'handout.docx');
    const blocks = doc.blocks.map((b) => [b.kind, b.kind === 'figure' ? (b.caption ?? '') : b.text]);
    expect(blocks).toEqual([
      ['heading', 'Part 1. Waiting lines'],
      ['paragraph', 'We simulate a queue.'],
      ['figure', 'Figure 1.1. Simulation of a queue with a fixed size.'],
      ['paragraph', 'The queue fills in a week.'],
      ['figure', 'Abbildung 2: Verteilung der Wartezeiten'],
      ['heading', 'Figure 3. Results in a table'],
      ['paragraph', 'No picture follows this heading.'],
      ['heading', 'Figures drawn by hand'],
      ['figure', ''],
    ]);
  });
});
