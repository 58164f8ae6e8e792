import type { ExtractedDocument } from '../../core/document-model';
import { normalizeCharacters } from '../../core/nlp';
import { ExtractError } from '../extract-error';
import { buildBlocks } from './pdf-blocks';
import { orderPage } from './pdf-columns';
import { removeFurniture } from './pdf-furniture';
import { pageSegments } from './pdf-lines';
import { readPdf } from './pdf-read';
import { bodyStats } from './pdf-stats';
import type { PdfLine, PdfRaw } from './pdf-types';

/** Layout analysis of pdfjs output: reading order, furniture removal, structure. Pure, so tests can feed it pages. */
export function structurePdf(raw: PdfRaw, filename: string): ExtractedDocument {
  const ordered = raw.pages.map((page) => ({
    height: page.height,
    lines: orderPage(pageSegments(page), page.width).map((l) => ({ ...l, text: normalizeCharacters(l.text).replace(/\s+/g, ' ').trim() })),
  }));
  const { pages } = removeFurniture(ordered);
  const lines = markFootnotes(pages.map((p, i) => ({ height: ordered[i].height, lines: p.filter((l) => l.text) })));
  const readable = lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);
  // Fonts without a Unicode map give control codes instead of letters: mostly such text is unreadable.
  if (readable < 20 || raw.unreadableChars > readable * 2) throw new ExtractError('no-text', 'no readable text');
  const { blocks, title, bibliography } = buildBlocks(lines, raw.outline);
  const text = blocks.map((b) => b.text).join('\n\n');
  return {
    filename,
    mime: 'application/pdf',
    text,
    blocks,
    title: title ?? usableMetaTitle(raw.metaTitle),
    bibliography: bibliography.length ? bibliography : undefined,
    pageCount: raw.pages.length,
  };
}

/**
 * Marks footnotes: small type below the last body line of its column, in a
 * block that starts in the bottom third of the page (a small-type
 * bibliography further up is not a footnote).
 */
function markFootnotes(pages: Array<{ height: number; lines: PdfLine[] }>): PdfLine[] {
  const all = pages.flatMap((p) => p.lines);
  if (all.length === 0) return all;
  const { size: bodySize } = bodyStats(all);
  const out: PdfLine[] = [];
  for (const { height, lines } of pages) {
    const lowestBody = new Map<number, number>();
    for (const l of lines)
      if (Math.abs(l.size - bodySize) < 0.6) lowestBody.set(l.column, Math.min(lowestBody.get(l.column) ?? Infinity, l.y));
    const candidate = (l: PdfLine) => l.size < bodySize - 0.9 && l.y < (lowestBody.get(l.column) ?? -Infinity);
    const topOfNotes = new Map<number, number>();
    for (const l of lines) if (candidate(l)) topOfNotes.set(l.column, Math.max(topOfNotes.get(l.column) ?? -Infinity, l.y));
    for (const l of lines) {
      const isNote = candidate(l) && (topOfNotes.get(l.column) ?? Infinity) < height / 3;
      out.push(isNote ? { ...l, isNote } : l);
    }
  }
  return out;
}

function usableMetaTitle(title: string | undefined): string | undefined {
  if (!title || title.length < 4 || /^(untitled|microsoft word|document\d*)/i.test(title) || /\.(docx?|tex|dvi|pdf)$/i.test(title))
    return undefined;
  return title;
}

export async function extractPdf(data: Uint8Array, filename: string): Promise<ExtractedDocument> {
  return structurePdf(await readPdf(data), filename);
}
