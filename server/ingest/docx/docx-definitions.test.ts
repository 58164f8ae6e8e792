import { Document, Packer, Paragraph, Tab, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { extractDocx } from '../docx-extract';

const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true, size: 24 })] });
/** A glossary entry as typed in Word: the term in italics, a tab (or none), the definition; the paragraph hangs. */
const entry = (term: string, definition: string, tab = true) =>
  new Paragraph({
    indent: { left: 2268, hanging: 2268 },
    children: [
      new TextRun({ text: term, italics: true }),
      new TextRun({ children: tab ? [' ', new Tab()] : [' '] }),
      new TextRun(definition),
    ],
  });

describe('a glossary typed in Word: "term:" + tab + definition, with a hanging indent', () => {
  it("reads each chapter's entries as one list of definitions, typed with a tab or not, the terms in bold", async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Glossary of the programming course', bold: true, size: 32 })] }),
      bold('Chapter 1: The way of the program'),
      entry('problem solving:', 'The process of formulating a problem, finding a solution, and expressing it.'),
      entry('interpreter:', 'A program that reads another program and executes it'),
      // Typed without a tab, and with two spaces after a full stop (no column lined up by them).
      entry('type:', 'A category of values.  The types seen so far are integers, floating-point numbers and strings.', false),
      entry('bug:', 'An error in a program.'),
      bold('Chapter 2: Variables, expressions and statements'),
      entry('variable:', 'A name that refers to a value.'),
      // A second entry run into the paragraph after a full stop, its term followed by two spaces.
      entry('operand:', 'One of the values on which an operator operates. expression:  A combination of variables, operators, and values.'),
      entry(
        'reduction to a previously solved problem:',
        'A way of solving a problem by expressing it as an instance of one solved before.',
      ),
    ]);
    const doc = await extractDocx(data, 'glossary.docx');
    expect(doc.blocks.filter((b) => b.kind === 'table')).toEqual([]);
    expect(
      doc.blocks.map((b) => (b.kind === 'list-item' ? `${b.term} | ${b.text.slice(b.term!.length + 1)}` : `${b.kind}: ${b.text}`)),
    ).toEqual([
      'heading: Glossary of the programming course',
      'heading: Chapter 1: The way of the program',
      'problem solving: | The process of formulating a problem, finding a solution, and expressing it.',
      'interpreter: | A program that reads another program and executes it',
      'type: | A category of values. The types seen so far are integers, floating-point numbers and strings.',
      'bug: | An error in a program.',
      'heading: Chapter 2: Variables, expressions and statements',
      'variable: | A name that refers to a value.',
      'operand: | One of the values on which an operator operates.',
      'expression: | A combination of variables, operators, and values.',
      'reduction to a previously solved problem: | A way of solving a problem by expressing it as an instance of one solved before.',
    ]);
    const chapter1 = doc.blocks.slice(2, 6);
    expect(renderBlocks(chapter1)).toBe(
      '<ul><li><p><strong>problem solving:</strong> The process of formulating a problem, finding a solution, and expressing it.</p></li>' +
        '<li><p><strong>interpreter:</strong> A program that reads another program and executes it</p></li>' +
        '<li><p><strong>type:</strong> A category of values. The types seen so far are integers, floating-point numbers and strings.</p></li>' +
        '<li><p><strong>bug:</strong> An error in a program.</p></li></ul>',
    );
  });

  it('leaves a hanging paragraph that opens on a sentence, and a lone entry, as paragraphs', async () => {
    const data = await build([
      bold('Course notes'),
      entry('Note:', 'Bring the laptop to every session of the course.'),
      new Paragraph({ children: [new TextRun('The first session starts with the interpreter and the prompt it shows.')] }),
      new Paragraph({
        indent: { left: 720, hanging: 720 },
        children: [new TextRun('When the program stops, read the last line of the traceback: it names the error.')],
      }),
    ]);
    const doc = await extractDocx(data, 'notes.docx');
    expect(doc.blocks.filter((b) => b.kind === 'list-item')).toEqual([]);
    expect(doc.blocks.some((b) => b.text === 'Note: Bring the laptop to every session of the course.')).toBe(true);
  });
});
