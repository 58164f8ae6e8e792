/**
 * Whether an AI tool kept every unit whole ("Whole units only"): each sentence of its
 * result must be a whole sentence of the material or of the version it changed, never a piece of
 * one; each code block and display formula must be one of theirs whole; and nothing the version
 * held may be lost. Read by bench:ai-tools and the tools' property test.
 */
import type { TextbookContent } from '@common/textbook';
import { decodeEntities, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { chapterFrame } from '@server/ai/offline/expand/chapter-frame';
import type { Material } from '@server/ai/material';

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/**
 * Inline math (`\(...\)`) and all whitespace taken out: the book's text (htmlToText) prints no
 * math, the material writes it inline, and the spaces around it differ ("× · · · ×").
 */
const tight = (s: string) => s.replace(/\\\([\s\S]*?\\\)/g, '').replace(/[\s`]+/g, '');

/** The material as the check reads it: its text (blank lines between paragraphs) and its blocks' texts. */
export interface MaterialText {
  text: string;
  blocks: Set<string>;
  /** The LaTeX of the material's display equations (read from the page, not in its text). */
  latex: Set<string>;
}

export function materialText(material: Material): MaterialText {
  const text = material.sources
    .map((s) =>
      // A link's address written after its anchor in the document's text ("… servers. (https://…)") is not prose.
      s.text
        .replace(/[ \t]\((?:https?|mailto):[^\s)]*\)/g, '')
        .split(/\n\s*\n/)
        .map((p) => p.split('\n').map(collapse).filter(Boolean).join('\n'))
        .filter(Boolean)
        .join('\n\n'),
    )
    .join('\n\n');
  const blocks = new Set(material.sources.flatMap((s) => s.document.blocks.map((b) => tight(b.text))));
  const latex = new Set(material.sources.flatMap((s) => s.document.blocks.flatMap((b) => (b.latex ? [b.latex.replace(/\s+/g, '')] : []))));
  return { text, blocks, latex };
}

/** Text blocks of a part: paragraphs, list items, quotes and table cells (headings and the tools' own apparatus aside). */
function textUnits(html: string): string[] {
  const body = chapterFrame(html).body;
  return htmlBlocks(body).flatMap((b) =>
    units(b)
      .map(withoutLabel)
      .filter((t) => t.trim() && !equationLabel.test(t)),
  );
}

/**
 * The composer's own labels (a margin note's "Note:", an exercise's "Exercise 3.", the line naming the
 * source of a definition or example an expansion brings from elsewhere), not the material's words.
 */
const withoutLabel = (t: string) =>
  t
    .replace(/^(?:Note:|Exercise(?: [\w.]+)?\.)\s+/, '')
    .replace(
      /^(?:The definition of \u201c[^\u201d]+\u201d|A worked example on this topic|An exercise on this topic|A related figure) \(from [^)]+\):$/,
      '',
    );
/** An equation's number printed beside its picture: "(5.7)", "(5.29), (5.30)". */
const equationLabel = /^\(\d+(?:\.\d+)*[a-z]?\)(?:,\s*\(\d+(?:\.\d+)*[a-z]?\))*$/;

/** A block's text units: a list's items, a table's cells, else the block (headings and code aside). */
function units(b: string): string[] {
  if (/^<h[1-6]\b/i.test(b) || /^<pre\b/i.test(b)) return [];
  if (/^<(?:ul|ol)\b/i.test(b)) return [...b.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1]));
  if (/^<table\b/i.test(b)) return [...b.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((m) => htmlToText(m[1]));
  return [htmlToText(b)];
}

const codeBlocks = (html: string) =>
  htmlBlocks(html)
    .filter((b) => /^<pre\b/i.test(b))
    .map((b) => collapse(htmlToText(b)));
const formulas = (html: string) => [...html.matchAll(/data-latex="([^"]*)"/g)].map((m) => decodeEntities(m[1]));

const opensSentence = /[.!?:;]["'\u201d\u2019)\]]?$/;

/** The material run together (tight), with the offsets where a line or paragraph of it starts. */
interface Reading {
  text: string;
  starts: Set<number>;
}

function readingOf(text: string): Reading {
  let out = '';
  const starts = new Set<number>([0]);
  for (const line of text.split(/\n+/)) {
    starts.add(out.length);
    out += tight(line);
  }
  starts.add(out.length);
  return { text: out, starts };
}

/**
 * A sentence (or a run of them) found in the material starting where a sentence or a line starts
 * and ending where one ends (closing punctuation, or a line's end: a heading, a list item); never
 * a piece from inside a sentence.
 */
function wholeIn(reading: Reading, sentence: string): boolean {
  const s = tight(sentence);
  if (!s) return true;
  const { text, starts } = reading;
  for (let at = text.indexOf(s); at >= 0; at = text.indexOf(s, at + 1)) {
    const opens = starts.has(at) || opensSentence.test(text.slice(Math.max(0, at - 2), at));
    const ends = starts.has(at + s.length) || /[.!?:]["'\u201d\u2019)\]]?$/.test(s);
    if (opens && ends) return true;
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
export function damageOf(previousHtml: string, resultHtml: string, material: MaterialText): Damage {
  const reading = readingOf(material.text);
  const isWhole = (sentence: string) => wholeIn(reading, sentence);
  const previousKeys = new Set(textUnits(previousHtml).flatMap((t) => fastSentences(t).map(sentenceKey)));
  const damaged: string[] = [];
  for (const unit of textUnits(resultHtml)) {
    // A unit kept as it was, a block of the material as it stands (a list item that ends in a comma), or a run of the
    // material from one sentence's start to another's end (lines the book joined) is whole.
    if (previousKeys.has(sentenceKey(unit)) || material.blocks.has(tight(unit)) || isWhole(unit)) continue;
    for (const sentence of fastSentences(unit)) {
      if (previousKeys.has(sentenceKey(sentence))) continue;
      if (!isWhole(sentence)) damaged.push(sentence);
    }
  }
  const flat = tight(material.text.replace(/\\\(|\\\)/g, ''));
  const previousCode = new Set(codeBlocks(previousHtml));
  for (const code of codeBlocks(resultHtml)) if (!previousCode.has(code) && !flat.includes(tight(code))) damaged.push(code);
  const previousMath = new Set(formulas(previousHtml));
  for (const latex of formulas(resultHtml)) {
    const key = latex.replace(/\s+/g, '');
    if (!previousMath.has(latex) && !material.latex.has(key) && !flat.includes(key)) damaged.push(`\\(${latex}\\)`);
  }
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
