import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from './markdown-extract';
import { htmlToBlocks } from './docx-extract';

const formulas = (text: string) => [...text.matchAll(/\\\((.+?)\\\)/g)].map((m) => m[1]);

describe('superscripts and subscripts keep their meaning', () => {
  it('reads Markdown <sup>/<sub> as formulas on their base, never as digits run together', () => {
    const { blocks } = markdownToBlocks(
      [
        'An IPv4 address space has 256<sup>4</sup> addresses; water is H<sub>2</sub>O and x<sub>i</sub> is an entry.',
        '',
        'The 1<sup>st</sup> item, and a note<sup>[1](https://example.org/n1)</sup>.',
      ].join('\n'),
    );
    expect(blocks[0].text).not.toContain('2564');
    expect(formulas(blocks[0].text)).toEqual(['256^{4}', 'H_{2}', 'x_{i}']);
    expect(formulas(blocks[1].text)).toEqual(['1^{\\text{st}}']);
    expect(blocks[1].links).toEqual([{ text: '1', href: 'https://example.org/n1' }]);
    // The same in a block of raw HTML.
    const html = markdownToBlocks('<p>An address space of 256<sup>4</sup> addresses.</p>\n').blocks;
    expect(formulas(html[0].text)).toEqual(['256^{4}']);
    for (const f of [...formulas(blocks[0].text), ...formulas(blocks[1].text)])
      expect(() => katex.renderToString(f, { throwOnError: true })).not.toThrow();
  });

  it("reads Pandoc's ^4^ and ~2~ as formulas and leaves strike-through, lone carets and formulas alone", () => {
    const { blocks } = markdownToBlocks('There are 256^4^ addresses, H~2~O is water, 2^10 stays, ~~old~~ and $a^{2}b^{3}$ too.');
    expect(formulas(blocks[0].text)).toEqual(['256^{4}', 'H_{2}', 'a^{2}b^{3}']);
    expect(blocks[0].text).toContain('2^10 stays');
  });

  it('reads Word runs raised or lowered (mammoth writes them as <sup>/<sub>) as formulas', () => {
    const blocks = htmlToBlocks('<p>There are 256<sup>4</sup> addresses and x<sub>i</sub> entries.</p>');
    expect(blocks[0].text).not.toContain('2564');
    expect(formulas(blocks[0].text)).toEqual(['256^{4}', 'x_{i}']);
  });
});
