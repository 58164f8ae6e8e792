import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';

// A lecture as R Markdown (pandoc) writes it, made here with the docx package: the program and its output sit in
// paragraphs of the "Source Code" style, one paragraph per chunk, its lines separated by line breaks.
function codeParagraph(lines: string[]): Paragraph {
  return new Paragraph({
    style: 'SourceCode',
    children: lines.map((text, i) => new TextRun({ text, break: i > 0 ? 1 : 0, font: 'Consolas' })),
  });
}

async function lecture(): Promise<Uint8Array> {
  const doc = new Document({
    styles: {
      paragraphStyles: [{ id: 'SourceCode', name: 'Source Code', basedOn: 'Normal', run: { font: 'Consolas' } }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Random effects', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'Load the data and fit the model:' }),
          codeParagraph(['# Read in the data', 'datum <- read.csv("lecture.csv")', '', 'for (i in 1:3) {', '  print(i)', '}']),
          codeParagraph(['## [1] 1', '## [1] 2']),
          new Paragraph({ text: 'The second model is much more powerful.' }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('DOCX code paragraphs', () => {
  it('keep their lines and indentation as one code block, neighbouring chunks joined, prose around them untouched', async () => {
    const doc = await extractDocx(await lecture(), 'lecture.docx');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'code', 'paragraph']);
    expect(doc.blocks[2].text).toBe(
      ['# Read in the data', 'datum <- read.csv("lecture.csv")', '', 'for (i in 1:3) {', '  print(i)', '}', '## [1] 1', '## [1] 2'].join(
        '\n',
      ),
    );
    expect(doc.blocks[3].text).toBe('The second model is much more powerful.');
  });
});
