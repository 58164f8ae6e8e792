/**
 * Fonts that set mathematics: TeX's math italic, symbols and extension fonts (and their Latin
 * Modern, AMS, blackboard-bold, Fraktur, script, txfonts and pxfonts kin), OpenType math fonts
 * (Cambria Math, STIX Two Math, Latin Modern Math) and the Symbol font.
 */
const mathFont =
  /^(?:cmmi|cmsy|cmex|cmbsy|cmmib|msam|msbm|eufm|eufb|eusm|euex|eurm|rsfs|dsrom|bbm|bbold|lmmi|lmsy|lmex|txmi|txsy|txex|pxmi|pxsy|pxex|rtxmi|ntxmi|ntxsy|zplm|mtmi|mtsy|mtex|esint|stmary|wasy|symbol$)|math/i;

/**
 * Bold text faces: TeX's bold extended (CMBX, LMRoman..-Bold, ec's "SFBX"), and fonts named for their weight.
 * Bold math (CMMIB, CMBSY) is mathematics, not a heading face.
 */
const boldFont = /^(?:cmbx|cmb\d|cmssbx|sfbx|ecbx|lmbx|tcbx)|bold|black|heavy|semibold|demi|-medi(?:um)?\b|-sb\b|[-,]b(?:d|ld)?$/i;

/** Whether a font (as the PDF names it) is a bold text face. */
export function isBoldFont(name: string): boolean {
  const bare = name.replace(/^[A-Z]{6}\+/, '');
  return boldFont.test(bare) && !isMathFont(bare);
}

const italicFont = /^(?:cmti|cmsl|cmbxti|cmbxsl|cmssi|sfti|sfsl|ecti|lmri)|ital|oblique|slanted|-it$|-bdit$/i;

/** Whether a font (as the PDF names it) is an italic or slanted text face (math italic is mathematics). */
export function isItalicFont(name: string): boolean {
  const bare = name.replace(/^[A-Z]{6}\+/, '');
  return italicFont.test(bare) && !isMathFont(bare);
}

/** Characters that are mathematics in any font. */
const mathSymbol = /[=+−×÷·∑∏∫∮∂∇∆≤≥≠≈≡∼∝∈∉∋⊂⊃⊆⊇∪∩∧∨¬→←↔↦⇒⇐⇔⟹⟸⟺⟶⟵∞√∀∃±∓⊤⊥‖∥⊕⊗⊙∘⟨⟩⌊⌋⌈⌉ℝℕℤℚℂ\u0391-\u03a9\u03b1-\u03c9]/u;

/** Whether a font (as the PDF names it, with or without its "ABCDEF+" subset tag) sets math. */
export function isMathFont(name: string): boolean {
  return mathFont.test(name.replace(/^[A-Z]{6}\+/, ''));
}

/** How many visible characters of a text run are mathematics: all of them in a math font, else its math symbols. */
export function mathChars(text: string, fontName: string): number {
  const visible = [...text.replace(/\s/g, '')];
  if (visible.length === 0) return 0;
  if (fontName && isMathFont(fontName)) return visible.length;
  return visible.filter((c) => mathSymbol.test(c)).length;
}

const latexSymbols: Record<string, string> = {
  '−': '-',
  '×': '\\times ',
  '·': '\\cdot ',
  '∈': '\\in ',
  '∉': '\\notin ',
  '≤': '\\le ',
  '≥': '\\ge ',
  '≠': '\\ne ',
  '≈': '\\approx ',
  '→': '\\to ',
  '↦': '\\mapsto ',
  '∞': '\\infty ',
  '∂': '\\partial ',
  '∇': '\\nabla ',
  '±': '\\pm ',
  '⊤': '\\top ',
  '⊥': '\\perp ',
  '′': "'",
  '⩽': '\\leqslant ',
  '⩾': '\\geqslant ',
  '≰': '\\nleq ',
  '≱': '\\ngeq ',
  '⟨': '\\langle ',
  '⟩': '\\rangle ',
  '∑': '\\sum ',
  '∏': '\\prod ',
  '∫': '\\int ',
  '∘': '\\circ ',
  '◦': '\\circ ',
  '∗': '\\ast ',
  '÷': '\\div ',
  '∓': '\\mp ',
  '‖': '\\Vert ',
  '∥': '\\parallel ',
  '∣': '\\mid ',
  '∀': '\\forall ',
  '∃': '\\exists ',
  '∅': '\\emptyset ',
  '⊂': '\\subset ',
  '⊆': '\\subseteq ',
  '⊃': '\\supset ',
  '⊇': '\\supseteq ',
  '∪': '\\cup ',
  '∩': '\\cap ',
  '∧': '\\wedge ',
  '∨': '\\vee ',
  '¬': '\\neg ',
  '⇒': '\\Rightarrow ',
  '⇐': '\\Leftarrow ',
  '⇔': '\\Leftrightarrow ',
  '⟹': '\\implies ',
  '⟸': '\\impliedby ',
  '⟺': '\\iff ',
  '⟶': '\\longrightarrow ',
  '⟵': '\\longleftarrow ',
  '⟼': '\\longmapsto ',
  '←': '\\leftarrow ',
  '↔': '\\leftrightarrow ',
  '≡': '\\equiv ',
  '∼': '\\sim ',
  '≃': '\\simeq ',
  '∝': '\\propto ',
  '⊗': '\\otimes ',
  '⊕': '\\oplus ',
  '≪': '\\ll ',
  '≫': '\\gg ',
  '∖': '\\setminus ',
  ℓ: '\\ell ',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
};

/**
 * A text run as LaTeX for inline math: TeX's special characters escaped, common symbols named.
 * Join it to other LaTeX with joinLatex (latex-join.ts): it may end with a control word.
 */
export function toLatex(text: string): string {
  let out = '';
  for (const ch of text.trim()) {
    if (latexSymbols[ch]) out += latexSymbols[ch];
    else if ('{}#%&$_^~\\'.includes(ch)) out += ch === '\\' ? '\\backslash ' : ch === '~' ? '\\sim ' : `\\${ch}`;
    else out += ch;
  }
  return out.trim();
}

/** Control words of latexSymbols and the characters they stand for. */
const symbolOfCommand = new Map(
  Object.entries(latexSymbols)
    .filter(([, latex]) => latex.startsWith('\\'))
    .map(([ch, latex]) => [latex.trim(), ch] as const),
);
/** Any of those control words, longest first ("\\notin" before "\\not"), not followed by a letter. */
const commandPattern = new RegExp(
  `(${[...symbolOfCommand.keys()]
    .sort((a, b) => b.length - a.length)
    .map((c) => c.replace(/[\\{}]/g, (x) => `\\${x}`))
    .join('|')})(?![a-zA-Z]) ?`,
  'g',
);

/**
 * Inline-math LaTeX written by toLatex back as the characters it was read from, for alt text
 * ("\\mathbb{R}^{m\\times n}" -> "ℝ^{m×n}"); scripts keep their "^{...}" and "_{...}".
 */
export function latexToText(latex: string): string {
  return latex.includes('\\') ? latex.replace(commandPattern, (_, command: string) => symbolOfCommand.get(command) ?? command) : latex;
}
