import { rendersDisplay } from './pdf-aligned-display';
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

/** Characters a one-line formula may hold: Latin and Greek letters (and their mathematical italic forms), digits, brackets, punctuation, the symbols toLatex names. */
const allowed =
  /^[\p{Script=Latin}\p{Script=Greek}\u0300-\u036F\u20D7\u{1D400}-\u{1D7FF}\d\s()[\],.;:=+\-−×·<>!'′/|∈∉≤≥≠≈→↦∞∂∇±⊤⊥⩽⩾⟨⟩∘∗÷∓‖∥∣∀∃∅⊂⊆⊃⊇∪∩∧∨¬⇒⇐⇔⟹⟸⟺⟶⟵⟼←↔≡∼≃∝⊗⊕≪≫∖ℓℝℕℤℚℂ]*$/u;

/**
 * Plain text of a formula (outside its `\(...\)` scripts) as LaTeX, or undefined when a word in it is not a known
 * operator. With `named`, a word set before its arguments ("LogNormal(μ, σ²)") is an upright name, \operatorname.
 */
function plainPart(text: string, named = false): string | undefined {
  const isName = (w: string, k: number, pieces: string[]) => named && /^\(/.test(pieces[k + 1] ?? '');
  const pieces = text.split(/(\p{L}{2,})/u);
  if (pieces.some((w, k) => k % 2 === 1 && !operators[w] && !isName(w, k, pieces))) return undefined;
  let out = '';
  for (const [k, piece] of pieces.entries())
    out = joinLatex(
      out,
      operators[piece]
        ? `${operators[piece]} `
        : k % 2 === 1
          ? `\\operatorname{${piece}}`
          : toLatex(piece) + (piece.endsWith(' ') ? ' ' : ''),
    );
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
  const latex = formulaLatex(text);
  return latex === undefined ? undefined : checkedLatex(latex);
}

/**
 * A piece of a display (a row, a numerator) as LaTeX, with no test of what it says: undefined where the text cannot say
 * what the page shows (see equationLatex). `named`: upright names before their arguments are allowed (plainPart).
 */
export function formulaLatex(text: string, named = false): string | undefined {
  const trimmed = text.trim();
  if (!trimmed || /\.\s?\.\s?\.|…|\/\//.test(trimmed)) return undefined;
  let latex = '';
  for (const [i, part] of trimmed.split(/\\\((.*?)\\\)/).entries()) {
    if (i % 2 === 1) {
      // A script with no base (the "1" over "2σ²" of a small fraction read as scripts of "−"): the text does not say how the glyphs stand.
      // A script right after a letter or ∆, ∇ written outside it ("∆\(_{X}\)") is that symbol's.
      if (/^[_^]/.test(part) && !/[\p{L}∆∇]$/u.test(latex)) return undefined;
      // A script written by pdf-lines: letters in it are single symbols or operator names.
      // A word in a script ("max", "signal") is set upright in the source: KaTeX would set it in italics. Two letters
      // before any script are a product of variables ("bX_{t}"), not a word.
      const scripts = part.replace(/^(?:[^_^{}\\]{1,2}(?=[_^]|$))/u, ' ');
      if (/(?<![\\\p{L}])\p{L}{2,}/u.test(scripts)) return undefined;
      latex = joinLatex(latex, part);
      continue;
    }
    if (!allowed.test(part)) return undefined;
    const plain = plainPart(part, named);
    if (plain === undefined) return undefined;
    latex = joinLatex(latex, plain);
  }
  latex = latex.replace(/\s+/g, ' ').trim();
  // A digit run on after a script ("(...)_{2}5" for a script's own script) is not what the page shows.
  return /[_^]\{[^{}]*\}\d/.test(latex) ? undefined : latex;
}

/** A whole formula's LaTeX when it states something (a relation) and KaTeX reads it, else undefined. */
export function checkedLatex(latex: string): string | undefined {
  if (
    !/[=<>≤≥≠≈→↦∈∉⊂⊆≡∼∝]|\\(?:le|ge|ne|approx|to|mapsto|in|notin|subset|subseteq|equiv|sim|propto|leqslant|geqslant|implies|impliedby|iff|longrightarrow)\b/.test(
      latex,
    )
  )
    return undefined;
  return rendersDisplay(latex) ? latex : undefined;
}
