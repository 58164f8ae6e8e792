import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from './docx-extract';

const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true, size: 28 })] });
const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });
const body = (topic: string) => plain(`${topic} is explained in several sentences here. Each one adds a detail about ${topic}.`);
const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));

describe('DOCX headings typed as bold lines (no heading styles)', () => {
  it('short bold-only paragraphs become headings, the opening one the title', async () => {
    const data = await build([
      bold('Introduction to Microeconomics'),
      bold('Supply and Demand'),
      body('Demand'),
      plain('A line with a bold word: '),
      bold('Market Equilibrium'),
      body('Equilibrium'),
      bold('This bold sentence ends with a full stop, so it is emphasis and not a heading.'),
    ]);
    const doc = await extractDocx(data, 'micro.docx');
    expect(doc.title).toBe('Introduction to Microeconomics');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Introduction to Microeconomics', 1],
      ['Supply and Demand', 2],
      ['Market Equilibrium', 2],
    ]);
    expect(doc.blocks.find((b) => b.text.startsWith('This bold sentence'))?.kind).toBe('paragraph');
  });

  it('a document that uses heading styles keeps its bold lines as paragraphs', async () => {
    const data = await build([
      new Paragraph({ text: 'Elasticity', heading: HeadingLevel.HEADING_1 }),
      bold('Key point'),
      body('Price elasticity'),
      bold('Another key point'),
      body('Income elasticity'),
    ]);
    const doc = await extractDocx(data, 'styled.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Elasticity']);
  });

  it('a partly bold paragraph is never a heading', async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Supply', bold: true }), new TextRun(' and demand')] }),
      new Paragraph({ children: [new TextRun({ text: 'Market', bold: true }), new TextRun(' equilibrium')] }),
      body('Prices'),
    ]);
    const doc = await extractDocx(data, 'partial.docx');
    expect(doc.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
  });
});
