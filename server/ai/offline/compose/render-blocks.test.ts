import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { sanitizeHtml } from '@server/features/textbooks/sanitize';
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
