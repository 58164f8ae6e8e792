import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { sanitizeHtml } from '@server/features/textbooks/sanitize';
import { numberListItems } from './list-numbers';
import { formulaPictureAlt, undescribedFigureAlt } from '@common/book-render/alt-text';
import { renderBlocks } from './render-blocks';

const b = (kind: DocBlock['kind'], text: string, extra: Partial<DocBlock> = {}): DocBlock => ({ kind, text, ...extra });

describe('renderBlocks', () => {
  it('never writes "Figure" or a cropped formula\'s garbled text as alt text: a caption, or a plain statement', () => {
    const image = { sha256: 'abc', mime: 'image/png' as const };
    const html = renderBlocks(
      [
        b('figure', '', { image }),
        b('equation', '( ) N! N! ln(W) = ln = ln s ∏', { image }),
        b('equation', 'Energy of level n', { image }),
      ],
      { imageUrls: { abc: '/api/images/7' } },
    );
    const alts = [...html.matchAll(/alt="([^"]*)"/g)].map((m) => m[1]);
    expect(alts).toEqual([undescribedFigureAlt, formulaPictureAlt, 'Energy of level n']);
  });

  it("keeps a long formula picture's alt text whole: a derivation of several rows is the formula", () => {
    const image = { sha256: 'abc', mime: 'image/png' as const };
    const rows = `∆_{r}G ${Array.from({ length: 12 }, (_, i) => `= ∆_{r}G^{0} + RT ln(P_{${i}}) − 2RT ln(P_{A})`).join(' ; ')}`;
    const html = renderBlocks([b('equation', rows, { image, label: '(14)' })], { imageUrls: { abc: '/api/images/7' } });
    expect(rows.length).toBeGreaterThan(300);
    expect(/alt="([^"]*)"/.exec(html)?.[1]).toBe(rows);
  });

  it('renders every block kind as the editor allows it (the sanitizer keeps it all)', () => {
    const html = renderBlocks(
      [
        b('paragraph', 'The gradient \\(\\nabla f\\) points uphill & fast.'),
        b('list-item', 'Vectors', { depth: 0 }),
        b('list-item', 'Norms', { depth: 1 }),
        b('list-item', 'Lp norms', { depth: 2 }),
        b('list-item', 'Matrices', { depth: 0 }),
        b('list-item', 'First', { depth: 0, ordered: true }),
        b('table', 'x y', {
          rows: [
            ['x', 'y'],
            ['1', '2'],
          ],
          header: true,
          caption: 'Table 1: Values',
        }),
        b('figure', 'Figure 5.2: A tangent', { caption: 'Figure 5.2: A tangent', image: { sha256: 'abc', mime: 'image/png' } }),
        b('figure', 'Figure 5.3: Not stored', { caption: 'Figure 5.3: Not stored', image: { sha256: 'zzz', mime: 'image/png' } }),
        b('equation', 'f(x) = x^2', { latex: 'f(x) = x^2', label: '(5.1)' }),
        b('code', 'x = 1 < 2', { language: 'python' }),
        b('quote', 'To be.'),
        b('margin', 'distribution'),
        b('exercise', 'Compute the derivative.', { label: '5.1' }),
        b('note', 'A footnote.'),
        b('bibliography', 'Smith, J. (2000). A book.'),
      ],
      { imageUrls: { abc: '/api/images/7' } },
    );
    expect(html).toContain('<p>The gradient <span data-type="inline-math" data-latex="\\nabla f"></span> points uphill &amp; fast.</p>');
    expect(html).toContain(
      '<ul><li><p>Vectors</p><ul><li><p>Norms</p><ul><li><p>Lp norms</p></li></ul></li></ul></li><li><p>Matrices</p></li></ul><ol><li><p>First</p></li></ol>',
    );
    expect(html).toContain(
      '<p><em>Table 1: Values</em></p><table><tbody><tr><th><p>x</p></th><th><p>y</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>',
    );
    expect(html).toContain('<img src="/api/images/7" alt="Figure 5.2: A tangent" /><p><em>Figure 5.2: A tangent</em></p>');
    expect(html).not.toContain('zzz');
    expect(html).toContain('<p><em>Figure 5.3: Not stored</em></p>');
    expect(html).toContain('<div data-type="block-math" data-latex="f(x) = x^2"></div>');
    expect(html).toContain('<pre><code class="language-python">x = 1 &lt; 2</code></pre>');
    expect(html).toContain('<blockquote><p><strong>Note:</strong> distribution</p></blockquote>');
    expect(html).toContain('<p><strong>Exercise 5.1.</strong> Compute the derivative.</p>');
    expect(html.endsWith('<h4>Notes</h4><ol><li><p>A footnote.</p></li></ol>')).toBe(true);
    expect(html).not.toContain('Smith');
    // What the composer writes survives the save path's sanitizer unchanged.
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('renderBlocks: links and list numbers from the source', () => {
  it('writes a block’s links as anchors in reading order, over paragraphs, list items and table cells', () => {
    const html = renderBlocks([
      b('paragraph', 'See the course page and the course page again, or write to the TA.', {
        links: [
          { text: 'course page', href: 'https://example.edu/course' },
          { text: 'course page', href: 'https://example.edu/course#2' },
          { text: 'the TA', href: 'mailto:ta@example.edu' },
        ],
      }),
      b('list-item', 'Read R for Data Science first', { links: [{ text: 'R for Data Science', href: 'https://r4ds.hadley.nz/' }] }),
      b('table', 'Tool Where', {
        rows: [
          ['Tool', 'Where'],
          ['R', 'CRAN'],
        ],
        header: true,
        links: [{ text: 'CRAN', href: 'https://cran.r-project.org/' }],
      }),
    ]);
    expect(html).toContain(
      '<p>See the <a href="https://example.edu/course" target="_blank" rel="noopener noreferrer nofollow">course page</a> and the ' +
        '<a href="https://example.edu/course#2" target="_blank" rel="noopener noreferrer nofollow">course page</a> again, or write to ' +
        '<a href="mailto:ta@example.edu" target="_blank" rel="noopener noreferrer nofollow">the TA</a>.</p>',
    );
    expect(html).toContain(
      '<li><p>Read <a href="https://r4ds.hadley.nz/" target="_blank" rel="noopener noreferrer nofollow">R for Data Science</a> first</p>',
    );
    expect(html).toContain(
      '<td><p><a href="https://cran.r-project.org/" target="_blank" rel="noopener noreferrer nofollow">CRAN</a></p></td>',
    );
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('leaves out a link whose scheme is not kept, whose anchor is gone, or that would cut a formula', () => {
    const html = renderBlocks([
      b('paragraph', 'Click here for \\(x^2\\) now.', {
        links: [
          { text: 'Click', href: 'javascript:alert(1)' },
          { text: 'missing words', href: 'https://example.org/a' },
          { text: 'x^2', href: 'https://example.org/b' },
          { text: 'now', href: 'https://example.org/c' },
        ],
      }),
    ]);
    expect(html).toBe(
      '<p>Click here for <span data-type="inline-math" data-latex="x^2"></span> <a href="https://example.org/c" target="_blank" rel="noopener noreferrer nofollow">now</a>.</p>',
    );
  });

  it('opens an ordered list at the source’s number, and a restart within a run opens a new list', () => {
    const html = renderBlocks([
      b('list-item', 'Sentence 16', { ordered: true, start: 16 }),
      b('list-item', 'Sentence 17', { ordered: true }),
      b('list-item', 'A sub-point', { ordered: true, depth: 1, start: 3 }),
      b('list-item', 'Again from one', { ordered: true, start: 1 }),
    ]);
    expect(html).toBe(
      '<ol start="16"><li><p>Sentence 16</p></li><li><p>Sentence 17</p><ol start="3"><li><p>A sub-point</p></li></ol></li></ol>' +
        '<ol><li><p>Again from one</p></li></ol>',
    );
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('numberListItems', () => {
  it('gives every numbered item its number, so a piece of a list printed apart keeps it', () => {
    const items = numberListItems([
      b('list-item', 'One', { ordered: true }),
      b('list-item', 'Two', { ordered: true }),
      b('list-item', 'Two, first part', { ordered: true, depth: 1 }),
      b('list-item', 'Three', { ordered: true }),
      b('list-item', 'A bullet', { depth: 0 }),
      b('list-item', 'Sixteen', { ordered: true, start: 16 }),
      b('paragraph', 'Between.'),
      b('list-item', 'Again one', { ordered: true }),
    ]);
    expect(items.map((x) => x.start)).toEqual([1, 2, 1, 3, undefined, 16, undefined, 1]);
    // The whole list renders as before; its last item alone still shows 3.
    expect(renderBlocks(items.slice(0, 4))).toBe(
      '<ol><li><p>One</p></li><li><p>Two</p><ol><li><p>Two, first part</p></li></ol></li><li><p>Three</p></li></ol>',
    );
    expect(renderBlocks(items.slice(3, 4))).toBe('<ol start="3"><li><p>Three</p></li></ol>');
  });

  it('shows the line breaks of a paragraph, a list item and a quotation as <br>, never inside a formula', () => {
    // A Markdown hard break (markdown-extract) is a line break in the block's text.
    const html = renderBlocks([
      b('quote', 'Typ: Vorlesung\nDauer: 90 Minuten', { strong: ['Typ:'] }),
      b('paragraph', 'Erste Zeile\nzweite mit Link\nund \\(a +\nb\\)', { links: [{ text: 'Link', href: 'https://example.org/a' }] }),
      b('list-item', 'Punkt eins\ngeht weiter'),
    ]);
    expect(html).toContain('<blockquote><p><strong>Typ:</strong> Vorlesung<br>Dauer: 90 Minuten</p></blockquote>');
    expect(html).toContain('<p>Erste Zeile<br>zweite mit <a href="https://example.org/a"');
    expect(html).toContain('</a><br>und \\(a +\nb\\)</p>');
    expect(html).toContain('<li><p>Punkt eins<br>geht weiter</p></li>');
  });

  it("prints a listing's caption under its code", () => {
    const html = renderBlocks([b('code', 'summary(data)', { caption: 'Listing 2.1 – Code source en R' })]);
    expect(html).toContain('<pre><code>summary(data)</code></pre><p><em>Listing 2.1 – Code source en R</em></p>');
  });
});
