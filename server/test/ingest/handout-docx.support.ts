import {
  Document,
  ImageRun,
  Math as DocxMath,
  MathFraction,
  MathRadical,
  MathRun,
  MathSum,
  MathSuperScript,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { makePng, type MultipartPart } from '@server/test/multipart.support';

// A Word handout made here with the docx package (no outside file): headings typed with a larger font,
// a display and an inline equation, a table, a picture and its caption.
const big = (text: string, size: number) => new Paragraph({ children: [new TextRun({ text, size })] });
const body = (text: string) => new Paragraph({ children: [new TextRun({ text, size: 22 })] });

export async function handout(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          big('Simulation Modelling', 44),
          big('Example A: Evaluating an Integral', 28),
          body('Estimate the following integral using the Monte Carlo method, which samples points at random.'),
          new Paragraph({
            children: [
              new DocxMath({
                children: [
                  new MathSum({ children: [new MathRun('x')], subScript: [new MathRun('i=1')], superScript: [new MathRun('n')] }),
                  new MathRun('='),
                  new MathFraction({ numerator: [new MathRun('n')], denominator: [new MathRun('2')] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun({ text: 'The standard error is ', size: 22 }),
              new DocxMath({
                children: [
                  new MathRadical({ children: [new MathSuperScript({ children: [new MathRun('σ')], superScript: [new MathRun('2')] })] }),
                ],
              }),
              new TextRun({ text: ' for every run of the simulation we make.', size: 22 }),
            ],
          }),
          big('Task 1: Queues', 28),
          body('Customers arrive at random and wait in a single queue before one server.'),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [body('Level')] }), new TableCell({ children: [body('z')] })] }),
              new TableRow({ children: [new TableCell({ children: [body('95%')] }), new TableCell({ children: [body('1.96')] })] }),
            ],
          }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: makePng(4, 4), transformation: { width: 20, height: 20 } })] }),
          body('Figure 1: The queue of the arcade machine'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** The handout as the `files` part of an upload form. */
export async function handoutFile(): Promise<MultipartPart> {
  return {
    name: 'files',
    filename: 'handout.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data: Buffer.from(await handout()),
  };
}
