import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a reading list whose groups of links are separated by typed rules ("-----…")', () => {
  it('keeps every group, its title and its addresses, and leaves the rules out', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/typed-rules-links.pdf'))), 'typed-rules-links.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const words of [
      'Reading list for the course, one address per line.',
      'Programming Methodology',
      'https://example.org/courses/methodology/',
      'https://example.net/archive/lectures/',
      'Tutorials for the language',
      'https://www.example.edu/learn/',
      'Design rules',
      'https://palette.example.com/theme-editor/',
    ])
      expect([words, text.includes(words)]).toEqual([words, true]);
    expect(text).not.toMatch(/-{8}/);
    const hrefs = doc.blocks.flatMap((b) => b.links ?? []).map((l) => l.href);
    expect(hrefs).toContain('https://example.org/people/lectures/index.html');
    expect(hrefs).toContain('https://notes.example.org/intro-to-programming.html');
  });

  it('reads two addresses on consecutive lines as two words, never one glued address', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/typed-rules-links.pdf'))), 'typed-rules-links.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).not.toMatch(/\/https?:\/\//);
    // In one paragraph or as two items of a list of links (pdf-link-lists.ts), never glued.
    expect(text).toMatch(/https:\/\/design\.example\.com\/resources\/\s+https:\/\/palette\.example\.com\/theme-editor\//);
  });
});
