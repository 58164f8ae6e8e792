/**
 * Real-documents run of the ingest benchmark: for each file of ../shared/corpus/real (real course
 * materials, read only when that folder is there) and a generated 350-page book, the time the
 * extraction takes (the worker's extract + chunk, which the extract-text answer waits for; the
 * embeddings are not part of it) beside bare pdf.js text extraction of the same file in the same
 * run, and the pictures drawn (figures, equations, tables) with the time per picture.
 *
 *   npm run bench:ingest                       (this run comes after the end-to-end table)
 *   node --import tsx bench/ingest/real-documents.ts
 *   BENCH_REAL_PAGES=100 node --import tsx bench/ingest/real-documents.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { countWords } from '@server/core/nlp';
import { closeExtractPool, extractUpload } from '@server/ingest/extract';
import { realCorpusDir, realFiles, table } from '../real/corpus';
import { makeBookPdf } from './make-pdf';

const config = { maxUploadFileBytes: 500 * 1024 * 1024, extractTimeoutMs: 10 * 60_000 };

/** Bare pdf.js text extraction, as the cheapest possible reading of the same file. */
async function barePdfjs(data: Uint8Array): Promise<number> {
  const start = performance.now();
  const doc = await getDocument({ data: data.slice(), verbosity: VerbosityLevel.ERRORS, disableFontFace: true }).promise;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    await page.getTextContent();
    page.cleanup();
  }
  await doc.loadingTask.destroy();
  return performance.now() - start;
}

const mimeOf = (name: string) => (/\.pdf$/i.test(name) ? 'application/pdf' : /\.docx$/i.test(name) ? 'application/docx' : 'text/plain');

export async function realDocumentsRun(): Promise<void> {
  const files = realFiles() ?? [];
  if (files.length === 0) console.log(`\nreal documents: ${realCorpusDir} is not here; only the generated book is measured.`);
  const pages = Number(process.env.BENCH_REAL_PAGES ?? 350);
  const book = await makeBookPdf({ pages, columns: 2, runningHead: 'Generated Biology Reader', pageNumbers: true, hyphenate: true });
  const inputs = [...files, { name: `generated-${pages}-pages.pdf`, data: book.bytes }];
  // A running server has its extraction workers started, with pdf.js and the canvas loaded (one PDF read per worker).
  const warm = await makeBookPdf({ pages: 1, columns: 1 });
  await Promise.all(
    [1, 2].map(() => extractUpload({ filename: 'warm.pdf', mimetype: 'application/pdf', data: Buffer.from(warm.bytes) }, config)),
  );
  // Bare pdf.js on this thread is warmed the same way, so the first file's figure is not a cold start.
  await barePdfjs(warm.bytes);

  const rows: string[][] = [];
  let pictures = 0;
  let pictureMs = 0;
  let worstRatio = 0;
  for (const input of inputs) {
    const isPdf = /\.pdf$/i.test(input.name);
    const bare = isPdf ? await barePdfjs(input.data) : undefined;
    const start = performance.now();
    let out;
    try {
      out = await extractUpload({ filename: input.name, mimetype: mimeOf(input.name), data: Buffer.from(input.data) }, config);
    } catch (err) {
      rows.push([input.name, '-', '-', (err as Error).message, '', '', '', '']);
      continue;
    }
    const ms = performance.now() - start;
    const drawn = out.render?.pictures ?? 0;
    const drawMs = out.render?.ms ?? 0;
    pictures += drawn;
    pictureMs += drawMs;
    if (bare) worstRatio = Math.max(worstRatio, ms / bare);
    rows.push([
      input.name,
      String(out.document.pageCount ?? '-'),
      String(countWords(out.document.text)),
      ms.toFixed(0),
      bare === undefined ? 'n/a' : bare.toFixed(0),
      bare === undefined ? 'n/a' : `${(ms / bare).toFixed(1)}x`,
      isPdf ? `${drawn} in ${drawMs.toFixed(0)} ms` : 'n/a',
      drawn ? `${(drawMs / drawn).toFixed(0)} ms (${((drawn / drawMs) * 1000).toFixed(1)}/s)` : '-',
    ]);
  }
  await closeExtractPool();
  console.log(
    `\nreal documents: extraction (worker: read, structure, draw pictures, chunk) vs bare pdf.js text, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    table(['file', 'pages', 'words', 'extraction ms', 'bare pdf.js ms', 'extraction / bare', 'pictures drawn', 'per picture'], rows),
  );
  const perPicture = pictures ? pictureMs / pictures : 0;
  console.log(
    `goals: extraction within 3x bare pdf.js (worst ${worstRatio.toFixed(1)}x: ${worstRatio <= 3 ? 'met' : 'NOT met'}); ` +
      `a picture in under 150 ms (${perPicture.toFixed(0)} ms on average over ${pictures}: ${perPicture < 150 ? 'met' : 'NOT met'})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  realDocumentsRun().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
