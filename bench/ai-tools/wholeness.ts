/**
 * Whether an AI tool kept every unit whole (issue 26, "Whole units only"): each sentence of its
 * result must be a whole sentence of the material or of the version it changed, never a piece of
 * one; each code block and display formula must be one of theirs whole; and nothing the version
 * held may be lost. Read by bench:ai-tools and the tools' property test.
 */
import type { TextbookContent } from '@common/textbook';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { fastSentences } from '@server/ai/offline/compose/fast-sentences';
import { sentenceKey } from '@server/ai/offline/compose/sentence-filter';
import { chapterFrame } from '@server/ai/offline/expand/chapter-frame';
import type { Material } from '@server/ai/material';

const space = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The material's text as paragraphs (blank-line separated in each document's text), whitespace collapsed. */
export function materialText(material: Material): string {
  return material.sources
    .map((s) =>
      s.text
        .split(/\n\s*\n/)
        .map(space)
        .filter(Boolean)
        .join('\n\n'),
    )
    .join('\n\n');
}

/** Text blocks of a part: paragraphs, list items, quotes and table cells (headings and the tools' own apparatus aside). */
function textUnits(html: string): string[] {
  const body = chapterFrame(html).body;
  return htmlBlocks(body).flatMap((b) => {
    if (/^<h[1-6]\b/i.test(b) || /^<pre\b/i.test(b)) return [];
    if (/^<(?:ul|ol)\b/i.test(b)) return [...b.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1]));
    if (/^<table\b/i.test(b)) return [...b.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((m) => htmlToText(m[1]));
    return [htmlToText(b)];
  });
}

const codeBlocks = (html: string) =>
  htmlBlocks(html)
    .filter((b) => /^<pre\b/i.test(b))
    .map((b) => space(htmlToText(b)));
const formulas = (html: string) => [...html.matchAll(/data-latex="([^"]*)"/g)].map((m) => m[1]);

const opensSentence = /(?:^|\n\n|[.!?:;]["'\u201d\u2019)\]]?\s)$/;
const closesSentence = /^(?:$|\n\n|\s)/;

/** A sentence found in the material starting and ending where sentences do (not inside a longer one). */
function wholeIn(text: string, sentence: string): boolean {
  const s = space(sentence);
  if (!s) return true;
  for (let at = text.indexOf(s); at >= 0; at = text.indexOf(s, at + 1)) {
    const before = text.slice(Math.max(0, at - 3), at);
    const after = text.slice(at + s.length, at + s.length + 2);
    // It ends a sentence (closing punctuation, then a space or the end) or a paragraph (a heading, a list item).
    const ends = after === '' || after.startsWith('\n\n') || (/[.!?:]["'\u201d\u2019)\]]?$/.test(s) && closesSentence.test(after));
    if ((at === 0 || opensSentence.test(before)) && ends) return true;
  }
  return false;
}

export interface Damage {
  /** Sentences (or code blocks, formulas) of the result that are pieces, not whole units of the material or the previous version. */
  damaged: string[];
  /** Sentences of the previous version missing from the result. */
  lost: string[];
}

/** Compares a tool's result part (HTML) with the part it changed and the material. */
export function damageOf(previousHtml: string, resultHtml: string, material: string): Damage {
  const previousKeys = new Set(textUnits(previousHtml).flatMap((t) => fastSentences(t).map(sentenceKey)));
  const damaged: string[] = [];
  for (const unit of textUnits(resultHtml)) {
    // A unit kept as it was is whole, however it reads.
    if (previousKeys.has(sentenceKey(unit))) continue;
    for (const sentence of fastSentences(unit)) {
      if (previousKeys.has(sentenceKey(sentence))) continue;
      if (!wholeIn(material, sentence)) damaged.push(sentence);
    }
  }
  const previousCode = new Set(codeBlocks(previousHtml));
  for (const code of codeBlocks(resultHtml)) if (!previousCode.has(code) && !material.includes(code)) damaged.push(code);
  const previousMath = new Set(formulas(previousHtml));
  for (const latex of formulas(resultHtml)) if (!previousMath.has(latex) && !material.includes(latex)) damaged.push(`\\(${latex}\\)`);
  const resultKeys = new Set(textUnits(resultHtml).flatMap((t) => fastSentences(t).map(sentenceKey)));
  const resultText = sentenceKey(textUnits(resultHtml).join(' '));
  const lost = textUnits(previousHtml)
    .flatMap((t) => fastSentences(t))
    .filter((s) => !resultKeys.has(sentenceKey(s)) && !resultText.includes(sentenceKey(s)));
  return { damaged, lost };
}

/**
 * The whole book's own text as one HTML string, part by part (for tools that change the structure),
 * each part's apparatus (overview, objectives, review) left out: a restructure moves a chapter's
 * opening into a section, where it is still apparatus.
 */
export function bookHtml(book: TextbookContent): string {
  return book.chapters
    .flatMap((c) => [c.content, ...c.sections.map((s) => s.content)])
    .map((html) => chapterFrame(html).body)
    .join('');
}
