import type { TextbookContent } from '@common/textbook';
import { escapeHtml, htmlToText } from '@common/textbook-ops/html';
import type { DocBlock } from '@server/core/document-model';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { keyTermsOf } from '@server/ai/shared/key-terms';
import type { KeyTerms } from './gather';
import { onTopic } from './gather';
import { isWithin, type MapBlock, type SourceMap } from '@server/ai/shared/source-map';

/** Where the book prints a passage: the chapter and, when in one, the section. */
interface BookPlace {
  chapterIndex: number;
  chapterTitle: string;
  sectionTitle?: string;
}

/** What the rest of the material offers a section that already holds all of its own source unit. */
export interface Helpful {
  /** The section's HTML with the additions after it (nothing of the author's text changes). */
  html: string;
  /** How many pointers and insertions were added. */
  added: number;
}

const maxDefinitions = 3;
const maxExamples = 2;
const maxFigures = 1;

/** A worked example or an exercise, by the way the material labels it. */
const exampleStart = /^(?:worked\s+)?(?:example|exercise|problem|practice problem)\s*[\d.]*\s*(?:\([^)]{1,60}\))?\s*[.:)\u2013-]?\s/i;

function placesOf(book: TextbookContent): Map<string, BookPlace> {
  const places = new Map<string, BookPlace>();
  const add = (html: string, place: BookPlace) => {
    for (const s of fastSentences(htmlToText(html))) {
      const key = sentenceKey(s);
      if (key.split(' ').length >= 4 && !places.has(key)) places.set(key, place);
    }
  };
  book.chapters.forEach((c, chapterIndex) => {
    add(c.content, { chapterIndex, chapterTitle: c.title });
    for (const s of c.sections) add(s.content, { chapterIndex, chapterTitle: c.title, sectionTitle: s.title });
  });
  return places;
}

/** Where the book prints the block (by its first sentence that the book holds), or null. */
function placeOf(places: Map<string, BookPlace>, b: MapBlock, only?: string): BookPlace | null {
  const keys = only ? fastSentences(only).map(sentenceKey) : b.sentences.length ? b.sentences.map((s) => s.key) : [sentenceKey(b.text)];
  for (const key of keys) {
    const place = places.get(key);
    if (place) return place;
  }
  return null;
}

function describePlace(place: BookPlace): string {
  const chapter = `chapter ${place.chapterIndex + 1}, \u201c${escapeHtml(place.chapterTitle)}\u201d`;
  return place.sectionTitle ? `the section \u201c${escapeHtml(place.sectionTitle)}\u201d (${chapter})` : chapter;
}

const samePlace = (a: BookPlace, chapterIndex: number, sectionTitle: string) =>
  a.chapterIndex === chapterIndex && (a.sectionTitle ?? '').trim().toLowerCase() === sectionTitle.trim().toLowerCase();

function usesTerm(text: string, term: string): boolean {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

function sourceNote(map: SourceMap, b: MapBlock): string {
  const unit = map.units[b.unit];
  const page = b.block.page ? `, page ${b.block.page}` : '';
  return `${unit.filename}${page}`;
}

/**
 * When a section already prints everything its own source unit says, what the
 * rest of the material has on the section's terms: where the book defines a
 * term the section uses without defining it, a worked example or exercise on
 * the same topic, the related figure. What the book already prints elsewhere
 * becomes a "See also" pointer to that place (the text is never printed
 * twice); what the book does not print is added whole, with its source named.
 * Nothing on the topic: null, and the caller says so.
 */
export function helpfulAdditions(
  map: SourceMap,
  book: TextbookContent,
  input: { chapterIndex: number; sectionTitle: string; current: string; unit: number | null; terms: KeyTerms },
): Helpful | null {
  const text = htmlToText(input.current);
  const places = placesOf(book);
  const own = (b: MapBlock) => input.unit !== null && isWithin(map, b.unit, input.unit);
  const pointers: string[] = [];
  const inserted: string[] = [];
  const seen = new Set<string>();
  const offer = (b: MapBlock, label: string, blocks: DocBlock[], passage?: string) => {
    const place = placeOf(places, b, passage);
    if (place && samePlace(place, input.chapterIndex, input.sectionTitle)) return false;
    const key = place ? `${place.chapterIndex}/${place.sectionTitle ?? ''}/${label}` : `new/${b.order}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (place) pointers.push(`<li>${label}: ${describePlace(place)}.</li>`);
    else inserted.push(`<p><em>${label}</em> (from ${escapeHtml(sourceNote(map, b))}):</p>${renderBlocks(blocks, map.render)}`);
    return true;
  };

  // Terms the section uses and another unit of the material defines.
  const ownTerms = new Set(keyTermsOf(map.blocks.filter(own).map((b) => b.block)).map((t) => t.term.toLowerCase()));
  let definitions = 0;
  for (const unit of map.units) {
    if (definitions >= maxDefinitions) break;
    if (input.unit !== null && (isWithin(map, unit.index, input.unit) || isWithin(map, input.unit, unit.index))) continue;
    const blocks = unit.own.map((o) => map.blocks[o]).filter((b) => !b.isDebris);
    for (const term of keyTermsOf(blocks.map((b) => b.block))) {
      if (definitions >= maxDefinitions) break;
      if (ownTerms.has(term.term.toLowerCase()) || !usesTerm(text, term.term)) continue;
      const holder = blocks.find((b) => b.text.includes(term.definition.slice(0, 40)));
      if (!holder) continue;
      const definition: DocBlock = { ...holder.block, kind: 'paragraph', text: term.definition };
      if (
        offer(
          holder,
          `The definition of \u201c${escapeHtml(term.term)}\u201d`,
          term.equation ? [definition, term.equation] : [definition],
          term.definition,
        )
      )
        definitions++;
    }
  }

  // Worked examples and exercises on the section's topic elsewhere in the material.
  let examples = 0;
  for (const b of map.blocks) {
    if (examples >= maxExamples) break;
    if (own(b) || b.isDebris || !exampleStart.test(b.text) || !onTopic(input.terms, b.terms)) continue;
    const label =
      b.block.kind === 'exercise' || /^(?:exercise|problem|practice)/i.test(b.text)
        ? 'An exercise on this topic'
        : 'A worked example on this topic';
    if (offer(b, label, [b.block])) examples++;
  }

  // A figure on the section's topic, by its caption.
  let figures = 0;
  for (const b of map.blocks) {
    if (figures >= maxFigures) break;
    if (own(b) || b.block.kind !== 'figure' || !b.text.trim() || !onTopic(input.terms, b.terms)) continue;
    const url = b.block.image ? map.render.imageUrls?.[b.block.image.sha256] : undefined;
    if (!url) continue;
    if (offer(b, 'A related figure', [b.block])) figures++;
  }

  const added = pointers.length + inserted.length;
  if (added === 0) return null;
  const seeAlso = pointers.length ? `<h3>See also</h3><ul>${pointers.join('')}</ul>` : '';
  return { html: `${input.current}${inserted.join('')}${seeAlso}`, added };
}
