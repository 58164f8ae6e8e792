import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a grading policy in a LaTeX PDF: lists, a legend, a clipped picture, a licence beside a logo', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/policy-notes.pdf'))), 'policy-notes.pdf');
  });
  const start = (b: { kind: string; text: string }) => `${b.kind}: ${b.text.split(' ').slice(0, 3).join(' ')}`;

  it('ends a list where the text goes on back at the left margin, so the sentence between two lists is a paragraph', () => {
    const at = doc.blocks.findIndex((b) => b.text.startsWith('Students should'));
    expect(doc.blocks.slice(at, at + 6).map(start)).toEqual([
      'list-item: Students should be',
      'paragraph: Returning the sheets',
      'list-item: Motivated students review',
      'list-item: According to the',
      'paragraph: However, the following',
      'list-item: Short tests, which',
    ]);
    expect(doc.blocks[at].text).toMatch(/not the one of the teacher\.$/);
  });

  it('reads each row of a legend as its own line, rows split at a tab stop included', () => {
    const rows = doc.blocks.filter((b) => b.kind === 'paragraph' && / : /.test(b.text)).map((b) => b.text);
    expect(rows).toEqual([
      'underline ending with ⌟ : correct claim for partial mark',
      'underline ending with a number : partial mark as the number says',
      'underline ending with × : incorrect claim',
      'wavy underline : critical issue',
      'purple marker : language issue',
    ]);
  });

  it('keeps a picture inside its frame: the note under it and the licence beside the logo are text, not its labels', () => {
    const figures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(figures.length).toBeGreaterThanOrEqual(1);
    for (const f of figures) expect(`${f.text} ${f.alt ?? ''}`).not.toMatch(/full mark|licensed/);
    const note = doc.blocks.find((b) => b.text.startsWith('♯2:'));
    expect(note?.kind).toBe('paragraph');
    expect(note?.text).toBe('♯2: For 1 ≤ n ≤ 9, 0.1n of the full mark. For 10 ≤ n ≤ 99, 0.01n of it.');
    const licence = doc.blocks.find((b) => b.text.startsWith('This handout is licensed'));
    expect(licence?.kind).toBe('paragraph');
    expect(licence?.text).toMatch(/You may share it if you name its authors\.$/);
    expect(doc.blocks.some((b) => b.kind === 'caption' || !!b.caption)).toBe(false);
  });
});
