import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { countPdfPages, firstLines, inflateObjectStreams } from './file-preview';

const course = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../../test-fixtures/course', name), 'utf8');

describe('the first lines of a chosen text file', () => {
  it('start after the front matter of a Markdown page, at its first heading', () => {
    const lines = firstLines(course('causal-readings.md'));
    expect(lines[0]).toBe('## Why experiments');
    expect(lines.join('\n')).not.toMatch(/^---$|bibliography: causal-readings\.bib/m);
  });

  it('keep a page that only opens with a rule and never closes it', () => {
    expect(firstLines('---\nA rule, then text.\nMore text.')).toEqual(['---', 'A rule, then text.', 'More text.']);
  });
});

describe('the page count of a chosen PDF', () => {
  const bytes = (name: string) => new Uint8Array(fs.readFileSync(path.resolve(__dirname, '../../../test-fixtures/pdf', name)));
  const text = (file: Uint8Array) => new TextDecoder('latin1').decode(file);

  it('reads the page objects pdfTeX keeps in compressed object streams', async () => {
    const file = bytes('latex/book-verse-lists.pdf');
    expect(countPdfPages(text(file))).toBeUndefined();
    expect(countPdfPages(text(file), await inflateObjectStreams(file))).toBe(3);
  });

  it('reads a file pdf-lib writes with object streams', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage();
    const file = new Uint8Array(await doc.save({ useObjectStreams: true }));
    expect(countPdfPages(text(file), await inflateObjectStreams(file))).toBe(5);
  });

  it('takes the page tree’s count over the one page object LuaTeX leaves uncompressed', () => {
    // The layout of a 22-page LuaTeX file: every page but the last compressed, the page-tree nodes written plainly.
    const raw = [
      '117 0 obj\n<< /Type /Pages /Parent 548 0 R /Count 10 /Kids [ 79 0 R 150 0 R ] >>\nendobj',
      '299 0 obj\n<< /Type /Pages /Parent 548 0 R /Count 10 /Kids [ 286 0 R 302 0 R ] >>\nendobj',
      '460 0 obj\n<< /Type /Pages /Parent 548 0 R /Count 2 /Kids [ 442 0 R 465 0 R ] >>\nendobj',
      '465 0 obj\n<< /Type /Page /Contents 466 0 R /MediaBox [ 0 0 595.276 841.89 ] /Parent 460 0 R >>\nendobj',
      '548 0 obj\n<< /Count 22 /Kids [ 117 0 R 299 0 R 460 0 R ] /Type /Pages >>\nendobj',
      '549 0 obj\n<< /Type /Outlines /First 32 0 R /Last 76 0 R /Count 9 >>\nendobj',
    ].join('\n');
    expect(countPdfPages(raw)).toBe(22);
  });

  it('still counts a PDF with plain page objects', () => {
    expect(countPdfPages(text(bytes('tracemonkey.pdf')))).toBe(14);
  });
});
