import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TableOfContents, TextRun, type Table } from 'docx';
import { displayDate } from '@common/book-render/book-document';
import type { BookSection } from '@common/book-render/book-model';
import { portableImages } from '@server/features/export/raster';
import type { ExportContext } from '@server/features/export/render-export';
import { blocksToDocx, inlineChildren, listLevels, type DocxContext } from './docx-blocks';

async function sectionParagraphs(section: BookSection, level: number, ctx: DocxContext, pageBreakBefore = false) {
  return [
    new Paragraph({
      heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
      pageBreakBefore,
      children: [new TextRun(section.title)],
    }),
    ...(await blocksToDocx(section.blocks, ctx)),
  ];
}

/**
 * Word: a title page, a table of contents field (filled in from the headings, and updated by Word on opening),
 * chapters in Heading 1 and sections in Heading 2 with the text's own headings below them, the bibliography and
 * the appendix, and page numbers in the footer.
 */
export async function writeDocx({ doc, images }: ExportContext): Promise<Uint8Array> {
  let listInstance = 0;
  const ctx: DocxContext = { images: await portableImages(images), nextListInstance: () => ++listInstance };
  const body: Array<Paragraph | Table | TableOfContents> = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { before: 2400 },
      children: [new TextRun(doc.title)],
    }),
    ...(doc.authors.length
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 480 },
            children: [new TextRun({ text: doc.authors.join(', '), size: 28 })],
          }),
        ]
      : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 240 },
      children: [new TextRun({ text: displayDate(doc.date), color: '475569' })],
    }),
    new Paragraph({ pageBreakBefore: true, style: 'TOCHeading', children: [new TextRun('Contents')] }),
    new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-2' }),
  ];
  for (const chapter of doc.chapters) {
    body.push(...(await sectionParagraphs(chapter, 1, ctx, true)));
    for (const section of chapter.sections) body.push(...(await sectionParagraphs(section, 2, ctx)));
  }
  if (doc.bibliography.length) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun('Bibliography')] }));
    for (const entry of doc.bibliography) {
      if (entry.kind !== 'paragraph') continue;
      body.push(new Paragraph({ indent: { left: 720, hanging: 720 }, children: await inlineChildren(entry.content) }));
    }
  }
  if (doc.appendix.length) {
    body.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun('Appendix: Educational Materials')] }),
    );
    for (const part of doc.appendix) body.push(...(await sectionParagraphs(part, 2, ctx)));
  }

  const document = new Document({
    creator: doc.authors.join(', '),
    title: doc.title,
    description: `${doc.title}, ${displayDate(doc.date)}`,
    features: { updateFields: true },
    styles: {
      default: { document: { run: { font: 'Calibri', size: 22 } } },
      paragraphStyles: [
        {
          id: 'TOCHeading',
          name: 'TOC Heading',
          basedOn: 'Normal',
          next: 'Normal',
          run: { bold: true, size: 32, color: '1E293B' },
          paragraph: { spacing: { after: 240 } },
        },
      ],
    },
    numbering: {
      config: [
        { reference: 'bullet-list', levels: listLevels(false) },
        { reference: 'ordered-list', levels: listLevels(true) },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1440, bottom: 1440, left: 1440, right: 1440 } } },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT] })] })],
          }),
        },
        children: body,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
