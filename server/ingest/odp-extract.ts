import JSZip from 'jszip';
import type { ExtractedDocument, ReadingWarning } from '../core/document-model';
import { warningFields } from '../core/reading-warnings';
import { ExtractError } from './extract-error';
import { loadPictures, plural, takeTitle } from './pptx-extract';
import { odpSlides } from './pptx/odp-slides';
import { composeDeck, type ReadSlide } from './pptx/pptx-deck';
import { parseXml } from './pptx/pptx-xml';

export const odpMime = 'application/vnd.oasis.opendocument.presentation';

/**
 * Reads an OpenDocument presentation (.odp, LibreOffice Impress) into the document model the way
 * a PowerPoint deck is read (pptx/pptx-deck.ts). The caller has checked what its ZIP inflates to.
 */
export async function extractOdp(data: Uint8Array, filename: string): Promise<ExtractedDocument> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
  const xml = await zip.file('content.xml')?.async('string');
  if (!xml) throw new ExtractError('corrupt', 'no content.xml');
  const pages = odpSlides(parseXml(xml, 'content.xml'));
  if (!pages.length) throw new ExtractError('empty', 'no slides');
  const read: ReadSlide[] = pages.map((page) => ({ ...page, ...takeTitle(page.items) }));
  const { lookup, images, vector, vectorSlides } = await loadPictures(zip, read);
  // Pages are laid out in hundredths of a millimetre; the tallest shape's bottom stands for the page height.
  const height = Math.max(1, ...read.flatMap((s) => s.items.map((i) => i.y + i.h)).filter((v) => v < Number.MAX_SAFE_INTEGER / 2));
  const composed = composeDeck(read, height, lookup);
  const blocks = composed.blocks;
  if (!blocks.some((b) => b.text.trim())) throw new ExtractError('empty', 'no text');
  const used = new Set(blocks.flatMap((b) => (b.image ? [b.image.sha256] : [])));
  const withNotes = read.filter((s) => s.notes.length > 0).length;
  const warnings: ReadingWarning[] = [
    ...(vector
      ? [
          {
            message: `${plural(vector, 'picture')} in a vector format (EMF, WMF or SVG) ${vector === 1 ? 'was' : 'were'} left out`,
            pages: vectorSlides,
          },
        ]
      : []),
    // Speaker notes repeated over the deck are its furniture: left out, and said.
    ...composed.leftOut.map((line) => ({ message: `${line} (left out: a note repeated over the deck, not its text)`, leftOut: true })),
  ];
  return {
    filename,
    mime: odpMime,
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    title: composed.title ?? blocks.find((b) => b.kind === 'heading')?.text,
    titleBlock: composed.titleBlock,
    pageCount: read.length,
    images: [...images.values()].filter((i) => used.has(i.sha256)),
    ...warningFields(warnings),
    summary: `${plural(read.length, 'slide')}${withNotes ? `, ${withNotes} with speaker notes` : ''}`,
    ...(composed.leftOut.length ? { omitted: composed.leftOut } : {}),
    ...(composed.language ? { language: composed.language } : {}),
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'styles' : 'none',
  };
}
