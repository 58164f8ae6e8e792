import type { Chapter, Section, TextbookContent } from '@common/textbook';
import type { DocBlock, DocSection } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { CasingIndex, listPhrase } from '../analyze/phrasing';
import { filenameTopic } from '../analyze/topic';
import { reviewSectionTitle } from '../compose/apparatus-html';
import { escapeHtml } from '@common/textbook-ops/html';
import { keyphraseTitle } from '../compose/keyphrase-titles';
import { numberListItems } from '../compose/list-numbers';
import { renderBlocks, type RenderOptions } from '../compose/render-blocks';
import { allBlocks, chapterOpening, chapterReview, coversSentence, digestUnit } from './apparatus';
import { bareUnit, blockWords, documentUnits, isEndMatterTitle, isFurniture, proseWords } from './document-units';
import { mergeByTopic, mergeContinuations, titleKey } from './merge-units';
import { cleanHeadingTitle } from './plan';
import { withScriptHeadings } from './script-units';
import { segmentDocument } from './segment-blocks';
import { offTopicDocuments, readTopic, withoutExcluded } from './topic-scope';

export { documentUnits, isFurniture } from './document-units';

/** Up to this many words of material the book keeps all of it; above, each unit is condensed towards it. */
export const fullTextWords = 40_000;
/** A condensed unit keeps at least this many words of its own (or all it has). */
const unitFloorWords = 150;

/** Keeps a unit's blocks within a word budget: its first paragraph always, then the most telling ones, in reading order. */
function condense(blocks: DocBlock[], budget: number): DocBlock[] {
  const total = blockWords(blocks);
  if (total <= budget) return blocks;
  const score = (b: DocBlock, i: number): number => {
    if (b.kind === 'figure' || b.kind === 'equation' || b.kind === 'table') return 2;
    let s = i === 0 ? 3 : 0;
    if (/\b(is|are) (defined as|called|known as)|\bwe (call|define)\b|\bdefinition\b/i.test(b.text)) s += 2;
    if (/\b(for example|for instance|example)\b/i.test(b.text)) s += 1;
    return s - i / (blocks.length * 4);
  };
  const ranked = blocks.map((b, i) => ({ b, i, s: score(b, i) })).sort((x, y) => y.s - x.s);
  const keep = new Set<number>();
  let used = 0;
  for (const { b, i } of ranked) {
    const w = b.text.split(/\s+/).length;
    if (used > 0 && used + w > budget) continue;
    keep.add(i);
    used += w;
  }
  return blocks.filter((_, i) => keep.has(i));
}

interface ComposeOptions extends RenderOptions {
  /** Share of each unit's words kept (1 = all). */
  keep: number;
}

function unitBlocks(blocks: DocBlock[], options: ComposeOptions): DocBlock[] {
  if (options.keep >= 1) return blocks;
  const total = blockWords(blocks);
  // Numbered items keep their numbers when items before them are left out.
  return condense(numberListItems(blocks), Math.max(unitFloorWords, Math.round(total * options.keep)));
}

/** A unit and everything below it as HTML: its own blocks, then each sub-unit under a heading one level down (h3 to h6). */
function renderUnit(node: DocSection, headingLevel: number, options: ComposeOptions): string {
  let html = renderBlocks(unitBlocks(node.blocks, options), options);
  for (const child of node.children) {
    const level = Math.min(6, headingLevel);
    html += `<h${level}>${escapeHtml(cleanHeadingTitle(child.title))}</h${level}>`;
    html += renderUnit(child, headingLevel + 1, options);
  }
  return html;
}

/** A teaching chapter: its opening (overview, objectives), its text and sections, and its close (summary, key terms, review questions). */
function composeChapter(node: DocSection, options: ComposeOptions): Chapter {
  // A unit with no sentences of prose (a program listing, a table of data) has nothing to state
  // objectives or a summary from: it is printed as it is.
  if (proseWords(allBlocks(node)) === 0) return composePlain(node, options);
  const title = cleanHeadingTitle(node.title) || 'Untitled unit';
  const digest = digestUnit(node);
  const own = renderBlocks(unitBlocks(node.blocks, options), options);
  const opening = chapterOpening(digest);
  // A rule between the apparatus and the material, so neither reads as part of the other.
  const lead = opening && own ? `${opening}<hr />` : opening;
  const review = chapterReview(digest, options);
  if (node.children.length === 0) return { title, content: lead + own + (review ? `<hr />${review}` : ''), sections: [] };
  const sections: Section[] = node.children.map((child) => ({
    title: cleanHeadingTitle(child.title) || title,
    content: renderUnit(child, 3, options),
  }));
  if (review) sections.push({ title: reviewSectionTitle, content: review });
  return { title, content: lead + own, sections };
}

/** End matter (exercises, further reading, a glossary) and introductions are material, not a lesson: no apparatus. */
function composePlain(node: DocSection, options: ComposeOptions, overview = ''): Chapter {
  const title = cleanHeadingTitle(node.title) || 'Untitled unit';
  const own = renderBlocks(unitBlocks(node.blocks, options), options);
  return {
    title,
    content: overview && own ? `${overview}<hr />${own}` : overview + own,
    sections: node.children.map((c) => ({ title: cleanHeadingTitle(c.title) || title, content: renderUnit(c, 3, options) })),
  };
}

/** True when the material's documents carry headings to build the book on. */
export function hasDocumentStructure(material: Material): boolean {
  return material.sources.some((s) => s.document.blocks.some((b) => b.kind === 'heading' && b.text.trim()));
}

/** True when the material's documents were read into blocks (every upload and typed text is): the book is composed from them. */
export function hasDocumentBlocks(material: Material): boolean {
  return material.sources.some((s) => s.document.blocks.some((b) => b.kind !== 'heading' && b.text.trim()));
}

/** A specific noun phrase of the text for a unit the documents left without a title (no headings, a date-only heading). */
function inventedTitle(blocks: DocBlock[], taken: Set<string>): string | undefined {
  const texts = blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item').map((b) => b.text);
  return keyphraseTitle(texts, { taken }) ?? undefined;
}

interface Part {
  kind: 'intro' | 'chapter' | 'end';
  unit: DocSection;
  /** For an introduction: the units it introduces, for its overview. */
  introduces?: DocSection[];
}

/**
 * The book from the documents' own structure: each document's units become chapters,
 * several documents merged by topic with each one's order kept, the next level sections,
 * deeper levels sub-headings inside the section; every block kept in reading order
 * (figures, equations, tables, lists with them), condensed per unit only for whole books.
 * Each teaching chapter opens with an overview and objectives and closes with a review
 * drawn from it; a document's introduction opens its part, its end matter closes the book.
 * Units or documents the topic clearly leaves out are left out and named in the notice.
 */
export function composeFromDocuments(
  material: Material,
  options: { title: string; onProgress?: (fraction: number) => void },
): TextbookContent {
  const topic = readTopic(options.title);
  const offTopic = offTopicDocuments(
    material.sources.map((s) => s.text),
    topic.subject,
  );
  const leftOut: string[] = [];
  const sources = material.sources.filter((s, i) => {
    if (offTopic[i]) leftOut.push(`"${s.filename}" (it does not mention ${topic.subject})`);
    return !offTopic[i];
  });
  const totalWords = sources.reduce((n, s) => n + blockWords(s.document.blocks), 0);
  const compose: ComposeOptions = { imageUrls: material.imageUrls, keep: totalWords > fullTextWords ? fullTextWords / totalWords : 1 };
  const taken = new Set<string>();
  const intros: Part[] = [];
  const perDocument: DocSection[][] = [];
  const endMatter: DocSection[] = [];
  const appendices: DocSection[] = [];
  for (const source of sources) {
    // A script pasted in without headings is cut at its own heading comments.
    const u = documentUnits(withScriptHeadings(source.document) ?? source.document);
    appendices.push(...u.appendices);
    const excluded = withoutExcluded(u.chapters, topic.excluded);
    leftOut.push(...excluded.left.map((t) => `"${t}"`));
    const chapters = mergeContinuations(excluded.units).map((c) =>
      // A lecture's date-only heading names a day, not a topic: the unit is titled by what it teaches.
      c.session && c.children.length === 0 ? { ...c, title: inventedTitle(c.blocks, taken) ?? c.title } : c,
    );
    if (chapters.length === 0 && u.endMatter.length === 0) {
      // A document without headings: its text in reading order, cut into chapters and sections where its topic changes
      // when it is long, each named by what it is about (one short document keeps its own title).
      // Without headings the whole text is the document's preamble (already cleaned of furniture and contents lines).
      const blocks = u.intro?.blocks.length
        ? u.intro.blocks
        : source.document.blocks.filter((b) => b.kind !== 'heading' && !isFurniture(b));
      if (!u.intro?.children.length && blockWords(blocks) > 1000) {
        // With no title and no phrase to name a part by (a script), the file's name names it, never "Untitled".
        perDocument.push(segmentDocument(blocks, { taken, title: source.document.title || filenameTopic(source.filename) || undefined }));
        continue;
      }
      const title = source.document.title || inventedTitle(blocks, taken) || filenameTopic(source.filename) || source.filename;
      perDocument.push([bareUnit(title, blocks, u.intro?.children ?? [])]);
      continue;
    }
    const introTitle = u.intro?.title || source.document.title || '';
    if (u.intro && (proseWords(u.intro.blocks) >= 30 || u.intro.children.length > 0)) {
      const unit = bareUnit(introTitle, u.intro.blocks, u.intro.children);
      // A document's introduction with sections of its own teaches like a chapter; one without opens the book.
      if (u.intro.children.length > 0) chapters.unshift(unit);
      // With several documents, one document's introduction opens its own first chapter, never the whole book
      // (its overview would name only that document's chapters as the book's).
      else if (sources.length > 1 && chapters[0]) chapters[0] = { ...chapters[0], blocks: [...u.intro.blocks, ...chapters[0].blocks] };
      else intros.push({ kind: 'intro', unit, introduces: chapters });
    } else if (
      u.intro &&
      // A title block of names is left out; a line of prose, or a program's opening code, opens the first chapter.
      (proseWords(u.intro.blocks) > 0 || u.intro.blocks.some((b) => b.kind === 'code')) &&
      blockWords(u.intro.blocks) < 120 &&
      chapters[0]
    ) {
      chapters[0] = { ...chapters[0], blocks: [...u.intro.blocks, ...chapters[0].blocks] };
    }
    perDocument.push(chapters);
    // With several documents, each one's closing exercises stay with its last chapter; a single document's close the book.
    if (sources.length > 1 && chapters.length > 0) {
      const last = chapters[chapters.length - 1];
      chapters[chapters.length - 1] = { ...last, children: [...last.children, ...u.endMatter] };
    } else endMatter.push(...u.endMatter);
  }
  const merged = mergeByTopic(perDocument);
  const parts: Part[] = [
    ...intros,
    ...merged.map((unit): Part => ({ kind: isEndMatterTitle(unit.title) ? 'end' : 'chapter', unit })),
    ...endMatter.map((unit): Part => ({ kind: 'end', unit })),
    ...appendices.map((unit): Part => ({ kind: 'end', unit })),
  ];
  const chapters: Chapter[] = [];
  parts.forEach((part, i) => {
    options.onProgress?.(i / Math.max(1, parts.length));
    if (part.kind === 'chapter') chapters.push(composeChapter(part.unit, compose));
    else if (part.kind === 'intro')
      chapters.push(composeIntro(part.unit, part.introduces ?? [], introTitle(part.unit, options.title, intros.length, merged), compose));
    else chapters.push(composePlain(part.unit, compose));
  });
  options.onProgress?.(1);
  const notice = leftOut.length
    ? `Left out because the topic "${options.title}" does not cover them: ${listPhrase(leftOut)}. Add them back from the Academic Toolkit or generate again with a wider topic.`
    : undefined;
  return { title: options.title, chapters: dedupeTitles(chapters), references: [], ...(notice ? { notice } : {}) };
}

/**
 * A document's introduction is titled "Introduction" when it is the book's only one and no chapter
 * has that title; otherwise by the document's own title.
 */
function introTitle(unit: DocSection, bookTitle: string, introCount: number, chapters: DocSection[]): string {
  const own = cleanHeadingTitle(unit.title);
  const free = !chapters.some((c) => titleKey(c.title) === 'introduction');
  if (free && (!own || (introCount === 1 && (titleKey(own) === titleKey(bookTitle) || chapters.length > 0)))) return 'Introduction';
  return own || bookTitle || 'Introduction';
}

/** A document's introduction, with an overview of the chapters it introduces and no apparatus of its own. */
function composeIntro(unit: DocSection, introduces: DocSection[], title: string, options: ComposeOptions): Chapter {
  const teaching = introduces.filter((c) => !isEndMatterTitle(c.title)).map((c) => cleanHeadingTitle(c.title));
  const casing = new CasingIndex(
    [unit.blocks.map((b) => b.text).join('\n'), ...introduces.flatMap((c) => c.blocks.slice(0, 20).map((b) => b.text))].join('\n'),
  );
  const overview =
    teaching.length >= 2 ? `<h3>Overview</h3><p>${escapeHtml(coversSentence(teaching, casing, 'The book', 'chapters'))}</p>` : '';
  return { ...composePlain({ ...unit, title }, options, overview), title };
}

/** Two chapters of one title that merging by topic could not join (an introduction and a chapter, say) are told apart by content, never "(2)". */
function dedupeTitles(chapters: Chapter[]): Chapter[] {
  const seen = new Set<string>();
  return chapters.map((c) => {
    const key = titleKey(c.title);
    if (!seen.has(key)) {
      seen.add(key);
      return c;
    }
    const first = c.sections.find((s) => s.title !== reviewSectionTitle)?.title;
    const title = first ? `${c.title}: ${first}` : c.title;
    seen.add(titleKey(title));
    return { ...c, title };
  });
}
