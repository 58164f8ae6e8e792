import { generateText, Output, type LanguageModel } from 'ai';
import { llmChapterExpansionOutput, llmExpansionOutput } from '../../../common/ai-tools';
import type { Chapter, Reference, TextbookContent } from '../../../common/textbook';
import { AppError } from '../../core/app-error';
import type { EngineContext, ExpandChapterInput, ExpandParagraphInput, ExpandResult, GenerateSectionInput } from '../engine';
import { newSectionId } from '../offline/chat/structure-ops';
import { fastSentences } from '../offline/compose/fast-sentences';
import { escapeHtml, htmlBlocks, htmlToText, paragraphsToHtml } from '../offline/compose/html';
import { UsedSentences } from '../offline/compose/used-sentences';
import { bookHtml } from '../offline/expand/book-usage';
import { noMaterialNote, nothingMoreNote } from '../offline/expand';
import { keepGivenCitations } from './outline/citations';
import { toProviderError } from './outline/model-errors';
import { groundingRules, numberMaterial } from './outline/prompt-material';

const bookContextChars = 3000;

function bookOutline(book: TextbookContent | undefined): string {
  if (!book) return '';
  return book.chapters
    .map((c, i) => `${i + 1}. ${c.title}${c.sections.length ? `: ${c.sections.map((s) => s.title).join('; ')}` : ''}`)
    .join('\n')
    .slice(0, bookContextChars);
}

/**
 * Model paragraphs made safe to print: only given citation keys kept, and any
 * sentence the book (or an earlier paragraph) already holds removed, so the
 * llm engine never repeats the book either.
 */
function cleanParagraphs(paragraphs: string[], keys: Set<string>, used: UsedSentences): string[] {
  return paragraphs
    .map((p) => keepGivenCitations(p, keys).text)
    .map((p) =>
      fastSentences(p)
        .filter((s) => used.tryAdd(s))
        .join(' '),
    )
    .filter((p) => p.trim().length > 0);
}

async function ask<T>(model: LanguageModel, what: string, call: () => Promise<{ output: T }>): Promise<T> {
  try {
    return (await call()).output;
  } catch (err) {
    throw toProviderError(err, what);
  }
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
  const material = numberMaterial(chunks, input.book?.references?.filter((r) => r.approved) ?? []);
  const out = await ask(model, 'expansion', () =>
    generateText({
      model,
      output: Output.object({ schema: llmExpansionOutput }),
      system: `You expand a passage of a textbook. ${groundingRules} Add only what the excerpts say that the passage and the book do not already say; never restate the passage.`,
      prompt: `Book outline:\n${bookOutline(input.book)}\n\n${input.context ? `Where the passage is:\n${input.context.slice(0, bookContextChars)}\n\n` : ''}${material.text}\n\nPassage to expand:\n${text}`,
    }),
  );
  const used = UsedSentences.fromHtml([...(input.book ? bookHtml(input.book) : []), original], fastSentences);
  const paragraphs = out.nothingMore ? [] : cleanParagraphs(out.paragraphs, material.keys, used);
  if (paragraphs.length === 0) return { value: original, exhausted: true, note: nothingMoreNote(ctx.material, input.subject ?? '') };
  return { value: original + paragraphsToHtml(paragraphs), exhausted: false };
}

export async function llmExpandChapter(
  model: LanguageModel,
  ctx: EngineContext,
  input: ExpandChapterInput,
): Promise<ExpandResult<Chapter>> {
  const own = htmlBlocks(input.chapterContent);
  const chunks = await ctx.retriever.search(`${input.chapterTitle} ${htmlToText(input.chapterContent)}`, { limit: 8 });
  const material = numberMaterial(
    chunks,
    input.book.references.filter((r) => r.approved),
  );
  const out = await ask(model, 'chapter expansion', () =>
    generateText({
      model,
      output: Output.object({ schema: llmChapterExpansionOutput }),
      system:
        `You divide a textbook chapter into exactly ${input.sectionCount} sections and expand it. ${groundingRules} ` +
        "Give every section a short title, list which of the chapter's own paragraphs (by number) it holds, in order, and add new paragraphs only from the excerpts.",
      prompt: `Book outline:\n${bookOutline(input.book)}\n\n${material.text}\n\nChapter "${input.chapterTitle}", its paragraphs:\n${own.map((b, i) => `P${i + 1}: ${htmlToText(b)}`).join('\n')}`,
    }),
  );
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
    const fresh = cleanParagraphs(s.newParagraphs, material.keys, used);
    added += fresh.length;
    return {
      id: newSectionId(),
      title: s.title.trim() || `${input.chapterTitle} (Part ${si + 1})`,
      content: ownBySection[si].join('') + paragraphsToHtml(fresh),
    };
  });
  const introduction = cleanParagraphs(out.introduction.slice(0, 1), material.keys, used);
  const chapter: Chapter = {
    id: input.book.chapters[input.chapterIndex]?.id,
    title: input.chapterTitle,
    content: paragraphsToHtml(introduction),
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
  const material = numberMaterial(chunks, referenceList(input.references));
  const out = await ask(model, 'section', () =>
    generateText({
      model,
      output: Output.object({ schema: llmExpansionOutput }),
      system: `You expand one section of a textbook with up to ${input.paragraphCount} new paragraphs (${input.expansionLevel ?? 'comprehensive'}). ${groundingRules} Never repeat what the section or the rest of the book already says.`,
      prompt: `${input.context ? `Context:\n${input.context.slice(0, 6000)}\n\n` : ''}${material.text}\n\nSection "${input.sectionTitle}" of chapter "${input.chapterTitle}", as it stands:\n${htmlToText(current) || '(empty)'}`,
    }),
  );
  const used = UsedSentences.fromHtml(bookHtml(input.book), fastSentences);
  const paragraphs = out.nothingMore ? [] : cleanParagraphs(out.paragraphs.slice(0, input.paragraphCount), material.keys, used);
  if (paragraphs.length === 0) return { value: current, exhausted: true, note: nothingMoreNote(ctx.material, input.sectionTitle) };
  return { value: current + paragraphsToHtml(paragraphs), exhausted: false };
}
