/**
 * bench:ai-tools - how long each AI tool takes offline on a 100,000-word book
 * (goal: under 2 s each), then, when the real course materials are beside
 * the project (../shared/corpus/real), what the tools add on them.
 *
 *   npm run bench:ai-tools
 *
 * The book is the one bench:generate times: 100,000 words of real academic
 * sentences under Markdown headings, composed by the offline engine (condensed,
 * so every unit has text left for expansion). Each tool runs on the engine as a
 * route runs it (the material loaded, a retriever over its chunks ranking by
 * BM25: no vectors are made here), each run on a fresh copy of the material so
 * nothing is cached between runs. Wall and CPU time per call, median of 3: on a
 * shared machine wall time includes waiting for a core, CPU time does not.
 */
import { performance } from 'node:perf_hooks';
import type { TextbookContent } from '@common/textbook';
import type { EngineContext } from '@server/ai/engine';
import type { Material } from '@server/ai/material';
import { countWords, splitSentences } from '@server/core/nlp';
import { htmlToText } from '@common/textbook-ops/html';
import { extractTxt } from '@server/ingest/txt-extract';
import { build100kWords, corpusSentences } from '../generate/corpus-100k';
import { composeBook, contextOf, engine, materialOf } from './book-setup';
import { qualityReport } from './quality';
import { bookHtml, damageOf, materialText } from './wholeness';

interface Timed {
  tool: string;
  'wall ms': number;
  'cpu ms': number;
  result: string;
  /** Sentences, code blocks or formulas of the result that are not whole units of the material or the part before (goal 0). */
  damaged: number;
  /** Sentences of the part before that the result lost (goal 0). */
  lost: number;
}

/** What a tool run answers: a line for the table, and the part before and after (HTML) for the wholeness check. */
interface Run {
  result: string;
  before: string;
  after: string;
}

/** Each run gets its own copy of the material and a new retriever, as each request does: nothing is cached between runs. */
async function time(tool: string, material: Material, run: (ctx: EngineContext) => Promise<Run>): Promise<Timed> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let last: Run = { result: '', before: '', after: '' };
  for (let i = 0; i < 3; i++) {
    const ctx = contextOf({ ...material });
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    last = await run(ctx);
    walls.push(performance.now() - t0);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[1]);
  const damage = damageOf(last.before, last.after, materialText(material));
  if (damage.damaged.length) console.log(`${tool}: damaged units, e.g. ${JSON.stringify(damage.damaged.slice(0, 3))}`);
  if (damage.lost.length) console.log(`${tool}: lost, e.g. ${JSON.stringify(damage.lost.slice(0, 3))}`);
  return {
    tool,
    'wall ms': median(walls),
    'cpu ms': median(cpus),
    result: last.result,
    damaged: damage.damaged.length,
    lost: damage.lost.length,
  };
}

const words = (html: string) => countWords(htmlToText(html));

async function speed(): Promise<void> {
  splitSentences('Warm up. The model loads once.');
  const built = build100kWords(await corpusSentences(), { withHeadings: true });
  const document = extractTxt(new Uint8Array(Buffer.from(built.text)), 'book-headings.md');
  const material = materialOf(document, 'book-headings.md');
  const book: TextbookContent = await composeBook(contextOf(material), 'Trace-based compilation');
  const sectionChapter = book.chapters.findIndex((c) => c.sections.length > 0);
  const chapter = book.chapters[sectionChapter];
  const section = chapter.sections[0];
  const paragraph = htmlToText(section.content).split(/(?<=[.!?])\s+/)[0];
  // Expand Chapter works on a chapter without sections: the same chapter with its sections folded into its text.
  const folded = {
    ...chapter,
    content: chapter.content + chapter.sections.map((s) => `<h3>${s.title}</h3>${s.content}`).join(''),
    sections: [],
  };
  const foldedBook = { ...book, chapters: book.chapters.map((c, i) => (i === sectionChapter ? folded : c)) };
  const plainChapter = { ...folded, content: chapter.sections.map((s) => s.content).join('') };
  const plainBook = { ...book, chapters: book.chapters.map((c, i) => (i === sectionChapter ? plainChapter : c)) };

  const rows: Timed[] = [];
  rows.push(
    await time('expand selection', material, async (ctx) => {
      const r = await engine.expandParagraph(ctx, { paragraphHtml: paragraph, book, context: `Current section: ${section.title}` });
      const result = r.exhausted ? 'nothing more' : `+${words(r.value) - countWords(paragraph)} words`;
      return { result, before: `<p>${paragraph}</p>`, after: r.value };
    }),
  );
  rows.push(
    await time('expand section (8 paragraphs)', material, async (ctx) => {
      const r = await engine.generateSection(ctx, {
        book,
        chapterIndex: sectionChapter,
        chapterTitle: chapter.title,
        sectionTitle: section.title,
        references: [],
        paragraphCount: 8,
        expansionLevel: 'comprehensive',
      });
      const result = r.exhausted ? 'nothing more' : `+${words(r.value) - words(section.content)} words`;
      return { result, before: section.content, after: r.exhausted ? section.content : r.value };
    }),
  );
  /** A row expanding one chapter of `inBook` into 4 sections: how many came and the words they added. */
  const expandChapterRow = (label: string, inBook: TextbookContent, target: { title: string; content: string }) =>
    time(label, material, async (ctx) => {
      const r = await engine.expandChapter(ctx, {
        book: inBook,
        chapterIndex: sectionChapter,
        chapterTitle: target.title,
        chapterContent: target.content,
        sectionCount: 4,
      });
      const after = r.value.sections.map((x) => x.content).join('');
      return {
        result: `${r.value.sections.length} sections, +${words(after) - words(target.content)} words`,
        before: target.content,
        after,
      };
    });
  rows.push(await expandChapterRow('expand chapter (sub-headings)', foldedBook, folded));
  rows.push(await expandChapterRow('expand chapter (source sub-units)', plainBook, plainChapter));
  for (const guidance of [
    'Make a 10-week syllabus',
    'Split into beginner, intermediate and advanced',
    'Make the structure more application-focused',
    'Reorganize chapters chronologically',
    'Make it 6 chapters',
  ]) {
    rows.push(
      await time(`customize: ${guidance}`, material, async (ctx) => {
        // A refusal (a book with no chronology) is an answer too: nothing changed.
        const r = await engine.customizeStructure(ctx, { book, guidance }).catch((err: Error) => ({ content: book, refused: err.message }));
        const result = 'refused' in r ? `refused: ${r.refused.slice(0, 60)}` : `${r.content.chapters.length} chapters`;
        return { result, before: bookHtml(book), after: bookHtml(r.content) };
      }),
    );
  }
  rows.push(
    await time('assistant: add a section', material, async (ctx) => {
      const r = await engine.chat(ctx, { message: `Add a section on guard failures to chapter 2`, topic: book.title, content: book });
      return {
        result: r.updatedContent ? 'outline changed' : r.message.slice(0, 40),
        before: bookHtml(book),
        after: bookHtml(r.updatedContent ?? book),
      };
    }),
  );
  rows.push(
    await time('assistant: free question', material, async (ctx) => {
      const r = await engine.chat(ctx, { message: 'What is a trace tree?', topic: book.title, content: book });
      return { result: `${countWords(r.message)}-word answer`, before: '', after: '' };
    }),
  );
  console.log(
    `\nbench:ai-tools - a ${countWords(document.text).toLocaleString('en')}-word book, ${book.chapters.length} chapters, ${book.chapters.reduce((n, c) => n + c.sections.length, 0)} sections (goal: each tool under 2,000 ms)`,
  );
  console.table(rows);
  const slow = rows.filter((r) => r['wall ms'] >= 2000);
  console.log(slow.length ? `Over 2 s: ${slow.map((r) => r.tool).join(', ')}` : 'Every tool answered in under 2 s.');
  const damaged = rows.reduce((n, r) => n + r.damaged, 0);
  const lost = rows.reduce((n, r) => n + r.lost, 0);
  console.log(`Whole units: ${damaged} damaged and ${lost} lost over all tools (goal 0 and 0).`);
}

await speed();
await qualityReport();
await engine.close?.();
