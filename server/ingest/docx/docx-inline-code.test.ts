import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';

// A workshop handout as pandoc writes it from Markdown, made here with the docx package: each shell command set in the
// "Verbatim Char" character style (bold too), its description in plain type after it.
async function handout(): Promise<Uint8Array> {
  const command = (cmd: string, rest: string) =>
    new Paragraph({ children: [new TextRun({ text: cmd, style: 'VerbatimChar', bold: true }), new TextRun({ text: ` ${rest}` })] });
  const doc = new Document({
    styles: { characterStyles: [{ id: 'VerbatimChar', name: 'Verbatim Char', run: { font: 'Consolas' } }] },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Basics: navigating the shell', heading: HeadingLevel.HEADING_3 }),
          command('pwd', 'print working directory'),
          command('cd', 'change directory'),
          new Paragraph({
            children: [
              new TextRun('Type '),
              new TextRun({ text: 'git status', style: 'VerbatimChar' }),
              new TextRun(' to see the state of the files, then '),
              new TextRun({ text: 'git add', style: 'VerbatimChar' }),
              new TextRun(' to stage them.'),
            ],
          }),
          new Paragraph({ text: 'Plain text with no code at all.' }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('DOCX inline code', () => {
  it('keeps the runs set in a code character style as inline code of their paragraph', async () => {
    const doc = await extractDocx(await handout(), 'handout.docx');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(paragraphs.map((p) => [p.text, p.code])).toEqual([
      ['pwd print working directory', ['pwd']],
      ['cd change directory', ['cd']],
      ['Type git status to see the state of the files, then git add to stage them.', ['git status', 'git add']],
      ['Plain text with no code at all.', undefined],
    ]);
  });
});
