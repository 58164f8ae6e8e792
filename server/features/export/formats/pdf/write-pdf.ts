import PDFDocument from 'pdfkit';
import { displayDate } from '@common/book-render/book-document';
import { licenseInfo, rightsStatement } from '@common/book-render/license';
import type { BookChapter, BookDocument, BookSection } from '@common/book-render/book-model';
import { chapterSourcesLine } from '@common/book-render/chapter-sources';
import { portableImages } from '@server/features/export/raster';
import type { ExportContext } from '../export-context';
import { headingSizes, writeBlocks, type PdfImages } from './pdf-blocks';
import { registerFonts } from './pdf-fonts';
import { ensureSpace, type Frame } from './pdf-inline';
import { pdfFormulas } from './pdf-math';
import { PdfTags } from './pdf-tags';
import { collectPdf } from './pdf-output';

/**
 * PDF with PDFKit: a title page with the licence, a table of contents with page numbers and links, every chapter
 * on a new page, bookmarks (the PDF outline) for each chapter and section, pictures, formulas drawn from MathJax's
 * SVG as vector graphics, the bibliography and appendix, and page numbers in the footer. Tagged throughout
 * (pdf-tags.ts): headings, paragraphs, lists, tables, figures and formulas with alt text, links; the language and
 * the title in the catalog; Letter or A4.
 */
interface TocEntry {
  anchor: string;
  title: string;
  level: 1 | 2;
  page: number;
}

/** The options PDFKit's outline items take (the typings know only `expanded`). */
type OutlineOptions = { expanded?: boolean; top?: number; left?: number };
const addOutline = (parent: PDFKit.PDFOutline, title: string, options: OutlineOptions) =>
  (parent.addItem as (title: string, options: OutlineOptions) => PDFKit.PDFOutline)(title, options);

const margin = 72;
const tocLine = 16;
const tocTop = margin + 40;

function tocEntries(doc: BookDocument): Array<Omit<TocEntry, 'page'>> {
  const entries: Array<Omit<TocEntry, 'page'>> = [];
  for (const c of doc.chapters) {
    entries.push({ anchor: c.anchor, title: c.title, level: 1 });
    for (const s of c.sections) entries.push({ anchor: s.anchor, title: s.title, level: 2 });
  }
  if (doc.bibliography.length) entries.push({ anchor: 'bibliography', title: 'Bibliography', level: 1 });
  if (doc.appendix.length) {
    entries.push({ anchor: 'appendix', title: 'Appendix: Educational Materials', level: 1 });
    for (const a of doc.appendix) entries.push({ anchor: a.anchor, title: a.title, level: 2 });
  }
  return entries;
}

function currentPage(pdf: PDFKit.PDFDocument): number {
  const range = pdf.bufferedPageRange();
  return range.start + range.count - 1;
}

/** A title that fits on one line of `width`, shortened with an ellipsis. */
function fitLine(pdf: PDFKit.PDFDocument, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pdf.widthOfString(`${text.slice(0, mid)}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}\u2026`;
}

export async function writePdf({ doc, images, pageSize = 'letter' }: ExportContext): Promise<Uint8Array> {
  const license = licenseInfo[doc.license];
  const rights = rightsStatement(doc.license, doc.authors, doc.date.slice(0, 4));
  const pdf = new PDFDocument({
    size: pageSize === 'a4' ? 'A4' : 'LETTER',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: false,
    // Tagged (a structure tree, /MarkInfo, /Lang), the title shown instead of the file name: PDF/UA-1's basics.
    tagged: true,
    pdfVersion: '1.7',
    displayTitle: true,
    lang: doc.language,
    info: {
      Title: doc.title,
      Author: doc.authors.join(', '),
      Subject: doc.title,
      Creator: 'Textbook Studio',
      Keywords: [rights, license.url].filter(Boolean).join(' '),
    },
  });
  // Tab order follows the structure on every page (PDF/UA-1, 7.18.3).
  pdf.on('pageAdded', () => {
    (pdf.page.dictionary.data as Record<string, unknown>).Tabs = 'S';
  });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const tags = new PdfTags(pdf, root);
  const output = collectPdf(pdf);
  registerFonts(pdf);

  const opened = new Map<string, ReturnType<PdfImages['get']>>();
  for (const [src, asset] of await portableImages(images)) {
    try {
      opened.set(src, { asset, image: pdf.openImage(Buffer.from(asset.bytes)) });
    } catch {
      // A picture PDFKit cannot read is shown by its alt text.
    }
  }
  const pdfImages: PdfImages = { get: (src) => opened.get(src) };
  const formula = pdfFormulas(pdf);

  // Title page.
  pdf.addPage();
  const width = pdf.page.width - 2 * margin;
  tags.leaf('P', () => pdf.font('sansBold').fontSize(28).fillColor('#0f172a').text(doc.title, margin, 220, { width, align: 'center' }));
  pdf.moveDown(1.5);
  for (const line of doc.credits)
    tags.leaf('P', () => pdf.font('serif').fontSize(12).fillColor('#334155').text(line, { width, align: 'center' }));
  if (doc.credits.length) pdf.moveDown(0.5);
  if (doc.authors.length) tags.leaf('P', () => pdf.font('serif').fontSize(14).text(doc.authors.join(', '), { width, align: 'center' }));
  pdf.moveDown(0.5);
  tags.leaf('P', () => pdf.font('serif').fontSize(12).fillColor('#475569').text(displayDate(doc.date), { width, align: 'center' }));
  pdf.moveDown(4);
  tags.leaf('P', () => {
    pdf.font('serif').fontSize(9).fillColor('#475569');
    pdf.text(rights, { width, align: 'center' });
    if (license.url) tags.inline('Link', () => pdf.fillColor('#3730a3').text(license.url!, { width, align: 'center', link: license.url }));
  });

  // Room for the contents, filled in once the pages of the headings are known.
  const entries = tocEntries(doc);
  const perPage = Math.floor((pdf.page.height - margin - tocTop) / tocLine);
  const tocPages = Math.max(1, Math.ceil(entries.length / perPage));
  const tocStart = currentPage(pdf) + 1;
  for (let i = 0; i < tocPages; i++) pdf.addPage();
  // The contents come second in the reading order though they are drawn last.
  const toc = tags.element('TOC');

  const pages = new Map<string, number>();
  const frame: Frame = { doc: pdf, left: margin, width, formula, tags };
  /** A chapter's or section's heading and text, tagged as a section (Sect) with its H1 or H2; `inner` adds what nests in it. */
  const heading = (section: BookSection, level: 1 | 2, parent: PDFKit.PDFOutline, inner?: (item: PDFKit.PDFOutline) => void) =>
    tags.group('Sect', () => {
      const size = headingSizes[level - 1];
      if (level === 2) ensureSpace(pdf, size * 5);
      if (level === 2) pdf.y += size * 0.5;
      pages.set(section.anchor, currentPage(pdf));
      const item = addOutline(parent, section.title, { top: pdf.y, left: pdf.page.width });
      tags.leaf(`H${level}`, () =>
        pdf.font('sansBold').fontSize(size).fillColor('#0f172a').text(section.title, margin, pdf.y, { width, destination: section.anchor }),
      );
      if (level === 1)
        tags.artifact(() =>
          pdf
            .moveTo(margin, pdf.y + 2)
            .lineTo(margin + width, pdf.y + 2)
            .lineWidth(1)
            .stroke('#cbd5e1'),
        );
      pdf.y += size * 0.6;
      // A chapter's "From: ..." line (chapter-sources.ts) under its title.
      const from = level === 1 ? chapterSourcesLine((section as Partial<BookChapter>).sourceFiles) : null;
      if (from) {
        tags.leaf('P', () => pdf.font('serifItalic').fontSize(10).fillColor('#475569').text(from, margin, pdf.y, { width }));
        pdf.y += 6;
      }
      pdf.fillColor('#111827');
      writeBlocks(frame, section.blocks, pdfImages);
      inner?.(item);
    });

  for (const chapter of doc.chapters) {
    pdf.addPage();
    heading(chapter, 1, pdf.outline, (item) => {
      for (const section of chapter.sections) heading(section, 2, item);
    });
  }
  if (doc.bibliography.length) {
    pdf.addPage();
    pages.set('bibliography', currentPage(pdf));
    heading({ anchor: 'bibliography', title: 'Bibliography', blocks: doc.bibliography }, 1, pdf.outline);
  }
  if (doc.appendix.length) {
    pdf.addPage();
    heading({ anchor: 'appendix', title: 'Appendix: Educational Materials', blocks: [] }, 1, pdf.outline, (item) => {
      for (const part of doc.appendix) heading(part, 2, item);
    });
  }

  // The contents, now that every heading's page is known: each entry a TOCI whose link goes to the heading's page.
  tags.into(toc, () => {
    for (let p = 0; p < tocPages; p++) {
      pdf.switchToPage(tocStart + p);
      if (p === 0)
        tags.leaf('H1', () => pdf.font('sansBold').fontSize(20).fillColor('#0f172a').text('Contents', margin, margin, { width }));
      entries.slice(p * perPage, (p + 1) * perPage).forEach((entry, i) => {
        const y = tocTop + i * tocLine;
        const indent = entry.level === 1 ? 0 : 18;
        const target = pages.get(entry.anchor) ?? 0;
        const pageLabel = String(target + 1);
        pdf
          .font(entry.level === 1 ? 'serifBold' : 'serif')
          .fontSize(entry.level === 1 ? 11 : 10)
          .fillColor('#111827');
        const numberWidth = pdf.widthOfString(pageLabel);
        const title = fitLine(pdf, entry.title, width - indent - numberWidth - 16);
        // A page index as the link (PDFKit makes it a GoTo; its typings know only addresses): unlike goTo, a link
        // drawn inside a Link element is tied to it, as PDF/UA wants every annotation tagged.
        const link = target as unknown as string;
        tags.leaf('TOCI', () =>
          tags.inline('Link', () => {
            pdf.text(title, margin + indent, y, { lineBreak: false, link });
            pdf.text(pageLabel, margin + width - numberWidth, y, { lineBreak: false, link });
          }),
        );
      });
    }
  });

  // Page numbers on every page but the title page.
  const range = pdf.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    tags.artifact(
      () =>
        pdf
          .font('serif')
          .fontSize(9)
          .fillColor('#475569')
          .text(String(i + 1), margin, pdf.page.height - 45, { width, align: 'center', lineBreak: false }),
      'Pagination',
    );
    pdf.page.margins.bottom = bottom;
  }
  root.end();
  return output.finish();
}
