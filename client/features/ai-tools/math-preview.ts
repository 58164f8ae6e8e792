import { formulaTooLong, katexLimits } from '@common/math-limits';

/**
 * Renders the editor's math nodes (<span data-type="inline-math" data-latex>, <div data-type="block-math">)
 * inside HTML shown outside the editor, so a preview shows its formulas. KaTeX is loaded on demand:
 * it is already in the editor's chunk, which is open whenever a preview is.
 */
export async function renderMathIn(root: HTMLElement): Promise<void> {
  const nodes = root.querySelectorAll<HTMLElement>('[data-type="inline-math"], [data-type="block-math"]');
  if (nodes.length === 0) return;
  const katex = (await import('katex')).default;
  nodes.forEach((node) => {
    const latex = node.getAttribute('data-latex') ?? '';
    if (formulaTooLong(latex)) node.textContent = latex;
    else katex.render(latex, node, { ...katexLimits, throwOnError: false, displayMode: node.getAttribute('data-type') === 'block-math' });
  });
}
