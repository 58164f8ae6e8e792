import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPdfPages, firstLines } from './file-preview';
import { fileKind, formatFileSize } from './file-types';
import { keepApprovals, normalizeReferences, normalizeSources, safeHref } from './normalize-references';

describe('normalizeReferences', () => {
  it('turns strings into descriptions under a numbered default title', () => {
    const [a, b] = normalizeReferences(['Knuth, The Art of Computer Programming', { description: 'untitled' }]);
    expect(a).toEqual({
      title: 'Reference 1',
      description: 'Knuth, The Art of Computer Programming',
      authors: '',
      year: '',
      publisher: '',
      url: '',
      approved: false,
    });
    expect(b.title).toBe('Reference 2');
  });

  it('keeps numeric and string years, joins author lists and starts unapproved unless told', () => {
    const refs = normalizeReferences([
      { title: 'A', year: 2009, authors: [{ given: 'Andreas', family: 'Gal' }, { name: 'M. Franz' }] },
      { title: 'B', year: 'n.d.', authors: 'X. Y', approved: true },
    ]);
    expect(refs[0]).toMatchObject({ year: 2009, authors: 'Andreas Gal, M. Franz', approved: false });
    expect(refs[1]).toMatchObject({ year: 'n.d.', authors: 'X. Y', approved: true });
  });

  it('keeps approvals across a refreshed list by DOI or title', () => {
    const before = normalizeReferences([
      { title: 'Paper A', doi: '10.1/AB', approved: true },
      { title: 'Paper B', approved: true },
      { title: 'Paper C' },
    ]);
    const after = keepApprovals(
      before,
      normalizeReferences([{ title: 'Paper A (revised)', doi: '10.1/ab' }, { title: 'paper  b' }, { title: 'Paper C' }]),
    );
    expect(after.map((r) => r.approved)).toEqual([true, true, false]);
  });

  it('links only http and https urls', () => {
    expect(safeHref('https://doi.org/10.1/x')).toBe('https://doi.org/10.1/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });

  it('reads the sources report in list and used/failed shapes', () => {
    expect(
      normalizeSources([
        { name: 'documents', ok: true },
        { provider: 'crossref', status: 'failed', reason: 'HTTP 503' },
      ]),
    ).toEqual([
      { name: 'documents', isOk: true, detail: undefined },
      { name: 'crossref', isOk: false, detail: 'HTTP 503' },
    ]);
    expect(normalizeSources({ used: ['documents'], failed: [{ source: 'openalex', reason: 'offline' }] })).toEqual([
      { name: 'documents', isOk: true },
      { name: 'openalex', isOk: false, detail: 'offline' },
    ]);
    expect(normalizeSources(undefined)).toEqual([]);
  });
});

describe('file helpers', () => {
  it('accepts by declared type, and by extension only when no type is declared', () => {
    expect(fileKind({ name: 'a.pdf', type: 'application/pdf' })).toBe('pdf');
    expect(fileKind({ name: 'a.docx', type: '' })).toBe('docx');
    expect(fileKind({ name: 'a.txt', type: 'image/gif' })).toBeNull();
    expect(fileKind({ name: 'a.gif', type: '' })).toBeNull();
    expect(fileKind({ name: 'deck.pptx', type: '' })).toBe('pptx');
    expect(fileKind({ name: 'scan.JPG', type: '' })).toBe('image');
    expect(fileKind({ name: 'a.txt', type: 'image/png' })).toBe('image');
  });

  it('formats sizes in MB with two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
  });

  it('counts the pages of a real PDF from the corpus', () => {
    const raw = readFileSync(path.resolve(process.cwd(), 'test-fixtures/pdf/tracemonkey.pdf')).toString('latin1');
    expect(countPdfPages(raw)).toBe(14);
  });

  it('previews the first non-blank lines without a BOM', () => {
    expect(firstLines('\uFEFFTitle\r\n\r\n  one \ntwo\nthree\nfour\nfive\nsix')).toEqual(['Title', 'one', 'two', 'three', 'four']);
  });
});
