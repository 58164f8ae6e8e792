import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturesDir } from '@server/test/fixture-path.support';
import { extractAndChunk } from './extract-document';
import type { FileKind } from './sniff';

/** Every fixture a reader of this product could upload: PDFs (LaTeX-made ones included), Word files, Markdown and text. */
function fixtureFiles(): Array<{ name: string; kind: FileKind }> {
  const out: Array<{ name: string; kind: FileKind }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(fixturesDir, dir), { withFileTypes: true })) {
      const name = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(name);
      else if (/\.pdf$/i.test(name) && !/fuzzed/i.test(name)) out.push({ name, kind: 'pdf' });
      else if (/\.docx$/i.test(name)) out.push({ name, kind: 'docx' });
      else if (/\.(md|txt)$/i.test(name)) out.push({ name, kind: 'txt' });
    }
  };
  for (const dir of ['pdf', 'docx', 'text', 'course']) walk(dir);
  return out;
}

/** Every formula a document stores: inline `\(latex\)` in any block's text, and equation blocks' LaTeX. */
function formulas(doc: ExtractedDocument): Array<{ latex: string; display: boolean }> {
  const out: Array<{ latex: string; display: boolean }> = [];
  for (const block of doc.blocks) {
    for (const m of block.text.matchAll(/\\\((.*?)\\\)/g)) out.push({ latex: m[1], display: false });
    if (block.kind === 'equation' && block.latex) out.push({ latex: block.latex, display: true });
  }
  return out;
}

describe('every formula the extractors store renders in KaTeX', () => {
  it('holds for every fixture, PDF, Word, Markdown and text', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let count = 0;
    for (const { name, kind } of fixtureFiles()) {
      const data = new Uint8Array(readFileSync(path.join(fixturesDir, name)));
      let document: ExtractedDocument;
      try {
        ({ document } = await extractAndChunk({ kind, filename: path.basename(name), data }));
      } catch {
        continue; // A file refused as unreadable stores no formula.
      }
      for (const { latex, display } of formulas(document)) {
        count++;
        try {
          // As the book's renderer calls it (common/book-render/render-html.ts), but refusing instead of showing the source.
          katex.renderToString(latex, { throwOnError: true, displayMode: display, strict: 'ignore', trust: false });
        } catch (err) {
          failures.push(`${name}: ${latex} (${(err as Error).message.split('\n')[0]})`);
        }
      }
    }
    // The LaTeX fixtures alone set dozens of inline formulas: the check is not vacuous.
    expect(count).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
