/**
 * The study apparatus and quizzes the offline engine makes from every file of the real corpus, as
 * text an instructor can read through: per chapter its objectives, summary, key terms and review
 * questions, then the quiz on the whole book and on each chapter (or why it was refused). The
 * reviewer applies docs/quality-review.md to this output.
 *
 *   node --import tsx bench/textbook-quality/apparatus-dump.ts [--dir <folder>] [--sources] [--all] > apparatus.txt
 *
 * --sources prints each quiz item's source sentence under it; --all adds the whole book's assessment,
 * lesson plan and homework.
 */
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { createOfflineEngine } from '@server/ai/offline';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
import { realCorpusDir, realFiles } from '../real/corpus';
import { textOf } from './apparatus-measures';

const dirArg = process.argv.indexOf('--dir');
const files = realFiles(dirArg >= 0 ? process.argv[dirArg + 1] : realCorpusDir) ?? [];
const engine = createOfflineEngine();
const withSources = process.argv.includes('--sources');
const everything = process.argv.includes('--all');
const lists = (html: string, heading: string) => {
  const m = new RegExp(`<h3>${heading}</h3>(?:<p>[^]*?</p>)?<([uo])l>([^]*?)</\\1l>`).exec(html);
  return m ? [...m[2].matchAll(/<li>([^]*?)<\/li>/g)].map((x) => textOf(x[1])) : [];
};
for (const file of files) {
  const kind = sniffKind(Buffer.from(file.data))!;
  let document;
  try {
    ({ document } = await extractAndChunk({ kind, filename: file.name, data: file.data.slice() }));
  } catch (e) {
    console.log(`\n# ${file.name}: not read (${(e as Error).message})`);
    continue;
  }
  const material = { sources: [{ id: 1, filename: file.name, mime: mimeByKind[kind], text: document.text, document }], chunks: [] };
  const book: TextbookContent = await engine.outline(
    { material, retriever: { search: async () => [] } },
    { topic: document.title ?? file.name, references: [] },
  );
  console.log(`\n# ${file.name}: ${book.title}`);
  for (const [i, c] of book.chapters.entries()) {
    const html = c.content + c.sections.map((s) => s.content).join('');
    console.log(`\n## ch${i} ${c.title} [${c.sections.map((s) => s.title).join(' | ')}] words=${htmlToText(html).split(/\s+/).length}`);
    for (const h of ['Learning Objectives', 'Summary', 'Key Terms', 'Review Questions']) {
      const l = lists(html, h);
      if (l.length) console.log(`### ${h}\n${l.map((x) => `- ${x}`).join('\n')}`);
    }
  }
  for (const ci of [undefined, ...book.chapters.keys()]) {
    try {
      const q = await engine.generateMaterial(
        { material, retriever: { search: async () => [] } },
        { book, contentType: 'quiz', chapterIndex: ci as number | undefined },
      );
      console.log(`\n## QUIZ ch${ci}: ${q.description}`);
      for (const x of (
        q.content as { questions: Array<{ type: string; prompt: string; options?: string[]; answer: string; source: string }> }
      ).questions) {
        console.log(`- [${x.type}] ${x.prompt}${x.options ? ` {${x.options.join(' | ')}}` : ''} => ${x.answer}`);
        if (withSources) console.log(`    < ${x.source}`);
      }
    } catch (e) {
      console.log(`\n## QUIZ ch${ci}: REFUSED ${(e as Error).message}`);
    }
  }
  for (const contentType of everything ? (['assessment', 'lessonPlan', 'homework'] as const) : []) {
    try {
      const m = await engine.generateMaterial({ material, retriever: { search: async () => [] } }, { book, contentType });
      console.log(`\n## ${contentType.toUpperCase()}: ${m.description}\n${JSON.stringify(m.content, null, 1)}`);
    } catch (e) {
      console.log(`\n## ${contentType.toUpperCase()}: REFUSED ${(e as Error).message}`);
    }
  }
}
await engine.close?.();
