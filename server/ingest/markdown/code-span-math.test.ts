import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../markdown-extract';

// A page teaching how formulas are typed, written for this test: its code spans show the dollars, its prose uses them.
const page = [
  '# Écrire des fractions',
  '',
  'Une formule en ligne se tape `$\\dfrac{a}{b}$` et donne $\\dfrac{a}{b}$ dans le texte.',
  '',
  '| Code | Rendu |',
  '|------|------:|',
  '| `#!latex $$x+y = y+x$$` | $x+y = y+x$ |',
  '| `#!latex $\\dfrac{22}{7}$` | $\\dfrac{22}{7}$ |',
  '',
  'Avec ``une `apostrophe` $n$`` le code garde tout, et `#!/bin/sh` reste tel quel.',
].join('\n');

describe('Markdown code spans that show how a formula is typed', () => {
  it('keep their dollars as typed, while the prose around them still reads its formulas', () => {
    const { blocks } = markdownToBlocks(page);
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).not.toMatch(/\bI\d+\b|\uE000|\uE001/);
    const first = blocks.find((b) => b.text.startsWith('Une formule'))!;
    expect(first.text).toBe('Une formule en ligne se tape $\\dfrac{a}{b}$ et donne \\(\\dfrac{a}{b}\\) dans le texte.');
    expect(first.code).toEqual(['$\\dfrac{a}{b}$']);
    const last = blocks.find((b) => b.text.startsWith('Avec'))!;
    expect(last.code).toEqual(['une `apostrophe` $n$', '#!/bin/sh']);
  });

  it('leave a display typed in a table cell in its cell, and drop the highlighting mark before it', () => {
    const { blocks } = markdownToBlocks(page);
    const table = blocks.find((b) => b.kind === 'table')!;
    expect(table).toBeDefined();
    expect(table.rows![0]).toEqual(['Code', 'Rendu']);
    expect(table.rows![1][0]).toBe('$$x+y = y+x$$');
    expect(table.rows![1][1]).toBe('\\(x+y = y+x\\)');
    expect(table.rows![2][0]).toBe('$\\dfrac{22}{7}$');
    expect(blocks.some((b) => b.kind === 'equation')).toBe(false);
  });

  it('put back as typed the formulas of a fence the first pass did not see (one never closed), never leaving a mark', () => {
    const { blocks } = markdownToBlocks(
      ['# Solution', '', 'Le code :', '', '```latex', '$$A = \\frac{1}{2}$$', '', 'et $y$ enfin.'].join('\n'),
    );
    const listing = blocks.find((b) => b.kind === 'code')!;
    expect(listing.text).not.toMatch(/[\uE000\uE001]/);
    expect(listing.text).toContain('$$A = \\frac{1}{2}$$');
    expect(listing.text).toContain('et $y$ enfin.');
  });
});
