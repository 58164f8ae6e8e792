import katex from 'katex';
import type { PdfLine, PdfRegion } from './pdf-types';

/** Whether KaTeX typesets the display: a display read from words is kept as LaTeX only then. */
export function rendersDisplay(latex: string): boolean {
  try {
    katex.renderToString(latex, { displayMode: true, throwOnError: true, strict: 'ignore', trust: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * The `equation` region of a display read as aligned rows of LaTeX (pdf-clause-displays.ts, pdf-word-equations.ts): its
 * lines' box with the margins a display picture takes, their text as alt text, the rows as one `aligned` block; undefined
 * when KaTeX cannot typeset it.
 */
export function alignedDisplay(run: PdfLine[], rows: string[]): PdfRegion | undefined {
  const latex = `\\begin{aligned}${rows.join(' \\\\ ')}\\end{aligned}`;
  if (!rendersDisplay(latex)) return undefined;
  const first = run[0];
  const size = first.size;
  return {
    kind: 'equation',
    page: first.page,
    x0: Math.min(...run.map((l) => l.x0)) - 0.4 * size,
    x1: Math.max(...run.map((l) => l.x1)) + 0.4 * size,
    y0: run[run.length - 1].y - 0.3 * size,
    y1: first.y + 0.85 * size,
    text: run.map((l) => l.text.replace(/\\\((.*?)\\\)/g, '$1')).join(' '),
    latex,
  };
}
