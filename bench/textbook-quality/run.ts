/**
 * Quality of the textbook the product makes from real course materials (../shared/corpus/real),
 * read the way the product does (extraction in its code path, the offline engine's outline and
 * quiz, the documents' references). Per document: the share of its own headings (levels 1-3)
 * found in the book in order, words kept, thin sections, "(n)" titles, glued words, figures
 * kept, junk references, quiz questions that do not stand alone, and the compose time.
 *
 *   npm run bench:textbook-quality
 */
import type { TextbookContent } from '../../common/textbook';
import { htmlToText } from '../../server/ai/offline/compose/html';
import { createOfflineEngine } from '../../server/ai/offline';
import { extractAndChunk } from '../../server/ingest/extract-document';
import { mimeByKind, sniffKind } from '../../server/ingest/sniff';
import { findDocumentReferences } from '../../server/references/documents/documents.provider';
import { gluedWords, inOrder, ownStructure } from '../real/own-structure';
import { pct, realCorpusDir, realFiles, table } from '../real/corpus';

const files = realFiles();
if (!files) {
  console.log(
    `bench:textbook-quality: ${realCorpusDir} is not here (it lives beside the project in this workplace only); nothing to measure.`,
  );
  process.exit(0);
}

const privateStore = /onedrive|1drv\.ms|sharepoint|drive\.google\.com\/file|dropbox\.com|localhost|127\.0\.0\.1/i;
/** A reference that is no work: no title of its own ("Reference 3", a bare URL), or a private file store. */
const isJunkReference = (r: { title: string; authors: string[]; year?: unknown; url: string }) =>
  !r.title.trim() ||
  /^reference \d+$/i.test(r.title.trim()) ||
  /^https?:\/\//.test(r.title.trim()) ||
  privateStore.test(r.url) ||
  (r.authors.length === 0 && !r.year && r.title.split(' ').length < 3);
/** A question a student cannot answer without the book in front of them. */
const standAloneFailure = (prompt: string) => {
  // Questions built from a sentence of the book ("Fill in the blank: ...", "True or false: ...") must read on their own;
  // the objectives' own prompts ("Explain gradients.") are questions by construction.
  const lead = /^(fill in the blank|true or false)\s*:\s*/i;
  if (!lead.test(prompt)) return undefined;
  const statement = prompt.replace(lead, '').trim();
  if (/^(it|its|this|these|that|those|they|their|he|she|we|our|i|you|here|there)\b/i.test(statement)) return 'starts with a pronoun';
  if (statement.replace(/_+/g, ' ').split(/\s+/).filter(Boolean).length < 7) return 'under 7 words';
  return undefined;
};

const engine = createOfflineEngine();
const rows: string[][] = [];
for (const file of files) {
  const own = await ownStructure(file.name, file.data);
  const kind = sniffKind(Buffer.from(file.data))!;
  const { document } = await extractAndChunk({ kind, filename: file.name, data: file.data.slice() });
  const material = {
    sources: [{ id: 1, filename: file.name, mime: mimeByKind[kind], text: document.text, document }],
    chunks: [],
    imageUrls: Object.fromEntries((document.images ?? []).map((im, i) => [im.sha256, `/api/images/${i + 1}`])),
  };
  const t0 = performance.now();
  const book: TextbookContent = await engine.outline(
    { material, retriever: { search: async () => [] } },
    { topic: document.title ?? file.name, references: [] },
  );
  const ms = performance.now() - t0;
  const titles = book.chapters.flatMap((c) => [
    c.title,
    ...c.sections.map((s) => s.title),
    ...[...`${c.content}${c.sections.map((s) => s.content).join('')}`.matchAll(/<h[3-6]>(.*?)<\/h[3-6]>/g)].map((m) => m[1]),
  ]);
  const sections = book.chapters.flatMap((c) => (c.sections.length ? c.sections.filter((s) => !s.title.startsWith('Review: ')) : [c]));
  const text = book.chapters.map((c) => [c.content, ...c.sections.map((s) => s.content)].map(htmlToText).join(' ')).join(' ');
  const sourceWords = document.text.split(/\s+/).filter(Boolean).length;
  const bookWords = text.split(/\s+/).filter(Boolean).length;
  const thin = sections.filter((s) => htmlToText(s.content).split(/\s+/).filter(Boolean).length < 30).length;
  const numbered = titles.filter((t) => /\(\d+\)$/.test(t.trim())).length;
  const html = book.chapters.map((c) => c.content + c.sections.map((s) => s.content).join('')).join('');
  const figuresKept = (html.match(/<img /g) ?? []).length;
  const references = findDocumentReferences([document]);
  const junk = references.filter(isJunkReference).length;
  const questions: string[] = [];
  for (let i = 0; i < book.chapters.length; i++) {
    const quiz = await engine
      .generateMaterial({ material, retriever: { search: async () => [] } }, { book, contentType: 'quiz', chapterIndex: i })
      .catch(() => undefined);
    for (const q of (quiz?.content as { questions?: Array<{ prompt: string }> })?.questions ?? []) questions.push(q.prompt);
  }
  const failing = questions.filter((q) => standAloneFailure(q));
  rows.push([
    file.name,
    own.headings.length
      ? pct(
          inOrder(
            own.headings.map((h) => h.title),
            titles,
          ),
        )
      : 'n/a',
    `${pct(bookWords / Math.max(1, sourceWords))} (${bookWords}/${sourceWords})`,
    `${book.chapters.length}/${sections.length}`,
    `${thin}`,
    `${numbered}`,
    `${gluedWords(text, own.vocabulary).length}`,
    `${figuresKept}/${own.figures}`,
    `${junk}/${references.length}`,
    `${failing.length}/${questions.length}`,
    `${ms.toFixed(0)} ms`,
  ]);
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
      'compose',
    ],
    rows,
  ),
);
console.log(
  '\nGoals: >= 90% of headings in order, 0 "(n)" titles, 0 junk references, <= 10% of quiz questions failing the stand-alone rules, >= 50% of the words of documents up to ~30,000 words.',
);
console.log("Words kept counts the book's whole text (the chapter openings and reviews restate the material, so it can pass 100%).");
