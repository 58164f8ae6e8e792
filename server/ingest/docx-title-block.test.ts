import { Document, HeadingLevel, ImageRun, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { buildBookDocument } from '@common/book-render/book-document';
import { renderTitlePageHtml } from '@common/book-render/render-html';
import { materialCredits } from '@server/ai/material-credits';
import { makePng } from '@server/test/multipart.support';
import { extractDocx } from './docx-extract';

/** A Word file as R Markdown writes it: Title, Author and Date styles over the body. */
async function rmarkdownDocx(): Promise<Uint8Array> {
  const styled = (style: string, text: string) => new Paragraph({ style, text });
  const document = new Document({
    styles: {
      paragraphStyles: ['Author', 'Date', 'Subtitle'].map((name) => ({ id: name, name, basedOn: 'Normal', run: {} })),
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Linear Regression', heading: HeadingLevel.TITLE }),
          styled('Subtitle', 'Lecture 3'),
          styled('Author', 'NRES 710'),
          styled('Date', 'Last compiled: 2024-09-03'),
          new Paragraph({ text: 'Linear regression', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Linear regression is a common statistical analysis when both variables are continuous.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe("a Word document's title block (Subtitle, Author, Date styles)", () => {
  it('is read as the title block, not as the first lines of the text', async () => {
    const doc = await extractDocx(await rmarkdownDocx(), 'lecture_3.docx');
    expect(doc.title).toBe('Linear Regression');
    expect(doc.titleBlock).toEqual(['Lecture 3', 'NRES 710', 'Last compiled: 2024-09-03']);
    expect(doc.blocks.map((b) => b.text)).not.toContain('NRES 710');
    expect(doc.text).not.toContain('Last compiled');
  });

  it("becomes the book's credits, printed on the title page once each", async () => {
    const doc = await extractDocx(await rmarkdownDocx(), 'lecture_3.docx');
    const source = { id: 1, filename: 'lecture_3.docx', mime: doc.mime, text: doc.text, document: doc };
    const credits = materialCredits({ sources: [source, { ...source, id: 2 }], chunks: [] });
    expect(credits).toEqual(['Lecture 3', 'NRES 710', 'Last compiled: 2024-09-03']);
    const bookInput = {
      topic: 'Linear Regression',
      authors: ['ana'],
      date: '2026-11-26',
      content: {
        title: 'Linear Regression',
        references: [],
        credits,
        chapters: [{ title: 'Linear regression', content: '<p>x</p>', sections: [] }],
      },
    };
    const book = buildBookDocument(bookInput);
    expect(renderTitlePageHtml(book)).toContain('<p class="credits">Lecture 3<br />NRES 710<br />Last compiled: 2024-09-03</p>');
    // A web address in a credit is a link.
    const linked = buildBookDocument({
      ...bookInput,
      content: { ...bookInput.content, credits: ['Eryn McFarlane, https://github.com/erynmcfarlane.'] },
    });
    expect(renderTitlePageHtml(linked)).toContain(
      'Eryn McFarlane, <a href="https://github.com/erynmcfarlane">https://github.com/erynmcfarlane</a>.',
    );
  });
});

describe("a Word picture's alt text", () => {
  it('is the figure\'s alt text, not a printed caption, without Word\'s "Description automatically generated" tail', async () => {
    const image = new ImageRun({
      type: 'png',
      data: makePng(4, 4),
      transformation: { width: 20, height: 20 },
      altText: {
        name: 'Picture 1',
        title: '',
        description: 'A diagram of a food order\n\nDescription automatically generated with medium confidence',
      },
    });
    const data = new Uint8Array(
      await Packer.toBuffer(
        new Document({
          sections: [{ children: [new Paragraph('A diagram of the system is shown below:'), new Paragraph({ children: [image] })] }],
        }),
      ),
    );
    const doc = await extractDocx(data, 'handout.docx');
    const figure = doc.blocks.find((b) => b.kind === 'figure');
    expect(figure).toMatchObject({ text: '', alt: 'A diagram of a food order' });
    expect(doc.text).not.toMatch(/automatically generated/);
  });
});
