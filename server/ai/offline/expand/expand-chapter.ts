import type { Chapter, Section } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { AuthoringEngine } from '@server/ai/engine';
import { newSectionId } from '@common/textbook-ops';
import { escapeHtml, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { BookUsage } from '@server/ai/shared/book-usage';
import { chapterFrame } from './chapter-frame';
import { gatherBlocks, keyTerms, topicVector } from './gather';
import { locateUnit } from '@server/ai/shared/locate';
import { noMaterialNote, nothingMoreNote, sourceNames } from '@server/ai/shared/expand-notes';
import { placeBlocks } from './place-blocks';
import { balancedRuns, divideIntoSections } from './sections';
import { sourceMap, titleKey } from '@server/ai/shared/source-map';
import { groupTitle, partsAlongSource, partsAtHeadings, type Part } from './chapter-parts';

/** New paragraphs each section of an expanded chapter gains at most. */
const paragraphsPerSection = 4;

/**
 * Turns a chapter without sections into sections: along the chapter's own
 * sub-headings when it has them, else along its source unit's sub-units
 * (each section filled first from its own sub-unit), else by topic. Each
 * part gains what its sources hold that the book does not (see
 * gatherBlocks); the author's blocks are kept exactly, in order. More parts
 * than asked are grouped, fewer are kept as they are (a unit is not cut to
 * reach a number). The chapter's opening (overview, objectives) opens the
 * first section and its review closes the last.
 */
export const expandChapter: AuthoringEngine['expandChapter'] = async (ctx, input) => {
  const map = sourceMap(ctx.material);
  const hasMaterial = map.blocks.length > 0;
  const frame = chapterFrame(input.chapterContent);
  const unit = hasMaterial ? locateUnit(map, input.chapterTitle, input.chapterContent) : null;
  const usage = BookUsage.of(input.book, [input.chapterContent]);
  let added = 0;

  const fill = (part: Part, paragraphs = paragraphsPerSection): string => {
    if (!hasMaterial) return part.html;
    const partUnit = part.unit ?? (part.title ? locateUnit(map, part.title, part.html) : null);
    const chosen = gatherBlocks(map, usage, {
      unit: partUnit,
      terms: keyTerms(map, part.title || input.chapterTitle, htmlToText(part.html)),
      query: topicVector(map, `${part.title} ${input.chapterTitle}`, htmlToText(part.html)),
      paragraphs,
    });
    added += chosen.length;
    return chosen.length
      ? placeBlocks(map, part.html, chosen, { unit: partUnit, headingLevel: 3 })
          .map((p) => p.html)
          .join('')
      : part.html;
  };

  let parts = partsAtHeadings(frame.body) ?? (hasMaterial && unit !== null ? partsAlongSource(map, unit, frame.body) : null);
  let sections: Section[];
  let shape: string;
  if (parts && parts.length >= 2) {
    // Each part is filled before grouping, so it draws on its own sub-unit first.
    parts = parts.map((p) => ({ ...p, html: fill(p) })).filter((p) => htmlToText(p.html) || /<img\b/i.test(p.html));
    const runs =
      parts.length > input.sectionCount
        ? balancedRuns(
            parts.map((p) => Math.max(1, htmlToText(p.html).length)),
            input.sectionCount,
          )
        : parts.map((_, i) => [i]);
    sections = runs.map((run) => {
      const group = run.map((i) => parts![i]);
      const content = group.length === 1 ? group[0].html : group.map((p) => `<h3>${escapeHtml(p.title)}</h3>${p.html}`).join('');
      return { id: newSectionId(), title: groupTitle(group.map((p) => p.title)), content };
    });
    shape =
      parts.length < input.sectionCount
        ? `The sources divide this chapter into ${parts.length} parts, so it has ${parts.length} sections.`
        : '';
  } else {
    const body = fill({ title: input.chapterTitle, html: frame.body, unit }, paragraphsPerSection * input.sectionCount);
    const taken = new Set(
      input.book.chapters
        .flatMap((c, i) => (i === input.chapterIndex ? [] : [c.title, ...c.sections.map((s) => s.title)]))
        .map((t) => titleKey(t)),
    );
    const original = new Set(htmlBlocks(frame.body));
    const blocks = htmlBlocks(body).map((html) => ({ html, isNew: !original.has(html) }));
    let divided = null;
    let count = input.sectionCount;
    for (; count >= 2 && !divided; count--) divided = divideIntoSections(blocks, count, { chapterTitle: input.chapterTitle, taken });
    if (!divided) {
      const searched = hasMaterial
        ? `${sourceNames(ctx.material)
            .map((n) => `"${n}"`)
            .join(', ')} ${sourceNames(ctx.material).length === 1 ? 'has' : 'have'} nothing more on it`
        : 'the textbook has no source material to draw on';
      throw new AppError('UNPROCESSABLE', `This chapter has too little text to divide into sections, and ${searched}.`);
    }
    sections = divided.sections;
    shape = sections.length < input.sectionCount ? `It has enough text for ${sections.length} sections.` : '';
  }
  if (frame.opening) sections[0] = { ...sections[0], content: frame.opening + sections[0].content };
  if (frame.closing)
    sections[sections.length - 1] = { ...sections[sections.length - 1], content: sections[sections.length - 1].content + frame.closing };

  const current = input.book.chapters[input.chapterIndex];
  const chapter: Chapter = { id: current?.id, title: input.chapterTitle, content: '', sections };
  if (added === 0) {
    const none = hasMaterial ? nothingMoreNote(ctx.material, input.chapterTitle) : noMaterialNote;
    return {
      value: chapter,
      exhausted: true,
      note: `${none} The chapter's own text was divided into ${sections.length} sections.${shape ? ` ${shape}` : ''}`,
    };
  }
  return shape ? { value: chapter, exhausted: false, note: shape } : { value: chapter, exhausted: false };
};
