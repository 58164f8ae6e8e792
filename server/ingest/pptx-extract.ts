import { createHash } from 'node:crypto';
import type { ExtractedDocument, ExtractedImage, ReadingWarning } from '../core/document-model';
import { warningFields } from '../core/reading-warnings';
import { ExtractError } from './extract-error';
import { readImageHeader } from './image-size';
import { composeDeck, type PictureLookup, type ReadSlide } from './pptx/pptx-deck';
import type JSZip from 'jszip';
import { openDeck } from './pptx/pptx-package';
import { readNotes, readSlideItems, type SlideItem } from './pptx/pptx-slide';
import { descendants } from './pptx/pptx-xml';

export const pptxMime = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** As for DOCX (docx-extract.ts): raster pictures the editor shows, within a count and a size. */
const keptPictureTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const maxPictures = 200;
const maxPictureBytes = 8 * 1024 * 1024;
/** A picture with more pixels than this is not decoded anywhere later (thumbnails, exports). */
const maxPicturePixels = 40_000_000;

/**
 * The slide's title: its title placeholder; failing that, the heading typed in a plain text box
 * (many decks do): the text box set in the largest type, clearly larger than the rest (at least
 * 24 pt and a quarter larger), short, the top-most on ties.
 */
export function takeTitle(items: SlideItem[]): { title?: string; items: SlideItem[] } {
  const texts = items.filter((i): i is Extract<SlideItem, { kind: 'text' }> => i.kind === 'text');
  const placeholder = texts.find((i) => i.role === 'title');
  if (placeholder) {
    // A note typed under the title in the same placeholder, in clearly smaller type ("Note: even though these examples
    // are simple..."), is a line of the slide, not more of its title.
    const sizes = placeholder.paragraphs.map((p) => p.size ?? placeholder.size);
    const cut = sizes.findIndex((size, i) => i > 0 && size < 0.8 * Math.max(...sizes.slice(0, i)));
    const own = cut > 0 ? placeholder.paragraphs.slice(0, cut) : placeholder.paragraphs;
    const title = titleText(own.map((p) => p.text));
    const rest = items.filter((i) => i !== placeholder);
    if (cut <= 0) return { title, items: rest };
    const note: SlideItem = { ...placeholder, role: 'body', paragraphs: placeholder.paragraphs.slice(cut), y: placeholder.y + 1 };
    return { title, items: [note, ...rest] };
  }
  const boxes = texts.filter(
    (i) =>
      i.role === 'box' &&
      !i.diagram &&
      i.paragraphs.length <= 2 &&
      i.paragraphs.map((p) => p.text).join(' ').length <= 120 &&
      // A program's lines in a large monospaced type are a listing, never the slide's heading.
      i.paragraphs.every((p) => p.code === undefined),
  );
  const best = boxes.sort((a, b) => b.size - a.size || a.y - b.y)[0];
  if (!best) return { items };
  const others = texts.filter((i) => i !== best).map((i) => i.size);
  if (best.size < 24 || (others.length && best.size < 1.25 * Math.max(...others))) return { items };
  return { title: titleText(best.paragraphs.map((p) => p.text)), items: items.filter((i) => i !== best) };
}

/** A title set on two lines ("Biochem 3BP3" / "Molecular Epidemiology") reads as one: "Biochem 3BP3: Molecular Epidemiology". */
function titleText(lines: string[]): string {
  return lines.reduce((out, line) => (!out ? line : /[:.,;!?–—-]$/.test(out) ? `${out} ${line}` : `${out}: ${line}`), '');
}

/** Pictures by part: read once, hashed, kept when raster, not too big, and not on many slides (a logo). */
export async function loadPictures(
  zip: JSZip,
  slides: Array<{ number: number; items: SlideItem[] }>,
): Promise<{ lookup: PictureLookup; images: Map<string, ExtractedImage>; vector: number; vectorSlides: number[] }> {
  const onSlides = new Map<string, number[]>();
  for (const s of slides)
    for (const part of new Set(s.items.flatMap((i) => (i.kind === 'picture' ? [i.part] : []))))
      onSlides.set(part, [...(onSlides.get(part) ?? []), s.number]);
  const logo = Math.max(3, Math.ceil(slides.length * 0.4));
  const byPart = new Map<string, ExtractedImage>();
  let vector = 0;
  const vectorSlides = new Set<number>();
  for (const [part, numbers] of onSlides) {
    if (byPart.size >= maxPictures || numbers.length >= logo) continue;
    if (/\.(emf|wmf|svg)$/i.test(part)) {
      vector++;
      for (const n of numbers) vectorSlides.add(n);
      continue;
    }
    const file = zip.file(part);
    if (!file) continue;
    const data = await file.async('uint8array');
    const header = readImageHeader(data);
    if (!header || !keptPictureTypes.has(header.mime) || data.length > maxPictureBytes || header.width * header.height > maxPicturePixels)
      continue;
    // An icon or a bullet picture is no figure.
    if (header.width < 48 || header.height < 48) continue;
    const sha256 = createHash('sha256').update(data).digest('hex');
    byPart.set(part, { sha256, mime: header.mime, width: header.width, height: header.height, data });
  }
  const images = new Map<string, ExtractedImage>();
  const lookup: PictureLookup = (part) => {
    const image = byPart.get(part);
    if (!image) return undefined;
    images.set(image.sha256, image);
    const { data: _data, ...ref } = image;
    return ref;
  };
  return { lookup, images, vector, vectorSlides: [...vectorSlides] };
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Reads a PowerPoint deck (.pptx) into the document model (pptx/pptx-deck.ts says how slides
 * become units). The caller has checked what its ZIP inflates to (zip-inflate-guard.ts).
 */
export async function extractPptx(data: Uint8Array, filename: string): Promise<ExtractedDocument> {
  const deck = await openDeck(data);
  if (!deck.slides.length) throw new ExtractError('empty', 'no slides');
  const sectionOf = new Map<string, string>();
  const named = deck.sections.filter((s) => s.name && !/^(default|untitled) section$/i.test(s.name));
  if (named.length) for (const s of deck.sections) for (const id of s.ids) sectionOf.set(id, s.name);
  // A hidden slide is not shown in the lecture (a spare, an old version): it is not read.
  const shown = deck.slides.filter((s) => !s.hidden);
  const read = shown.map((part) => {
    const { title, items } = takeTitle(readSlideItems(part.root, part.rels, part.layout, part.master, part.diagrams));
    const notes = part.notes ? readNotes(part.notes, part.rels) : [];
    return { number: part.number, section: sectionOf.get(part.id), title, items, notes } satisfies ReadSlide;
  });
  const { lookup, images, vector, vectorSlides } = await loadPictures(deck.zip, read);
  const composed = composeDeck(read, deck.height, lookup);
  const blocks = composed.blocks;
  if (!blocks.some((b) => b.text.trim())) throw new ExtractError('empty', 'no text');
  const used = new Set(blocks.flatMap((b) => (b.image ? [b.image.sha256] : [])));
  const withNotes = read.filter((s) => s.notes.length > 0).length;
  // Each warning names the slides it is about (a slide's number is the page of its blocks).
  const warnings: ReadingWarning[] = [];
  if (deck.skippedSlides) {
    const after = Array.from({ length: deck.skippedSlides }, (_, i) => deck.slides.length + 1 + i);
    warnings.push({
      message: `only the first ${deck.slides.length} slides were read; the ${plural(deck.skippedSlides, 'slide')} after them were not`,
      pages: after,
    });
  }
  if (vector)
    warnings.push({
      message: `${plural(vector, 'picture')} in a vector format (EMF, WMF or SVG) ${vector === 1 ? 'was' : 'were'} left out`,
      pages: vectorSlides,
    });
  // Charts keep their numbers in a workbook of their own: they are not read, and the user is told.
  const chartsOn = shown.map((part) => ({
    slide: part.number,
    count: descendants(part.root, 'graphicData').filter((g) => /\/chart$/.test(g.getAttribute('uri') ?? '')).length,
  }));
  const charts = chartsOn.reduce((n, c) => n + c.count, 0);
  if (charts)
    warnings.push({
      message: `${plural(charts, 'chart')} ${charts === 1 ? 'was' : 'were'} left out (a chart's data is not read)`,
      pages: chartsOn.filter((c) => c.count).map((c) => c.slide),
    });
  // Speaker notes repeated over the deck are its furniture: left out, and said.
  warnings.push(
    ...composed.leftOut.map((line) => ({ message: `${line} (left out: a note repeated over the deck, not its text)`, leftOut: true })),
  );
  const hiddenSlides = deck.slides.filter((s) => s.hidden).map((s) => s.number);
  const hidden = hiddenSlides.length;
  if (hidden)
    warnings.push({ message: `${plural(hidden, 'hidden slide')} ${hidden === 1 ? 'was' : 'were'} not read`, pages: hiddenSlides });
  const summary = `${plural(shown.length, 'slide')}${withNotes ? `, ${withNotes} with speaker notes` : ''}`;
  return {
    filename,
    mime: pptxMime,
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    title: composed.title ?? blocks.find((b) => b.kind === 'heading')?.text,
    titleBlock: composed.titleBlock,
    pageCount: deck.slides.length,
    images: [...images.values()].filter((i) => used.has(i.sha256)),
    ...warningFields(warnings),
    summary,
    ...(composed.leftOut.length ? { omitted: composed.leftOut } : {}),
    ...(composed.language ? { language: composed.language } : {}),
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'styles' : 'none',
  };
}
