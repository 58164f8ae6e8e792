/**
 * Quality of the textbook the product makes from real course materials (../shared/corpus/real),
 * read the way the product does (extraction in its code path, the offline engine's outline and
 * quiz, the documents' references). Per document: the share of its own headings (levels 1-3)
 * found in the book in reading order, the source words the book's material carries (its
 * overviews, objectives, summaries and reviews left out), thin sections, "(n)" titles, glued
 * words, figures kept as real images, junk references, quiz questions that do not stand alone,
 * short quizzes, the compose time, and its fidelity to the symbol (fidelity.ts: glyph errors, formulas
 * KaTeX cannot typeset, paragraphs cut mid-sentence, running heads in the text, links kept, list starts).
 *
 *   npm run bench:textbook-quality            the table
 *   npm run bench:textbook-quality -- --detail   and, per document, what each failing figure counts
 *   npm run bench:textbook-quality -- --dir <folder>   the same report on other materials
 */
import type { TextbookContent } from '@common/textbook';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { creditParts } from '@common/book-render/credits';
import { materialCredits } from '@server/ai/material-credits';
import { createOfflineEngine } from '@server/ai/offline';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
import { findDocumentReferences } from '@server/references/documents/documents.provider';
import { gluedWords, inOrder, ownStructure, titleAt, titleKey } from '../real/own-structure';
import { pct, realCorpusDir, realFiles, table } from '../real/corpus';
import {
  figureCaptions,
  junkReason,
  materialText,
  notInText,
  questionProblem,
  realImages,
  sourceUnitWords,
  sourceWords,
  thinSections,
  titlesInOrder,
  wordsKept,
} from './measures';
import { apparatusHeader, apparatusRow, type QuizItem } from './apparatus-measures';
import { fidelityHead, fidelityOf } from './fidelity-report';
import { crossRefCells, crossRefHeader } from './cross-refs-report';
import { backMatterHeader, backMatterRow } from './back-matter-measures';

const dirArg = process.argv.indexOf('--dir');
const dir = dirArg >= 0 ? process.argv[dirArg + 1] : realCorpusDir;
const files = realFiles(dir);
if (!files) {
  console.log(
    `bench:textbook-quality: ${dir} is not here (the real corpus lives beside the project in this workplace only); nothing to measure.`,
  );
  process.exit(0);
}
const detail = process.argv.includes('--detail');

const engine = createOfflineEngine();
const rows: string[][] = [];
const details: string[] = [];
const apparatusRows: string[][] = [];
const crossRefRows: string[][] = [];
const backMatterRows: string[][] = [];
const unreadable: string[] = [];
for (const file of files) {
  const own = await ownStructure(file.name, file.data);
  const kind = sniffKind(Buffer.from(file.data))!;
  // A file the product refuses (a scan with no text layer) makes no book: it is named under the table.
  const extracted = await extractAndChunk({ kind, filename: file.name, data: file.data.slice() }).catch((err: Error) => err);
  if (extracted instanceof Error) {
    unreadable.push(`${file.name}: ${extracted.message}`);
    continue;
  }
  const { document } = extracted;
  const imageUrls = Object.fromEntries((document.images ?? []).map((im, i) => [im.sha256, `/api/images/${i + 1}`]));
  const material = {
    sources: [{ id: 1, filename: file.name, mime: mimeByKind[kind], text: document.text, document }],
    chunks: [],
    imageUrls,
  };
  const t0 = performance.now();
  const book: TextbookContent = await engine.outline(
    { material, retriever: { search: async () => [] } },
    { topic: document.title ?? file.name, references: [] },
  );
  const ms = performance.now() - t0;
  const titles = titlesInOrder(book);
  const captions = figureCaptions(book);
  const expected = own.headings.map((h) => h.title).filter((t) => !notInText.test(titleKey(t)) && !captions.has(titleKey(t)));
  const missing: string[] = [];
  {
    const keys = titles.map(titleKey);
    let at = 0;
    for (const t of expected) {
      const i = titleAt(keys, t, at);
      if (i >= 0) at = i + 1;
      else missing.push(t);
    }
  }
  const source = sourceWords(document);
  const material_ = materialText(book);
  const kept = wordsKept(source, material_);
  const thin = thinSections(book, sourceUnitWords(document));
  const numbered = titles.filter((t) => /\(\d+\)$/.test(t.trim()));
  const html = book.chapters.map((c) => materialHtml(c.content) + c.sections.map((s) => materialHtml(s.content)).join('')).join('');
  const figuresKept = realImages(html, document, imageUrls);
  const references = findDocumentReferences([document]);
  const junk = references.map((r) => ({ r, why: junkReason(r, references) })).filter((x) => x.why);
  const failing: string[] = [];
  let questions = 0;
  const shortQuizzes: string[] = [];
  const quizzes: Array<{ chapterWords: number; items?: QuizItem[]; noProse?: boolean }> = [];
  for (let i = 0; i < book.chapters.length; i++) {
    let noProse = false;
    const quiz = await engine
      .generateMaterial({ material, retriever: { search: async () => [] } }, { book, contentType: 'quiz', chapterIndex: i })
      .catch((err: Error) => {
        // A chapter of lists, tables or code only (a list of abbreviations) is told so: no prose, no quiz; so is a policy or
        // syllabus chapter whose document has too little teaching text to move the quiz to.
        noProse = /no sentences of prose|front matter or course logistics/.test(err.message);
        return undefined;
      });
    const list =
      (quiz?.content as { questions?: Array<{ type?: string; prompt: string; options?: string[]; answer?: string }> })?.questions ?? [];
    questions += list.length;
    for (const q of list) {
      const why = questionProblem(q);
      if (why) failing.push(`${why}: ${q.prompt}${q.options ? ` [${q.options.join(' | ')}]` : ''}`);
    }
    const chapter = book.chapters[i];
    const words = htmlToText(materialHtml(chapter.content) + chapter.sections.map((s) => materialHtml(s.content)).join(' ')).split(
      /\s+/,
    ).length;
    if (words > 1500 && list.length < 5) shortQuizzes.push(`${chapter.title} (${words} words, ${list.length} questions)`);
    quizzes.push({ chapterWords: words, items: quiz ? (list as QuizItem[]) : undefined, noProse });
  }
  const glued = gluedWords(htmlToText(html), own.vocabulary);
  const fidelity = await fidelityOf(file, { html, text: material_ }, own.runningHeads, [
    ...references.map((r) => r.url).filter((u): u is string => !!u),
    // The title page prints the material's credits (author, course) with their web addresses as links, as the
    // generation runner stores them.
    ...materialCredits(material).flatMap((line) => creditParts(line).flatMap((part) => (part.href ? [part.href] : []))),
  ]);
  rows.push([
    file.name,
    expected.length ? pct(inOrder(expected, titles)) : 'n/a',
    `${pct(kept / Math.max(1, source.length))} (${kept}/${source.length})`,
    `${book.chapters.length}/${book.chapters.reduce((n, c) => n + c.sections.length, 0)}`,
    `${thin.length}`,
    `${numbered.length}`,
    `${glued.length}`,
    `${figuresKept}/${own.figures}`,
    `${junk.length}/${references.length}`,
    `${failing.length}/${questions}`,
    `${shortQuizzes.length}`,
    `${ms.toFixed(0)} ms`,
    ...fidelity.cells,
  ]);
  const apparatus = apparatusRow(book, quizzes);
  apparatusRows.push([file.name, ...apparatus.cells]);
  crossRefRows.push([file.name, ...crossRefCells(book)]);
  backMatterRows.push([file.name, ...backMatterRow(book)]);
  if (detail) {
    details.push(`\n## ${file.name}`);
    const list = (label: string, items: string[]) => items.length && details.push(`${label}:\n${items.map((x) => `  - ${x}`).join('\n')}`);
    list('headings missing or out of order', missing);
    list('thin sections', thin);
    list('"(n)" titles', numbered);
    list('glued words', glued);
    list(
      'junk references',
      junk.map((j) => `${j.why}: ${j.r.title}`),
    );
    list('quiz questions failing', failing);
    list('chapters over 1,500 words with fewer than 5 questions', shortQuizzes);
    list('apparatus and quiz checks failing (docs/quality-review.md)', apparatus.details);
    for (const [label, items] of fidelity.detail) list(label, items);
  }
}
await engine.close?.();
console.log(
  table(
    [
      'file',
      'headings in order',
      'words kept',
      'chapters/sections',
      'thin (<30 w)',
      '"(n)" titles',
      'glued',
      'figures',
      'junk refs',
      'quiz fails',
      'short quizzes',
      'compose',
      ...fidelityHead,
    ],
    rows,
  ),
);
console.log(`\n${table(['file', ...apparatusHeader], apparatusRows)}`);
console.log(`\nNumbering and cross-references linked:\n${table(['file', ...crossRefHeader], crossRefRows)}`);
console.log(`\n${table(['file', ...backMatterHeader], backMatterRows)}`);
if (unreadable.length) console.log(`\nNo book (the product refuses the file): ${unreadable.join('; ')}`);
if (detail) console.log(details.join('\n'));
console.log(
  '\nGoals: >= 90% of headings in order, 0 "(n)" titles, 0 junk references, <= 10% of quiz questions failing the stand-alone rules, >= 95% of the words (a book keeps the whole material unless condensed on request), 0 short quizzes.',
);
console.log(
  'Apparatus goals: objectives repeating a heading < 20%, own-words review questions < 20%, 0 key terms that are not whole defining sentences, 0 quiz items failing a check, 0 refused quiz requests on chapters over 150 words (a chapter with no prose, lists or tables only, or of course logistics with no teaching chapter long enough to take its quiz, is refused with that reason and not counted).',
);
console.log(
  "Words kept: source words (headings and reference-list entries aside) lying in a six-word run the book's material prints verbatim (math read from its LaTeX on both sides: an equation of the source read as LaTeX by that LaTeX; a drawn equation or figure from its alt text); the overviews, objectives, summaries, key terms and review questions are not counted.",
);
console.log(
  'Fidelity (goals 0, 0, under 2%, 0, at least 95%, 0): "6=" and friends, U+FFFD and private-use characters in the text; stored formulas KaTeX cannot typeset; prose paragraphs of 6+ words ending without a stop; the PDF\'s running heads inside paragraphs; link targets of the source (PDF link annotations, DOCX hyperlinks, Markdown links) the book links to; ordered lists of the source not starting at 1 that the book starts elsewhere.',
);
console.log(
  "Glossary and index (built when the book is rendered): glossary entries from whole defining key-term sentences; index entries from key terms and the document's own index words (in brackets: how many it has) that its text uses; links made from the text to the glossary and from the index to sections.",
);
console.log(
  "Figures: <img>s of the book whose source is a real image of one of the document's figures. Headings: the original's navigation and reference list are not expected in the text.",
);
