import { joinLatex } from '../latex-join';
import { functionNames, namesAlternative } from './pdf-operator-names';

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
  // A letter with an accent over it (ẋ, x̄, δ̂, ũ: the accent glyph placed on its letter) is the math accent over the letter.
  const chars = /\p{M}|[\u1E00-\u1EFF\u00C0-\u017F]/u.test(text) ? accented(text.trim()) : [...text.trim()];
  for (const ch of chars) {
    if (ch.length > 1 && ch.startsWith('\\')) out = joinLatex(out, ch);
    else if (latexSymbols[ch]) out += latexSymbols[ch];
    else if ('{}#%&$_^~\\'.includes(ch)) out += ch === '\\' ? '\\backslash ' : ch === '~' ? '\\sim ' : `\\${ch}`;
    else out += ch;
  }
  return out.trim();
}

/** TeX's math accents by the combining mark a letter carries. */
const mathAccents: Record<string, string> = {
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u0304': '\\bar',
  '\u0302': '\\hat',
  '\u0303': '\\tilde',
  '\u030C': '\\check',
  '\u0306': '\\breve',
  '\u0301': '\\acute',
  '\u0300': '\\grave',
  '\u20D7': '\\vec',
};

/** The characters of a text, each letter carrying accents TeX has math accents for as one piece of LaTeX ("\\dot{x}"). */
function accented(text: string): string[] {
  const out: string[] = [];
  for (const [piece] of text.matchAll(/\p{L}\p{M}*|[^]/gu)) {
    const [base, ...marks] = [...piece.normalize('NFD')];
    if (!marks.length || !/\p{L}/u.test(base) || marks.some((m) => !mathAccents[m])) {
      out.push(...piece);
      continue;
    }
    const letter = latexSymbols[base]?.trim() ?? base;
    out.push(marks.reduce((inner, m) => `${mathAccents[m]}{${inner}}`, letter));
  }
  return out;
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
  if (!latex.includes('\\')) return latex;
  return fractionsToText(rootsToText(latex))
    .replace(operatorNamePattern, (_, name: string, rest: string) => (rest ? `${name} ` : name))
    .replace(accentPattern, (_, command: string, letter: string) => `${letter}${markOfAccent.get(`\\${command}`) ?? ''}`.normalize('NFC'))
    .replace(commandPattern, (_, command: string) => symbolOfCommand.get(command) ?? command);
}

const operatorNamePattern = new RegExp(`\\\\(${namesAlternative(functionNames)})(?![a-zA-Z])( ?)`, 'g');

/**
 * Roots written as characters: "\\sqrt{x}" is "√x", "\\sqrt{1 + x^{2}}" is "√(1 + x^{2})" (the rule's extent, which
 * "√1 + x^{2}" would lose), "\\sqrt[3]{u}" is "∛u"; inner roots first.
 */
function rootsToText(latex: string): string {
  const at = latex.lastIndexOf('\\sqrt');
  if (at < 0) return latex;
  let i = at + 5;
  let index = '';
  if (latex[i] === '[') {
    const close = latex.indexOf(']', i);
    if (close < 0) return latex;
    index = latex.slice(i + 1, close);
    i = close + 1;
  }
  if (latex[i] !== '{') return rootsToText(latex.slice(0, at)) + latex.slice(at);
  const group = braceGroup(latex, i);
  if (!group) return latex;
  const sign = index === '3' ? '∛' : index === '4' ? '∜' : index ? `${index}√` : '√';
  const radicand = /^[\p{L}\p{N}.]+$/u.test(group.body) ? group.body : `(${group.body})`;
  return rootsToText(latex.slice(0, at) + sign + radicand + latex.slice(group.end));
}

/** The group in braces opening at `open` ("{x + 1}"), its body and the index after it; undefined if none closes. */
function braceGroup(latex: string, open: number): { body: string; end: number } | undefined {
  if (latex[open] !== '{') return undefined;
  let depth = 0;
  for (let i = open; i < latex.length; i++) {
    if (latex[i] === '{') depth++;
    else if (latex[i] === '}' && --depth === 0) return { body: latex.slice(open + 1, i).trim(), end: i + 1 };
  }
  return undefined;
}

/**
 * Fractions written as characters: "\\frac{1}{2}" is "1/2", "\\frac{x + 1}{x - 1}" is "(x + 1)/(x - 1)" (the bar's
 * extent, which "x + 1/x - 1" would lose); inner fractions first, roots already written as "√x". A screen reader reads
 * "\\frac" as letters.
 */
function fractionsToText(latex: string): string {
  const found = /\\[dt]?frac(?![a-zA-Z])\s*(?=\{)/g;
  let at = -1;
  let start = 0;
  for (const m of latex.matchAll(found)) [at, start] = [m.index, m.index + m[0].length];
  if (at < 0) return latex;
  const numerator = braceGroup(latex, start);
  const denominator = numerator && braceGroup(latex, numerator.end);
  if (!numerator || !denominator) return fractionsToText(latex.slice(0, at)) + latex.slice(at);
  const part = (body: string) => (/^[√∛∜]?[\p{L}\p{N}.]+$/u.test(body) ? body : `(${body})`);
  return fractionsToText(`${latex.slice(0, at)}${part(numerator.body)}/${part(denominator.body)}${latex.slice(denominator.end)}`);
}

/** The combining mark of each math accent, and a math accent over one letter ("\\hat{δ}"). */
const markOfAccent = new Map(Object.entries(mathAccents).map(([mark, command]) => [command, mark] as const));
const accentPattern = /\\(dot|ddot|bar|hat|tilde|check|breve|acute|grave|vec)\{(\p{L})\}/gu;
