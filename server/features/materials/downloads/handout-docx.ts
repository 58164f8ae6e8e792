import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { pointsLabel, type Handout } from './handout';

const heading = (level: 1 | 2, value: string, pageBreakBefore = false) =>
  new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
    pageBreakBefore,
    children: [new TextRun(value)],
  });

/** A line to write on: an underscore rule the width of the text. */
const writingLine = () => new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: '_'.repeat(70), color: '94A3B8' })] });

/**
 * The handout as Word: the title, a name line and the instructions, the numbered questions with their choices
 * or lines to write on, then, from a new page (a page break before the heading), the answer key.
 */
export async function writeHandoutDocx(handout: Handout): Promise<Uint8Array> {
  const questions = handout.questions.flatMap((q) => [
    new Paragraph({
      keepNext: true,
      spacing: { before: 240, after: 80 },
      children: [
        new TextRun({ text: `${q.number}. `, bold: true }),
        new TextRun(q.prompt),
        ...(q.points !== undefined ? [new TextRun({ text: ` ${pointsLabel(q.points)}`, italics: true })] : []),
      ],
    }),
    ...q.choices.map((c) => new Paragraph({ indent: { left: 567 }, keepNext: true, children: [new TextRun(c)] })),
    ...Array.from({ length: q.writingLines }, writingLine),
  ]);
  const key = handout.key.flatMap((entry) => [
    new Paragraph({
      spacing: { before: 160 },
      children: [new TextRun({ text: `${entry.number}. `, bold: true }), new TextRun(entry.key)],
    }),
    ...(entry.notes ? [new Paragraph({ indent: { left: 567 }, children: [new TextRun({ text: entry.notes, color: '475569' })] })] : []),
  ]);
  const doc = new Document({
    title: handout.title,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 80 } } } } },
    sections: [
      {
        properties: {},
        children: [
          heading(1, handout.title),
          new Paragraph({ spacing: { before: 120, after: 240 }, children: [new TextRun('Name: ' + '_'.repeat(40))] }),
          new Paragraph({ children: [new TextRun({ text: handout.instructions, italics: true })] }),
          ...questions,
          heading(1, `Answer key: ${handout.title}`, true),
          ...key,
        ],
      },
    ],
  });
  const bytes = await Packer.toBuffer(doc);
  return new Uint8Array(bytes);
}
