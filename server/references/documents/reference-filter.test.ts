import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { parseCitation } from './citation-parser';
import { findDocumentReferences, isNotACitation } from './documents.provider';

const doc = (text: string) => ({ text, blocks: [{ kind: 'paragraph' as const, text }], bibliography: [] });

describe('references only for real works', () => {
  it('reads a reference list with real works and junk (test-fixtures/course/stats-week2.md): only the works', () => {
    const week2 = extractTxt(new Uint8Array(readFileSync(fixturePath('course/stats-week2.md'))), 'stats-week2.md');
    const found = findDocumentReferences([week2]);
    expect(found.map((r) => r.title)).toEqual([
      'A protocol for data exploration to avoid common statistical problems',
      'Experimental design and data analysis for biologists',
    ]);
    expect(found[0].doi).toBe('10.1111/j.2041-210X.2009.00001.x'.toLowerCase());
    expect(found[1].isbn).toBeTruthy();
    for (const r of found) expect(r.url).not.toMatch(/onedrive|localhost/);
  });

  it('parses alphabetic citation keys, middle initials without a stop and organisations as authors', () => {
    const a = parseCitation(
      '[CJRR99] Suresh Chari, Charanjit S Jutla, Josyula R Rao, and Pankaj Rohatgi. Towards sound approaches to counteract power-analysis attacks. In CRYPTO 99, 1999.',
    );
    expect(a?.authors).toEqual(['Suresh Chari', 'Charanjit S Jutla', 'Josyula R Rao', 'Pankaj Rohatgi']);
    expect(a?.title).toBe('Towards sound approaches to counteract power-analysis attacks');
    const w = parseCitation(
      '[Wik16b] Wikipedia. Karnaugh map — Wikipedia, The Free Encyclopedia, 2016. [Online; accessed 17-January-2016].',
    );
    expect(w?.authors).toEqual(['Wikipedia']);
    expect(w?.title).toBe('Karnaugh map — Wikipedia, The Free Encyclopedia');
    expect(w?.venue).toBe('');
    expect(
      parseCitation('[HMH14] Gesine Hinterw¨ alder, Amir Moradi. Full-size high-security ECC implementation. In CHES, 2014.')?.authors[0],
    ).toBe('Gesine Hinterwälder');
  });

  it('never cites a contents line, an abbreviation or a list heading', () => {
    expect(isNotACitation('1 High-level view of a block cipher . . . . . . . . . . . 5')).toBe(true);
    expect(isNotACitation('AES Advanced Encryption Standard')).toBe(true);
    expect(isNotACitation('RSA Rivest Shamir and Adleman (cryptosystem)')).toBe(true);
    expect(isNotACitation('List of Figures')).toBe(true);
    expect(isNotACitation('Quinn, G. P., & Keough, M. J. (2002). Experimental design and data analysis for biologists.')).toBe(false);
  });

  it("offers one work named by two links once, with its own page, and never the document's own site in its footer", () => {
    const text = [
      'Why 256 addresses? Wilson, Gray. “The Story of 256.” http://256.com/. Last modified 2002. http://256.com/256.html.',
      ...Array.from({ length: 4 }, (_, i) => `Draft ${i} of “Mathematics for Machine Learning”. Feedback to https://mml-book.com.`),
    ].join('\n');
    const found = findDocumentReferences([doc(text)]);
    expect(found.map((r) => [r.title, r.url])).toEqual([['The Story of 256', 'http://256.com/256.html']]);
  });
});
