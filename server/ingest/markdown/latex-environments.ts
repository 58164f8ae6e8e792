import { decodeEntities } from '@common/textbook-ops/html';

/**
 * LaTeX display environments written straight into a Markdown page (`\begin{align*} ... \end{align*}`,
 * as MathJax pages do). They are taken out before Markdown parsing, which would read `\\` as an
 * escaped backslash and collapse the line breaks, and become display equations KaTeX can draw:
 * KaTeX has equation, align, gather and alignat; multline becomes gather, eqnarray an array of
 * three columns, and `\label` (KaTeX has no cross-references) is dropped.
 */

const environment = /\\begin\{(equation|align|gather|multline|eqnarray|alignat|flalign|displaymath|math)(\*?)\}([\s\S]*?)\\end\{\1\2\}/g;

/** Fenced code (also indented in a list item): copied as it is. */
const fencedCode = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;

/** The environment's LaTeX as KaTeX reads it. */
export function katexEnvironment(name: string, star: string, body: string): string {
  const inner = body.replace(/\\label\{[^{}]*\}/g, '').trim();
  switch (name) {
    case 'multline':
      return `\\begin{gather${star}}${inner}\\end{gather${star}}`;
    case 'eqnarray':
      return `\\begin{array}{rcl}${inner.replace(/\\(nonumber|notag)\b/g, '')}\\end{array}`;
    case 'flalign':
      return `\\begin{align${star}}${inner}\\end{align${star}}`;
    case 'displaymath':
    case 'math':
      return inner;
    default:
      return `\\begin{${name}${star}}${inner}\\end{${name}${star}}`;
  }
}

/** A display formula as KaTeX reads it: its environments converted as above, its labels dropped. */
/**
 * A formula as a web page writes it, in the LaTeX KaTeX reads: an HTML entity the page's renderer
 * decodes before MathJax sees the formula ("&#8203;" spacing, "&lt;") is its character (an invisible
 * space a space), and `\\mbox{...}`, which KaTeX lacks, is `\\text{...}`.
 */
export function pageMath(latex: string): string {
  return decodeEntities(latex)
    .replace(/\u200b|\u200c|\u200d|\u2060|\ufeff|\u00a0/g, ' ')
    .replace(/\\mbox(?![a-zA-Z])/g, '\\text');
}

export function katexDisplay(latex: string): string {
  return latex
    .replace(environment, (_m, name: string, star: string, body: string) => katexEnvironment(name, star, body))
    .replace(/\\label\{[^{}]*\}/g, '')
    .trim();
}

/** Replaces each display environment outside fenced code by `mark(latex)`. */
export function takeEnvironments(text: string, mark: (latex: string) => string): string {
  return text
    .split(fencedCode)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(environment, (_m, name: string, star: string, body: string) => mark(katexEnvironment(name, star, body))),
    )
    .join('');
}
