import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';
import { makePng } from '@server/test/multipart.support';
import { para, rawDocx, run } from '@server/test/ingest/raw-docx.support';

async function docxWithPictures(types: Array<'png' | 'bmp'>): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun('The arcade machine serves one player at a time; the queue forms at the door.')] }),
          ...types.map(
            (type) => new Paragraph({ children: [new ImageRun({ type, data: makePng(4, 4), transformation: { width: 20, height: 20 } })] }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('Word pictures the editor cannot show', () => {
  it('are named in the warnings, never left out in silence', async () => {
    const doc = await extractDocx(await docxWithPictures(['png', 'bmp']), 'queues.docx');
    expect(doc.images?.map((i) => i.mime)).toEqual(['image/png']);
    // Before the first heading, the paragraph it stood in (a Word file has no pages).
    expect(doc.warnings).toEqual(['1 picture in a format the editor cannot show (such as EMF or WMF) was left out (in paragraph 3)']);
  });
  it('name the headings the pictures stood under, each once', async () => {
    const picture = () =>
      new Paragraph({ children: [new ImageRun({ type: 'bmp', data: makePng(4, 4), transformation: { width: 20, height: 20 } })] });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Queues & arrivals')] }),
            new Paragraph({ children: [new TextRun('The arcade machine serves one player at a time.')] }),
            picture(),
            picture(),
            new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Service times')] }),
            new Paragraph({ children: [new TextRun('Each game lasts about three minutes.')] }),
            picture(),
          ],
        },
      ],
    });
    const read = await extractDocx(new Uint8Array(await Packer.toBuffer(doc)), 'queues.docx');
    expect(read.warnings).toEqual([
      '3 pictures in a format the editor cannot show (such as EMF or WMF) were left out (under “Queues & arrivals” and “Service times”)',
    ]);
    expect(read.blocks.map((b) => b.text).join(' ')).not.toContain('ts-left-out');
  });
  it('give no warning when every picture is kept', async () => {
    const doc = await extractDocx(await docxWithPictures(['png']), 'queues.docx');
    expect(doc.images).toHaveLength(1);
    expect(doc.warnings).toBeUndefined();
  });
  it('a chart is named in the warnings: its numbers live in a workbook of their own', async () => {
    const chart =
      '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId9"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
    const doc = await extractDocx(
      await rawDocx({ body: para(run('Arrivals per hour rise through the morning.')) + chart }),
      'arrivals.docx',
    );
    expect(doc.blocks.map((b) => b.text)).toEqual(['Arrivals per hour rise through the morning.']);
    expect(doc.warnings).toEqual(["1 chart was left out (a chart's data is not read)"]);
  });
  it("a chart and a citation no bibliography resolves are both named: one warning never takes the other's place", async () => {
    const chart =
      '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId9"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
    const doc = await extractDocx(
      await rawDocx({ body: para(run('Arrivals per hour rise through the morning [@Kendall:1953].')) + chart }),
      'arrivals.docx',
    );
    expect(doc.warnings).toEqual([
      "1 chart was left out (a chart's data is not read)",
      expect.stringMatching(/^a citation was not resolved \(no bibliography came with the document\): Kendall:1953/),
    ]);
    // A Word document has no pages: the warnings are about the file as a whole.
    expect(doc.warningDetails?.map((w) => w.pages)).toEqual([undefined, undefined]);
  });
});
