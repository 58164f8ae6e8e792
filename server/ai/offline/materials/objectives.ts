import type { TextbookContent } from '@common/textbook';
import { quickStopwords, quickTokenize } from '@server/core/nlp';
import { isEndMatterTitle } from '../outline/document-units';
import { frameHeading } from '../analyze/material-view';
import { groundedObjectives, isDefinedIn } from '../analyze/objectives';
import { isReviewSection } from '../compose/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { sparseCosine, TermStats } from '../compose/term-vectors';
import type { BookSentence } from './book-sentences';
import { distinctTerms, type BookTerm } from './book-terms';

/** A learning objective of the chapter, with the sentences of the chapter that answer it. */
export interface ScopedObjective {
  text: string;
  /** The best-matching sentences of the chapter, in reading order: a model answer. */
  support: BookSentence[];
  /** Key terms a full answer uses. */
  terms: string[];
  /** The section it is mostly about, when one stands out. */
  sectionTitle?: string;
}

const stem = (w: string) => w.toLowerCase().replace(/(?:ing|ed|es|s)$/, '');
const contentWords = (text: string) => (text.match(/\p{L}{3,}/gu) ?? []).map(stem).filter((w) => !quickStopwords.has(w));

/** The section an objective is about: the one whose title's words it uses most ("Plot a regression line" -> "Plotting a regression line"). */
function sectionOf(objective: string, parts: Array<{ title: string }>): string | undefined {
  const words = new Set(contentWords(objective));
  let best: { title: string; share: number } | undefined;
  for (const p of parts) {
    const title = contentWords(p.title);
    if (!title.length) continue;
    const share = title.filter((w) => words.has(w)).length / title.length;
    if (share >= 0.6 && (!best || share > best.share)) best = { title: p.title, share };
  }
  return best?.title;
}

/** The objectives the composer printed at the chapter's opening ("Learning Objectives"), when the chapter still has them. */
function printedObjectives(html: string): string[] {
  const at = html.indexOf('<h3>Learning Objectives</h3>');
  if (at < 0) return [];
  const list = /<ul>([\s\S]*?)<\/ul>/.exec(html.slice(at));
  return list ? [...list[1].matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => htmlToText(m[1]).replace(/\.$/, '')).filter(Boolean) : [];
}

/**
 * Objectives for one chapter (or the whole book): the ones printed at the chapter's opening,
 * else made by the same grounded rules from its section titles (the book's chapter titles),
 * the terms it defines and its worked examples. Each comes with the sentences that answer it.
 */
export function scopeObjectives(
  book: TextbookContent,
  chapterIndex: number | undefined,
  scope: BookSentence[],
  terms: BookTerm[],
): ScopedObjective[] {
  const chapter = chapterIndex === undefined ? undefined : book.chapters[chapterIndex];
  const parts = chapter
    ? chapter.sections.filter((s) => !isReviewSection(s.title)).map((s) => ({ title: s.title, text: htmlToText(s.content) }))
    : book.chapters.map((c) => ({ title: c.title, text: htmlToText(c.content + c.sections.map((s) => s.content).join(' ')) }));
  const text = scope.map((s) => s.plain).join(' ');
  const printed = chapter ? printedObjectives(chapter.content) : [];
  const texts = printed.length
    ? printed
    : groundedObjectives({
        headings: (parts.length ? parts.map((p) => p.title) : chapter ? [chapter.title] : []).filter(
          (h) => !frameHeading.test(h) && !isEndMatterTitle(h),
        ),
        text: parts.map((p) => p.text).join('\n\n') || text,
        terms: distinctTerms(terms, 12)
          .map((t) => t.surface)
          .filter((t) => isDefinedIn(t, text)),
      });

  const stats = new TermStats(scope.map((s) => quickTokenize(s.plain)));
  const vectors = new Map(scope.map((s) => [s.order, stats.vectorOf(s.plain)]));
  return texts
    .map((text) => {
      const section = sectionOf(text, parts);
      const query = stats.vectorOf(text.replace(/^\w+\s/, ''));
      // An objective about one section is answered from that section.
      const inSection = (s: BookSentence) => s.sectionTitle === section || (chapterIndex === undefined && s.chapterTitle === section);
      const pool = section && scope.some(inSection) ? scope.filter(inSection) : scope;
      const ranked = pool
        .map((s) => ({ s, score: sparseCosine(vectors.get(s.order)!, query) + (s.isStandalone ? 0.05 : 0) }))
        .filter((x) => x.score > 0.05)
        .sort((a, b) => b.score - a.score || a.s.order - b.s.order);
      // Sentences that read on their own make a model answer; "This section explains..." does not.
      const standalone = ranked.filter((x) => x.s.isStandalone);
      const support = (standalone.length > 0 ? standalone : ranked)
        .slice(0, 3)
        .map((x) => x.s)
        .sort((a, b) => a.order - b.order);
      const used = support.map((s) => s.plain.toLowerCase()).join(' ');
      const answerTerms = terms
        .filter((t) => used.includes(t.key))
        .slice(0, 3)
        .map((t) => t.surface);
      return { text, support, terms: answerTerms, sectionTitle: section };
    })
    .filter((o) => o.support.length > 0);
}
