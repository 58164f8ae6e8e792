import {
  AlignmentType,
  Bookmark,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
  type Table,
} from 'docx';
import { displayDate } from '@common/book-render/book-document';
import { licenseInfo, rightsStatement } from '@common/book-render/license';
import type { BookChapter, BookSection } from '@common/book-render/book-model';
import { chapterSourcesLine } from '@common/book-render/chapter-sources';
import { portableImages } from '@server/features/export/raster';
import type { ExportContext } from '../export-context';
import { blocksToDocx, bookmarkName, inlineChildren, listLevels, type DocxContext } from './docx-blocks';

async function sectionParagraphs(section: BookSection, level: number, ctx: DocxContext, pageBreakBefore = false) {
  return [
    new Paragraph({
      heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
      pageBreakBefore,
      // A bookmark on the heading: links inside the book (the index's, the glossary's) lead to it.
      children: [new Bookmark({ id: bookmarkName(section.anchor), children: [new TextRun(section.title)] })],
    }),
    ...sourcesParagraph(section),
    ...(await blocksToDocx(section.blocks, ctx)),
  ];
}

/** The chapter's "From: ..." line (chapter-sources.ts) in small grey italics under its heading; none for a section. */
function sourcesParagraph(section: BookSection | BookChapter): Paragraph[] {
  const line = 'sections' in section ? chapterSourcesLine(section.sourceFiles) : null;
  return line ? [new Paragraph({ children: [new TextRun({ text: line, italics: true, size: 20, color: '475569' })] })] : [];
}

/** Point sizes (half-points in Word) and space before (twentieths of a point) of Heading 1 to 6. */
const headingLook = [
  { size: 36, before: 480, color: '1E293B' },
  { size: 30, before: 360, color: '1E293B' },
  { size: 26, before: 280, color: '334155' },
  { size: 24, before: 240, color: '334155' },
  { size: 22, before: 200, color: '334155' },
  { size: 22, before: 200, color: '475569' },
];

/**
 * Word's Heading 1 to 6 with an outline level each (w:outlineLvl 0 to 5): the navigation pane, the contents field,
 * LibreOffice's bookmarks and PDF conversion all find headings by it; kept with the next paragraph.
 */
function headingStyle(level: number) {
  const look = headingLook[level - 1];
  return {
    next: 'Normal',
    quickFormat: true,
    run: { bold: true, size: look.size, color: look.color, italics: level === 6 },
    paragraph: { outlineLevel: level - 1, keepNext: true, keepLines: true, spacing: { before: look.before, after: 120 } },
  };
}

/**
 * Word: a title page, a table of contents field (filled in from the headings, and updated by Word on opening),
 * chapters in Heading 1 and sections in Heading 2 with the text's own headings below them, the bibliography and
 * the appendix, and page numbers in the footer.
 */
export async function writeDocx({ doc, images, pageSize }: ExportContext): Promise<Uint8Array> {
  let listInstance = 0;
  const ctx: DocxContext = {
    images: await portableImages(images),
    nextListInstance: () => ++listInstance,
  };
  const license = licenseInfo[doc.license];
  const body: Array<Paragraph | Table | TableOfContents> = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { before: 2400 },
      children: [new TextRun(doc.title)],
    }),
    ...doc.credits.map(
      (line, i) =>
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: i ? 60 : 360 },
          children: [new TextRun({ text: line, color: '334155' })],
        }),
    ),
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
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 960 },
      children: [
        new TextRun({ text: rightsStatement(doc.license, doc.authors, doc.date.slice(0, 4)), size: 18, color: '475569' }),
        ...(license.url
          ? [
              new TextRun({ break: 1 }),
              new ExternalHyperlink({ link: license.url, children: [new TextRun({ text: license.url, style: 'Hyperlink', size: 18 })] }),
            ]
          : []),
      ],
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
    description: `${doc.title}, ${displayDate(doc.date)}. ${rightsStatement(doc.license, doc.authors, doc.date.slice(0, 4))}`,
    keywords: license.spdx ?? '',
    // Word fills the contents field on opening (it asks first); LibreOffice reads the outline levels.
    features: { updateFields: true },
    styles: {
      default: {
        document: {
          run: { font: 'Calibri', size: 22, language: { value: doc.language } },
          paragraph: { spacing: { after: 160, line: 276 } },
        },
        heading1: headingStyle(1),
        heading2: headingStyle(2),
        heading3: headingStyle(3),
        heading4: headingStyle(4),
        heading5: headingStyle(5),
        heading6: headingStyle(6),
      },
      paragraphStyles: [
        {
          id: 'Normal',
          name: 'Normal',
          quickFormat: true,
          run: { font: 'Calibri', size: 22 },
          paragraph: { spacing: { after: 160, line: 276 } },
        },
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
        // A4 (the package's default) unless Letter is asked for: 8.5 by 11 inches, in twentieths of a point.
        properties: {
          page: {
            ...(pageSize === 'letter' ? { size: { width: 12240, height: 15840 } } : {}),
            margin: { top: 1440, bottom: 1440, left: 1440, right: 1440 },
          },
        },
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
