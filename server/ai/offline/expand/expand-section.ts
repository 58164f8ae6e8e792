import type { AuthoringEngine } from '@server/ai/engine';
import { htmlToText } from '@common/textbook-ops/html';
import { BookUsage } from '@server/ai/shared/book-usage';
import { gatherBlocks, keyTerms, topicVector } from './gather';
import { locateUnit } from '@server/ai/shared/locate';
import { noMaterialNote, nothingMoreNote, seeAlsoNote } from '@server/ai/shared/expand-notes';
import { helpfulAdditions } from './see-also';
import { placeBlocks } from './place-blocks';
import { sourceMap } from '@server/ai/shared/source-map';

/**
 * Expands a section with up to `paragraphCount` paragraphs from its own
 * source unit (with its sub-units), then its neighbours in the document
 * tree, then passages of the same documents on its topic, none already in
 * the book, placed in the sources' reading order among its paragraphs, with
 * their formulas, figures and lists as the documents hold them. A section that
 * already holds all of that gets what the rest of the material has on its
 * terms (definitions, worked examples, a figure), as "See also" pointers to
 * where the book prints them or as sourced insertions (see-also.ts).
 */
export const generateSection: AuthoringEngine['generateSection'] = async (ctx, input) => {
  const chapter = input.book.chapters[input.chapterIndex];
  const wanted = input.sectionTitle.trim().toLowerCase();
  const section = chapter?.sections.find((s) => s.title.trim().toLowerCase() === wanted);
  const current = section?.content ?? '';
  const map = sourceMap(ctx.material);
  if (map.blocks.length === 0) return { value: current, exhausted: true, note: noMaterialNote };
  const text = htmlToText(current);
  const unit = locateUnit(map, input.sectionTitle, current);
  const terms = keyTerms(map, input.sectionTitle, text || input.chapterTitle);
  const chosen = gatherBlocks(map, BookUsage.of(input.book, [current]), {
    unit,
    terms,
    query: topicVector(map, `${input.sectionTitle} ${input.sectionTitle} ${input.chapterTitle}`, text),
    paragraphs: input.paragraphCount,
  });
  if (chosen.length === 0) {
    // The section holds all its own unit says: offer what the rest of the material has on its terms instead.
    const helpful = section
      ? helpfulAdditions(map, input.book, { chapterIndex: input.chapterIndex, sectionTitle: section.title, current, unit, terms })
      : null;
    if (helpful) return { value: helpful.html, exhausted: false, note: seeAlsoNote(helpful.added) };
    return { value: current, exhausted: true, note: nothingMoreNote(ctx.material, input.sectionTitle) };
  }
  const placed = placeBlocks(map, current, chosen, { unit, headingLevel: 3 });
  return { value: placed.map((p) => p.html).join(''), exhausted: false };
};
