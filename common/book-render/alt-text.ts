import { inlineText, type Block } from './book-model';

/**
 * Alt text for the pictures of a book, from the book's own words (the offline engine never invents): a picture
 * whose alt text says nothing ("Figure", "Image", a file name, empty) or is the garbled text of a formula cropped from a PDF
 * takes its caption (the italic or "Figure 3:" line beside it) and the sentence of the text that introduces it
 * ("as Figure 3 shows ...", or the sentence just before it that ends in a colon). With neither, an unreadable
 * formula says it is one, and an undescribed picture keeps an empty alt text rather than a made-up one.
 */

/** What a picture's alt text says when the material gives no words for it: true, and replaced where words are found. */
export const undescribedFigureAlt = 'A figure from the source document, without a caption.';
export const formulaPictureAlt = 'A formula, shown as a picture from the source document.';
export const tablePictureAlt = 'A table, shown as a picture from the source document.';

const placeholder = /^\s*(figure|fig\.?|image|picture|photo|graphic|illustration|equation|formula|table|chart|diagram)?\s*\d*\s*$/i;
/** A file name as alt text (the editor gives an uploaded picture its file's name): says nothing about the picture. */
const fileName = /^[^\s/\\]+\.(png|jpe?g|gif|webp|bmp|svg|tiff?)$/i;
const captionStart =
  /^\s*(figure|fig\.|table|chart|diagram|image|illustration|plate|exhibit|abbildung|tabelle|figura|tableau)\s*[\dA-Z.:-]/i;
const maxAlt = 300;

/**
 * Text of a formula read back out of order ("( ) N! N! ln(W) = ln = ln s ∏"): empty brackets, a
 * relation with nothing (or only a function name) before the next one, a formula opening with a
 * relation or ending on an operator, unreadable glyphs. A formula read in order ("∑_{i=1}^{n} x_{i} ≠
 * ∫_{0}^{1} g(t) dt") is few words and many symbols too, and is the best alt text it can have.
 */
export function looksGarbled(alt: string): boolean {
  const t = alt.trim();
  if (!t) return false;
  if (/[\uFFFD\uE000-\uF8FF]/.test(t)) return true;
  if (/\(\s*\)|\[\s*\]|\{\s*\}/.test(t)) return true;
  if (/[=<>≤≥≠≈]\s*(?:ln|log|exp|sin|cos|tan|lim|max|min)?\s*[=<>≤≥≠≈]/.test(t)) return true;
  return /^[=<>≤≥≠≈×·]/.test(t) || /[=+×·∑∏∫−]\s*$/.test(t);
}

function paragraphText(block: Block | undefined): string | null {
  return block?.kind === 'paragraph' ? inlineText(block.content).replace(/\s+/g, ' ').trim() : null;
}

/** A caption: a paragraph that is all italic, or opens with "Figure 3", "Table 2" and the like. */
function captionOf(block: Block | undefined): string | null {
  if (block?.kind !== 'paragraph') return null;
  const text = paragraphText(block);
  if (!text || text.length > 400) return null;
  const italic = block.content.every((i) => i.kind !== 'text' || i.italic || !i.text.trim());
  return italic || captionStart.test(text) ? text : null;
}

/** Sentences end at . ! ? or : before a space, so "Figure 2.1" stays whole. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?:])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The sentence that introduces the picture: one naming its number, or the one just before it ending in a colon. */
function introduction(blocks: readonly Block[], index: number, caption: string | null, captionBlock: Block | undefined): string | null {
  const label = caption ? /^\s*((?:figure|fig\.|table|chart|diagram)\s*[\dA-Z]+(?:[.-]\d+)?)/i.exec(caption)?.[1] : undefined;
  if (label) {
    const number = label.replace(/^\D+/, '');
    const mention = new RegExp(`\\b(?:figure|fig\\.|table|chart|diagram)\\s*${number.replace(/\./g, '\\.')}(?![\\d.])`, 'i');
    for (const block of blocks) {
      if (block === captionBlock) continue;
      const text = paragraphText(block);
      const hit = text ? sentences(text).find((s) => mention.test(s)) : undefined;
      if (hit) return hit;
    }
  }
  const before = paragraphText(blocks[index - 1]);
  const last = before ? sentences(before).at(-1) : undefined;
  return last && last.endsWith(':') && last.length <= 300 ? last : null;
}

const clip = (text: string) => (text.length > maxAlt ? `${text.slice(0, maxAlt - 1).trimEnd()}…` : text);

function describe(blocks: readonly Block[], index: number, alt: string): string {
  const garbled = looksGarbled(alt);
  const stated = [undescribedFigureAlt, formulaPictureAlt, tablePictureAlt].find((s) => alt.startsWith(s));
  if (!garbled && !stated && !placeholder.test(alt) && !fileName.test(alt.trim())) return alt;
  const after = captionOf(blocks[index + 1]);
  const captionBlock = after ? blocks[index + 1] : captionOf(blocks[index - 1]) ? blocks[index - 1] : undefined;
  const caption = after ?? captionOf(blocks[index - 1]);
  const intro = introduction(blocks, index, caption, captionBlock);
  const words = [caption, intro].filter((p): p is string => Boolean(p)).join(' ');
  const formula = garbled || stated === formulaPictureAlt || /^\s*(equation|formula)/i.test(alt);
  if (formula) return clip([formulaPictureAlt, words].filter(Boolean).join(' '));
  if (stated === tablePictureAlt) return clip([tablePictureAlt, words].filter(Boolean).join(' '));
  return words ? clip(words) : (stated ?? '');
}

/** The blocks with every picture's alt text made meaningful where the book's text allows, at every depth. */
export function describeImages(blocks: readonly Block[]): Block[] {
  return blocks.map((block, i): Block => {
    switch (block.kind) {
      case 'image':
        return { ...block, alt: describe(blocks, i, block.alt) };
      case 'list':
        return { ...block, items: block.items.map(describeImages) };
      case 'quote':
        return { ...block, blocks: describeImages(block.blocks) };
      case 'table':
        return { ...block, rows: block.rows.map((row) => row.map((cell) => ({ ...cell, blocks: describeImages(cell.blocks) }))) };
      default:
        return block;
    }
  });
}

/**
 * The text's own headings placed under their parent (a chapter is level 1, a section 2) with no level skipped:
 * the first comes right below the parent and each goes one deeper than the heading it falls under, so a Word
 * navigation pane, an EPUB reading system and a screen reader see an unbroken outline. Headings of one level in
 * the source stay of one level.
 */
export function levelHeadings(blocks: readonly Block[], parentLevel: number): Block[] {
  // The open headings: the source's level and the level each was given, outermost first.
  const open: Array<{ source: number; level: number }> = [];
  return blocks.map((block) => {
    if (block.kind !== 'heading') return block;
    while (open.length && open[open.length - 1].source >= block.level) open.pop();
    const level = Math.min(6, (open[open.length - 1]?.level ?? parentLevel) + 1);
    open.push({ source: block.level, level });
    return level === block.level ? block : { ...block, level };
  });
}
