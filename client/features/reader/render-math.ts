import katex from 'katex';
import { formulaTooLong, katexLimits } from '@common/math-limits';
import { convertDollarMath, mathSelector } from './dollar-math-elements';

// Also here for the reader's callers; the conversion itself needs no KaTeX (dollar-math-elements.ts).
export { convertDollarMath };

/** Renders every formula under root with KaTeX (HTML for the eye, MathML for screen readers); bad LaTeX shows as red source. */
export function renderMath(root: HTMLElement): void {
  convertDollarMath(root);
  renderMathElements(root.querySelectorAll<HTMLElement>(mathSelector));
}

/** Renders the given math elements (those not rendered yet), as renderMath does. */
export function renderMathElements(elements: Iterable<HTMLElement>): void {
  for (const el of Array.from(elements)) {
    if (el.dataset.rendered) continue;
    const latex = el.getAttribute('data-latex') ?? '';
    if (formulaTooLong(latex)) {
      // Too long to typeset without holding up the page (the exports show it the same way): its source, as code.
      const code = el.ownerDocument.createElement('code');
      code.textContent = latex;
      el.replaceChildren(code);
    } else katex.render(latex, el, { ...katexLimits, throwOnError: false, displayMode: el.getAttribute('data-type') === 'block-math' });
    el.dataset.rendered = 'true';
  }
}
