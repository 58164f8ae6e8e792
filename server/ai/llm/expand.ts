import type { LanguageModel } from 'ai';
import type { Chapter, Reference, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { EngineContext, ExpandChapterInput, ExpandParagraphInput, ExpandResult, GenerateSectionInput } from '../engine';
import { newSectionId } from '@common/textbook-ops';
import { fastSentences } from '../shared/fast-sentences';
import { escapeHtml, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { UsedSentences } from '../shared/used-sentences';
import { bookHtml } from '../shared/book-usage';
import { noMaterialNote, nothingMoreNote } from '../shared/expand-notes';
import { keepGivenCitations } from './outline/citations';
import { locateUnit } from '../shared/locate';
import { sourceMap } from '../shared/source-map';
import { promptMaterial, type NumberedMaterial } from './outline/prompt-material';
import { expandChapterPrompt } from './prompts/expand-chapter';
import { expandParagraphPrompt } from './prompts/expand-paragraph';
import { generateSectionPrompt } from './prompts/generate-section';
import { citedParagraphsHtml, SourceNotes } from './source-notes';
import { askStructured } from './structured';

const bookContextChars = 3000;

function bookOutline(book: TextbookContent | undefined): string {
  if (!book) return '';
  return book.chapters
    .map((c, i) => `${i + 1}. ${c.title}${c.sections.length ? `: ${c.sections.map((s) => s.title).join('; ')}` : ''}`)
    .join('\n')
    .slice(0, bookContextChars);
}

/**
 * Model paragraphs made safe to print: only given citation keys kept, any
 * sentence the book (or an earlier paragraph) already holds removed, so the
 * llm engine never repeats the book either, and the source keys it cites
 * numbered as notes (see SourceNotes).
 */
function cleanParagraphs(paragraphs: string[], material: NumberedMaterial, used: UsedSentences, notes: SourceNotes): string[] {
  return (
    paragraphs
      .map((p) => keepGivenCitations(p, material.keys, { keepSourceKeys: true }).text)
      .map((p) =>
        fastSentences(p)
          .filter((s) => used.tryAdd(s.replace(/\s?\[[RS]\d[^\]]*\]/g, '')))
          .join(' '),
      )
      // Each paragraph as HTML, keeping the passage it cites as its stored source (source-notes.ts).
      .map((p) => citedParagraphsHtml([p], notes, material.positions))
      .filter((p) => p.length > 0)
  );
}

/** The source unit behind a part of the book, given to the model before anything retrieved. */
function unitsBehind(ctx: EngineContext, title: string, html: string): number[] {
  const map = sourceMap(ctx.material);
  if (map.blocks.length === 0) return [];
  const unit = locateUnit(map, title, html);
  return unit === null ? [] : [unit];
}

function asHtml(text: string): string {
  const t = text.trim();
  return /<[a-z][^>]*>/i.test(t) ? t : `<p>${escapeHtml(t.replace(/\s+/g, ' '))}</p>`;
}

export async function llmExpandParagraph(
  model: LanguageModel,
  ctx: EngineContext,
  input: ExpandParagraphInput,
): Promise<ExpandResult<string>> {
  const original = asHtml(input.paragraphHtml);
  const text = htmlToText(original);
  const chunks = await ctx.retriever.search(`${input.subject ?? ''} ${text}`, { limit: 6 });
  if (chunks.length === 0) return { value: original, exhausted: true, note: noMaterialNote };
  const material = promptMaterial({ material: ctx.material, chunks, references: input.book?.references?.filter((r) => r.approved) ?? [] });
  const out = await askStructured(model, {
    ...expandParagraphPrompt({
      outline: bookOutline(input.book),
      context: input.context?.slice(0, bookContextChars),
      material: material.text,
      passage: text,
    }),
    what: 'expansion',
  });
  const used = UsedSentences.fromHtml([...(input.book ? bookHtml(input.book) : []), original], fastSentences);
  const notes = new SourceNotes(material.positions);
  const paragraphs = out.nothingMore ? [] : cleanParagraphs(out.paragraphs, material, used, notes);
  if (paragraphs.length === 0) return { value: original, exhausted: true, note: nothingMoreNote(ctx.material, input.subject ?? '') };
  return { value: original + paragraphs.join('') + notes.html(), exhausted: false };
}

export async function llmExpandChapter(
  model: LanguageModel,
  ctx: EngineContext,
  input: ExpandChapterInput,
): Promise<ExpandResult<Chapter>> {
  const own = htmlBlocks(input.chapterContent);
  const chunks = await ctx.retriever.search(`${input.chapterTitle} ${htmlToText(input.chapterContent)}`, { limit: 8 });
  const material = promptMaterial({
    material: ctx.material,
    units: unitsBehind(ctx, input.chapterTitle, input.chapterContent),
    chunks,
    references: input.book.references.filter((r) => r.approved),
  });
  const out = await askStructured(model, {
    ...expandChapterPrompt({
      sectionCount: input.sectionCount,
      outline: bookOutline(input.book),
      material: material.text,
      chapterTitle: input.chapterTitle,
      paragraphs: own.map((b) => htmlToText(b)),
    }),
    what: 'chapter expansion',
  });
  if (out.sections.length !== input.sectionCount) {
    throw new AppError(
      'PROVIDER_ERROR',
      `The language model returned ${out.sections.length} sections instead of ${input.sectionCount}. Please try again.`,
    );
  }
  const used = UsedSentences.fromHtml([...bookHtml(input.book), input.chapterContent], fastSentences);
  // Each of the chapter's paragraphs goes where the model put it first; any it left out follow the paragraph before them.
  const placed = new Map<number, number>();
  out.sections.forEach((s, si) =>
    s.originalParagraphs.forEach((n) => (n >= 1 && n <= own.length && !placed.has(n - 1) ? placed.set(n - 1, si) : undefined)),
  );
  let last = 0;
  const ownBySection: string[][] = out.sections.map(() => []);
  own.forEach((block, i) => {
    last = placed.get(i) ?? last;
    ownBySection[last].push(block);
  });
  let added = 0;
  const sections = out.sections.map((s, si) => {
    const notes = new SourceNotes(material.positions);
    const fresh = cleanParagraphs(s.newParagraphs, material, used, notes);
    added += fresh.length;
    return {
      id: newSectionId(),
      title: s.title.trim() || `${input.chapterTitle} (Part ${si + 1})`,
      content: ownBySection[si].join('') + fresh.join('') + notes.html(),
    };
  });
  const introNotes = new SourceNotes(material.positions);
  const introduction = cleanParagraphs(out.introduction.slice(0, 1), material, used, introNotes);
  const chapter: Chapter = {
    id: input.book.chapters[input.chapterIndex]?.id,
    title: input.chapterTitle,
    content: introduction.join('') + introNotes.html(),
    sections,
  };
  return added + introduction.length === 0
    ? { value: chapter, exhausted: true, note: nothingMoreNote(ctx.material, input.chapterTitle) }
    : { value: chapter, exhausted: false };
}

function referenceList(references: Reference[]): Reference[] {
  return references.map((r, i) => ({ ...r, key: r.key ?? `R${i + 1}` }));
}

export async function llmGenerateSection(
  model: LanguageModel,
  ctx: EngineContext,
  input: GenerateSectionInput,
): Promise<ExpandResult<string>> {
  const section = input.book.chapters[input.chapterIndex]?.sections.find(
    (s) => s.title.trim().toLowerCase() === input.sectionTitle.trim().toLowerCase(),
  );
  const current = section?.content ?? '';
  const chunks = await ctx.retriever.search(`${input.sectionTitle} ${input.chapterTitle} ${htmlToText(current)}`, { limit: 8 });
  if (chunks.length === 0 && input.references.length === 0) return { value: current, exhausted: true, note: noMaterialNote };
  const material = promptMaterial({
    material: ctx.material,
    units: unitsBehind(ctx, input.sectionTitle, current),
    chunks,
    references: referenceList(input.references),
  });
  const out = await askStructured(model, {
    ...generateSectionPrompt({
      paragraphCount: input.paragraphCount,
      expansionLevel: input.expansionLevel,
      context: input.context,
      material: material.text,
      sectionTitle: input.sectionTitle,
      chapterTitle: input.chapterTitle,
      current: htmlToText(current),
    }),
    what: 'section',
  });
  const used = UsedSentences.fromHtml(bookHtml(input.book), fastSentences);
  const notes = new SourceNotes(material.positions);
  const paragraphs = out.nothingMore ? [] : cleanParagraphs(out.paragraphs.slice(0, input.paragraphCount), material, used, notes);
  if (paragraphs.length === 0) return { value: current, exhausted: true, note: nothingMoreNote(ctx.material, input.sectionTitle) };
  return { value: current + paragraphs.join('') + notes.html(), exhausted: false };
}
