import {
  AlignmentType,
  BorderStyle,
  Bookmark,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  ImportedXmlComponent,
  InternalHyperlink,
  LevelFormat,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type NumberingDefinition,
  type ParagraphChild,
} from 'docx';
import type { Block, Inline, ListMarker, TableCell as BookCell } from '@common/book-render/book-model';
import type { ImageAsset } from '@server/features/export/image-assets';
import { mathPicture } from '@server/features/export/math-png';
import { latexToOmml } from './omml';

/** What block conversion needs: the book's pictures (PNG or JPEG) and a counter for restarting numbered lists. */
export interface DocxContext {
  images: ReadonlyMap<string, ImageAsset>;
  nextListInstance: () => number;
}

/** Word's number formats for a list's letters or roman numerals. */
const markerFormats: Record<ListMarker, { format: (typeof LevelFormat)[keyof typeof LevelFormat]; name: string }> = {
  a: { format: LevelFormat.LOWER_LETTER, name: 'lower-letter' },
  A: { format: LevelFormat.UPPER_LETTER, name: 'upper-letter' },
  i: { format: LevelFormat.LOWER_ROMAN, name: 'lower-roman' },
  I: { format: LevelFormat.UPPER_ROMAN, name: 'upper-roman' },
};

/**
 * Word's list levels: bullets, or numbers then letters then roman numerals; `own` gives one level its
 * first number and its labels (a list of the book that starts elsewhere or is lettered).
 */
export function listLevels(ordered: boolean, own?: { level: number; start: number; marker?: ListMarker }): ILevelsOptions[] {
  const bullets = ['\u2022', '\u25E6', '\u25AA'];
  const formats = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? (own?.level === level && own.marker ? markerFormats[own.marker].format : formats[level % 3]) : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : bullets[level % 3],
    alignment: AlignmentType.LEFT,
    ...(own && own.level === level ? { start: own.start } : {}),
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

/** The numbering a list's paragraphs name: the document's own lists, or one of its own for a list that starts elsewhere or is lettered. */
function listReference(block: Extract<Block, { kind: 'list' }>, level: number): string | NumberingDefinition {
  if (!block.ordered) return 'bullet-list';
  if (block.start === 1 && !block.marker) return 'ordered-list';
  const reference = `ordered-list-${level}-from-${block.start}${block.marker ? `-${markerFormats[block.marker].name}` : ''}`;
  return { reference, levels: listLevels(true, { level, start: block.start, marker: block.marker }) };
}

const headingLevels = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
export const headingLevel = (level: number) => headingLevels[Math.min(6, Math.max(1, level)) - 1];

/** Body text is 11 pt: a formula's em in pixels at 96 to the inch. */
const emPx = (11 * 96) / 72;
/** The widest a picture may be: the text column of an A4 page (the narrower paper) with 1-inch margins, in pixels. */
const maxImageWidthPx = (210 / 25.4 - 2) * 96;
const maxImageHeightPx = 8.5 * 96;

function runOf(run: Extract<Inline, { kind: 'text' }>): TextRun {
  return new TextRun({
    text: run.text,
    bold: run.bold,
    italics: run.italic,
    underline: run.underline ? {} : undefined,
    strike: run.strike,
    subScript: run.sub,
    superScript: run.sup,
    font: run.code ? 'Courier New' : undefined,
    style: run.href ? 'Hyperlink' : undefined,
  });
}

/**
 * A formula as a Word equation the reader can edit (OMML, omml.ts); one outside the converted subset as a
 * picture with its LaTeX as alt text.
 */
async function mathChild(latex: string, display: boolean): Promise<ParagraphChild> {
  const omml = latexToOmml(latex, display);
  // The docx package has no type for raw XML among a paragraph's children, but writes it in place.
  if (omml) return ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild;
  return mathImage(latex, display);
}

/** A formula as a picture: SVG for current Word, with a PNG for readers that cannot draw SVG. */
async function mathImage(latex: string, display: boolean): Promise<ParagraphChild> {
  const picture = await mathPicture(latex, display, emPx);
  if (!picture) return new TextRun({ text: latex, font: 'Courier New' });
  return new ImageRun({
    type: 'svg',
    data: Buffer.from(picture.svg),
    fallback: { type: 'png', data: picture.png },
    transformation: {
      width: Math.max(1, Math.round(picture.math.widthEm * emPx)),
      height: Math.max(1, Math.round(picture.math.heightEm * emPx)),
    },
    altText: { name: 'Formula', description: latex, title: latex },
  });
}

/** Word's name for a book anchor: letters, digits and underscores, at most 40 characters. */
export function bookmarkName(anchor: string): string {
  return anchor.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40);
}

/** A block's content inside the bookmark its anchor names (a cross-reference's target, a glossary entry), so an internal link reaches it. */
const marked = (block: Block, children: ParagraphChild[]): ParagraphChild[] =>
  block.anchor ? [new Bookmark({ id: bookmarkName(block.anchor), children })] : children;

export async function inlineChildren(content: readonly Inline[]): Promise<ParagraphChild[]> {
  const out: ParagraphChild[] = [];
  let i = 0;
  while (i < content.length) {
    const item = content[i];
    if (item.kind === 'text' && item.href) {
      const link = item.href;
      const runs: TextRun[] = [];
      while (i < content.length) {
        const run = content[i];
        if (run.kind !== 'text' || run.href !== link) break;
        runs.push(runOf(run));
        i++;
      }
      // A place in the book (a cross-reference, a glossary term, a chapter) is a bookmark of this document; anything else a web address.
      out.push(
        link.startsWith('#')
          ? new InternalHyperlink({ anchor: bookmarkName(link.slice(1)), children: runs })
          : new ExternalHyperlink({ link, children: runs }),
      );
      continue;
    }
    if (item.kind === 'text') out.push(runOf(item));
    else if (item.kind === 'math') out.push(await mathChild(item.latex, false));
    else out.push(new TextRun({ break: 1 }));
    i++;
  }
  return out;
}

function imageParagraph(src: string, alt: string, ctx: DocxContext, block: Block): Paragraph {
  const asset = ctx.images.get(src);
  if (!asset || !asset.width || !asset.height) {
    return new Paragraph({
      children: marked(block, [new TextRun({ text: `[Image not available${alt ? `: ${alt}` : ''}]`, italics: true, color: '64748B' })]),
    });
  }
  const scale = Math.min(1, maxImageWidthPx / asset.width, maxImageHeightPx / asset.height);
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    children: marked(block, [
      new ImageRun({
        type: asset.mime === 'image/png' ? 'png' : 'jpg',
        data: asset.bytes,
        transformation: { width: Math.max(1, Math.round(asset.width * scale)), height: Math.max(1, Math.round(asset.height * scale)) },
        altText: { name: alt || 'Image', description: alt, title: alt },
      }),
    ]),
  });
}

const cellBorder = { style: BorderStyle.SINGLE, size: 4, color: '94A3B8' };

async function tableOf(rows: readonly BookCell[][], ctx: DocxContext, depth: number): Promise<Table> {
  const columns = Math.max(1, ...rows.map((r) => r.reduce((n, c) => n + c.colspan, 0)));
  const columnWidth = Math.floor(9360 / columns);
  const tableRows: TableRow[] = [];
  for (const row of rows) {
    const cells: TableCell[] = [];
    for (const cell of row) {
      const children = await blocksToDocx(cell.blocks, ctx, depth + 1);
      cells.push(
        new TableCell({
          children: children.length ? children : [new Paragraph('')],
          columnSpan: cell.colspan > 1 ? cell.colspan : undefined,
          rowSpan: cell.rowspan > 1 ? cell.rowspan : undefined,
          shading: cell.header ? { type: ShadingType.CLEAR, fill: 'F1F5F9', color: 'auto' } : undefined,
          borders: { top: cellBorder, bottom: cellBorder, left: cellBorder, right: cellBorder },
        }),
      );
    }
    tableRows.push(new TableRow({ children: cells, tableHeader: row.every((c) => c.header) }));
  }
  return new Table({ rows: tableRows, width: { size: 100, type: WidthType.PERCENTAGE }, columnWidths: Array(columns).fill(columnWidth) });
}

/**
 * Blocks as Word paragraphs and tables: headings in Word's own Heading styles (the navigation pane and the
 * table of contents read them), lists as real numbered or bulleted lists, tables as tables.
 */
export async function blocksToDocx(
  blocks: readonly Block[],
  ctx: DocxContext,
  depth = 0,
  listLevel = -1,
): Promise<Array<Paragraph | Table>> {
  const out: Array<Paragraph | Table> = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        out.push(new Paragraph({ heading: headingLevel(block.level), children: marked(block, await inlineChildren(block.content)) }));
        break;
      case 'paragraph':
        out.push(
          new Paragraph({
            alignment: block.role === 'equation-number' ? AlignmentType.RIGHT : undefined,
            children: marked(block, await inlineChildren(block.content)),
          }),
        );
        break;
      case 'list': {
        const level = Math.min(8, listLevel + 1);
        const instance = ctx.nextListInstance();
        for (const item of block.items) {
          let first = true;
          for (const child of item) {
            if (child.kind === 'list') {
              out.push(...(await blocksToDocx([child], ctx, depth + 1, level)));
              continue;
            }
            if (first && (child.kind === 'paragraph' || child.kind === 'heading')) {
              out.push(
                new Paragraph({
                  children: marked(child, await inlineChildren(child.content)),
                  numbering: { reference: listReference(block, level), level, instance },
                }),
              );
            } else {
              // Later paragraphs of an item sit under it, indented as the item's text.
              const inner = await blocksToDocx([child], ctx, depth + 1, level);
              for (const p of inner) out.push(p);
            }
            first = false;
          }
        }
        break;
      }
      case 'table':
        out.push(await tableOf(block.rows, ctx, depth));
        break;
      case 'image':
        out.push(imageParagraph(block.src, block.alt, ctx, block));
        break;
      case 'math':
        out.push(new Paragraph({ alignment: AlignmentType.CENTER, children: marked(block, [await mathChild(block.latex, true)]) }));
        break;
      case 'code': {
        const lines = block.text.split('\n');
        out.push(
          new Paragraph({
            shading: { type: ShadingType.CLEAR, fill: 'F8FAFC', color: 'auto' },
            children: lines.map((line, i) => new TextRun({ text: line, font: 'Courier New', size: 20, break: i > 0 ? 1 : undefined })),
          }),
        );
        break;
      }
      case 'quote':
        for (const inner of block.blocks) {
          if (inner.kind === 'paragraph')
            out.push(
              new Paragraph({
                indent: { left: 720 },
                border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'CBD5E1', space: 8 } },
                children: await inlineChildren(inner.content),
              }),
            );
          else out.push(...(await blocksToDocx([inner], ctx, depth + 1, listLevel)));
        }
        break;
      case 'rule':
        out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'CBD5E1', space: 1 } }, children: [] }));
        break;
    }
  }
  return out;
}
