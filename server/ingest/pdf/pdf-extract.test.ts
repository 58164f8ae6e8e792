import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBookPdf } from '../../../bench/ingest/make-pdf';
import type { ExtractedDocument } from '@server/core/document-model';
import { chunkDocument } from '../chunk';
import { ExtractError } from '../extract-error';
import { extractPdf } from './pdf-extract';
import { fixturePath } from '@server/test/fixture-path.support';

const corpus = (p: string) => new Uint8Array(readFileSync(fixturePath(p)));

describe('tracemonkey.pdf (two columns, bibliography)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(corpus('pdf/tracemonkey.pdf'), 'tracemonkey.pdf');
  });

  it('finds the title and the numbered section headings in order, with levels', () => {
    expect(doc.title).toBe('Trace-based Just-in-Time Type Specialization for Dynamic Languages');
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    const names = headings.map((h) => h.text);
    const expected = [
      '1. Introduction',
      '2. Overview: Example Tracing Run',
      '3. Trace Trees',
      '3.1 Traces',
      '4. Nested Trace Tree Formation',
      '5.2 Register Allocation',
      '6.6 Correctness',
      '7. Evaluation',
      '10. Future Work',
      'References',
    ];
    const positions = expected.map((e) => names.indexOf(e));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(headings.find((h) => h.text === '3. Trace Trees')?.level).toBe(2);
    expect(headings.find((h) => h.text === '3.1 Traces')?.level).toBe(3);
    // Author lists are large type on the title page but not headings.
    expect(names.some((n) => n.includes('Michael Franz'))).toBe(false);
  });

  it('run-in paragraph headings sit below the numbered subsections set in the same type; front-matter labels are not headings', () => {
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    const levelOf = (text: string) => headings.find((h) => h.text === text)?.level;
    // "Function inlining." starts a paragraph of 3.1 in bold at the body's size, as "3.1 Traces" is set on its own line.
    expect(levelOf('3.1 Traces')).toBe(3);
    expect(levelOf('Function inlining')).toBe(4);
    expect(levelOf('Starting a tree')).toBe(4);
    const names = headings.map((h) => h.text);
    expect(names.indexOf('Function inlining')).toBeGreaterThan(names.indexOf('3.1 Traces'));
    expect(names.indexOf('Function inlining')).toBeLessThan(names.indexOf('3.2 Trace Trees'));
    for (const label of ['Categories and Subject Descriptors', 'General Terms', 'Keywords']) expect(names).not.toContain(label);
    expect(doc.text).toContain('just-in-time compilation, trace trees');
  });

  it('reads the two columns one after the other, joining sentences across the column break', () => {
    expect(doc.text).toContain(
      'JavaScript, for example, is the de facto standard for client-side web programming and is used for the application logic of browser-based productivity applications',
    );
    // Paragraphs cut by a page break continue.
    expect(doc.text).toContain('in subsequent loop iterations. Hence, recording and compiling a trace speculates');
  });

  it('joins words hyphenated at line ends and keeps real compounds', () => {
    expect(doc.text).toContain('more difficult to compile than statically typed ones');
    expect(doc.text).toContain('We present an alternative compilation technique');
    expect(doc.text).toContain('loop traces at run-time');
    expect(doc.text).toContain('TraceMonkey');
    expect(doc.text).not.toMatch(/\b\p{L}+- \p{Ll}+/u);
  });

  it('has no page numbers, running heads or footnote noise inside paragraphs', () => {
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(paragraphs.some((p) => /^\d{1,3}$/.test(p.text.trim()))).toBe(false);
    expect(doc.text).not.toMatch(/\bcitation on the first page\b.*\bweb programming and is used\b/s);
    // The copyright footnote is kept whole, after the paragraph it interrupted on the page.
    expect(doc.text).toContain('bear this notice and the full citation on the first page.');
  });

  it('normalizes TeX accents and keeps code listings whole as code blocks, never as prose', () => {
    expect(doc.text).toContain('naïve implementation');
    expect(doc.text).not.toContain('¨ı');
    const code = doc.blocks.filter((b) => b.kind === 'code');
    expect(code.some((b) => /^v0 := ld state\[748\] +\/\/ load primes from the trace activation record$/m.test(b.text))).toBe(true);
    expect(code.some((b) => b.text.includes('1 for (var i = 2; i < 100; ++i) {\n2 if (!primes[i])\n3     continue;'))).toBe(true);
    expect(doc.blocks.some((b) => b.kind !== 'code' && b.text.includes('v0 := ld state[748]'))).toBe(false);
    // Names in typewriter type inside a sentence are the sentence's, never a listing (nor dropped).
    expect(doc.text).toContain('(3d-morph, bitops-3bit-bits-in-byte, bitops-bitwise-and, crypto-sha1, math-cordic');
  });

  it('captures the bibliography as 19 separate entries, URLs unbroken', () => {
    expect(doc.bibliography).toHaveLength(19);
    expect(doc.bibliography?.[0]).toBe('[1] LuaJIT roadmap 2008 - http://lua-users.org/lists/lua-l/2008-02/msg00051.html.');
    expect(doc.bibliography?.[18]).toMatch(/^\[19\] M. Zaleski, A. D. Brown, and K. Stoodley. YETI/);
    expect(doc.blocks.filter((b) => b.kind === 'bibliography')).toHaveLength(19);
    expect(doc.blocks.some((b) => b.kind === 'paragraph' && b.text.includes('[7] V. Bala'))).toBe(false);
  });

  it('chunks along headings, 400 words at most, with heading paths', () => {
    const chunks = chunkDocument(doc);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.every((c) => c.words <= 400)).toBe(true);
    const words = chunks.map((c) => c.words).sort((a, b) => a - b);
    expect(words[Math.floor(words.length / 2)]).toBeGreaterThanOrEqual(150);
    const regAlloc = chunks.find((c) => c.headingPath.includes('5.2 Register Allocation'));
    expect(regAlloc?.headingPath).toEqual([doc.title, '5. Trace Tree Optimization', '5.2 Register Allocation']);
    expect(chunks.some((c) => c.text.includes('[12] C. Garrett'))).toBe(false);
  });
});

describe('a generated two-column book with running heads and page numbers', () => {
  it('removes the running head and the page numbers, finds every heading and joins hyphenated words', async () => {
    const head = 'Journal of Generated Biology, Volume 3';
    const { bytes, headings, words } = await makeBookPdf({ pages: 6, columns: 2, runningHead: head, pageNumbers: true, hyphenate: true });
    const doc = await extractPdf(bytes, 'generated.pdf');
    expect(doc.text).not.toContain('Journal of Generated Biology');
    expect(doc.blocks.some((b) => /^\d+$/.test(b.text))).toBe(false);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(headings);
    expect(doc.text).not.toMatch(/\b\p{L}+- \p{Ll}+/u);
    expect(doc.text).toContain('oxidative phosphorylation');
    // Every body word comes through (a hyphenated word counts once, as it should).
    const extracted = doc.blocks.filter((b) => b.kind !== 'heading').reduce((n, b) => n + b.text.split(/\s+/).length, 0);
    expect(extracted).toBeGreaterThan(words * 0.95);
    expect(extracted).toBeLessThanOrEqual(words);
  });
});

describe('damaged and unreadable PDFs', () => {
  it('a PDF whose fonts have no text mapping on most pages keeps its readable pages, names the others and keeps them as pictures', async () => {
    const doc = await extractPdf(corpus('pdf/TAMReview.pdf'), 'TAMReview.pdf');
    expect(doc.warnings).toContain('pages 2–22 use fonts without a text mapping: no readable text; they are kept as pictures of the pages');
    // Each unreadable page is one picture of the page, in page order, with alt text naming it.
    const pictures = doc.blocks.filter((b) => b.kind === 'figure' && b.page !== undefined && b.page >= 2 && b.page <= 22);
    expect(pictures.map((b) => b.page)).toEqual(Array.from({ length: 21 }, (_, i) => i + 2));
    expect(pictures.every((b) => b.image && /^Page \d+ as printed: its text is set in fonts without a text mapping/.test(b.text))).toBe(
      true,
    );
    expect(doc.text).toContain('Overview of the Technology Acceptance Model');
    expect(doc.text).toContain('Editorial Board');
    expect(doc.text).not.toMatch(/[\x00-\x08\x0e-\x1f]/);
    expect(doc.blocks.every((b) => b.page === undefined || b.page === 1 || b.page === 23 || b.kind === 'figure')).toBe(true);
  });

  it.each(['pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf', 'pdf/PDFBOX-3148-2-fuzzed.pdf'])('%s gives a clear no-text error', async (file) => {
    const err = await extractPdf(corpus(file), path.basename(file)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect((err as ExtractError).reason).toBe('no-text');
  });

  it('bytes that only start like a PDF are reported as damaged', async () => {
    const err = await extractPdf(new TextEncoder().encode('%PDF-1.7\n1 0 obj garbage'), 'broken.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect(['corrupt', 'no-text']).toContain((err as ExtractError).reason);
  });
});
