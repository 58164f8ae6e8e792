import katex from 'katex';
import { joinLatex } from '../latex-join';
import { toLatex } from './pdf-math';

/** Function names TeX sets upright, as their control words ("mod" is the binary \bmod). */
const operators: Record<string, string> = {
  sin: '\\sin',
  cos: '\\cos',
  tan: '\\tan',
  exp: '\\exp',
  log: '\\log',
  ln: '\\ln',
  lim: '\\lim',
  max: '\\max',
  min: '\\min',
  det: '\\det',
  gcd: '\\gcd',
  mod: '\\bmod',
};

/** Characters a one-line formula may hold: Latin and Greek letters, digits, brackets, punctuation, the symbols toLatex names. */
const allowed =
  /^[\p{Script=Latin}\p{Script=Greek}\d\s()[\],.;:=+\-−×·<>!'′/|∈∉≤≥≠≈→↦∞∂∇±⊤⊥⩽⩾⟨⟩∘∗÷∓‖∥∣∀∃∅⊂⊆⊃⊇∪∩∧∨¬⇒⇐⇔⟹⟸⟺⟶⟵⟼←↔≡∼≃∝⊗⊕≪≫∖ℓℝℕℤℚℂ]*$/u;

/** Plain text of a formula (outside its `\(...\)` scripts) as LaTeX, or undefined when a word in it is not a known operator. */
function plainPart(text: string): string | undefined {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  if (words.some((w) => !operators[w])) return undefined;
  let out = '';
  for (const piece of text.split(/(\p{L}{2,})/u))
    out = joinLatex(out, operators[piece] ? `${operators[piece]} ` : toLatex(piece) + (piece.endsWith(' ') ? ' ' : ''));
  return out;
}

/**
 * The LaTeX of a display equation set on one line whose every glyph was read (PdfLine.plainMath:
 * no big operator or delimiter of TeX's extension font, no bold symbol the text cannot show, no
 * fraction, which would be several lines), or undefined where the text cannot say what the picture
 * shows: a word that is not an operator ("gradf", "signal"), an ellipsis, a glyph left unread.
 * Only LaTeX that KaTeX reads is returned. docs/document-model.md: a picture is better than wrong LaTeX.
 */
export function equationLatex(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed || /\.\s?\.\s?\.|…|\/\//.test(trimmed)) return undefined;
  let latex = '';
  for (const [i, part] of trimmed.split(/\\\((.*?)\\\)/).entries()) {
    if (i % 2 === 1) {
      // A script with no base (the "1" over "2σ²" of a small fraction read as scripts of "−"): the text does not say how the glyphs stand.
      if (/^[_^]/.test(part)) return undefined;
      // A script written by pdf-lines: letters in it are single symbols or operator names.
      // A word in a script ("max", "signal") is set upright in the source: KaTeX would set it in italics.
      if (/(?<![\\\p{L}])\p{L}{2,}/u.test(part)) return undefined;
      latex = joinLatex(latex, part);
      continue;
    }
    if (!allowed.test(part)) return undefined;
    const plain = plainPart(part);
    if (plain === undefined) return undefined;
    latex = joinLatex(latex, plain);
  }
  latex = latex.replace(/\s+/g, ' ').trim();
  // A digit run on after a script ("(...)_{2}5" for a script's own script) is not what the page shows.
  if (/[_^]\{[^{}]*\}\d/.test(latex)) return undefined;
  if (
    !/[=<>≤≥≠≈→↦∈∉⊂⊆≡∼∝]|\\(?:le|ge|ne|approx|to|mapsto|in|notin|subset|subseteq|equiv|sim|propto|leqslant|geqslant|implies|impliedby|iff|longrightarrow)\b/.test(
      latex,
    )
  )
    return undefined;
  try {
    katex.renderToString(latex, { displayMode: true, throwOnError: true, strict: 'ignore', trust: false });
  } catch {
    return undefined;
  }
  return latex;
}
