import { latexToSvg, svgAtSize, type MathSvg } from './math-svg';
import { svgToPng } from './raster';

export interface MathPicture {
  math: MathSvg;
  /** The SVG sized in pixels at 96 to the inch for `emPx`, black on transparent. */
  svg: string;
  /** The same, drawn at three times that size: sharp on paper. */
  png: Uint8Array;
}

const cache = new Map<string, MathPicture | null>();

/**
 * A formula as a picture for Word and PDF, drawn once per worker for each formula and size: books repeat
 * formulas, and drawing is most of the cost of a formula.
 */
export async function mathPicture(latex: string, display: boolean, emPx: number): Promise<MathPicture | null> {
  const key = `${display ? 'D' : 'I'}${emPx}:${latex}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const math = latexToSvg(latex, display);
  let picture: MathPicture | null = null;
  if (math) {
    const width = Math.max(1, math.widthEm * emPx);
    const height = Math.max(1, math.heightEm * emPx);
    const svg = svgAtSize(math, width, height).replace(/currentColor/g, '#000000');
    try {
      picture = { math, svg, png: await svgToPng(svg, width * 3) };
    } catch {
      picture = null;
    }
  }
  if (cache.size > 5_000) cache.clear();
  cache.set(key, picture);
  return picture;
}
