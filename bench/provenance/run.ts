/**
 * bench:provenance - how long the provenance of a 100-section chapter takes (goal: under 1 s), then,
 * when the real course materials are beside the project (../shared/corpus/real), how well it traces
 * the sentences of the book the offline engine composes from each (goal: at least 98%).
 *
 *   npm run bench:provenance            (speed, then tracing on the real materials)
 *   npm run bench:provenance -- --real  (the tracing only)
 *
 * Speed: the material is the 100,000-word document bench:generate times; the chapter holds 100 of
 * the composed book's sections, every third paragraph edited (a number changed, or words dropped) so
 * every path of the matching runs. A first request for a material builds its source map and match index
 * (each run a fresh copy); later ones find it held by the material's key. Wall and CPU time, median of 3.
 * Then support by meaning: the pairs a run asks about, embedded with the local sentence encoder.
 *
 * Tracing: 100 sentences drawn at random (fixed seed) from the book's chapters and sections; each one
 * that is a sentence of the material must have a provenance whose passage holds it.
 *
 * Both run on the book as generation stores it, each quoted block with its source (data-src,
 * server/features/provenance/stamp-sources.ts); the figures give how much that adds to the stored
 * book (goal: under 30%) and, for speed, the same chapter without stored sources.
 */
import { performance } from 'node:perf_hooks';
import type { ProvenanceResponse } from '@common/provenance';
import type { Chapter, TextbookContent } from '@common/textbook';
import { htmlBlocks } from '@common/textbook-ops/html';
import { sourceMap } from '@server/ai/shared/source-map';
import { extractTxt } from '@server/ingest/txt-extract';
import { CachedEmbedder } from '@server/ai/embeddings/cached-embedder';
import { LocalEmbedder } from '@server/ai/embeddings/local-embedder';
import { chapterProvenance, clearMatchIndexes, indexOf, judgeWith, materialKey } from '@server/features/provenance/chapter-provenance';
import { similaritiesOf } from '@server/features/provenance/meaning';
import { closeProvenanceWorkers, matchOffThread } from '@server/features/provenance/provenance-pool';
import { composeBook, contextOf, materialOf } from '../ai-tools/book-setup';
import { build100kWords, corpusSentences } from '../generate/corpus-100k';
import { pct, realDocuments, realCorpusDir, realFiles, table } from '../real/corpus';
import { stamped, trace } from './trace';

/** Every third paragraph edited: a number changed where it has one, else its last words dropped. */
function edited(html: string): string {
  return htmlBlocks(html)
    .map((block, i) => {
      if (i % 3 !== 1 || !block.startsWith('<p>')) return block;
      const changed = block.replace(/\b(\d+)\b/, (n) => String(Number(n) + 7));
      return changed !== block ? changed : block.replace(/(\s+\S+){3}(\.?<\/p>)$/, '$2');
    })
    .join('');
}

function hundredSections(book: TextbookContent): Chapter {
  const all = book.chapters.flatMap((c) => (c.sections.length ? c.sections : [{ title: c.title, content: c.content }]));
  const sections = Array.from({ length: 100 }, (_, i) => {
    const s = all[i % all.length];
    return { title: s.title, content: edited(s.content) };
  });
  return { title: '100 sections', content: book.chapters[0].content, sections };
}

async function speed(): Promise<void> {
  const built = build100kWords(await corpusSentences(), { withHeadings: true });
  const document = extractTxt(new Uint8Array(Buffer.from(built.text)), 'book-headings.md');
  const material = materialOf(document, 'book-headings.md');
  const composed = await composeBook(contextOf(material), 'Trace-based compilation');
  // The book as generation stores it: each quoted block with its source (data-src).
  const stamp = stamped(material, composed);
  const book = stamp.book;
  const chapter = hundredSections(book);
  const plainChapter = hundredSections(composed);
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[1]);
  let last: ProvenanceResponse | undefined;
  const timed = (run: () => ProvenanceResponse) => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 3; i++) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      last = run();
      walls.push(performance.now() - t0);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
    }
    return { wall: median(walls), cpu: median(cpus), answer: last! };
  };
  // A first request for the material: the source map and match index built (each run a fresh copy, nothing held).
  const cold = timed(() => chapterProvenance({ ...material }, chapter, 0));
  const plainCold = timed(() => chapterProvenance({ ...material }, plainChapter, 0));
  // Later requests (another chapter, another revision): the material's index is held by its key.
  const key = materialKey(material);
  chapterProvenance(material, chapter, 0, key);
  const held = timed(() => chapterProvenance(material, chapter, 0, key));
  const plainHeld = timed(() => chapterProvenance(material, plainChapter, 0, key));
  clearMatchIndexes();
  // The part of it that is the source map (built once per material), for comparison.
  const t0 = performance.now();
  sourceMap({ ...material });
  const mapMs = Math.round(performance.now() - t0);
  // As the route runs it for a material this size: in the worker thread. The first call starts the worker and
  // sends the material; later ones send the chapter only, the worker holding the material's index.
  const tw = performance.now();
  await matchOffThread(material, chapter, 0, { inlineLimit: 0, key });
  const workerFirst = Math.round(performance.now() - tw);
  const workerWalls: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    await matchOffThread(material, chapter, 0, { inlineLimit: 0, key });
    workerWalls.push(performance.now() - t1);
  }
  await closeProvenanceWorkers();
  const f = cold.answer.figures;
  console.log(
    `bench:provenance speed: material ${built.words.toLocaleString('en-US')} words; chapter of ${chapter.sections.length} sections,`,
  );
  console.log(`  ${cold.answer.blocks.length} blocks, ${f.sentences} sentences`);
  console.log(
    table(
      ['run', 'wall ms (median of 3)', 'cpu ms', 'of which source map ms', 'goal'],
      [
        ['first request for the material, in place (index built)', String(cold.wall), String(cold.cpu), String(mapMs), '< 1000 ms'],
        ['the same chapter without stored sources (all matched)', String(plainCold.wall), String(plainCold.cpu), '-', '< 1000 ms'],
        ['later requests, in place (index held)', String(held.wall), String(held.cpu), '0', '< 1000 ms'],
        ['the same without stored sources, index held', String(plainHeld.wall), String(plainHeld.cpu), '0', '< 1000 ms'],
        ['worker thread, first request (started, material sent)', String(workerFirst), '-', '-', '-'],
        ['worker thread, later requests (index held there)', String(median(workerWalls)), '-', '0', '< 1000 ms'],
      ],
    ),
  );
  console.log(
    `  stored provenance: the book's stored size grows by ${pct(stamp.growth)} (goal < 30%); stamping the whole book took ${Math.round(stamp.ms)} ms`,
  );
  console.log(
    `  verdicts: material ${pct(f.shares.material)}, supported ${pct(f.shares.supported)}, unsupported ${pct(f.shares.unsupported)} (every third paragraph was edited)`,
  );
  // Support by meaning, as the route does it once the material is embedded: a run that asks which pairs to
  // embed, the local sentence encoder on them (cold: its model loaded first), and a run with their similarities.
  const held1 = indexOf(material, key);
  const c0 = process.cpuUsage();
  const ta = performance.now();
  const asked = judgeWith(held1, chapter, 0, 'ask');
  const askMs = Math.round(performance.now() - ta);
  const askCpu = Math.round((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000);
  const embedder = new LocalEmbedder();
  const te = performance.now();
  const similarities = await similaritiesOf(embedder, asked.questions);
  const embedMs = Math.round(performance.now() - te);
  const te2 = performance.now();
  await similaritiesOf(new CachedEmbedder(embedder), asked.questions);
  const embedWarmMs = Math.round(performance.now() - te2);
  const tk = performance.now();
  const byMeaning = judgeWith(held1, chapter, 0, similarities);
  const knownMs = Math.round(performance.now() - tk);
  await embedder.close();
  const texts = new Set(asked.questions.flatMap((q) => [q.sentence, ...q.passages])).size;
  console.log(
    `  support by meaning: ${asked.questions.length} pairs asked about (${texts} texts to embed)${asked.capped ? ', capped' : ''}; ` +
      `asking run ${askMs} ms (cpu ${askCpu} ms), embedding ${embedMs} ms cold (model loading) and ${embedWarmMs} ms with the model loaded, run with similarities ${knownMs} ms; ` +
      `supported ${pct(f.shares.supported)} by words -> ${pct(byMeaning.answer.figures.shares.supported)} by words and meaning`,
  );
}

async function real(): Promise<void> {
  const files = realFiles();
  if (!files) {
    console.log(`\nbench:provenance tracing: ${realCorpusDir} is not here; nothing to measure.`);
    return;
  }
  const rows: string[][] = [];
  let traced = 0;
  let fromMaterial = 0;
  let stored = 0;
  const growths: number[] = [];
  for await (const { file, document } of realDocuments(files)) {
    const material = materialOf(document, file.name);
    const stamp = stamped(material, await composeBook(contextOf(material), document.title ?? file.name));
    const book = stamp.book;
    const t = trace(material, book);
    growths.push(stamp.growth);
    traced += t.traced;
    fromMaterial += t.fromMaterial;
    stored += t.stored;
    for (const miss of t.misses.slice(0, 2)) console.log(`${file.name}: not traced: ${JSON.stringify(miss.slice(0, 160))}`);
    for (const text of t.unsupportedText.slice(0, 2)) console.log(`${file.name}: unsupported: ${JSON.stringify(text.slice(0, 160))}`);
    rows.push([
      file.name,
      String(t.sentences),
      `${t.fromMaterial}/${t.sampled}`,
      t.fromMaterial ? pct(t.traced / t.fromMaterial) : '-',
      t.traced ? pct(t.stored / t.traced) : '-',
      pct(stamp.growth),
      pct(t.shares.material),
      pct(t.shares.supported),
      pct(t.shares.unsupported),
      String(t.unsupportedText.length),
      String(Math.round(t.ms)),
    ]);
  }
  console.log('\nbench:provenance tracing on the real course materials (the book the offline engine composes from each):');
  console.log(
    table(
      [
        'document',
        'book sentences',
        'sampled from material',
        'traced (goal >= 98%)',
        'of which by stored source',
        'size growth (goal < 30%)',
        'material',
        'supported',
        'unsupported',
        'of which not apparatus',
        'all chapters ms',
      ],
      rows,
    ),
  );
  if (fromMaterial)
    console.log(
      `  all documents: ${traced}/${fromMaterial} traced (${pct(traced / fromMaterial)}), ${stored} by their stored source; size growth at most ${pct(Math.max(...growths))}`,
    );
}

// `-- --real` runs the tracing on the real materials only (the speed part embeds a 100,000-word document).
if (!process.argv.includes('--real')) await speed();
await real();
