import { generateText, Output, type LanguageModel } from 'ai';
import type { Chapter, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeInput, CustomizeResult, EngineContext } from '../engine';
import { newChapterId, newSectionId } from '@common/textbook-ops';
import { fastSentences } from '../shared/fast-sentences';
import { paragraphsToHtml } from '@common/textbook-ops/html';
import { UsedSentences } from '../shared/used-sentences';
import { lostSentences, bookUnits, unitToSection, type Unit } from '../shared/units';
import { bookHtml } from '../shared/book-usage';
import { keepGivenCitations } from './outline/citations';
import { toProviderError } from './outline/model-errors';
import { numberMaterial } from './outline/prompt-material';
import { restructurePrompt } from './prompts/restructure';

const previewChars = 160;

function describeUnits(units: Unit[], book: TextbookContent): string {
  return units
    .map((u, i) => `U${i + 1} [chapter "${book.chapters[u.chapterIndex].title}"] ${u.title}: ${u.text.slice(0, previewChars)}`)
    .join('\n');
}

/**
 * The llm restructuring: the model sees the book as numbered parts (each
 * section and each chapter's own text) and answers a plan of chapters that
 * list those parts by key, plus new sections from the excerpts when the
 * guidance asks for new material. The server builds the book from the plan:
 * a part the model forgot follows the part before it, a part it repeated
 * stays where it first put it, so no text can be lost or doubled.
 */
export async function llmCustomizeStructure(model: LanguageModel, ctx: EngineContext, input: CustomizeInput): Promise<CustomizeResult> {
  const book = input.book;
  const units = bookUnits(book);
  if (units.length === 0) throw new AppError('UNPROCESSABLE', 'The textbook has no content to restructure yet.');
  const chunks = await ctx.retriever.search(input.guidance, { limit: 6 });
  const material = numberMaterial(chunks, []);
  const asked = restructurePrompt({
    guidance: input.guidance,
    originalDocument: input.originalDocument,
    parts: describeUnits(units, book),
    material: material.text,
  });
  let plan;
  try {
    ({ output: plan } = await generateText({
      model,
      output: Output.object({ schema: asked.schema }),
      system: asked.system,
      prompt: asked.prompt,
    }));
  } catch (err) {
    throw toProviderError(err, 'restructuring plan');
  }
  if (plan.chapters.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      `${plan.cannotDo.trim() || 'The guidance could not be followed by restructuring the textbook.'} Nothing was changed.`,
    );
  }
  const home = new Map<number, number>();
  plan.chapters.forEach((c, ci) =>
    c.parts.forEach((key) => {
      const n = Number(/^U(\d+)$/i.exec(key.trim())?.[1]) - 1;
      if (n >= 0 && n < units.length && !home.has(n)) home.set(n, ci);
    }),
  );
  const members: number[][] = plan.chapters.map(() => []);
  let previous = 0;
  units.forEach((_, i) => {
    previous = home.get(i) ?? previous;
    members[previous].push(i);
  });
  // Within a chapter, parts keep the order the model gave (forgotten ones after the part they followed).
  const rank = (ci: number, i: number) => {
    const at = plan.chapters[ci].parts.findIndex((k) => k.trim().toUpperCase() === `U${i + 1}`);
    return at >= 0 ? at : Infinity;
  };
  const used = UsedSentences.fromHtml(bookHtml(book), fastSentences);
  const chapters: Chapter[] = plan.chapters.map((c, ci) => {
    let before = -1;
    const ranked = members[ci].map((i) => {
      const r = rank(ci, i);
      before = Number.isFinite(r) ? r : before + 0.001;
      return { i, r: before };
    });
    const ordered = ranked.sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.i);
    const sections = ordered.map((i) => unitToSection(units[i]));
    for (const extra of c.newSections ?? []) {
      const paragraphs = extra.paragraphs
        .map((p) => keepGivenCitations(p, material.keys).text)
        .map((p) =>
          fastSentences(p)
            .filter((s) => used.tryAdd(s))
            .join(' '),
        )
        .filter(Boolean);
      if (paragraphs.length && extra.title.trim())
        sections.push({ id: newSectionId(), title: extra.title.trim(), content: paragraphsToHtml(paragraphs) });
    }
    return { id: newChapterId(), title: c.title.trim() || `Chapter ${ci + 1}`, content: '', sections };
  });
  const content = { ...book, chapters };
  if (lostSentences(book, content).length > 0)
    throw new AppError('INTERNAL', 'Restructuring would have lost part of the textbook, so nothing was changed.');
  return { content, summary: plan.summary.trim() || 'Restructured the textbook.' };
}
