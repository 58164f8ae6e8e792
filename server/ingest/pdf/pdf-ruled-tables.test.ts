import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('ruled two-way tables (test-fixtures/pdf/latex/worksheet-displays.tex)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/worksheet-displays.pdf'))), 'worksheet-displays.pdf');
  });
  const tables = () => doc.blocks.filter((b) => b.kind === 'table');

  it('reads a ruled table of sums as a table with its header row, not a picture captioned with its digits', () => {
    expect(doc.blocks.some((b) => b.kind === 'figure' && /Spinner/.test(`${b.text} ${b.alt ?? ''}`))).toBe(false);
    const sums = tables().find((t) => t.rows?.[1]?.[1] === '3');
    expect(sums?.header).toBe(true);
    expect(sums?.rows).toEqual([
      ['Spinner A \\ Spinner B', '2', '4', '6', '8'],
      ['1', '3', '5', '7', '9'],
      ['3', '5', '7', '9', '11'],
      ['5', '7', '9', '11', '13'],
      ['7', '9', '11', '13', '15'],
    ]);
    expect(sums?.image).toBeUndefined();
  });

  it('keeps a blank grid to fill in as a table of empty cells under its header row', () => {
    const blank = tables().find((t) => t.rows?.[1]?.[1] === '');
    expect(blank?.header).toBe(true);
    expect(blank?.rows?.map((r) => r[0])).toEqual(['Spinner A \\ Spinner B', '1', '3', '5', '7']);
    expect(blank?.rows?.slice(1).every((r) => r.length === 5 && r.slice(1).every((c) => c === ''))).toBe(true);
  });
});
