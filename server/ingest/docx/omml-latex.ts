/**
 * Word's equations (OMML, the m: elements of word/document.xml) as LaTeX that KaTeX renders:
 * the common elements are mapped (fractions, scripts, radicals, n-ary sums and integrals,
 * delimiters, matrices, accents, bars, functions, limits, equation arrays, boxes); anything
 * else contributes its text.
 */

import { joinLatex } from '../latex-join';

/** The DOM shape used here (xmldom's elements), kept minimal so no DOM typings are needed. */
export interface XmlNode {
  nodeType: number;
  nodeName: string;
  localName?: string | null;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  getAttribute?(name: string): string | null;
}

const symbols: Record<string, string> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\varepsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\ne',
  '±': '\\pm',
  '∓': '\\mp',
  '×': '\\times',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '÷': '\\div',
  '∞': '\\infty',
  '≈': '\\approx',
  '∼': '\\sim',
  '≡': '\\equiv',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∂': '\\partial',
  '∇': '\\nabla',
  '→': '\\to',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '∀': '\\forall',
  '∃': '\\exists',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '∝': '\\propto',
  '−': '-',
  '∗': '*',
  '′': "'",
  '°': '^{\\circ}',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  '∅': '\\emptyset',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '‖': '\\|',
};

const nary: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
};
const accents: Record<string, string> = {
  '\u0302': '\\hat',
  '^': '\\hat',
  '\u0304': '\\bar',
  '\u0305': '\\bar',
  '¯': '\\bar',
  // The overline character Word's equation editor writes for a mean's bar (ȳ, ε̄): a bar, never a hat.
  '\u203e': '\\bar',
  '\u02c9': '\\bar',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u20d7': '\\vec',
  '\u0303': '\\tilde',
  '~': '\\tilde',
  '\u030c': '\\check',
  '\u02c7': '\\check',
  '\u02d9': '\\dot',
  '\u00a8': '\\ddot',
  '\u02dc': '\\tilde',
  '\u0301': '\\acute',
  '\u0300': '\\grave',
  '\u0306': '\\breve',
};
const functions = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'exp',
  'lim',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'arg',
  'sinh',
  'cosh',
  'tanh',
  'arcsin',
  'arccos',
  'arctan',
  'Pr',
  'gcd',
]);
const delimiters: Record<string, string> = {
  '(': '(',
  ')': ')',
  '[': '[',
  ']': ']',
  '{': '\\{',
  '}': '\\}',
  '|': '|',
  '‖': '\\|',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '': '.',
};

const nameOf = (n: XmlNode) => n.localName ?? n.nodeName.replace(/^.*:/, '');
const elements = (n: XmlNode): XmlNode[] => Array.from(n.childNodes).filter((c) => c.nodeType === 1);
const child = (n: XmlNode, name: string): XmlNode | undefined => elements(n).find((c) => nameOf(c) === name);
/** The m:val of a property element (e.g. m:naryPr/m:chr), if set. */
function prop(n: XmlNode, pr: string, name: string): string | undefined {
  const p = child(n, pr);
  const el = p && child(p, name);
  if (!el) return undefined;
  return el.getAttribute?.('m:val') ?? el.getAttribute?.('val') ?? undefined;
}

function escapeText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (symbols[ch]) out += `${symbols[ch]} `;
    else if ('#$%&_{}'.includes(ch)) out += `\\${ch}`;
    else if (ch === '\\') out += '\\backslash ';
    else out += ch;
  }
  return out;
}

function run(n: XmlNode): string {
  const text = elements(n)
    .filter((c) => nameOf(c) === 't')
    .map((t) => t.textContent ?? '')
    .join('');
  const rPr = child(n, 'rPr');
  // Plain text inside an equation ("if", "otherwise").
  if (rPr && child(rPr, 'nor') && /[a-z]{2,}/i.test(text)) return `\\text{${text.replace(/[{}\\]/g, '')}}`;
  if (functions.has(text.trim())) return `\\${text.trim()} `;
  // Words typed with their spaces in a math run ("=Homework or Project Weight", "Passing Grade="): Word prints the spaces,
  // LaTeX would drop them and set the words as products of italic variables. They are text in the formula.
  return text
    .split(spacedWords)
    .map((part, i) => (i % 2 === 1 && !part.split(/ +/).some((w) => functions.has(w)) ? `\\text{${part}}` : escapeText(part)))
    .join('');
}

/** Two or more words of two letters or more with spaces between them (a phrase, not "x y" or "sin x"). */
const spacedWords = /(\p{L}{2,}(?: +\p{L}{2,})+)/u;

/** The LaTeX of an element's children, in order. */
function seq(n: XmlNode | undefined): string {
  if (!n) return '';
  return joinLatex(...elements(n).map(convert)).trim();
}

function group(s: string): string {
  return `{${s}}`;
}

function convert(n: XmlNode): string {
  switch (nameOf(n)) {
    case 'r':
      return run(n);
    case 'f': {
      const type = prop(n, 'fPr', 'type');
      const num = seq(child(n, 'num'));
      const den = seq(child(n, 'den'));
      if (type === 'lin') return `${num}/${den}`;
      if (type === 'noBar') return `\\genfrac{}{}{0pt}{}${group(num)}${group(den)}`;
      return `\\frac${group(num)}${group(den)}`;
    }
    case 'sSup':
      return `${group(seq(child(n, 'e')))}^${group(seq(child(n, 'sup')))}`;
    case 'sSub':
      return `${group(seq(child(n, 'e')))}_${group(seq(child(n, 'sub')))}`;
    case 'sSubSup':
      return `${group(seq(child(n, 'e')))}_${group(seq(child(n, 'sub')))}^${group(seq(child(n, 'sup')))}`;
    case 'sPre':
      return `{}_${group(seq(child(n, 'sub')))}^${group(seq(child(n, 'sup')))}${group(seq(child(n, 'e')))}`;
    case 'rad': {
      const deg = seq(child(n, 'deg'));
      return `\\sqrt${deg ? `[${deg}]` : ''}${group(seq(child(n, 'e')))}`;
    }
    case 'nary': {
      const chr = prop(n, 'naryPr', 'chr') ?? '∫';
      const op = nary[chr] ?? escapeText(chr);
      const sub = seq(child(n, 'sub'));
      const sup = seq(child(n, 'sup'));
      return `${op}${sub ? `_${group(sub)}` : ''}${sup ? `^${group(sup)}` : ''} ${seq(child(n, 'e'))}`;
    }
    case 'd': {
      const beg = prop(n, 'dPr', 'begChr') ?? '(';
      const end = prop(n, 'dPr', 'endChr') ?? ')';
      const sep = prop(n, 'dPr', 'sepChr') ?? '|';
      const parts = elements(n)
        .filter((c) => nameOf(c) === 'e')
        .map(seq);
      // An empty begChr or endChr is a delimiter left out on that side: "\\left." (KaTeX refuses a bare "\\left").
      const open = beg ? (delimiters[beg] ?? escapeText(beg)) : '.';
      const close = end ? (delimiters[end] ?? escapeText(end)) : '.';
      // "\\left\\langle" + "a" must not read as the unknown "\\langlea" (latex-join.ts).
      return joinLatex('\\left', open, parts.join(sep === '|' ? ' \\mid ' : ` ${escapeText(sep)} `), '\\right', close);
    }
    case 'm': {
      const rows = elements(n)
        .filter((c) => nameOf(c) === 'mr')
        .map((r) =>
          elements(r)
            .filter((c) => nameOf(c) === 'e')
            .map(seq)
            .join(' & '),
        );
      return `\\begin{matrix}${rows.join(' \\\\ ')}\\end{matrix}`;
    }
    case 'eqArr': {
      const rows = elements(n)
        .filter((c) => nameOf(c) === 'e')
        .map(seq);
      return `\\begin{aligned}${rows.join(' \\\\ ')}\\end{aligned}`;
    }
    case 'acc': {
      const chr = prop(n, 'accPr', 'chr') ?? '\u0302';
      return `${accents[chr] ?? '\\hat'}${group(seq(child(n, 'e')))}`;
    }
    case 'bar':
      return `${prop(n, 'barPr', 'pos') === 'top' ? '\\overline' : '\\underline'}${group(seq(child(n, 'e')))}`;
    case 'func': {
      const name = seq(child(n, 'fName')).trim();
      const fname = /^\\[a-z]+ ?$/.test(name) ? name.trim() : functions.has(name) ? `\\${name}` : `\\operatorname{${name}}`;
      return `${fname} ${seq(child(n, 'e'))}`;
    }
    case 'limLow': {
      const base = seq(child(n, 'e')).trim();
      const lim = seq(child(n, 'lim'));
      return /^\\?(lim|max|min|sup|inf)$/.test(base.replace(/^\\/, ''))
        ? `\\${base.replace(/^\\/, '')}_${group(lim)}`
        : `\\underset${group(lim)}${group(base)}`;
    }
    case 'limUpp':
      return `\\overset${group(seq(child(n, 'lim')))}${group(seq(child(n, 'e')))}`;
    case 'groupChr':
    case 'box':
    case 'borderBox':
    case 'phant':
    case 'e':
    case 'oMath':
      return seq(n);
    case 'rPr':
    case 'ctrlPr':
    case 'fPr':
    case 'naryPr':
    case 'dPr':
    case 'accPr':
    case 'barPr':
    case 'funcPr':
    case 'mPr':
    case 'radPr':
    case 'sSupPr':
    case 'sSubPr':
    case 'sSubSupPr':
    case 'limLowPr':
    case 'limUppPr':
    case 'eqArrPr':
    case 'groupChrPr':
    case 'boxPr':
    case 'argPr':
      return '';
    default:
      // Unknown structure: its children, or its text.
      return elements(n).length ? seq(n) : escapeText(n.textContent ?? '');
  }
}

/** One m:oMath (or m:oMathPara) element as LaTeX, spaces tidied. */
export function ommlToLatex(node: XmlNode): string {
  const parts =
    nameOf(node) === 'oMathPara'
      ? elements(node)
          .filter((c) => nameOf(c) === 'oMath')
          .map(convert)
      : [convert(node)];
  return parts
    .join(' \\\\ ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}^_])\s*/g, '$1')
    .trim();
}
