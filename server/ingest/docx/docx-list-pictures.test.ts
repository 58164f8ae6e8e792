import { Document, ImageRun, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { makePng } from '@server/test/multipart.support';
import { extractDocx } from '../docx-extract';

/** A numbered list of steps with lettered sub-steps; `picture` marks the items whose paragraph opens with a picture. */
async function steps(items: Array<{ text: string; level: 0 | 1; picture?: boolean }>): Promise<Uint8Array> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.' },
            { level: 1, format: LevelFormat.LOWER_LETTER, text: '%2.' },
          ],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun('Steps to a first chart in the browser, in order.')] }),
          ...items.map(
            (item, n) =>
              new Paragraph({
                numbering: { reference: 'steps', level: item.level },
                children: [
                  ...(item.picture
                    ? [new ImageRun({ type: 'png', data: makePng(4 + n, 4), transformation: { width: 40, height: 20 } })]
                    : []),
                  new TextRun(item.text),
                ],
              }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('Word list items that open with a picture', () => {
  it('keep their level, letter and number; the list goes on under the picture at the right number', async () => {
    const data = await steps([
      { text: 'Build the page', level: 0 },
      { text: 'Write the HTML', level: 1 },
      { text: 'Examine the data', level: 0 },
      { text: 'Is it in the right format?', level: 1, picture: true },
      { text: 'Does it need a web server?', level: 1 },
      { text: 'Link the data to the page', level: 0 },
      { text: 'Create the scales', level: 0 },
      { text: 'Append one element per datum', level: 0, picture: true },
      { text: 'Style each element', level: 0 },
    ]);
    const doc = await extractDocx(data, 'steps.docx');
    const items = doc.blocks.filter((b) => b.kind === 'list-item' || b.kind === 'figure').map((b) => [b.kind, b.text, b.depth, b.marker]);
    expect(items).toEqual([
      ['list-item', 'Build the page', 0, undefined],
      ['list-item', 'Write the HTML', 1, 'a'],
      ['list-item', 'Examine the data', 0, undefined],
      ['figure', '', undefined, undefined],
      ['list-item', 'Is it in the right format?', 1, 'a'],
      ['list-item', 'Does it need a web server?', 1, 'a'],
      ['list-item', 'Link the data to the page', 0, undefined],
      ['list-item', 'Create the scales', 0, undefined],
      ['figure', '', undefined, undefined],
      ['list-item', 'Append one element per datum', 0, undefined],
      ['list-item', 'Style each element', 0, undefined],
    ]);
    const html = renderBlocks(doc.blocks);
    // Under the picture the sub-items stay one lettered list (a., b.), not "b." nested under "a.".
    expect(html).toContain('<ol type="a"><li><p>Is it in the right format?</p></li><li><p>Does it need a web server?</p></li></ol>');
    expect(html).toContain('<ol start="3"><li><p>Link the data to the page</p></li><li><p>Create the scales</p>');
    expect(html).toContain('<ol start="5"><li><p>Append one element per datum</p></li><li><p>Style each element</p>');
    expect(html).not.toContain('<ol><li><p>Append one element');
  });
});
