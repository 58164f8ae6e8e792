import type { Material } from '@server/ai/material';
import { BookUsage } from '@server/ai/shared/book-usage';
import { gatherBlocks, keyTerms, topicVector } from '../expand/gather';
import { locateUnit } from '@server/ai/shared/locate';
import { placeBlocks } from '../expand/place-blocks';
import { sourceMap } from '@server/ai/shared/source-map';
import type { SectionWriter } from './apply-command';

/** Paragraphs a new section drafted from the material holds at most. */
const sectionParagraphs = 4;

/**
 * Drafts a new section from the material: the unit of the documents with
 * that title when there is one (its text, formulas and figures in reading
 * order), else the passages on its topic (see gatherBlocks), using nothing
 * the book already prints. Null when the material has nothing new on it.
 */
export function materialSectionWriter(material: Material): SectionWriter {
  return async ({ title, chapterTitle, book }) => {
    const map = sourceMap(material);
    if (map.blocks.length === 0) return null;
    const unit = locateUnit(map, title, '');
    const chosen = gatherBlocks(map, BookUsage.of(book), {
      unit,
      terms: keyTerms(map, title, chapterTitle),
      query: topicVector(map, `${title} ${title} ${chapterTitle}`, ''),
      paragraphs: sectionParagraphs,
    });
    if (chosen.length === 0) return null;
    return placeBlocks(map, '', chosen, { unit, headingLevel: 3 })
      .map((p) => p.html)
      .join('');
  };
}
