import type { Inline, TextRun } from '@common/book-render/book-model';
import type { MathSvg } from '@server/features/export/math-svg';
import { textFont, type FontName } from './pdf-fonts';
import type { PdfTags } from './pdf-tags';

/** A formula typeset once (MathJax's SVG) and drawn as vector paths wherever it occurs. */
export interface PdfFormula {
  math: MathSvg;
  draw: (x: number, y: number, width: number, height: number) => void;
}

/** Where text goes on the page: the left edge and width of the current column (lists and quotes indent it). */
export interface Frame {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  formula: (latex: string, display: boolean) => PdfFormula | undefined;
  /** The structure tree being built: what is drawn is tagged as it is drawn. */
  tags: PdfTags;
}

export const bodySize = 11;
const lineGap = 3;
const linkColor = '#3730a3';
const textColor = '#111827';

export const pageBottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/**
 * PDFKit's link options for a run: a web address as a URI link, a place in the book ("#glossary-term", a
 * chapter's anchor) as a GoTo to the named destination drawn there.
 */
function linkOf(run: TextRun): { link: string | null; goTo?: string } {
  if (!run.href) return { link: null };
  return run.href.startsWith('#') ? { link: null, goTo: run.href.slice(1) } : { link: run.href };
}

/**
 * Starts a new page unless `height` points still fit on this one. The page is continued, not just added: an element
 * whose content is being drawn goes on being tagged on the next page.
 */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.continueOnNewPage();
}

const runSize = (run: TextRun, size: number) => (run.sub || run.sup ? size * 0.72 : size);

/** A paragraph without formulas: PDFKit's own line breaking, run after run (fast, and it breaks pages itself). */
function flowText(frame: Frame, content: readonly Inline[], size: number, align: 'left' | 'center' | 'justify', baseFont?: FontName): void {
  const { doc } = frame;
  const runs = content.map((i): TextRun => (i.kind === 'text' ? i : { kind: 'text', text: '\n' }));
  ensureSpace(doc, size * 1.4);
  runs.forEach((run, index) => {
    const font = baseFont && !run.bold && !run.italic && !run.code ? baseFont : textFont(run);
    doc
      .font(font)
      .fontSize(runSize(run, size))
      .fillColor(run.href ? linkColor : textColor);
    const options: PDFKit.Mixins.TextOptions = {
      width: frame.width,
      align,
      lineGap,
      continued: index < runs.length - 1,
      ...linkOf(run),
      underline: Boolean(run.underline || run.href),
      strike: Boolean(run.strike),
    };
    const draw = () => (index === 0 ? doc.text(run.text, frame.left, doc.y, options) : doc.text(run.text, options));
    if (run.href) frame.tags.inline('Link', draw);
    else draw();
  });
  doc.fillColor(textColor);
}

type Token =
  | { kind: 'text'; text: string; font: FontName; size: number; width: number; run: TextRun; space: boolean }
  | { kind: 'math'; formula: PdfFormula; width: number; height: number; above: number; latex: string }
  | { kind: 'break' };

function tokenize(frame: Frame, content: readonly Inline[], size: number): Token[] {
  const { doc } = frame;
  const tokens: Token[] = [];
  for (const item of content) {
    if (item.kind === 'break') tokens.push({ kind: 'break' });
    else if (item.kind === 'math') {
      const formula = frame.formula(item.latex, false);
      if (formula) {
        const drawn = formula.math;
        const scale = Math.min(1, frame.width / (drawn.widthEm * size));
        const height = drawn.heightEm * size * scale;
        tokens.push({
          kind: 'math',
          formula,
          latex: item.latex,
          width: drawn.widthEm * size * scale,
          height,
          above: height - drawn.depthEm * size * scale,
        });
      } else tokens.push(...tokenize(frame, [{ kind: 'text', text: item.latex, code: true }], size));
    } else {
      const font = textFont(item);
      const fontSize = runSize(item, size);
      doc.font(font).fontSize(fontSize);
      for (const word of item.text.match(/\S+|\s+/g) ?? []) {
        const space = /^\s+$/.test(word);
        tokens.push({
          kind: 'text',
          text: space ? ' ' : word,
          font,
          size: fontSize,
          width: doc.widthOfString(space ? ' ' : word),
          run: item,
          space,
        });
      }
    }
  }
  return tokens;
}

/** Splits tokens into lines no wider than the frame (a word longer than a line gets a line of its own). */
function breakLines(tokens: Token[], width: number): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  for (const t of tokens) {
    if (t.kind === 'break') {
      lines.push(line);
      line = [];
      used = 0;
      continue;
    }
    if (t.kind === 'text' && t.space) {
      if (line.length) {
        line.push(t);
        used += t.width;
      }
      continue;
    }
    if (used + t.width > width && line.length) {
      while (line.length && line[line.length - 1].kind === 'text' && (line[line.length - 1] as { space: boolean }).space) line.pop();
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(t);
    used += t.width;
  }
  if (line.length) lines.push(line);
  return lines;
}

/** The lines of a paragraph with formulas, and the height of each (the tallest formula or word sets it). */
function mathLines(frame: Frame, content: readonly Inline[], size: number) {
  return breakLines(tokenize(frame, content, size), frame.width).map((line) => {
    let ascent = size * 0.93;
    let descent = size * 0.24;
    for (const t of line)
      if (t.kind === 'math') {
        ascent = Math.max(ascent, t.above);
        descent = Math.max(descent, t.height - t.above);
      }
    return { line, ascent, height: ascent + descent + lineGap };
  });
}

/** How tall a paragraph with formulas is in the frame, measured as it would be laid out (nothing is drawn). */
export function measureWithMath(frame: Frame, content: readonly Inline[], size: number): number {
  return mathLines(frame, content, size).reduce((total, l) => total + l.height, 0);
}

/** A paragraph holding formulas: laid out here, a line at a time, formulas drawn as vector graphics on the baseline. */
export function layoutWithMath(frame: Frame, content: readonly Inline[], size: number, align: 'left' | 'center' | 'justify'): void {
  const { doc } = frame;
  for (const { line, ascent, height } of mathLines(frame, content, size)) {
    let lineWidth = 0;
    for (const t of line) if (t.kind !== 'break') lineWidth += t.width;
    ensureSpace(doc, height);
    const top = doc.y;
    const baseline = top + ascent;
    let x = frame.left + (align === 'center' ? Math.max(0, (frame.width - lineWidth) / 2) : 0);
    let i = 0;
    while (i < line.length) {
      const t = line[i];
      if (t.kind === 'math') {
        const at = x;
        frame.tags.inline('Formula', () => t.formula.draw(at, baseline - t.above, t.width, t.height), { alt: t.latex });
        x += t.width;
        i++;
        continue;
      }
      if (t.kind !== 'text') {
        i++;
        continue;
      }
      // Neighbouring words of one style are drawn in one call.
      let text = '';
      let width = 0;
      const { run, font, size: fontSize } = t;
      while (i < line.length) {
        const n = line[i];
        if (n.kind !== 'text' || n.run !== run) break;
        text += n.text;
        width += n.width;
        i++;
      }
      const shift = run.sup ? -size * 0.35 : run.sub ? size * 0.15 : 0;
      const at = x;
      const drawText = () =>
        doc
          .font(font)
          .fontSize(fontSize)
          .fillColor(run.href ? linkColor : textColor)
          .text(text, at, baseline + shift, { lineBreak: false, baseline: 'alphabetic', ...linkOf(run) });
      if (run.href) frame.tags.inline('Link', drawText);
      else drawText();
      // Drawn here: PDFKit places its own underline from the top of the line, not from a baseline.
      const rules = [
        run.underline || run.href ? baseline + shift + fontSize * 0.12 : null,
        run.strike ? baseline + shift - fontSize * 0.3 : null,
      ];
      for (const y of rules) {
        const trimmed = text.trimEnd();
        if (y === null || !trimmed) continue;
        frame.tags.artifact(() =>
          doc
            .save()
            .moveTo(at, y)
            .lineTo(at + doc.widthOfString(trimmed), y)
            .lineWidth(Math.max(0.5, fontSize / 18))
            .stroke(run.href ? linkColor : textColor)
            .restore(),
        );
      }
      x += width;
    }
    doc.x = frame.left;
    doc.y = top + height;
  }
  doc.fillColor(textColor);
}

/** Writes a line of inline content as a paragraph in the frame, breaking lines and pages. */
export function writeInline(
  frame: Frame,
  content: readonly Inline[],
  options: { size?: number; align?: 'left' | 'center' | 'justify'; font?: FontName; after?: number } = {},
): void {
  if (!content.length) return;
  const size = options.size ?? bodySize;
  const align = options.align ?? 'left';
  const hasMathOrShift = content.some((i) => i.kind === 'math' || (i.kind === 'text' && (i.sub || i.sup)));
  if (hasMathOrShift) layoutWithMath(frame, content, size, align);
  else flowText(frame, content, size, align, options.font);
  frame.doc.x = frame.left;
  frame.doc.y += options.after ?? size * 0.6;
}
