import { useEffect, useState, type ReactNode } from 'react';
import { formulaTooLong, katexLimits } from '@common/math-limits';

type Katex = typeof import('katex').default;

/** KaTeX, loaded once on demand (the editor's chunk already holds it). */
let loaded: Promise<Katex> | undefined;
const loadKatex = () => (loaded ??= import('katex').then((m) => m.default));

/** The `\(...\)` formulas of a source passage as [start, end) ranges of the text, delimiters included. */
export function formulaRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(/\\\(([\s\S]+?)\\\)/g)].map((m) => [m.index, m.index + m[0].length]);
}

/** A marked span widened so it never cuts a formula in two (the formula is drawn whole, inside the mark or outside it). */
export function wholeFormulaSpan(text: string, span: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = span;
  for (const [a, b] of formulaRanges(text)) {
    if (a < start && start < b) start = a;
    if (a < end && end < b) end = b;
  }
  return { start, end };
}

/**
 * A source passage's text with its inline formulas (`\(k^{th}\)`) drawn by KaTeX as the reader draws them, with the
 * renderer's limits; a formula too long to draw, or before KaTeX has loaded, shows its source.
 */
export function MathText({ text }: { text: string }) {
  const [katex, setKatex] = useState<Katex | undefined>();
  const hasMath = text.includes('\\(');
  useEffect(() => {
    if (!hasMath) return;
    let live = true;
    void loadKatex().then((k) => live && setKatex(() => k));
    return () => {
      live = false;
    };
  }, [hasMath]);
  if (!hasMath) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const [a, b] of formulaRanges(text)) {
    if (a > last) parts.push(text.slice(last, a));
    const latex = text.slice(a + 2, b - 2).trim();
    parts.push(
      katex && !formulaTooLong(latex) ? (
        <span
          key={a}
          data-latex={latex}
          dangerouslySetInnerHTML={{ __html: katex.renderToString(latex, { ...katexLimits, throwOnError: false }) }}
        />
      ) : (
        <span key={a} data-latex={latex}>
          {latex}
        </span>
      ),
    );
    last = b;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
