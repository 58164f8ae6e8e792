import { Document, Packer, Paragraph, Tab, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { extractDocx } from './docx-extract';

const mono = (children: Array<string | Tab>) => new Paragraph({ children: [new TextRun({ children, font: 'Courier New' })] });
const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });
const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));

describe('DOCX quick-reference handout: one bold line, then rows typed with tabs', () => {
  it('reads the bold line as the title and the tab-aligned rows as a two-column table', async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Python Regular Expression Quick Guide', bold: true })] }),
      mono(['^  ', new Tab(), '  Matches the beginning of a line']),
      mono(['$    ', new Tab(), '  Matches the end of the line']),
      // Some rows are lined up with spaces in the monospaced font instead of a tab.
      mono(['[a-z0-9]  The set of characters can include a range']),
      mono(['(    ', new Tab(), '    Indicates where string extraction is to start']),
      plain('Try each pattern in the interpreter.  Then write your own for dates and e-mail addresses.'),
    ]);
    const doc = await extractDocx(data, 'regex-guide.docx');
    expect(doc.title).toBe('Python Regular Expression Quick Guide');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'table', 'paragraph']);
    expect(doc.blocks[1].rows).toEqual([
      ['^', 'Matches the beginning of a line'],
      ['$', 'Matches the end of the line'],
      ['[a-z0-9]', 'The set of characters can include a range'],
      ['(', 'Indicates where string extraction is to start'],
    ]);
    // Two spaces after a full stop end a sentence: that paragraph stays prose.
    expect(doc.blocks[2].text).toBe('Try each pattern in the interpreter. Then write your own for dates and e-mail addresses.');
  });

  it('keeps the patterns set in a monospaced font as inline code in their column, the descriptions as text', async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Python Regular Expression Quick Guide', bold: true })] }),
      new Paragraph({
        children: [
          new TextRun({ children: [new Tab()] }),
          new TextRun({ text: '^    Matches the beginning of a line', font: 'Courier New' }),
        ],
      }),
      mono(['\\s   ', new Tab(), 'Matches whitespace']),
      mono(['[a-z0-9]  The set of characters can include a range']),
      mono(['*?', new Tab(), 'Repeats a character zero or more times (non-greedy)']),
    ]);
    const table = (await extractDocx(data, 'regex-guide.docx')).blocks.find((b) => b.kind === 'table')!;
    expect(table.rows!.map((r) => r[0])).toEqual(['^', '\\s', '[a-z0-9]', '*?']);
    expect(table.codeColumns).toEqual([0]);
    const html = renderBlocks([table]);
    expect(html).toContain('<td><p><code>[a-z0-9]</code></p></td><td><p>The set of characters can include a range</p></td>');
    expect(html).toContain('<td><p><code>\\s</code></p></td>');
  });

  it('keeps a column typed in the text font as text', async () => {
    const rows = ['Monday\tRoom 204', 'Tuesday\tRoom 118', 'Friday\tOnline'];
    const data = await build(
      rows.map(
        (r) => new Paragraph({ children: [new TextRun(r.split('\t')[0]), new TextRun({ children: [new Tab(), r.split('\t')[1]] })] }),
      ),
    );
    const table = (await extractDocx(data, 'rooms.docx')).blocks.find((b) => b.kind === 'table')!;
    expect(table.rows).toEqual([
      ['Monday', 'Room 204'],
      ['Tuesday', 'Room 118'],
      ['Friday', 'Online'],
    ]);
    expect(table.codeColumns).toBeUndefined();
    expect(renderBlocks([table])).not.toContain('<code>');
  });

  it('leaves fewer than three such lines as paragraphs', async () => {
    const data = await build([
      plain('Office hours are posted weekly.'),
      mono(['Monday', new Tab(), 'Room 204, after the lecture']),
      mono(['Friday', new Tab(), 'Online, by appointment']),
    ]);
    const doc = await extractDocx(data, 'hours.docx');
    expect(doc.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
    expect(doc.blocks[1].text).toBe('Monday Room 204, after the lecture');
  });
});
