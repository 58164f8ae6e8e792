import { undescribedFigureAlt } from '@common/book-render/alt-text';
import { inlineText, listLabel, type Block, type TableCell } from '@common/book-render/book-model';
import type { ImageAsset } from '@server/features/export/image-assets';
import type { Inline } from '@common/book-render/book-model';
import { bodySize, ensureSpace, layoutWithMath, measureWithMath, pageBottom, writeInline, type Frame } from './pdf-inline';

/** Sizes of headings by level (1 = chapter, 2 = section, then the text's own). */
export const headingSizes = [22, 16, 13.5, 12, 11, 11];

export interface PdfImages {
  get(src: string): { asset: ImageAsset; image: PDFKit.OpenedImage } | undefined;
}

const indentStep = 18;

function blockText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      if (b.kind === 'paragraph' || b.kind === 'heading') return inlineText(b.content);
      if (b.kind === 'list') return b.items.map((item) => `- ${blockText(item)}`).join('\n');
      if (b.kind === 'math' || b.kind === 'code') return b.kind === 'math' ? b.latex : b.text;
      if (b.kind === 'quote') return blockText(b.blocks);
      if (b.kind === 'image') return b.alt ? `[${b.alt}]` : '[image]';
      if (b.kind === 'table') return '[table]';
      return '';
    })
    .filter(Boolean)
    .join('\n');
}

function writeImage(frame: Frame, src: string, alt: string, images: PdfImages): void {
  const { doc } = frame;
  const found = images.get(src);
  if (!found || !found.asset.width || !found.asset.height) {
    frame.tags.leaf('P', () => writeInline(frame, [{ kind: 'text', text: `[Image not available${alt ? `: ${alt}` : ''}]`, italic: true }]));
    return;
  }
  const maxHeight = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) * 0.8;
  // Pictures are shown at most at their size at 96 pixels to the inch, and never wider than the column.
  const scale = Math.min(0.75, frame.width / found.asset.width, maxHeight / found.asset.height);
  const width = found.asset.width * scale;
  const height = found.asset.height * scale;
  ensureSpace(doc, height + 8);
  frame.tags.leaf('Figure', () => doc.image(found.image, frame.left + (frame.width - width) / 2, doc.y, { width, height }), {
    alt: alt.trim() || undescribedFigureAlt,
  });
  doc.x = frame.left;
  doc.y += height + 8;
}

function writeDisplayMath(frame: Frame, latex: string): void {
  const { doc } = frame;
  const formula = frame.formula(latex, true);
  if (!formula) {
    frame.tags.leaf('P', () => writeInline(frame, [{ kind: 'text', text: latex, code: true }], { align: 'center' }));
    return;
  }
  const drawn = formula.math;
  const size = bodySize * 1.1;
  const scale = Math.min(1, frame.width / (drawn.widthEm * size));
  const width = drawn.widthEm * size * scale;
  const height = drawn.heightEm * size * scale;
  ensureSpace(doc, height + 12);
  // A formula's alt text is its LaTeX: what a screen reader with a math reader speaks.
  frame.tags.leaf('Formula', () => formula.draw(frame.left + (frame.width - width) / 2, doc.y + 4, width, height), { alt: latex });
  doc.x = frame.left;
  doc.y += height + 12;
}

const paragraphGap = 2;

/** The paragraphs of a cell that holds formulas (or sub- and superscripts), when it holds nothing but paragraphs. */
function typesetLines(blocks: readonly Block[]): Inline[][] | null {
  if (!blocks.length || !blocks.every((b) => b.kind === 'paragraph')) return null;
  const lines = blocks.map((b) => (b.kind === 'paragraph' ? b.content : []));
  return lines.some((l) => l.some((i) => i.kind === 'math' || (i.kind === 'text' && (i.sub || i.sup)))) ? lines : null;
}

/**
 * A table drawn row by row: columns share the width, a cell spanning columns takes theirs, a row that does not
 * fit starts a new page (repeating a header row), and a cell taller than a page is cut with an ellipsis.
 * (PDFKit's own table lays out every cell several times: minutes for a 400-row table.)
 */
function writeTable(frame: Frame, rows: readonly TableCell[][]): void {
  const { doc } = frame;
  const columns = Math.max(1, ...rows.map((r) => r.reduce((n, c) => n + c.colspan, 0)));
  const size = columns > 6 ? 8 : 9.5;
  const pad = 3;
  const columnWidth = frame.width / columns;
  const maxRowHeight = (pageBottom(doc) - doc.page.margins.top) * 0.9;
  const layout = (row: readonly TableCell[]) => {
    let col = 0;
    const cells = row.map((cell) => {
      const span = Math.min(cell.colspan, columns - col);
      const x = frame.left + col * columnWidth;
      col += Math.max(1, span);
      const text = blockText(cell.blocks);
      const width = Math.max(1, span) * columnWidth;
      // A cell of paragraphs with formulas is laid out line by line with its formulas typeset, like body text.
      const inner: Frame = { ...frame, left: x + pad, width: width - 2 * pad };
      const lines = typesetLines(cell.blocks);
      const typesetHeight = lines && lines.reduce((h, content) => h + measureWithMath(inner, content, size) + paragraphGap, 0);
      if (lines && typesetHeight && typesetHeight <= maxRowHeight - 2 * pad)
        return { cell, x, width, text, height: typesetHeight, lines, inner };
      doc.font(cell.header ? 'serifBold' : 'serif').fontSize(size);
      const height = text ? doc.heightOfString(text, { width: width - 2 * pad, lineGap: 1 }) : size;
      return { cell, x, width, text, height, lines: null, inner };
    });
    return { cells, height: Math.min(maxRowHeight, Math.max(...cells.map((c) => c.height), size) + 2 * pad) };
  };
  /** A row's cells; `repeated` (a header drawn again on a new page) is layout only, not tagged a second time. */
  const drawCells = (row: ReturnType<typeof layout>, repeated = false) => {
    const top = doc.y;
    for (const c of row.cells) {
      frame.tags.artifact(() => {
        if (c.cell.header) doc.save().rect(c.x, top, c.width, row.height).fill('#f1f5f9').restore();
        doc.save().rect(c.x, top, c.width, row.height).lineWidth(0.5).stroke('#94a3b8').restore();
      });
      if (repeated) frame.tags.artifact(() => drawCell(c, top, row.height), 'Pagination');
      else frame.tags.leaf(c.cell.header ? 'TH' : 'TD', () => drawCell(c, top, row.height));
    }
    doc.x = frame.left;
    doc.y = top + row.height;
  };
  const drawCell = (c: ReturnType<typeof layout>['cells'][number], top: number, height: number) => {
    if (c.lines) {
      doc.y = top + pad;
      for (const content of c.lines) {
        layoutWithMath(c.inner, c.cell.header ? content.map((i) => (i.kind === 'text' ? { ...i, bold: true } : i)) : content, size, 'left');
        doc.y += paragraphGap;
      }
    } else if (c.text)
      doc
        .font(c.cell.header ? 'serifBold' : 'serif')
        .fontSize(size)
        .fillColor('#111827')
        .text(c.text, c.x + pad, top + pad, { width: c.width - 2 * pad, height: height - 2 * pad, ellipsis: true, lineGap: 1 });
  };
  const header = rows[0]?.every((c) => c.header) ? layout(rows[0]) : null;
  ensureSpace(doc, size * 3);
  frame.tags.group('Table', () => {
    rows.forEach((cells, i) => {
      const row = i === 0 && header ? header : layout(cells);
      if (doc.y + row.height > pageBottom(doc)) {
        doc.continueOnNewPage();
        // The header repeated on a new page is layout: the table's header row is tagged once.
        if (header && i > 0) drawCells(header, true);
      }
      frame.tags.group('TR', () => drawCells(row));
    });
  });
  doc.x = frame.left;
  doc.y += size * 0.8;
}

/** Writes blocks in the frame, breaking pages as they fill. */
export function writeBlocks(frame: Frame, blocks: readonly Block[], images: PdfImages): void {
  const { doc } = frame;
  for (const block of blocks) {
    // A place links lead to (a cross-reference's target, a glossary entry): a named destination where the block starts.
    if (block.anchor) {
      ensureSpace(doc, bodySize * 3);
      doc.addNamedDestination(block.anchor, 'XYZ', frame.left, doc.y, null);
    }
    switch (block.kind) {
      case 'heading': {
        const size = headingSizes[block.level - 1] ?? bodySize;
        ensureSpace(doc, size * 4);
        doc.y += size * 0.4;
        frame.tags.leaf(`H${Math.min(6, Math.max(1, block.level))}`, () =>
          writeInline(frame, block.content, { size, font: 'sansBold', after: size * 0.35 }),
        );
        break;
      }
      case 'paragraph':
        frame.tags.leaf('P', () => writeInline(frame, block.content));
        break;
      case 'list': {
        const inner: Frame = { ...frame, left: frame.left + indentStep, width: frame.width - indentStep };
        frame.tags.group('L', () =>
          block.items.forEach((item, i) => {
            ensureSpace(doc, bodySize * 1.5);
            const marker = block.ordered ? `${listLabel(block.start + i, block.marker)}.` : '\u2022';
            frame.tags.group('LI', () => {
              frame.tags.leaf('Lbl', () =>
                doc
                  .font('serif')
                  .fillColor('#111827')
                  .fontSize(bodySize)
                  .text(marker, frame.left, doc.y, { width: indentStep - 3, align: 'right', lineBreak: false }),
              );
              doc.y -= doc.currentLineHeight();
              doc.x = inner.left;
              frame.tags.group('LBody', () =>
                writeBlocks(inner, item.length ? item : [{ kind: 'paragraph', content: [{ kind: 'text', text: ' ' }] }], images),
              );
            });
          }),
        );
        break;
      }
      case 'table':
        writeTable(frame, block.rows);
        break;
      case 'image':
        writeImage(frame, block.src, block.alt, images);
        break;
      case 'math':
        writeDisplayMath(frame, block.latex);
        break;
      case 'code':
        ensureSpace(doc, 20);
        frame.tags.leaf('Code', () =>
          doc
            .font('mono')
            .fontSize(9)
            .fillColor('#111827')
            .text(block.text, frame.left + 6, doc.y, { width: frame.width - 12, lineGap: 1 }),
        );
        doc.x = frame.left;
        doc.y += 8;
        break;
      case 'quote': {
        const top = doc.y;
        const startPage = doc.page;
        frame.tags.group('BlockQuote', () =>
          writeBlocks({ ...frame, left: frame.left + indentStep, width: frame.width - indentStep }, block.blocks, images),
        );
        // The bar beside the quotation, when it stayed on one page.
        if (doc.page === startPage)
          frame.tags.artifact(() =>
            doc
              .save()
              .rect(frame.left + 4, top, 2.5, doc.y - top - 6)
              .fill('#cbd5e1')
              .restore(),
          );
        break;
      }
      case 'rule':
        ensureSpace(doc, 12);
        frame.tags.artifact(() =>
          doc
            .save()
            .moveTo(frame.left, doc.y + 4)
            .lineTo(frame.left + frame.width, doc.y + 4)
            .lineWidth(0.75)
            .stroke('#cbd5e1')
            .restore(),
        );
        doc.y += 12;
        break;
    }
  }
}
