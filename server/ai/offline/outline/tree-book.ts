import type { Chapter, Section, TextbookContent } from '@common/textbook';
import type { DocBlock, DocSection } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { CasingIndex, listPhrase } from '@server/ai/shared/phrasing';
import { filenameTopic } from '../analyze/topic';
import { reviewSectionTitle } from '@server/ai/shared/apparatus-html';
import { escapeHtml } from '@common/textbook-ops/html';
import { keyphraseTitle } from '../compose/keyphrase-titles';
import { numberListItems } from '@server/ai/shared/list-numbers';
import { renderBlocks, type RenderOptions } from '@server/ai/shared/render-blocks';
import { allBlocks, chapterOpening, chapterReview, coversSentence, digestUnit } from './apparatus';
import { bareUnit, blockWords, documentUnits, isEndMatterTitle, proseWords, type LeftOutUnit } from './document-units';
import { deckChapters } from './deck-chapters';
import { isFurniture } from '@server/ai/shared/furniture';
import { scheduleOf } from './schedule';
import { mergeByTopic, mergeContinuations, titleKey } from './merge-units';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';
import { withScriptHeadings } from './script-units';
import { segmentDocument } from './segment-blocks';
import { continuedTitles } from './repeated-titles';
import { offTopicDocuments, readTopic, withoutExcluded } from './topic-scope';
import { keepShare, keptBlocks, type Tally } from './condense';
import type { BookLength, GenerationReport } from '@common/textbook';
import { continuedWord, introductionTitle, languageName, writesApparatusIn } from '@server/core/nlp/language';
import { materialLanguage } from '@server/ai/material-language';
import { indexWordsOf } from '@server/ai/index-words';
import { fileNotes, fileNotesNotice, omittedLines, type ChapterPages } from '@server/ai/shared/file-notes';

export { documentUnits } from './document-units';

interface ComposeOptions extends RenderOptions {
  /** Share of each unit's words kept (1 = all: a full book). */
  keep: number;
  /** The current chapter's words, source and kept, when the book is condensed. */
  tally?: Tally;
  /** False for a material in a language the apparatus is not written in: no overview, objectives or review. */
  apparatus: boolean;
}

function unitBlocks(blocks: DocBlock[], options: ComposeOptions): DocBlock[] {
  // Numbered items keep their numbers when items before them are left out.
  return keptBlocks(options.keep >= 1 ? blocks : numberListItems(blocks), options.keep, options.tally);
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

/** The meeting a unit was taught at, under its title: lecture notes by date keep their dates. */
function scheduleLine(node: DocSection): string {
  const schedule = scheduleOf(node);
  return schedule ? `<p><em>${escapeHtml(schedule)}</em></p>` : '';
}

/** A teaching chapter: its opening (overview, objectives), its text and sections, and its close (summary, key terms, review questions). */
function composeChapter(node: DocSection, options: ComposeOptions): Chapter {
  // A unit with no sentences of prose (a program listing, a table of data) has nothing to state
  // objectives or a summary from: it is printed as it is; so is one in a language the apparatus is not written in.
  if (!options.apparatus || proseWords(allBlocks(node)) === 0) return composePlain(node, options);
  const title = cleanHeadingTitle(node.title) || 'Untitled unit';
  const digest = digestUnit(node);
  const own = renderBlocks(unitBlocks(node.blocks, options), options);
  const opening = chapterOpening(digest);
  // A rule between the apparatus and the material, so neither reads as part of the other.
  const lead = scheduleLine(node) + (opening && own ? `${opening}<hr />` : opening);
  const review = chapterReview(digest, options);
  if (node.children.length === 0) return { title, content: lead + own + (review ? `<hr />${review}` : ''), sections: [] };
  const sections: Section[] = node.children.map((child) => ({
    title: cleanHeadingTitle(child.title) || title,
    // A file made one part keeps its units' meeting dates under their titles.
    content: scheduleLine(child) + renderUnit(child, 3, options),
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
    content: scheduleLine(node) + (overview && own ? `${overview}<hr />${own}` : overview + own),
    sections: node.children.map((c) => ({ title: cleanHeadingTitle(c.title) || title, content: renderUnit(c, 3, options) })),
  };
}

/** A slide deck (PowerPoint, OpenDocument presentation). */
const isDeck = (mime: string) => /presentation/i.test(mime);

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

/**
 * The most words a document of several may have to be one chapter of the book: a long textbook chapter. Above it (a book,
 * a term's notes) its own chapters stay chapters.
 */
const partWords = 8000;
/** A unit that answers or labels a task ("Solution", "Key Points"): every lesson of a series has one. */
const answerTitle = /^(?:solutions?|answers?|hints?|key points|challenges?|discussion|questions?)$/;

interface Part {
  kind: 'intro' | 'chapter' | 'end';
  unit: DocSection;
  /** For an introduction: the units it introduces, for its overview. */
  introduces?: DocSection[];
}

/**
 * The book from the documents' own structure: each document's units become chapters,
 * several documents merged by topic with each one's order kept (a short titled document sharing no topic with the
 * others is one chapter, its units its sections), the next level sections,
 * deeper levels sub-headings inside the section; every block kept in reading order
 * (figures, equations, tables, lists with them), condensed per unit only for whole books.
 * Each teaching chapter opens with an overview and objectives and closes with a review
 * drawn from it; a document's introduction opens its part, its end matter closes the book.
 * Every document is in the book; units the topic explicitly excludes ("... without X") are left
 * out and named. The whole material is kept unless the user asked for a condensed book; what a
 * condensed book shortened is reported per chapter (`generation`), and the notice says it all.
 */
export function composeFromDocuments(
  material: Material,
  options: { title: string; length?: BookLength; onProgress?: (fraction: number) => void },
): TextbookContent {
  const topic = readTopic(options.title);
  const sources = material.sources;
  // A file that never mentions the topic stays in the book (it was uploaded for it); the notice names it, so its owner can remove it.
  const offTopic = offTopicDocuments(
    sources.map((s) => s.text),
    topic.subject,
  );
  const unrelated = sources.filter((_, i) => offTopic[i]).map((s) => `"${s.filename}"`);
  const leftOut: string[] = [];
  // Units not printed as text (a table of contents, an index, a reference list): said in the report, never in silence.
  const notPrinted: string[] = [];
  const totalWords = sources.reduce((n, s) => n + blockWords(s.document.blocks), 0);
  const language = materialLanguage(material);
  const apparatus = writesApparatusIn(language);
  const compose: ComposeOptions = { imageUrls: material.imageUrls, keep: keepShare(options.length, totalWords), apparatus };
  const taken = new Set<string>();
  const intros: Part[] = [];
  const perDocument: DocSection[][] = [];
  // Documents that may be one part each (by their index in perDocument).
  const fileParts = new Map<number, DocSection>();
  const endMatter: DocSection[] = [];
  const appendices: DocSection[] = [];
  for (const source of sources) {
    // A script pasted in without headings is cut at its own heading comments.
    const u = documentUnits(withScriptHeadings(source.document) ?? source.document);
    appendices.push(...u.appendices);
    notPrinted.push(...u.leftOut.map((l) => leftOutLine(l, source.filename, sources.length > 1)));
    const excluded = withoutExcluded(u.chapters, topic.excluded);
    leftOut.push(...excluded.left.map((t) => `"${t}"`));
    const units = mergeContinuations(excluded.units).map((c) =>
      // A lecture's date-only heading names a day, not a topic: the unit is titled by what it teaches.
      c.session && c.children.length === 0 ? { ...c, title: inventedTitle(c.blocks, taken) ?? c.title } : c,
    );
    // A deck that is not one part of a larger book has its slides grouped into chapters by topic (deck-chapters.ts).
    const wholeBook = sources.length === 1 || blockWords(source.document.blocks) > partWords;
    const chapters = wholeBook && isDeck(source.mime) ? deckChapters(units) : units;
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
    // With several documents, a lecture or a handout that shares no topic with the others is one part of the book: one
    // chapter under the file's own title, its units as sections (their headings one level down), its opening text and
    // closing exercises with them. Side by side at the top, a handout's examples and tasks beside a lecture's topics read
    // as one list and lose which file they came from. A long document (a book, full notes) keeps its own chapters, and
    // so does one without a title above its units (its first heading is its first unit's, not a name for the whole).
    const ownTitle = cleanHeadingTitle(source.document.title ?? '');
    const partTitle =
      cleanHeadingTitle(u.intro?.title ?? '') || (chapters.some((c) => titleKey(c.title) === titleKey(ownTitle)) ? '' : ownTitle);
    if (sources.length > 1 && chapters.length >= 2 && blockWords(source.document.blocks) <= partWords && titleKey(partTitle) !== '')
      // Sub-headings before the first unit are the opening's sections, first among the part's.
      fileParts.set(
        perDocument.length,
        bareUnit(partTitle, u.intro?.blocks ?? [], [...(u.intro?.children ?? []), ...chapters, ...u.endMatter]),
      );
    if (u.intro && (proseWords(u.intro.blocks) >= 30 || u.intro.children.length > 0)) {
      const unit = bareUnit(introTitle, u.intro.blocks, u.intro.children);
      // A document's introduction with sections of its own teaches like a chapter; one without opens the book.
      if (u.intro.children.length > 0) chapters.unshift(unit);
      // With several documents, one document's introduction opens its own first chapter, never the whole book
      // (its overview would name only that document's chapters as the book's).
      else if (sources.length > 1 && chapters[0]) chapters[0] = { ...chapters[0], blocks: [...u.intro.blocks, ...chapters[0].blocks] };
      else intros.push({ kind: 'intro', unit, introduces: chapters });
    } else if (u.intro && u.intro.blocks.length > 0) {
      // Whatever stands before the first unit (a line of prose, a program's opening code, the instructor's office and
      // e-mail lines of a syllabus) opens the first chapter: nothing of the material is left out in silence.
      if (chapters[0]) chapters[0] = { ...chapters[0], blocks: [...u.intro.blocks, ...chapters[0].blocks] };
      else intros.push({ kind: 'intro', unit: bareUnit(introTitle, u.intro.blocks, []), introduces: [] });
    }
    perDocument.push(chapters);
    // With several documents, each one's closing exercises stay with its last chapter; a single document's close the book.
    if (sources.length > 1 && chapters.length > 0) {
      const last = chapters[chapters.length - 1];
      chapters[chapters.length - 1] = { ...last, children: [...last.children, ...u.endMatter] };
    } else endMatter.push(...u.endMatter);
  }
  // A document whose units pair with another's by topic is merged unit by unit; the others are one part each, merged
  // with another unit only under the same title, never for words in common.
  // A pair under a label every file uses ("Solution", "Exercises") shares no topic.
  const topical = perDocument.map((units) =>
    units.filter((unit) => !isEndMatterTitle(unit.title) && !answerTitle.test(titleKey(unit.title))),
  );
  const kept = new Set(mergeByTopic(topical));
  const asParts = perDocument.map((units, i) => {
    const part = fileParts.get(i);
    return part && topical[i].every((unit) => kept.has(unit)) ? [part] : units;
  });
  const unitByUnit = mergeByTopic(perDocument);
  const partUnits = new Set([...fileParts.values()]);
  const merged = asParts.some((units, i) => units !== perDocument[i]) ? mergeByTopic(asParts, (unit) => partUnits.has(unit)) : unitByUnit;
  const parts: Part[] = [
    ...intros,
    ...merged.map((unit): Part => ({ kind: isEndMatterTitle(unit.title) ? 'end' : 'chapter', unit })),
    ...endMatter.map((unit): Part => ({ kind: 'end', unit })),
    ...appendices.map((unit): Part => ({ kind: 'end', unit })),
  ];
  const chapters: Chapter[] = [];
  // Which source and page each block was read from, so what a file could not give is placed in its chapters.
  const origin = new Map<DocBlock, number>();
  for (const s of sources) for (const b of s.document.blocks) origin.set(b, s.id);
  const pagesOf = (unit: DocSection) => {
    const pages = new Map<number, Set<number>>();
    for (const b of allBlocks(unit)) {
      const id = origin.get(b);
      if (id !== undefined && b.page !== undefined) pages.set(id, (pages.get(id) ?? new Set()).add(b.page));
    }
    return pages;
  };
  const chapterPages: Array<Map<number, Set<number>>> = [];
  const shortened: Array<{ at: number; sourceWords: number; keptWords: number }> = [];
  parts.forEach((part, i) => {
    options.onProgress?.(i / Math.max(1, parts.length));
    const tally: Tally = { source: 0, kept: 0 };
    const withTally = { ...compose, tally };
    let chapter: Chapter;
    if (part.kind === 'chapter') chapter = composeChapter(part.unit, withTally);
    else if (part.kind === 'intro')
      chapter = composeIntro(
        part.unit,
        part.introduces ?? [],
        introTitle(part.unit, options.title, intros.length, merged, introductionTitle(language)),
        withTally,
      );
    else chapter = composePlain(part.unit, withTally);
    chapters.push(chapter);
    chapterPages.push(pagesOf(part.unit));
    if (tally.kept < tally.source) shortened.push({ at: chapters.length - 1, sourceWords: tally.source, keptWords: tally.kept });
  });
  options.onProgress?.(1);
  // Slides or units of one title apart from each other are told apart, among the chapters and within each one.
  const label = (key: string) => answerTitle.test(key) || isEndMatterTitle(key);
  const continued = continuedWord(language);
  const titled = continuedTitles(dedupeTitles(chapters), label, continued).map((c) => ({
    ...c,
    sections: continuedTitles(c.sections, label, continued),
  }));
  const fromFiles = fileNotes(
    material,
    titled.map((c, i): ChapterPages[number] => ({ chapter: c.title, pages: chapterPages[i] })),
  );
  const condensed: GenerationReport['condensed'] = shortened.map(({ at, ...words }) => ({ chapter: titled[at].title, ...words }));
  const notices: string[] = [];
  if (condensed.length) {
    const source = condensed.reduce((n, c) => n + c.sourceWords, 0);
    const kept = condensed.reduce((n, c) => n + c.keptWords, 0);
    notices.push(
      `Condensed as you asked: ${condensed.length} ${condensed.length === 1 ? 'chapter keeps' : 'chapters keep'} ${kept.toLocaleString('en')} of their ${source.toLocaleString('en')} words (code, tables, figures, equations and contact lines whole). Generate again at full length to keep all of it.`,
    );
  }
  if (leftOut.length) {
    notices.push(
      `Left out because the topic "${options.title}" excludes them: ${listPhrase(leftOut)}. Generate again with a wider topic to keep them.`,
    );
  }
  if (unrelated.length) {
    notices.push(
      `${listPhrase(unrelated)} ${unrelated.length === 1 ? 'does' : 'do'} not mention "${topic.subject}"; ${unrelated.length === 1 ? 'it is' : 'they are'} in the book all the same. Remove ${unrelated.length === 1 ? 'its chapters' : 'their chapters'} in the Academic Toolkit if ${unrelated.length === 1 ? 'it does' : 'they do'} not belong.`,
    );
  }
  if (fromFiles.length) notices.push(fileNotesNotice(fromFiles.length));
  if (!apparatus && language) {
    notices.push(
      `The material is in ${languageName(language)}: the chapters carry no overviews, objectives, summaries or review questions, which this engine writes only in English.`,
    );
  }
  // The material's own index words, for the book's index (found in the text when the book is rendered).
  const indexTerms = indexWordsOf(material);
  const generation: GenerationReport = {
    length: options.length ?? 'full',
    condensed,
    leftOut: [
      ...leftOut.map((t) => `${t}: excluded by the topic`),
      ...notPrinted,
      // What the reader left out on purpose (the author's to-do notes) is said too.
      ...omittedLines(material),
      ...(apparatus ? [] : ['chapter overviews, objectives, summaries and review questions: not written in this language']),
    ],
    ...(fromFiles.length ? { fromFiles } : {}),
  };
  return {
    title: options.title,
    chapters: titled,
    references: [],
    ...(notices.length ? { notice: notices.join(' ') } : {}),
    ...(language ? { language } : {}),
    generation,
    ...(indexTerms.length ? { indexTerms } : {}),
  };
}

/** A report line for a unit the book does not print as text. */
function leftOutLine(unit: LeftOutUnit, filename: string, several: boolean): string {
  const where = several ? ` (${filename})` : '';
  const words = unit.words > 0 ? `, ${unit.words.toLocaleString('en')} words` : '';
  return unit.why === 'references'
    ? `"${unit.title}"${where}${words}: the material's reference list; its entries are the book's references`
    : `"${unit.title}"${where}${words}: the original's navigation; the book has its own contents and index`;
}

/**
 * A document's introduction is titled "Introduction" (in the book's language: "Einleitung") when it is the book's only
 * one and no chapter has that title; otherwise by the document's own title.
 */
function introTitle(unit: DocSection, bookTitle: string, introCount: number, chapters: DocSection[], word = 'Introduction'): string {
  const own = cleanHeadingTitle(unit.title);
  const free = !chapters.some((c) => titleKey(c.title) === titleKey(word));
  if (free && (!own || (introCount === 1 && (titleKey(own) === titleKey(bookTitle) || chapters.length > 0)))) return word;
  return own || bookTitle || word;
}

/** A document's introduction, with an overview of the chapters it introduces and no apparatus of its own. */
function composeIntro(unit: DocSection, introduces: DocSection[], title: string, options: ComposeOptions): Chapter {
  const teaching = introduces.filter((c) => !isEndMatterTitle(c.title)).map((c) => cleanHeadingTitle(c.title));
  const casing = new CasingIndex(
    [unit.blocks.map((b) => b.text).join('\n'), ...introduces.flatMap((c) => c.blocks.slice(0, 20).map((b) => b.text))].join('\n'),
  );
  const overview =
    options.apparatus && teaching.length >= 2
      ? `<h3>Overview</h3><p>${escapeHtml(coversSentence(teaching, casing, 'The book', 'chapters'))}</p>`
      : '';
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
