import { generateText, Output, type LanguageModel } from 'ai';
import { llmChapterText, llmOutlinePlan, type LlmOutlinePlan } from '../../../common/generate';
import type { Chapter, Reference, TextbookContent } from '../../../common/textbook';
import type { EngineContext, OutlineInput } from '../engine';
import type { RetrievedChunk } from '../material';
import { paragraphsToHtml } from '../offline/compose/html';
import { keepGivenCitations } from './outline/citations';
import { toProviderError } from './outline/model-errors';
import { groundingRules, numberMaterial } from './outline/prompt-material';

/** Excerpts given for the whole-book outline and for each chapter. */
const outlineExcerpts = 14;
const chapterExcerpts = 8;
/** Chapters written at once: enough to overlap latency, few enough for local model servers. */
const chapterConcurrency = 3;

function referencesWithKeys(references: Reference[]): Reference[] {
  return references.map((r, i) => ({ ...r, key: r.key ?? `R${i + 1}` }));
}

async function planOutline(
  model: LanguageModel,
  chunks: RetrievedChunk[],
  input: OutlineInput,
  references: Reference[],
): Promise<LlmOutlinePlan> {
  const material = numberMaterial(chunks, references);
  try {
    const { output } = await generateText({
      model,
      output: Output.object({ schema: llmOutlinePlan }),
      system: `You plan university-level textbooks from an instructor's own material. ${groundingRules}`,
      prompt:
        `Topic: ${input.topic}\n\n${material.text}\n\n` +
        'Plan a textbook on this topic from the excerpts: 4 to 12 chapters in a sensible teaching order, each with 2 to 6 sections. ' +
        'Follow the structure of the material where it has one. Titles are short and specific; no numbering in titles.',
    });
    return output;
  } catch (err) {
    throw toProviderError(err, 'outline');
  }
}

async function writeChapter(
  model: LanguageModel,
  ctx: EngineContext,
  input: OutlineInput,
  references: Reference[],
  plan: LlmOutlinePlan,
  index: number,
): Promise<Chapter> {
  const chapter = plan.chapters[index];
  const query = `${chapter.title}. ${chapter.sections.map((s) => `${s.title}: ${s.focus}`).join('. ')}`;
  const chunks = await ctx.retriever.search(query, { limit: chapterExcerpts });
  const material = numberMaterial(chunks, references);
  let text;
  try {
    ({ output: text } = await generateText({
      model,
      output: Output.object({ schema: llmChapterText }),
      system: `You write chapters of a textbook on ${input.topic}. ${groundingRules}`,
      prompt:
        `Book outline: ${plan.chapters.map((c, i) => `${i + 1}. ${c.title}`).join('; ')}\n\n` +
        `Write chapter ${index + 1}, "${chapter.title}" (${chapter.summary}).\n` +
        `Sections, in this order:\n${chapter.sections.map((s) => `- ${s.title}: ${s.focus}`).join('\n')}\n\n${material.text}\n\n` +
        'Give a short introduction (1-2 paragraphs) and 2-5 paragraphs per section. Plain text paragraphs, no markdown, no headings inside paragraphs.',
    }));
  } catch (err) {
    throw toProviderError(err, `text for chapter ${index + 1}`);
  }
  const clean = (paragraphs: string[]) =>
    paragraphs.map((p) => keepGivenCitations(p.replace(/\s+/g, ' ').trim(), material.keys).text).filter(Boolean);
  // The planned section titles win: the model's copy of them may drift.
  const sections = chapter.sections.map((s, i) => ({
    title: s.title.trim(),
    content: paragraphsToHtml(clean(text.sections[i]?.paragraphs ?? [])),
  }));
  return { title: chapter.title.trim(), content: paragraphsToHtml(clean(text.introduction)), sections };
}

/**
 * The llm outline: one structured call plans the book from the
 * chunks most relevant to the topic, then one call per chapter writes its
 * text from the chunks retrieved for that chapter. Each call sees the
 * approved references as [R1].. keys; keys it was not given are removed.
 * Progress: 0-25 planning, 25-100 writing chapters.
 */
export async function llmOutline(model: LanguageModel, ctx: EngineContext, input: OutlineInput): Promise<TextbookContent> {
  const report = (p: number) => ctx.onProgress?.(Math.round(p));
  report(0);
  const references = referencesWithKeys(input.references);
  const chunks = await ctx.retriever.search(input.topic, { limit: outlineExcerpts });
  report(5);
  const plan = await planOutline(model, chunks, input, references);
  report(25);
  const chapters: Chapter[] = new Array(plan.chapters.length);
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < plan.chapters.length) {
      const i = next++;
      chapters[i] = await writeChapter(model, ctx, input, references, plan, i);
      finished++;
      report(25 + (75 * finished) / plan.chapters.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(chapterConcurrency, plan.chapters.length) }, worker));
  return { title: plan.title.trim() || input.topic, chapters, references };
}
