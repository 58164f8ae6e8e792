import type { TextbookContent } from '@common/textbook';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { decodeEntities, htmlToText } from '@common/textbook-ops/html';
import { UsedSentences } from '@server/ai/shared/used-sentences';
import type { MapBlock, SourceMap } from './source-map';

/** Every HTML fragment of a book: chapter introductions and sections. */
export function bookHtml(book: TextbookContent): string[] {
  return book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);
}

const latexAttribute = /data-latex="([^"]*)"/g;
// The address, never the provenance after it: `\b` would also match the "src" of `data-src="1:220"`, read as the address.
const imageSource = /<img\b[^>]*?\ssrc="([^"]*)"/gi;
const squash = (latex: string) => latex.replace(/\s+/g, '');
const blockEnd = /<\/(?:p|li|h[1-6]|td|th|blockquote|figcaption|pre)>|<(?:br|img|hr)\b[^>]*>/i;

/**
 * HTML cut where its paragraphs, list items, headings and cells end: a label such as "Product
 * Rule:" has no full stop, so read as one text it would run into the next block and never be
 * known as printed.
 */
function blockHtml(html: string): string[] {
  return html.split(blockEnd).filter((piece) => piece.trim());
}

/**
 * What a book already prints, so an expansion never prints it again: its
 * sentences (exact and near repeats), its formulas (by LaTeX) and its images
 * (by address). New text is added to it as it is chosen, so one expansion
 * never repeats itself either.
 */
export class BookUsage {
  readonly sentences: UsedSentences;
  private readonly latex = new Set<string>();
  private readonly images = new Set<string>();

  constructor(htmls: string[]) {
    this.sentences = UsedSentences.fromHtml(htmls.flatMap(blockHtml), fastSentences);
    for (const html of htmls) {
      for (const m of html.matchAll(latexAttribute)) this.latex.add(squash(decodeEntities(m[1])));
      for (const m of html.matchAll(imageSource)) this.images.add(decodeEntities(m[1]));
    }
  }

  static of(book: TextbookContent, extra: string[] = []): BookUsage {
    return new BookUsage([...bookHtml(book), ...extra]);
  }

  /**
   * What of a block the book does not print yet: null when nothing; the
   * block itself when all of it; a paragraph of its unprinted sentences when
   * only some are printed (prose only: a formula, figure or table is atomic).
   */
  unused(map: SourceMap, b: MapBlock): MapBlock['block'] | null {
    const block = b.block;
    if (block.kind === 'equation') {
      if (block.latex) return this.latex.has(squash(block.latex)) ? null : block;
      const url = block.image ? map.render.imageUrls?.[block.image.sha256] : undefined;
      if (url) return this.images.has(url) ? null : block;
    }
    if (block.kind === 'figure') {
      const url = block.image ? map.render.imageUrls?.[block.image.sha256] : undefined;
      if (url) return this.images.has(url) ? null : block;
      // A figure without its image is only its caption.
      return null;
    }
    const fresh = b.sentences.filter((s) => !this.sentences.isRepeat(s.raw.replace(/\\\((.+?)\\\)/g, ' ')));
    const partial = fresh.length < b.sentences.length;
    // What is left of a partly printed paragraph is printed only as whole sentences, never a label or a stub.
    if (partial) fresh.splice(0, fresh.length, ...fresh.filter((s) => s.raw.split(/\s+/).length >= 4));
    if (fresh.length === 0) return null;
    if (!partial) return block;
    if (block.kind !== 'paragraph') return fresh.length * 2 >= b.sentences.length ? block : null;
    return { ...block, text: fresh.map((s) => s.raw).join(' ') };
  }

  /** Marks a block as printed (so it is not chosen twice). */
  take(map: SourceMap, block: MapBlock['block']): void {
    if (block.latex) this.latex.add(squash(block.latex));
    const url = block.image ? map.render.imageUrls?.[block.image.sha256] : undefined;
    if (url) this.images.add(url);
    for (const s of fastSentences(block.text)) this.sentences.add(s.replace(/\\\((.+?)\\\)/g, ' '));
  }

  /** Marks HTML as printed. */
  takeHtml(html: string): void {
    for (const block of blockHtml(html)) for (const s of fastSentences(htmlToText(block))) this.sentences.add(s);
  }
}
