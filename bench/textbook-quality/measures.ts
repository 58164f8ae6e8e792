/**
 * The measures of the textbook-quality report, written from the rules a teacher would check
 * (independently of the engine's own filters, so the report can catch them out).
 */
import type { TextbookContent } from '@common/textbook';
import type { DocSection, ExtractedDocument } from '@server/core/document-model';
import { documentTree } from '@server/core/document-tree';
import { isReviewSection, materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { titleKey } from '../real/own-structure';

/**
 * Words and numbers; LaTeX's control words (\text, \frac, \times) are markup, not words, in the book and the source alike,
 * but an operator's name is printed ("\cosθ" shows "cosθ", as the source's text of the display reads).
 */
const operatorWord =
  /\\(arcsin|arccos|arctan|sinh|cosh|tanh|coth|sin|cos|tan|cot|sec|csc|log|ln|exp|lim|max|min|sup|inf|det|arg|deg|dim|gcd|ker)(?![a-zA-Z])/g;
const wordsOf = (text: string) =>
  text
    .replace(operatorWord, ' $1')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Titles of the book in reading order: chapter, its sub-headings, then each section and its sub-headings. */
export function titlesInOrder(book: TextbookContent): string[] {
  const sub = (html: string) => [...html.matchAll(/<h[3-6]>(.*?)<\/h[3-6]>/g)].map((m) => htmlToText(m[1]));
  // The book's title is printed first: a document's own title heading is found there.
  return [
    book.title,
    ...book.chapters.flatMap((c) => [
      c.title,
      ...sub(materialHtml(c.content)),
      ...c.sections.flatMap((s) => [s.title, ...sub(materialHtml(s.content))]),
    ]),
  ];
}

/** Headings the book is not expected to print: the original's navigation and its reference list (it becomes the references). */
/**
 * The captions the book prints under its pictures. A heading of the source that labels the figure right under it ("Figure
 * 1.1. ...", R Markdown's captions in Word) is printed as that figure's caption, not missing from the book's sections.
 */
export function figureCaptions(book: TextbookContent): Set<string> {
  const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)].map(materialHtml)).join('');
  return new Set([...html.matchAll(/<img\b[^>]*>\s*<p><em>(.*?)<\/em><\/p>/g)].map((m) => titleKey(htmlToText(m[1]))));
}

export const notInText =
  /^(?:contents|table of contents|list of (?:figures|tables|algorithms|listings)|abbildungsverzeichnis|tabellenverzeichnis|table des figures|liste des (?:figures|tableaux)|todo list|liste der noch zu erledigenden punkte|liste des points à traiter|index|references|bibliography|works cited|inhalt|inhaltsverzeichnis|literatur|literaturverzeichnis|table des matières|sommaire|références|bibliographie)$/iu;

/**
 * Math the book prints as math rather than as text: inline and display math (their LaTeX) and
 * equations drawn as pictures (their alt text, the equation's text in the source), as words, so
 * an equation the book carries counts as kept and one it dropped does not.
 */
function withMathWords(html: string): string {
  return html
    .replace(/<span data-type="inline-math" data-latex="([^"]*)"><\/span>/g, ' <span>$1</span> ')
    .replace(/<div data-type="block-math" data-latex="([^"]*)"><\/div>/g, '<p>$1</p>')
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/g, '<p>$1</p>');
}

/** The book's material, without the overview, objectives, summaries, key terms and review questions it adds. */
export function materialText(book: TextbookContent): string {
  return book.chapters
    .map((c) =>
      [materialHtml(c.content), ...c.sections.filter((s) => !isReviewSection(s.title)).map((s) => materialHtml(s.content))]
        .map((html) => htmlToText(withMathWords(html)))
        .join(' '),
    )
    .join(' ');
}

/**
 * The words of the document's text blocks (headings and reference-list entries aside). An equation read as LaTeX counts
 * by its LaTeX, as the book prints it (its text is the PDF's glyphs in drawing order, "b ) arg(z) = θ = arctan ( . a",
 * which no book prints): kept when the book carries the display, missing when it drops it.
 */
export function sourceWords(doc: ExtractedDocument): string[] {
  return doc.blocks
    .filter((b) => b.kind !== 'heading' && b.kind !== 'bibliography')
    .flatMap((b) => wordsOf(b.kind === 'equation' && b.latex ? b.latex : b.text));
}

/**
 * How many of the source's words the book's material carries: a source word counts when it lies
 * in a run of six words found verbatim (case and punctuation aside) in the book's material.
 * Restated apparatus does not count, and neither does a sentence printed twice.
 */
export function wordsKept(source: string[], material: string): number {
  const n = 6;
  const book = wordsOf(material);
  const grams = new Set<string>();
  for (let i = 0; i + n <= book.length; i++) grams.add(book.slice(i, i + n).join(' '));
  const covered = new Uint8Array(source.length);
  for (let i = 0; i + n <= source.length; i++) if (grams.has(source.slice(i, i + n).join(' '))) covered.fill(1, i, i + n);
  return covered.reduce((a, b) => a + b, 0);
}

/** Words under each heading of the document, its sub-units included, by title. */
export function sourceUnitWords(doc: ExtractedDocument): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (s: DocSection): number => {
    const n =
      s.blocks.reduce((k, b) => k + (b.kind === 'bibliography' ? 0 : wordsOf(b.text).length), 0) +
      s.children.reduce((k, c) => k + walk(c), 0);
    out.set(titleKey(s.title), Math.max(out.get(titleKey(s.title)) ?? 0, n));
    return n;
  };
  documentTree(doc).sections.forEach(walk);
  return out;
}

/** Sections (or chapters without sections) under 30 words of material whose source unit is longer. */
export function thinSections(book: TextbookContent, unitWords: Map<string, number>): string[] {
  const parts = book.chapters.flatMap((c) =>
    c.sections.length
      ? c.sections.filter((s) => !isReviewSection(s.title)).map((s) => ({ title: s.title, html: s.content }))
      : [{ title: c.title, html: c.content }],
  );
  return parts
    .filter((p) => wordsOf(htmlToText(materialHtml(p.html))).length < 30 && (unitWords.get(titleKey(p.title)) ?? 30) >= 30)
    .map((p) => p.title);
}

/** `<img>`s whose source is a real image of the document (bytes present), counted once each. */
export function realImages(html: string, doc: ExtractedDocument, imageUrls: Record<string, string>): number {
  const bySrc = new Map(Object.entries(imageUrls).map(([sha, url]) => [url, sha]));
  const real = new Set((doc.images ?? []).filter((im) => im.data.byteLength > 100).map((im) => im.sha256));
  const figureShas = new Set(doc.blocks.filter((b) => b.kind === 'figure' && b.image).map((b) => b.image!.sha256));
  const seen = new Set<string>();
  for (const m of html.matchAll(/<img [^>]*src="([^"]+)"/g)) {
    const sha = bySrc.get(m[1]);
    if (sha && real.has(sha) && figureShas.has(sha)) seen.add(sha);
  }
  return seen.size;
}

const privateStore =
  /onedrive|1drv\.ms|sharepoint|drive\.google\.com\/(?:file|open)|docs\.google\.com\/\w+\/d|dropbox\.com|localhost|127\.0\.0\.1/i;

/** Why a reference is no real work, or undefined when it is one. */
export function junkReason(
  r: { title: string; authors: string[]; year?: unknown; url: string; description?: string },
  all: Array<{ title: string }>,
): string | undefined {
  const title = r.title.trim();
  if (!title || /^reference \d+$/i.test(title)) return 'no title';
  if (/^https?:\/\//.test(title)) return 'a link for a title';
  if (privateStore.test(r.url)) return 'a private file store or local address';
  if (/^\[[^\]]{1,12}\]/.test(title)) return 'a citation key for a title';
  if (/\.\s?\.\s?\.\s?\./.test(r.description ?? '') || (/^\d+(?:\.\d+)*\s/.test(title) && !r.url)) return 'a table-of-contents line';
  if (/^list of /i.test(title)) return 'a heading of the document';
  if (/^[A-Z][A-Za-z]{1,7}\s+[A-Z][a-z]+(?:\s+[A-Z(][a-z)-]*)*$/.test(title) && /^[A-Z]{2,}/.test(title) && !r.url && !r.year)
    return 'an abbreviation entry';
  // "Dakshi Agrawal, Bruce Archambeault, Josyula R": the authors where the title should be.
  if (
    r.authors.length === 0 &&
    /^(?:\p{Lu}[\p{Ll}'’-]+\s(?:\p{Lu}\.?\s)?\p{Lu}[\p{Ll}'’-]+(?:,\s|\sand\s|,\sand\s)?)+\p{Lu}?$/u.test(title) &&
    (/,|\sand\s|\s\p{Lu}$/u.test(title) || !r.url) &&
    title.split(/\s+/).length <= 12
  )
    return 'names for a title';
  if (r.authors.length === 0 && !r.year && !r.url && title.split(/\s+/).length < 3) return 'too little to be a work';
  if (all.filter((o) => o.title.trim().toLowerCase() === title.toLowerCase()).length > 1) return 'listed twice';
  return undefined;
}

const pronounStart = /^(?:it|its|it's|this|these|that|those|they|their|them|he|she|his|her|here|there|such)\b/i;
const firstPerson = /^(?:i|i'm|i've|i'd|we|we're|we'll|we've|our|us|my|let's|let us|you|your)\b/i;
const danglingDemonstrative =
  /\b(?:this|these|those)(?:\s+(?:way|case|cases|point|reason|one|ones|kind|type|sort|document|handout)\b|\s+(?:is|are|was|were|can|will|has|have|means|shows)\b|\s*[.,;:?!)])/i;
const templateObjective =
  /\b(?:as the material states it|in its role in|the main ideas of|the key terms used in|apply the ideas of|to a new example|the trade-offs of)\b/i;

type Question = { type?: string; prompt: string; options?: string[]; answer?: string };

const kindOf = (x: string) =>
  /^[\d.,%x×\s-]+$/.test(x.trim())
    ? 'number'
    : /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.test(
          x.trim(),
        )
      ? 'date'
      : 'words';

/** Why a quiz question does not stand alone (or its options are of different kinds), or undefined. */
export function questionProblem(q: Question): string | undefined {
  const lead = /^(fill in the blank|true or false|complete from the chapter)\s*:\s*/i;
  if (templateObjective.test(q.prompt)) return 'a template phrase';
  if (lead.test(q.prompt)) {
    const statement = q.prompt.replace(lead, '').trim();
    if (pronounStart.test(statement)) return 'starts with a pronoun';
    if (firstPerson.test(statement)) return 'starts in the first person';
    if (statement.split(/\s+/).filter(Boolean).length < 7) return 'under 7 words';
    if (danglingDemonstrative.test(statement.replace(/_+/g, 'X'))) return '"this"/"these" without its noun';
  }
  if (q.type === 'multiple-choice' && q.options && q.answer) {
    const kind = kindOf(q.answer);
    if (q.options.some((o) => kindOf(o) !== kind)) return 'options of another kind than the answer';
  }
  return undefined;
}
