import { mathjax } from 'mathjax-full/js/mathjax.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { SVG } from 'mathjax-full/js/output/svg.js';
import { liteAdaptor, type LiteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { formulaBoxMaxEm, formulaTooLong } from '@common/math-limits';

/** A formula drawn by MathJax: SVG with glyphs as paths (no fonts needed), sized in em of the text around it. */
export interface MathSvg {
  svg: string;
  widthEm: number;
  heightEm: number;
  /** How far it reaches below the baseline. */
  depthEm: number;
}

type MathDocument = ReturnType<typeof mathjax.document>;
let engine: { adaptor: LiteAdaptor; doc: MathDocument } | undefined;
const cache = new Map<string, MathSvg | null>();

function mathEngine() {
  if (!engine) {
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    // Every TeX package but those that load files or make links and colours from user input at will.
    const packages = AllPackages.filter((p) => !['autoload', 'require', 'html', 'bbox'].includes(p));
    const doc = mathjax.document('', { InputJax: new TeX({ packages }), OutputJax: new SVG({ fontCache: 'none' }) });
    engine = { adaptor, doc };
  }
  return engine;
}

/**
 * LaTeX to SVG, or null when MathJax cannot read it (the caller shows the source instead). Formulas repeat
 * across a book ("F = ma" in every section), so each is drawn once per worker.
 */
export function latexToSvg(latex: string, display: boolean): MathSvg | null {
  const key = `${display ? 'D' : 'I'}${latex}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let result: MathSvg | null = null;
  if (formulaTooLong(latex)) return null;
  try {
    const { adaptor, doc } = mathEngine();
    const node = doc.convert(latex, { display, em: 16, ex: 8, containerWidth: 80 * 16 });
    const svg = adaptor.innerHTML(node);
    // The viewBox is in thousandths of an em: "minX minY width height", the baseline at y = 0.
    const box = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
    if (box && !svg.includes('data-mml-node="merror"')) {
      const minY = Number(box[2]);
      const height = Number(box[4]);
      result = {
        svg: svg.replace(/ style="[^"]*"/, ''),
        widthEm: Number(box[3]) / 1000,
        heightEm: height / 1000,
        depthEm: Math.max(0, (height + minY) / 1000),
      };
      // A box no formula of a book needs (`\rule{500em}{500em}`): drawn at print resolution it took gigabytes.
      if (result.widthEm > formulaBoxMaxEm.width || result.heightEm > formulaBoxMaxEm.height) result = null;
    }
  } catch {
    result = null;
  }
  if (cache.size > 20_000) cache.clear();
  cache.set(key, result);
  return result;
}

/** The formula's SVG with an explicit size (MathJax writes it in ex, which other renderers read differently). */
export function svgAtSize(math: MathSvg, width: number, height: number): string {
  return math.svg.replace(/^<svg ([^>]*?)width="[^"]*" height="[^"]*"/, `<svg $1width="${width.toFixed(2)}" height="${height.toFixed(2)}"`);
}
