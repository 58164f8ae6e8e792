import type { TextbookContent } from '@common/textbook';
import { quickStopwords, quickTokenize } from '@server/core/nlp';
import { isDefinedIn } from '../analyze/objectives';
import { CasingIndex, labelledWorkOf, listPhrase } from '@server/ai/shared/phrasing';
import type { DocBlock } from '@server/core/document-model';
import { keyTermsOf } from '@server/ai/shared/key-terms';
import { actionObjectives } from '@server/ai/shared/objective-acts';
import { unitKind } from '@server/ai/shared/unit-kind';
import { isReviewSection, materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sparseCosine, TermStats } from '@server/ai/shared/term-vectors';
import type { BookSentence } from '@server/ai/shared/book-sentences';
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

/** The terms an objective names: "Define a quad and link-layer" -> ["quad", "link-layer"]. */
function namedIn(objective: string): string[] {
  const define = /^Define (.+?)\.?$/.exec(objective);
  const distinguish = /^Distinguish (.+) from (.+?)\.?$/.exec(objective);
  const parts = define ? define[1].split(/,\s*|\s+and\s+/) : distinguish ? [distinguish[1], distinguish[2]] : [];
  return parts.map((p) => p.replace(/^(?:the|an?)\s+/i, '').trim()).filter((p) => p.length > 2);
}

/** A chapter's objectives by the composer's rules (shared/objective-acts.ts), from its HTML; none for front matter or logistics. */
function chapterObjectives(chapter: TextbookContent['chapters'][number]): string[] {
  const sections = chapter.sections.filter((s) => !isReviewSection(s.title));
  if (unitKind({ title: chapter.title, childTitles: sections.map((s) => s.title) }) !== 'teaching') return [];
  const blocks: DocBlock[] = [chapter.content, ...sections.map((s) => s.content)].flatMap((html) =>
    htmlBlocks(materialHtml(html))
      .filter((b) => !/^<h[1-6]>|^<hr/.test(b))
      .map((b): DocBlock => ({ kind: /^<(?:ul|ol)>/.test(b) ? 'list-item' : /^<pre/.test(b) ? 'code' : 'paragraph', text: htmlToText(b) })),
  );
  const examples = sections.flatMap((s) => {
    const work = labelledWorkOf(s.title);
    return work && /^(?:Example|Worked example)/.test(work.kind) ? [{ label: work.label, subject: work.subject }] : [];
  });
  return actionObjectives({
    title: chapter.title,
    sectionTitles: sections.map((s) => s.title),
    blocks,
    terms: keyTermsOf(blocks),
    examples,
    casing: new CasingIndex(blocks.map((b) => b.text).join('\n')),
  }).map((o) => o.replace(/\.$/, ''));
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
  chapters: number[] = chapterIndex === undefined ? book.chapters.map((_, i) => i) : [chapterIndex],
): ScopedObjective[] {
  const chapter = chapterIndex === undefined ? undefined : book.chapters[chapterIndex];
  const parts = chapter
    ? chapter.sections.filter((s) => !isReviewSection(s.title)).map((s) => ({ title: s.title, text: htmlToText(s.content) }))
    : book.chapters.map((c) => ({ title: c.title, text: htmlToText(c.content + c.sections.map((s) => s.content).join(' ')) }));
  const text = scope.map((s) => s.plain).join(' ');
  // The objectives printed at each chapter's opening are built from what the chapter does (shared/objective-acts.ts);
  // a chapter that printed none (front matter, logistics, nothing specific to say) gets only the terms it defines,
  // never "Explain {heading}".
  // A chapter the composer did not open with objectives (a typed chapter, one edited since) gets them by the same rules.
  const printed = chapters.flatMap((i) => {
    const c = book.chapters[i];
    if (!c) return [];
    const own = printedObjectives(c.content);
    return (own.length ? own : chapterObjectives(c)).map((text) => ({ text, chapter: i }));
  });
  const defined = distinctTerms(terms, 12)
    .map((t) => t.surface)
    .filter((t) => isDefinedIn(t, text))
    .slice(0, 3);
  const texts: Array<{ text: string; chapter?: number }> = printed.length
    ? printed
    : defined.length
      ? [{ text: `Define ${listPhrase(defined)}` }]
      : [];

  const stats = new TermStats(scope.map((s) => quickTokenize(s.plain)));
  const vectors = new Map(scope.map((s) => [s.order, stats.vectorOf(s.plain)]));
  return texts
    .map(({ text, chapter: from }) => {
      const section = sectionOf(text, parts);
      const query = stats.vectorOf(text.replace(/^\w+\s/, '').replace(/\((?:Example|Theorem|Task) [^)]*\)/g, ''));
      // An objective printed in one chapter is answered from that chapter, and one about a section from that section.
      const own = from === undefined ? scope : scope.filter((s) => s.chapterIndex === from);
      const inSection = (s: BookSentence) => s.sectionTitle === section || (chapterIndex === undefined && s.chapterTitle === section);
      const pool = section && own.some(inSection) ? own.filter(inSection) : own;
      const ranked = pool
        .map((s) => ({ s, score: sparseCosine(vectors.get(s.order)!, query) + (s.isStandalone ? 0.05 : 0) }))
        .filter((x) => x.score > 0.05)
        .sort((a, b) => b.score - a.score || a.s.order - b.s.order);
      // Sentences that read on their own make a model answer; "This section explains..." does not.
      const standalone = ranked.filter((x) => x.s.isStandalone);
      // "Define X and Y" is answered by the sentences that define them, "Distinguish X from Y" by those naming both.
      const named = namedIn(text);
      const direct = own.filter(
        (s) =>
          s.isStandalone &&
          named.length > 0 &&
          (/^Distinguish /.test(text)
            ? named.every((n) => s.plain.toLowerCase().includes(n.toLowerCase()))
            : named.some((n) => isDefinedIn(n, s.plain))),
      );
      // A definition or distinction the text does not state in a sentence that reads on its own has no model answer: no question.
      const support = (named.length > 0 ? direct.map((s) => ({ s })) : standalone.length > 0 ? standalone : ranked)
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
