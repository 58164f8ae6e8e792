/**
 * The second table of bench:documents: PDFs without bookmarks against the headings their LaTeX
 * source (or their pages, read by hand) declare, and how well wrapped lines were joined.
 * BENCH_VERBOSE=1 lists the headings missed and the other headings found.
 */
import type { ExtractedDocument } from '@server/core/document-model';
import { extractAndChunk } from '@server/ingest/extract-document';
import { pct, table } from '../real/corpus';
import { gluedWords, inOrder, ownStructure, titleKey } from '../real/own-structure';
import { mirrorDir, unbookmarkedFiles } from './unbookmarked';

const endsSentence = /[.?!:;]["”’)\]]?$/;

/** Paragraphs cut mid-sentence: a paragraph that does not end a sentence, followed by another paragraph. */
function splitParagraphs(blocks: ExtractedDocument['blocks']): { split: number; paragraphs: number; example?: string } {
  let split = 0;
  let example: string | undefined;
  const paragraphs = blocks.filter((b) => b.kind === 'paragraph').length;
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    if ((b.kind !== 'paragraph' && b.kind !== 'list-item') || next?.kind !== 'paragraph' || endsSentence.test(b.text.trim())) return;
    split++;
    example ??= `${b.text.slice(-30)} | ${next.text.slice(0, 20)}`;
  });
  return { split, paragraphs, example };
}

/** Words left broken at a line end ("re- semble") although the document has them whole. */
function brokenHyphens(text: string, vocabulary: Set<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(\p{L}+)-\s+(\p{Ll}+)/gu))
    if (vocabulary.has(`${m[1]}${m[2]}`.toLowerCase())) out.push(`${m[1]}- ${m[2]}`);
  return out;
}

/** Table-of-contents entries left as text: one of the document's headings followed by a page number. */
function tocLines(blocks: ExtractedDocument['blocks'], headings: string[]): number {
  const keys = new Set(headings.map(titleKey));
  const entry = (text: string) => /\s\d{1,3}$/.test(text) && keys.has(titleKey(text.replace(/[\s.]+\d{1,3}$/, '')));
  return blocks.filter((b) => b.kind !== 'heading' && entry(b.text.trim())).length;
}

export async function unbookmarkedTable(): Promise<string> {
  const files = unbookmarkedFiles();
  if (!files)
    return `PDFs without bookmarks: ${mirrorDir} is not here (fetched repositories live beside the project in this workplace only); nothing to measure.`;
  const rows: string[][] = [];
  const totals = { split: 0, paragraphs: 0 };
  for (const file of files) {
    const own = await ownStructure(`${file.name}.pdf`, file.data);
    const { document } = await extractAndChunk({ kind: 'pdf', filename: `${file.name}.pdf`, data: file.data.slice() });
    const headings = document.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    const ownKeys = new Set(file.headings.map(titleKey));
    const titleKeys = [document.title, file.title].filter(Boolean).map((t) => titleKey(t!));
    const extra = headings.filter((h) => !ownKeys.has(titleKey(h)) && !titleKeys.some((t) => t.startsWith(titleKey(h))));
    const text = document.blocks
      .filter((b) => b.kind !== 'heading')
      .map((b) => b.text)
      .join('\n');
    const glued = gluedWords(text, own.vocabulary);
    const broken = brokenHyphens(text, own.vocabulary);
    const heads = own.runningHeads.filter((h) => text.split('\n').some((line) => line.replace(/\d+/g, '#').trim() === h));
    const split = splitParagraphs(document.blocks);
    if (process.env.BENCH_VERBOSE) {
      const found = new Set(headings.map(titleKey));
      console.log(
        `${file.name}\n  missing: ${file.headings.filter((h) => !found.has(titleKey(h))).join(' | ')}\n  other: ${extra.join(' | ')}`,
      );
      console.log(`  split: ${split.example ?? ''}\n  broken: ${broken.join(', ')}`);
    }
    totals.split += split.split;
    totals.paragraphs += split.paragraphs;
    rows.push([
      file.name,
      file.from,
      `${file.headings.length}`,
      file.headings.length ? pct(inOrder(file.headings, headings)) : 'n/a',
      `${extra.length}${extra.length ? ` (${extra.slice(0, 2).join('; ').slice(0, 50)})` : ''}`,
      (document.title ?? '-').slice(0, 34),
      `${split.split}/${split.paragraphs}`,
      `${broken.length}${broken.length ? ` (${broken.slice(0, 2).join(', ')})` : ''}`,
      `${glued.length}${glued.length ? ` (${glued.slice(0, 3).join(', ')})` : ''}`,
      `${heads.length}`,
      `${tocLines(document.blocks, file.headings)}`,
    ]);
  }
  return [
    table(
      [
        'PDF without bookmarks',
        'own headings from',
        'own',
        'in order',
        'other headings',
        'title',
        'split paragraphs',
        'broken hyphens',
        'glued words',
        'running heads',
        'contents lines',
      ],
      rows,
    ),
    `\nParagraphs cut mid-sentence (not ending a sentence, followed by another paragraph): ${totals.split} of ${totals.paragraphs} (${pct(totals.split / Math.max(1, totals.paragraphs))}).`,
    'Goals: >= 95% of headings in order on every file, 0 broken hyphens, 0 glued words, 0 running heads, 0 contents lines.',
  ].join('\n');
}
