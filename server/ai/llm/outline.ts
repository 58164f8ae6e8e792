import type { LanguageModel } from 'ai';
import type { LlmOutlinePlan, LlmPartialPlan } from './schemas';
import type { Chapter, Reference, TextbookContent } from '@common/textbook';
import type { EngineContext, OutlineInput } from '../engine';
import { indexWordsOf } from '../index-words';
import { documentMap, mapParts, type MapEntry } from './document-map';
import { llmBookReport } from './outline/book-report';
import { keepGivenCitations } from './outline/citations';
import { chapterKeyTermsHtml } from './outline/key-terms';
import { numberMaterial, promptMaterial } from './outline/prompt-material';
import { chapterTextPrompt } from './prompts/chapter-text';
import { documentMapText, outlinePlanPrompt, partPlanPrompt, plannedPartsText } from './prompts/outline-plan';
import { citedParagraphsHtml, SourceNotes } from './source-notes';
import { askStructured } from './structured';

/** How the llm outline sizes its prompts (characters; a token is about 4). */
export interface LlmOutlineOptions {
  /** The document map given to one planning call: larger maps are planned in parts, then joined (map-reduce). */
  mapChars: number;
  /** The mapped source units given to one chapter writer. */
  unitChars: number;
}
export const defaultOutlineOptions: LlmOutlineOptions = { mapChars: 24_000, unitChars: 14_000 };

/** Excerpts retrieved for the topic (a material without headings) and for each chapter (after its units). */
const outlineExcerpts = 14;
const chapterExcerpts = 4;
/** Chapters written at once: enough to overlap latency, few enough for local model servers. */
const chapterConcurrency = 3;

function referencesWithKeys(references: Reference[]): Reference[] {
  return references.map((r, i) => ({ ...r, key: r.key ?? `R${i + 1}` }));
}

/** Map-reduce over a long book: each part of the map proposes chapters for its units. */
async function planPart(
  model: LanguageModel,
  input: OutlineInput,
  part: MapEntry[],
  index: number,
  count: number,
): Promise<LlmPartialPlan> {
  return askStructured(model, {
    ...partPlanPrompt({ topic: input.topic, lines: part.map((e) => e.line), index, count }),
    what: `outline of part ${index + 1} of the material`,
  });
}

async function planOutline(
  model: LanguageModel,
  ctx: EngineContext,
  input: OutlineInput,
  references: Reference[],
  options: LlmOutlineOptions,
) {
  const entries = documentMap(ctx.material);
  let mapText: string;
  if (entries.length === 0) {
    // No document to map (a topic only): the closest excerpts stand in for it.
    const chunks = await ctx.retriever.search(input.topic, { limit: outlineExcerpts });
    mapText = numberMaterial(chunks, [], ctx.material).text;
  } else {
    const parts = mapParts(entries, options.mapChars);
    if (parts.length === 1) {
      mapText = documentMapText(entries.map((e) => e.line));
    } else {
      const partial: LlmPartialPlan[] = [];
      for (const [i, part] of parts.entries()) partial.push(await planPart(model, input, part, i, parts.length));
      const top = entries.filter((e) => !e.line.startsWith(' ')).map((e) => e.line.slice(0, 160));
      mapText = plannedPartsText(
        parts.length,
        top,
        partial.flatMap((p) => p.chapters),
      );
    }
  }
  const plan = await askStructured(model, {
    ...outlinePlanPrompt({ topic: input.topic, map: mapText, references }),
    what: 'outline',
  });
  return { plan, entries };
}

/** The source map units a planned chapter names (through its own and its sections' keys), in the documents' order. */
function mappedUnits(entries: MapEntry[], chapter: LlmOutlinePlan['chapters'][number]): number[] {
  const byKey = new Map(entries.map((e) => [e.key, e.unit]));
  const keys = [...(chapter.sources ?? []), ...chapter.sections.flatMap((s) => s.sources ?? [])].map((k) =>
    k.replace(/[[\]\s]/g, '').toUpperCase(),
  );
  return [...new Set(keys.flatMap((k) => byKey.get(k) ?? []))].sort((a, b) => a - b);
}

async function writeChapter(
  model: LanguageModel,
  ctx: EngineContext,
  input: OutlineInput,
  references: Reference[],
  planned: { plan: LlmOutlinePlan; entries: MapEntry[] },
  index: number,
  options: LlmOutlineOptions,
): Promise<Chapter> {
  const { plan, entries } = planned;
  const chapter = plan.chapters[index];
  const units = mappedUnits(entries, chapter);
  const query = `${chapter.title}. ${chapter.sections.map((s) => `${s.title}: ${s.focus}`).join('. ')}`;
  const chunks = await ctx.retriever.search(query, { limit: chapterExcerpts });
  const material = promptMaterial({ material: ctx.material, units, unitChars: options.unitChars, chunks, references });
  const text = await askStructured(model, {
    ...chapterTextPrompt({ topic: input.topic, chapterTitles: plan.chapters.map((c) => c.title), index, chapter, material: material.text }),
    what: `text for chapter ${index + 1}`,
  });
  // Each part of the chapter numbers the sources it cites and lists them after its text.
  const write = (paragraphs: string[]) => {
    const notes = new SourceNotes(material.positions);
    const kept = paragraphs.map((p) => keepGivenCitations(p.replace(/\s+/g, ' ').trim(), material.keys, { keepSourceKeys: true }).text);
    // Each paragraph keeps the passage it cites as its stored source (source-notes.ts).
    return citedParagraphsHtml(kept, notes, material.positions) + notes.html();
  };
  // The planned section titles win: the model's copy of them may drift.
  const sections = chapter.sections.map((s, i) => ({ title: s.title.trim(), content: write(text.sections[i]?.paragraphs ?? []) }));
  // The terms its source units define that the chapter uses, with the material's defining sentences, closing the chapter.
  const written = [...text.introduction, ...text.sections.flatMap((s) => s.paragraphs)].join('\n');
  const keyTerms = chapterKeyTermsHtml(ctx.material, units, written);
  const last = sections[sections.length - 1];
  if (last) last.content += keyTerms;
  return { title: chapter.title.trim(), content: write(text.introduction) + (last ? '' : keyTerms), sections };
}

/**
 * The llm outline. The planner reads the document map (the heading tree of
 * the material with the opening of every unit: see documentMap), planned in
 * parts and joined when it is longer than one prompt holds, and names the
 * units each chapter and section comes from. Each chapter writer then reads
 * its mapped units first (their whole text, as far as the prompt allows) and
 * excerpts retrieved for it second, every passage keyed [S1].. with its
 * position; the keys it cites become numbered source notes under each part
 * ("[1]" in the text, "Sources: 1. "notes.pdf", "Matrices", page 4"), keys it
 * was not given are removed. Progress: 0-25 planning, 25-100 writing.
 */
export async function llmOutline(
  model: LanguageModel,
  ctx: EngineContext,
  input: OutlineInput,
  options: LlmOutlineOptions = defaultOutlineOptions,
): Promise<TextbookContent> {
  const report = (p: number) => ctx.onProgress?.(Math.round(p));
  report(0);
  const references = referencesWithKeys(input.references);
  const planned = await planOutline(model, ctx, input, references, options);
  report(25);
  const { plan } = planned;
  const chapters: Chapter[] = new Array(plan.chapters.length);
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < plan.chapters.length) {
      const i = next++;
      chapters[i] = await writeChapter(model, ctx, input, references, planned, i, options);
      finished++;
      report(25 + (75 * finished) / plan.chapters.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(chapterConcurrency, plan.chapters.length) }, worker));
  // The model restates the material: the book says how much of it each chapter carries, and what no chapter was written from.
  const { generation, notice } = llmBookReport(
    ctx.material,
    planned.entries,
    chapters.map((chapter, i) => ({ chapter, units: mappedUnits(planned.entries, plan.chapters[i]) })),
    input.length ?? 'full',
  );
  // The material's own index words, for the book's index (found in the written text when the book is rendered).
  const indexTerms = indexWordsOf(ctx.material);
  return {
    title: plan.title.trim() || input.topic,
    chapters,
    references,
    generation,
    ...(notice ? { notice } : {}),
    ...(indexTerms.length ? { indexTerms } : {}),
  };
}
