import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExtractedDocument } from '@server/core/document-model';
import { extractAndChunk } from '@server/ingest/extract-document';
import { sniffKind } from '@server/ingest/sniff';

/** The real course materials beside the project (not in the repository: see its README for why). */
export const realCorpusDir = path.resolve(process.cwd(), '../shared/corpus/real');

export function realFiles(dir = realCorpusDir): Array<{ name: string; data: Uint8Array }> | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((f) => /\.(pdf|docx|pptx|odp|txt|md|markdown|qmd|rmd)$/i.test(f) && !/^readme/i.test(f))
    .sort()
    .map((name) => ({ name, data: new Uint8Array(readFileSync(path.join(dir, name))) }));
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * One real file read as the product reads it, or the reason it refuses it (a scan without a text
 * layer, say), so a report names the file instead of stopping; null for a kind it does not take.
 */
export async function readRealFile(file: { name: string; data: Uint8Array }): Promise<ExtractedDocument | Error | null> {
  const kind = sniffKind(Buffer.from(file.data));
  if (!kind) return null;
  return extractAndChunk({ kind, filename: file.name, data: file.data.slice() }).then(
    (out) => out.document,
    (err: Error) => err,
  );
}

/** The files the product reads, in order, each with its document; a file it refuses is named in the log and passed over. */
export async function* realDocuments(files: Array<{ name: string; data: Uint8Array }>) {
  for (const file of files) {
    const document = await readRealFile(file);
    if (!document) continue;
    if (document instanceof Error) {
      console.log(`${file.name}: not read (${document.message})`);
      continue;
    }
    yield { file, document };
  }
}
