import type { TextbookContent } from '../../../../common/textbook';
import { countWords, quickTokenize } from '../../../core/nlp';
import { buildObjectives } from '../analyze/objectives';
import type { MaterialView } from '../analyze/material-view';
import { htmlToText } from '../compose/html';
import { sparseCosine, TermStats } from '../compose/term-vectors';
import type { BookSentence } from './book-sentences';
import { distinctTerms, escapeRegExp, type BookTerm } from './book-terms';

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

/** "Calling External Functions" -> "Calling external functions": objectives put headings mid-sentence. Names keep their capitals. */
function sentenceCase(heading: string, terms: BookTerm[]): string {
  const names = new Set(terms.filter((t) => t.isProper).flatMap((t) => t.surface.split(' ')));
  return heading
    .split(' ')
    .map((w, i) => (i === 0 || names.has(w) || /\p{Lu}/u.test(w.slice(1)) ? w : w.toLowerCase()))
    .join(' ');
}

/**
 * Objectives for one chapter (or the whole book), made by the same rules as
 * the analysis step's objectives, with the chapter's sections as the
 * material's sections and its key terms as the key phrases.
 */
export function scopeObjectives(
  book: TextbookContent,
  chapterIndex: number | undefined,
  scope: BookSentence[],
  terms: BookTerm[],
): ScopedObjective[] {
  const chapter = chapterIndex === undefined ? undefined : book.chapters[chapterIndex];
  const parts = chapter
    ? chapter.sections.map((s) => ({ title: s.title, heading: sentenceCase(s.title, terms), text: htmlToText(s.content) }))
    : book.chapters.map((c) => ({
        title: c.title,
        heading: sentenceCase(c.title, terms),
        text: htmlToText(c.content + c.sections.map((s) => s.content).join(' ')),
      }));
  const view: MaterialView = {
    titles: [chapter?.title ?? book.title],
    sections: parts.map((p) => ({ heading: p.heading, level: 2, words: countWords(p.text) })),
    texts: parts.map((p) => p.text),
    totalWords: parts.reduce((n, p) => n + countWords(p.text), 0),
  };
  const phrases = distinctTerms(terms, 12).map((t, i) => ({ phrase: t.surface, score: 1 - i / 12 }));
  const topic = chapter?.title ?? book.title;
  // The shared builder lowercases a heading's first letter; names get their capitals back.
  const names = terms.filter((t) => t.isProper);
  const texts = buildObjectives(view, phrases, topic, scope.map((s) => s.plain).join(' ')).map((text) =>
    names.reduce((out, t) => out.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(t.key)}(?![\\p{L}])`, 'giu'), t.surface), text),
  );

  const stats = new TermStats(scope.map((s) => quickTokenize(s.plain)));
  const vectors = new Map(scope.map((s) => [s.order, stats.vectorOf(s.plain)]));
  return texts
    .map((text) => {
      const section = parts.find((p) => text.toLowerCase().includes(p.heading.toLowerCase()))?.title;
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
