import { latexToSvg, type MathSvg } from '@server/features/export/math-svg';
import type { FontName } from './pdf-fonts';
import type { PdfFormula } from './pdf-inline';

const mathColor = '#111827';

/** One element of MathJax's SVG, read once per formula. */
interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, code: string) =>
    code[0] === '#'
      ? String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)))
      : (entities[code] ?? whole),
  );

/** MathJax's SVG (well-formed, attributes double-quoted, no comments) read into a tree. */
function parseSvg(svg: string): SvgNode | null {
  const root: SvgNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const m of svg.matchAll(tag)) {
    const top = stack[stack.length - 1];
    if (m[5] !== undefined) {
      top.text += decode(m[5]);
      continue;
    }
    if (m[1]) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3].matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1]] = decode(a[2]);
    const node: SvgNode = { name: m[2], attrs, children: [], text: '' };
    top.children.push(node);
    if (!m[4]) stack.push(node);
  }
  return root.children.find((c) => c.name === 'svg') ?? null;
}

/**
 * A glyph outline with its smooth quadratic curves (T) written out as plain ones (Q). PDFKit mirrors the control
 * point of a run of T segments about the wrong point, which put spikes on brackets and braces. MathJax's outlines
 * use absolute commands only (M L H V Q T Z); anything else is passed through as written.
 */
export function expandSmoothCurves(d: string): string {
  if (!/T/.test(d) || /[a-z]/.test(d.replace(/e/g, ''))) return d;
  const out: string[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let control: [number, number] | null = null;
  for (const m of d.matchAll(/([MLHVQTZ])([^MLHVQTZ]*)/g)) {
    const n = (m[2].match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? []).map(Number);
    const command = m[1];
    const step = { M: 2, L: 2, H: 1, V: 1, Q: 4, T: 2, Z: 0 }[command] ?? 0;
    if (step === 0) {
      out.push('Z');
      [x, y, control] = [startX, startY, null];
      continue;
    }
    for (let i = 0; i + step <= n.length; i += step) {
      const a = n.slice(i, i + step);
      const name = command === 'M' && i > 0 ? 'L' : command;
      if (name === 'T') {
        const reflected: [number, number] = control ? [2 * x - control[0], 2 * y - control[1]] : [x, y];
        out.push(`Q${reflected[0]} ${reflected[1]} ${a[0]} ${a[1]}`);
        control = reflected;
        [x, y] = a;
        continue;
      }
      out.push(`${name}${a.join(' ')}`);
      if (name === 'Q') {
        control = [a[0], a[1]];
        [x, y] = [a[2], a[3]];
        continue;
      }
      control = null;
      if (name === 'H') x = a[0];
      else if (name === 'V') y = a[0];
      else [x, y] = a;
      if (name === 'M') [startX, startY] = [x, y];
    }
  }
  return out.join('');
}

/** Applies an SVG transform list (translate, scale, matrix: what MathJax writes) to the PDF's graphics state. */
function applyTransform(pdf: PDFKit.PDFDocument, transform: string | undefined): void {
  if (!transform) return;
  for (const m of transform.matchAll(/(translate|scale|matrix)\(([^)]*)\)/g)) {
    const n = m[2]
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (m[1] === 'translate') pdf.translate(n[0] ?? 0, n[1] ?? 0);
    else if (m[1] === 'scale') pdf.scale(n[0] ?? 1, n[1] ?? n[0] ?? 1);
    else if (n.length === 6) pdf.transform(n[0], n[1], n[2], n[3], n[4], n[5]);
  }
}

/** Text MathJax writes as characters (\text{...} in a script its fonts lack) in the PDF's own DejaVu faces. */
function fontFor(node: SvgNode): FontName {
  const family = node.attrs['font-family'] ?? '';
  const bold = /bold/.test(node.attrs['font-weight'] ?? '') || /bold/.test(node.attrs['data-variant'] ?? '');
  const italic = node.attrs['font-style'] === 'italic' || /italic/.test(node.attrs['data-variant'] ?? '');
  if (/mono/i.test(family)) return 'mono';
  if (bold && italic) return 'serifBoldItalic';
  if (bold) return 'serifBold';
  if (italic) return 'serifItalic';
  return 'serif';
}

const paint = (value: string | undefined, inherited: string) => (!value || value === 'currentColor' ? inherited : value);

function drawNode(pdf: PDFKit.PDFDocument, node: SvgNode, color: string): void {
  const fill = paint(node.attrs.fill, paint(node.attrs.color, color));
  pdf.save();
  const num = (name: string) => {
    const n = parseFloat(node.attrs[name] ?? '');
    return Number.isFinite(n) ? n : 0;
  };
  if (node.name === 'svg') {
    // A nested viewport (the stretched middle of a tall bracket): placed, clipped to its box, its viewBox mapped in.
    pdf.translate(num('x'), num('y'));
    const box = (node.attrs.viewBox ?? '').split(/[\s,]+/).map(Number);
    if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 && num('width') > 0 && num('height') > 0) {
      pdf.rect(0, 0, num('width'), num('height')).clip();
      pdf.scale(num('width') / box[2], num('height') / box[3]).translate(-box[0], -box[1]);
    }
  }
  applyTransform(pdf, node.attrs.transform);
  if (node.name === 'path' && node.attrs.d) {
    if (fill !== 'none') pdf.path(expandSmoothCurves(node.attrs.d)).fill(fill);
  } else if (node.name === 'rect') {
    // Filled (a fraction bar) or outlined (\boxed, \fbox: fill="none" with a stroke width).
    if (fill !== 'none') pdf.rect(num('x'), num('y'), num('width'), num('height')).fill(fill);
    else if (num('stroke-width') > 0)
      pdf
        .rect(num('x'), num('y'), num('width'), num('height'))
        .lineWidth(num('stroke-width'))
        .stroke(paint(node.attrs.stroke, paint(node.attrs.color, color)));
  } else if (node.name === 'line')
    pdf
      .moveTo(num('x1'), num('y1'))
      .lineTo(num('x2'), num('y2'))
      .lineWidth(num('stroke-width') || 1)
      .stroke(paint(node.attrs.stroke, fill));
  else if (node.name === 'text' && node.text)
    pdf
      .font(fontFor(node))
      .fontSize(num('font-size') || 1000)
      .fillColor(fill)
      .text(node.text, 0, 0, { lineBreak: false, baseline: 'alphabetic' });
  else for (const child of node.children) drawNode(pdf, child, fill);
  pdf.restore();
}

/** A PDF object PDFKit writes out when it is ended. */
interface PdfRef {
  end(): void;
}

/** What PDFKit keeps per page and per object that a form is made with (not in its typings). */
interface PdfKitInternals {
  page: { content: PdfRef; resources: PdfRef; xobjects: Record<string, PdfRef> };
  ref(data: Record<string, unknown>): PdfRef;
  addContent(data: string): void;
}

/** A formula drawn once into a PDF form (an XObject): each occurrence then places it with one operator. */
interface FormulaForm {
  name: string;
  ref: PdfRef;
}

/**
 * Draws the formula's paths (in its viewBox's units) into a new form instead of the page: PDFKit writes to the
 * page's content and resources, so those are the form's while it draws. The form's box has a margin of the
 * formula's own size on every side, so a glyph reaching past the viewBox is not cut.
 */
function makeForm(pdf: PDFKit.PDFDocument, tree: SvgNode, box: number[], name: string): FormulaForm {
  const kit = pdf as unknown as PdfKitInternals;
  const [minX, minY, w, h] = box;
  const resources = kit.ref({ ProcSet: ['PDF', 'Text'] });
  const ref = kit.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [minX - w, minY - h, minX + 2 * w, minY + 2 * h],
    Resources: resources,
  });
  const page = kit.page;
  const [content, pageResources] = [page.content, page.resources];
  page.content = ref;
  page.resources = resources;
  try {
    for (const child of tree.children) drawNode(pdf, child, mathColor);
  } finally {
    page.content = content;
    page.resources = pageResources;
  }
  resources.end();
  ref.end();
  return { name, ref };
}

/** Draws a typeset formula with its box at (x, y) and the given size in points: its form, made when first drawn. */
function drawFormula(
  pdf: PDFKit.PDFDocument,
  tree: SvgNode,
  form: () => FormulaForm,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const box = (tree.attrs.viewBox ?? '').split(/\s+/).map(Number);
  if (box.length !== 4 || !box[2] || !box[3]) return;
  const [minX, minY, boxWidth, boxHeight] = box;
  const { x: textX, y: textY } = pdf;
  const { name, ref } = form();
  const kit = pdf as unknown as PdfKitInternals;
  kit.page.xobjects[name] = ref;
  pdf.save();
  pdf
    .translate(x, y)
    .scale(width / boxWidth, height / boxHeight)
    .translate(-minX, -minY);
  kit.addContent(`/${name} Do`);
  pdf.restore();
  // Drawing text moved PDFKit's cursor; the layout around the formula goes on from where it was.
  pdf.x = textX;
  pdf.y = textY;
}

/**
 * The book's formulas for one PDF, each typeset once (MathJax) when first met and drawn once as vector paths into
 * a form placed wherever it occurs: sharp at any zoom, and no picture to draw, compress and decode per formula,
 * which made a book of thousands of formulas take minutes; one form per formula, not its paths at every
 * occurrence, which were a quarter of such a book's bytes and PDF time. Any block may hold one: tables and quotes too.
 */
export function pdfFormulas(pdf: PDFKit.PDFDocument): (latex: string, display: boolean) => PdfFormula | undefined {
  const known = new Map<string, PdfFormula | null>();
  return (latex, display) => {
    const key = `${display ? 'D' : 'I'}${latex}`;
    let formula = known.get(key);
    if (formula === undefined) {
      const math: MathSvg | null = latexToSvg(latex, display);
      const tree = math && parseSvg(math.svg);
      if (math && tree) {
        let made: FormulaForm | undefined;
        const name = `Fm${known.size + 1}`;
        const box = (tree.attrs.viewBox ?? '').split(/\s+/).map(Number);
        const form = () => (made ??= makeForm(pdf, tree, box, name));
        formula = { math, draw: (x, y, width, height) => drawFormula(pdf, tree, form, x, y, width, height) };
      } else formula = null;
      known.set(key, formula);
    }
    return formula ?? undefined;
  };
}
