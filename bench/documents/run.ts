/**
 * Structure check of the document model on real course materials (../shared/corpus/real):
 * for each file, the share of the document's own headings (bookmarks / heading styles /
 * Markdown headings, levels 1-3) found in the model in the same order, figures kept against
 * the figures the document has, glued words, running heads left in the text, and the time.
 *
 *   npm run bench:documents
 */
import { extractAndChunk } from '../../server/ingest/extract-document';
import { sniffKind } from '../../server/ingest/sniff';
import { gluedWords, inOrder, ownStructure } from '../real/own-structure';
import { pct, realCorpusDir, realFiles, table } from '../real/corpus';

const files = realFiles();
if (!files) {
  console.log(`bench:documents: ${realCorpusDir} is not here (it lives beside the project in this workplace only); nothing to measure.`);
  process.exit(0);
}
const rows: string[][] = [];
for (const file of files) {
  const own = await ownStructure(file.name, file.data);
  const t0 = performance.now();
  const { document } = await extractAndChunk({ kind: sniffKind(Buffer.from(file.data))!, filename: file.name, data: file.data.slice() });
  const ms = performance.now() - t0;
  const headings = document.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
  const text = document.blocks
    .filter((b) => b.kind !== 'heading')
    .map((b) => b.text)
    .join('\n');
  const figures = document.blocks.filter((b) => b.kind === 'figure' || (b.kind === 'caption' && /^fig/i.test(b.text))).length;
  const glued = gluedWords(text, own.vocabulary);
  const heads = own.runningHeads.filter((h) => text.split('\n').some((line) => line.replace(/\d+/g, '#').trim() === h));
  rows.push([
    file.name,
    own.source,
    `${own.headings.length}`,
    own.headings.length
      ? pct(
          inOrder(
            own.headings.map((h) => h.title),
            headings,
          ),
        )
      : 'n/a',
    `${Math.min(figures, own.figures)}/${own.figures}`,
    `${glued.length}${glued.length ? ` (${glued.slice(0, 3).join(', ')})` : ''}`,
    `${heads.length}`,
    `${document.blocks.filter((b) => b.kind === 'equation').length}`,
    `${ms.toFixed(0)} ms`,
  ]);
}
console.log(
  table(
    ['file', 'own headings from', 'own headings', 'in order', 'figures kept', 'glued words', 'running heads', 'equations', 'extract'],
    rows,
  ),
);
console.log('\nGoals: >= 95% of headings in order, >= 90% of figures, 0 glued words, 0 running heads in the text.');
