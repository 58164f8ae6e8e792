import { nextTurn } from '@server/core/next-turn';
import { splitSentences } from '@server/core/nlp';
import type { AuthoringEngine } from '../engine';
import type { Material } from '../material';
import { cleanSentence } from '../shared/sentence-filter';
import { planByClustering } from './outline/cluster-plan';
import { composeBook } from './outline/compose-book';
import { planFromHeadings } from './outline/heading-plan';
import type { PlannedChapter } from './outline/plan';
import { topicSkeleton } from './outline/skeleton';
import { composeFromDocuments, hasDocumentBlocks } from './outline/tree-book';

/** Below this many words of real material there is nothing to compose a book from. */
const minMaterialWords = 40;
/** The fallback material a form sends with only a topic ('Topic: {topic}'). */
const topicLine = /^\s*Topic:.*$/gim;

/** True when the text has at least `n` words; stops counting there (the material may be a whole book). */
function hasWords(text: string, n: number): boolean {
  let count = 0;
  for (const _ of text.matchAll(/[\p{L}\p{N}]+/gu)) if (++count >= n) return true;
  return false;
}

function realText(material: Material): string {
  return material.sources
    .map((s) => s.text.replace(topicLine, ''))
    .join('\n\n')
    .trim();
}

/**
 * The offline outline ("The authoring pipeline"): follow
 * the documents' own headings where they have them, otherwise cluster the
 * material; compose each section from its most relevant source sentences.
 * With only a topic it returns an honest skeleton with a notice.
 * Progress: 0-25 while planning, 25-100 while composing.
 */
export const outline: AuthoringEngine['outline'] = async (ctx, input) => {
  const report = (percent: number) => ctx.onProgress?.(Math.round(percent));
  report(0);
  const text = realText(ctx.material);
  if (!hasWords(text, minMaterialWords)) {
    const sentences = splitSentences(text)
      .map((s) => cleanSentence(s, { minWords: 3 }))
      .filter((s): s is string => !!s);
    report(100);
    return topicSkeleton(input.topic, sentences.length ? [sentences.join(' ')] : []);
  }
  await nextTurn();
  // Documents read into blocks: the book is their own structure (or, without headings, their reading order), with their full text.
  if (hasDocumentBlocks(ctx.material)) {
    const book = composeFromDocuments(ctx.material, { title: input.topic, length: input.length, onProgress: (f) => report(25 + 75 * f) });
    if (book.chapters.length > 0) {
      report(100);
      return { ...book, references: input.references };
    }
  }
  const byHeadings = planFromHeadings(ctx.material);
  report(15);
  await nextTurn();
  let chapters: PlannedChapter[];
  let plan;
  if (byHeadings) {
    chapters = byHeadings.chapters.map((c) => ({
      title: c.title,
      fromHeading: true,
      opening: c.opening,
      sections: c.sections.map((s) => ({ title: s.title, fromHeading: true, candidates: s.candidates })),
    }));
    plan = { chapters, stats: byHeadings.stats };
  } else {
    const clustered = planByClustering(ctx.material);
    plan = { chapters: clustered.chapters, stats: clustered.stats };
  }
  report(25);
  await nextTurn();
  if (plan.chapters.length === 0) {
    report(100);
    return topicSkeleton(input.topic);
  }
  const book = composeBook({ title: input.topic, ...plan, onProgress: (f) => report(25 + 75 * f) });
  report(100);
  return { ...book, references: input.references };
};
