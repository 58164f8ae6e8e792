import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from './docx-extract';

const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });

describe('DOCX bold and italic runs inside a paragraph', () => {
  it("are kept as the block's strong and emphasis spans; a bold line made a heading has none", async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Supply and Demand', bold: true, size: 28 })] }),
      new Paragraph({
        children: [
          new TextRun('The price is '),
          new TextRun({ text: 'too high', bold: true }),
          new TextRun(' when demand is '),
          new TextRun({ text: 'elastic', italics: true }),
          new TextRun(', and '),
          new TextRun({ text: 'both', bold: true, italics: true }),
          new TextRun(' at once.'),
        ],
      }),
      plain('Demand is explained in several sentences here. Each one adds a detail about demand.'),
      new Paragraph({ children: [new TextRun({ text: 'Market Equilibrium', bold: true, size: 28 })] }),
      plain('Equilibrium is explained in several sentences here. Each one adds a detail about it.'),
    ]);
    const doc = await extractDocx(data, 'micro.docx');
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    expect(headings.map((b) => b.text)).toEqual(['Supply and Demand', 'Market Equilibrium']);
    expect(headings.every((h) => !h.strong && !h.emphasis)).toBe(true);
    expect(doc.blocks.find((b) => b.text.startsWith('The price'))).toMatchObject({
      kind: 'paragraph',
      text: 'The price is too high when demand is elastic, and both at once.',
      strong: ['too high', 'both'],
      emphasis: ['elastic', 'both'],
    });
  });
});
