import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from './docx-extract';

/** One Word paragraph whose lines are separated by line breaks (Shift+Enter), as a script is often pasted. */
const withBreaks = (lines: string[]) => new Paragraph({ children: lines.map((text, i) => new TextRun({ text, break: i > 0 ? 1 : 0 })) });
const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));

describe('DOCX paragraph with line breaks', () => {
  it('a script pasted as one paragraph is a code block with its lines kept', async () => {
    const script = ['# Simulate data', 'set.seed(123)', 'Year <- rep(1:10, each = 10)', 'Error <- rnorm(length(Year), 0, 1)'];
    const doc = await extractDocx(await build([new Paragraph('Here is the code that made the data.'), withBreaks(script)]), 'lecture.docx');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Here is the code that made the data.'],
      ['code', script.join('\n')],
    ]);
  });

  it('prose with line breaks (an address, a poem) stays one paragraph', async () => {
    const doc = await extractDocx(
      await build([withBreaks(['Department of Natural Resources', 'University of Nevada', 'Reno, NV 89557'])]),
      'letter.docx',
    );
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Department of Natural Resources University of Nevada Reno, NV 89557'],
    ]);
  });
});
