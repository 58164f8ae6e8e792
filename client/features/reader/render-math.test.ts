import { describe, expect, it } from 'vitest';
import { convertDollarMath, renderMath } from './render-math';

function html(markup: string): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
}

describe('math on the reader page', () => {
  it('typesets the editor’s math elements with KaTeX, block ones in display mode, with MathML for screen readers', () => {
    const root = html(
      '<p>Speed <span data-type="inline-math" data-latex="v = \\frac{d}{t}"></span>.</p><div data-type="block-math" data-latex="E = mc^2"></div>',
    );
    renderMath(root);
    const inline = root.querySelector('[data-type="inline-math"]')!;
    expect(inline.querySelector('.katex')).not.toBeNull();
    expect(inline.querySelector('.katex-display')).toBeNull();
    expect(inline.querySelector('math annotation')?.textContent).toBe('v = \\frac{d}{t}');
    expect(root.querySelector('[data-type="block-math"] .katex-display')).not.toBeNull();
  });

  it('turns dollar-delimited text into math as the editor does, leaving currency and code alone', () => {
    const root = html(
      '<p>Energy $E = h\\nu$ per photon; it costs $5 and $10.</p><p>$$a^2 + b^2 = c^2$$</p><pre><code>echo $HOME $PATH</code></pre>',
    );
    convertDollarMath(root);
    expect(Array.from(root.querySelectorAll('[data-type="inline-math"]')).map((e) => e.getAttribute('data-latex'))).toEqual(['E = h\\nu']);
    expect(root.querySelector('[data-type="block-math"]')?.getAttribute('data-latex')).toBe('a^2 + b^2 = c^2');
    expect(root.textContent).toContain('it costs $5 and $10.');
    expect(root.querySelector('code')?.textContent).toBe('echo $HOME $PATH');
  });

  it('shows a formula too long to typeset as its source, so a pasted giant array cannot freeze a student’s browser', () => {
    const huge = `\\begin{array}{cc}${Array(3000).fill('1&2').join('\\\\')}\\end{array}`;
    const root = html(`<div data-type="block-math" data-latex="${huge}"></div>`);
    renderMath(root);
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.querySelector('code')?.textContent).toBe(huge);
  });

  it('shows bad LaTeX as its source instead of failing the page', () => {
    const root = html('<span data-type="inline-math" data-latex="\\frac{1"></span>');
    renderMath(root);
    expect(root.textContent).toContain('\\frac{1');
  });
});
