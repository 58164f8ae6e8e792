import { describe, expect, it } from 'vitest';
import { readerCrossReferences } from './reader-html';

describe('the reader page with numbers and cross-references', () => {
  const content = {
    title: 'Ciphers',
    references: [],
    chapters: [
      {
        title: 'Rounds',
        content:
          '<p>Figure 1.1: A Feistel round.</p><img src="/api/shared/abc_-1/images/4" alt="A round"><div data-type="block-math" data-latex="L_{i+1} = R_i"></div>',
        sections: [{ id: 's', title: 'Plain', content: '<p>Nothing numbered here.</p>' }],
      },
      { title: 'Attacks', content: '<p>As Figure 1.1 and (1.1) show.</p>', sections: [] },
    ],
  };

  it("links a reference to its target's chapter page and anchor, the formula kept for the page to typeset", () => {
    const { chapters } = readerCrossReferences(content);
    expect(chapters[1].content).toBe('<p>As <a href="#c1/ch1-fig-1-1">Figure 1.1</a> and <a href="#c1/ch1-eq-1-1">(1.1)</a> show.</p>');
    expect(chapters[0].content).toContain('<p id="ch1-fig-1-1">Figure 1.1: A Feistel round.</p>');
    expect(chapters[0].content).toContain('<div data-type="block-math" data-latex="L_{i+1} = R_i" id="ch1-eq-1-1"></div>');
    expect(chapters[0].content).toContain('<p class="equation-number">(1.1)</p>');
    // A shared book's picture is still shown through its link.
    expect(chapters[0].content).toContain('<img src="/api/shared/abc_-1/images/4" alt="A round">');
  });

  it('leaves text that numbering does not change to the stored HTML', () => {
    expect(readerCrossReferences(content).chapters[0].sections).toEqual([null]);
  });
});
