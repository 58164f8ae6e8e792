import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { latexToMathml } from '@common/book-render/render-html';

/**
 * LaTeX as a Word equation (Office Math Markup, the `m:` namespace of ECMA-376 Part 1, 22.1), through the MathML
 * KaTeX writes for the HTML and EPUB exports, so a formula reads the same everywhere. The common subset is
 * converted: runs (letters italic, names and numbers upright), fractions and binomials, sub- and superscripts,
 * roots, n-ary operators with their limits (sums, products, integrals), accents, limits under and over, matrices.
 * Anything else (multiscripts, errors) returns null and the caller keeps the formula's picture.
 */

class Unsupported extends Error {}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isElement = (n: ChildNode): n is Element => n.type === 'tag';
const elements = (n: Element) => n.children.filter(isElement);
const textOf = (n: ChildNode): string => (n.type === 'text' ? n.data : isElement(n) ? n.children.map(textOf).join('') : '');

/** The operators Word draws as n-ary (big, with limits), by the character MathML writes. */
const naryOperators = new Set('∑∏∐∫∬∭∮∯∰⋃⋂⋁⋀⨀⨁⨂⨄⨆'.split(''));
const integrals = new Set('∫∬∭∮∯∰'.split(''));

/** MathML accents (the `mo` over an accented `mover`) as the combining marks Word's m:acc takes. */
const accentMarks: Record<string, string> = {
  '^': '\u0302',
  ˆ: '\u0302',
  '\u0302': '\u0302',
  ˉ: '\u0305',
  '¯': '\u0305',
  '\u203E': '\u0305',
  '\u20D7': '\u20D7',
  '→': '\u20D7',
  '~': '\u0303',
  '˜': '\u0303',
  '˙': '\u0307',
  '¨': '\u0308',
  ˇ: '\u030C',
  '´': '\u0301',
  ˊ: '\u0301',
  '`': '\u0300',
  ˋ: '\u0300',
  '˘': '\u0306',
};

const fontRun = '<w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr>';

/** One math run; `sty` p = upright, b = bold, bi = bold italic (none: Word's math italic for letters). */
function run(text: string, sty?: 'p' | 'b' | 'bi'): string {
  if (!text) return '';
  const props = sty ? `<m:rPr><m:sty m:val="${sty}"/></m:rPr>` : '';
  return `<m:r>${props}${fontRun}<m:t xml:space="preserve">${esc(text)}</m:t></m:r>`;
}

function styleOf(node: Element, fallback?: 'p'): 'p' | 'b' | 'bi' | undefined {
  const variant = node.attribs.mathvariant;
  if (variant === 'bold') return 'b';
  if (variant === 'bold-italic') return 'bi';
  if (variant === 'normal') return 'p';
  if (variant === 'italic') return undefined;
  return fallback;
}

const wrap = (tag: string, inner: string) => `<m:${tag}>${inner}</m:${tag}>`;

/** The single `mo` a script element is built on, when it is an n-ary operator. */
function naryBase(node: Element): string | null {
  if (!['msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover'].includes(node.name)) return null;
  const base = elements(node)[0];
  if (!base || base.name !== 'mo') return null;
  const char = textOf(base).trim();
  return naryOperators.has(char) ? char : null;
}

function nary(node: Element, char: string, body: string): string {
  const [, a, b] = elements(node);
  let sub = '';
  let sup = '';
  if (node.name === 'msub' || node.name === 'munder') sub = convert(a);
  else if (node.name === 'msup' || node.name === 'mover') sup = convert(a);
  else {
    sub = convert(a);
    sup = convert(b);
  }
  const under = node.name.startsWith('mu') && !integrals.has(char);
  const props =
    `<m:chr m:val="${esc(char)}"/><m:limLoc m:val="${under ? 'undOvr' : 'subSup'}"/>` +
    (sub ? '' : '<m:subHide m:val="1"/>') +
    (sup ? '' : '<m:supHide m:val="1"/>');
  return `<m:nary><m:naryPr>${props}</m:naryPr>${wrap('sub', sub)}${wrap('sup', sup)}${wrap('e', body)}</m:nary>`;
}

/** A row of siblings: an n-ary operator takes the element after it as its operand, as Word's own editor does. */
function convertRow(nodes: readonly Element[]): string {
  let out = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const char = naryBase(node);
    if (char) {
      const next = nodes[i + 1];
      out += nary(node, char, next ? convert(next) : '');
      if (next) i++;
    } else out += convert(node);
  }
  return out;
}

function children(node: Element): string {
  return convertRow(elements(node));
}

function arg(node: Element, index: number): string {
  const child = elements(node)[index];
  if (!child) throw new Unsupported(`${node.name} without argument ${index}`);
  return convert(child);
}

function convert(node: Element): string {
  switch (node.name) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'menclose':
    case 'mtd':
      return children(node);
    case 'semantics': {
      const first = elements(node).find((e) => e.name !== 'annotation' && e.name !== 'annotation-xml');
      return first ? convert(first) : '';
    }
    case 'mphantom':
    case 'mspace':
    case 'annotation':
    case 'annotation-xml':
      return '';
    case 'mi': {
      const text = textOf(node).trim();
      // A one-letter identifier is a variable (italic); a longer one is a name (sin, ln, lim): upright.
      return run(text, styleOf(node, [...text].length > 1 ? 'p' : undefined));
    }
    case 'mn':
      return run(textOf(node).trim(), styleOf(node, 'p'));
    case 'mo': {
      const text = textOf(node).trim();
      // U+2061 (function application) is invisible: Word needs nothing for it.
      return text === '\u2061' || text === '\u2062' ? '' : run(text, styleOf(node, 'p'));
    }
    case 'mtext':
    case 'ms':
      return run(textOf(node), styleOf(node, 'p'));
    case 'mfrac': {
      const noBar = /^0(\.0*)?([a-z]+)?$/.test(node.attribs.linethickness ?? '');
      const props = noBar ? '<m:fPr><m:type m:val="noBar"/></m:fPr>' : '';
      return `<m:f>${props}${wrap('num', arg(node, 0))}${wrap('den', arg(node, 1))}</m:f>`;
    }
    case 'msup':
      return `<m:sSup>${wrap('e', arg(node, 0))}${wrap('sup', arg(node, 1))}</m:sSup>`;
    case 'msub':
      return `<m:sSub>${wrap('e', arg(node, 0))}${wrap('sub', arg(node, 1))}</m:sSub>`;
    case 'msubsup':
      return `<m:sSubSup>${wrap('e', arg(node, 0))}${wrap('sub', arg(node, 1))}${wrap('sup', arg(node, 2))}</m:sSubSup>`;
    case 'msqrt':
      return `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${wrap('e', children(node))}</m:rad>`;
    case 'mroot':
      return `<m:rad>${wrap('deg', arg(node, 1))}${wrap('e', arg(node, 0))}</m:rad>`;
    case 'mover': {
      const [base, over] = elements(node);
      if (!base || !over) throw new Unsupported('mover without two arguments');
      const mark = over.name === 'mo' ? accentMarks[textOf(over).trim()] : undefined;
      if (mark && node.attribs.accent === 'true')
        return `<m:acc><m:accPr><m:chr m:val="${mark}"/></m:accPr>${wrap('e', convert(base))}</m:acc>`;
      return `<m:limUpp>${wrap('e', convert(base))}${wrap('lim', convert(over))}</m:limUpp>`;
    }
    case 'munder':
      return `<m:limLow>${wrap('e', arg(node, 0))}${wrap('lim', arg(node, 1))}</m:limLow>`;
    case 'munderover': {
      const low = `<m:limLow>${wrap('e', arg(node, 0))}${wrap('lim', arg(node, 1))}</m:limLow>`;
      return `<m:limUpp>${wrap('e', low)}${wrap('lim', arg(node, 2))}</m:limUpp>`;
    }
    case 'mtable': {
      const rows = elements(node).filter((r) => r.name === 'mtr' || r.name === 'mlabeledtr');
      if (!rows.length) return '';
      // A labelled row's first cell is its equation number, not a column.
      const cells = rows.map((r) => elements(r).slice(r.name === 'mlabeledtr' ? 1 : 0));
      const width = Math.max(1, ...cells.map((c) => c.length));
      const body = cells
        .map((row) => wrap('mr', Array.from({ length: width }, (_, i) => wrap('e', row[i] ? convert(row[i]) : '')).join('')))
        .join('');
      return `<m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="${width}"/><m:mcJc m:val="center"/></m:mcPr></m:mc></m:mcs></m:mPr>${body}</m:m>`;
    }
    default:
      throw new Unsupported(node.name);
  }
}

/**
 * The formula as `<m:oMath>` (inside a line) or `<m:oMathPara>` (a display formula, a paragraph of its own), or
 * null when KaTeX cannot read it or it uses MathML outside the converted subset.
 */
export function latexToOmml(latex: string, display: boolean): string | null {
  const mathml = latexToMathml(latex, display);
  if (!mathml) return null;
  try {
    const doc = parseDocument(mathml, { xmlMode: true, decodeEntities: true });
    const math = doc.children.find(isElement);
    if (!math || math.name !== 'math') return null;
    const body = convert(math);
    if (!body) return null;
    const oMath = `<m:oMath>${body}</m:oMath>`;
    return display ? `<m:oMathPara>${oMath}</m:oMathPara>` : oMath;
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}
