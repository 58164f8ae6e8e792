/**
 * Structure check of the document model on real course materials (../shared/corpus/real):
 * for each file, the share of the document's own headings (bookmarks / heading styles /
 * Markdown headings, levels 1-3) found in the model in the same order, figures kept with their
 * picture against the figures the document has, numbered display equations kept (as a picture
 * or LaTeX) against the equation numbers the document sets, margin notes, glued words, running
 * heads and footers left in the text, and the time. A second table checks PDFs without bookmarks
 * against the headings of their LaTeX source (bench/documents/unbookmarked.ts) and how wrapped lines
 * were joined. A third and fourth check the decks (slide titles in order, notes kept) and the
 * scanned handout (bench/documents/slides-scans.ts).
 *
 *   npm run bench:documents
 */
import { extractAndChunk } from '@server/ingest/extract-document';
import { sniffKind } from '@server/ingest/sniff';
import { gluedWords, inOrder, ownStructure } from '../real/own-structure';
import { pct, realCorpusDir, realFiles, table } from '../real/corpus';
import { slidesAndScansTable } from './slides-scans';
import { unbookmarkedTable } from './unbookmarked-table';

const files = realFiles();
if (!files)
  console.log(`bench:documents: ${realCorpusDir} is not here (it lives beside the project in this workplace only); nothing to measure.`);
const rows: string[][] = [];
for (const file of files ?? []) {
  const own = await ownStructure(file.name, file.data);
  const t0 = performance.now();
  // A file the product refuses (a scan with no text layer) is a row saying so, not the end of the run.
  const extracted = await extractAndChunk({ kind: sniffKind(Buffer.from(file.data))!, filename: file.name, data: file.data.slice() }).catch(
    (err: Error) => err,
  );
  const ms = performance.now() - t0;
  if (extracted instanceof Error) {
    rows.push([
      file.name,
      own.source,
      `${own.headings.length}`,
      `refused: ${extracted.message}`,
      '',
      '',
      '',
      '',
      '',
      `${ms.toFixed(0)} ms`,
    ]);
    continue;
  }
  const { document } = extracted;
  const headings = document.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
  const text = document.blocks
    .filter((b) => b.kind !== 'heading')
    .map((b) => b.text)
    .join('\n');
  // A figure counts only when its block carries a picture (a caption alone is not a kept figure).
  const figures = document.blocks.filter((b) => b.kind === 'figure' && b.image).length;
  const glued = gluedWords(text, own.vocabulary);
  const heads = own.runningHeads.filter((h) => text.split('\n').some((line) => line.replace(/\d+/g, '#').trim() === h));
  // A notice ("Draft ... do not distribute") left anywhere in the text, judged by its first words.
  const notices = own.notices.filter((n) => text.replace(/\s+/g, ' ').includes(n.replace(/\s+/g, ' ').slice(0, 30)));
  const equations = document.blocks.filter((b) => b.kind === 'equation' && (b.image || b.latex));
  const keptNumbers = new Set(equations.flatMap((b) => (b.label ?? '').split(/,\s*/)).filter((l) => own.equationNumbers.has(l)));
  const figureCell =
    own.figures || figures
      ? `${Math.min(figures, own.figures)}/${own.figures}${figures > own.figures ? ` (+${figures - own.figures})` : ''}`
      : '0/0';
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
    figureCell,
    own.equationNumbers.size ? `${keptNumbers.size}/${own.equationNumbers.size} (${equations.length} kept)` : `${equations.length} kept`,
    `${document.blocks.filter((b) => b.kind === 'margin').length}`,
    `${glued.length}${glued.length ? ` (${glued.slice(0, 3).join(', ')})` : ''}`,
    `${heads.length + notices.length}`,
    `${ms.toFixed(0)} ms`,
  ]);
}
if (files)
  console.log(
    table(
      [
        'file',
        'own headings from',
        'own headings',
        'in order',
        'figures kept (with picture)',
        'numbered equations kept',
        'margin notes',
        'glued words',
        'heads/footers left',
        'extract',
      ],
      rows,
    ),
  );
if (files)
  console.log(
    '\nGoals: >= 95% of headings in order, >= 90% of figures, every numbered display equation kept, 0 glued words, 0 running heads or footers in the text.',
  );
console.log(`\n${await unbookmarkedTable()}`);
console.log(`\n${await slidesAndScansTable()}`);
