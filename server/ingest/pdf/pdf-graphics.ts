import type { PdfMark } from './pdf-types';
import { identityMatrix, multiplyMatrix, type Matrix } from './pdf-matrix';

/** The pdfjs operator numbers this walk needs (pdfjs-dist `OPS`), passed in so the walk stays pure and testable. */
export interface GraphicsOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  constructPath: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  setFillRGBColor: number;
  setFillGray: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintImageXObjectRepeat: number;
  paintSolidColorImageMask: number;
  paintImageMaskXObjectGroup: number;
  paintInlineImageXObjectGroup: number;
  paintImageMaskXObjectRepeat: number;
  /** The clip operators: the path that follows clips what is painted after it. */
  clip?: number;
  eoClip?: number;
}

type Rect = [number, number, number, number];

/** A clip that leaves nothing visible. */
const nothing: Rect = [Infinity, Infinity, -Infinity, -Infinity];

/** The part of `box` inside `clip` (undefined when they do not meet). */
function clipped(box: Rect, clip: Rect | undefined): Rect | undefined {
  if (!clip) return box;
  const out: Rect = [Math.max(box[0], clip[0]), Math.max(box[1], clip[1]), Math.min(box[2], clip[2]), Math.min(box[3], clip[3])];
  return out[0] <= out[2] && out[1] <= out[3] ? out : undefined;
}

function boxOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** A fill colour of pure white paints nothing on paper: such shapes are masks and backgrounds, not drawings. */
function isWhite(color: unknown): boolean {
  if (typeof color === 'string') return /^#?f{6}$/i.test(color);
  if (Array.isArray(color)) return color.length > 0 && color.every((c) => Number(c) >= 0.99 || Number(c) >= 254);
  if (typeof color === 'number') return color >= 0.99;
  return false;
}

/** More marks than this on one page (a scatter plot of 100,000 points) add nothing to where its figures are. */
const maxMarksPerPage = 20_000;

/**
 * The painted shapes of one page from its pdfjs operator list: each path that is
 * stroked or filled, and each image, as a box in page space (PDF points, y up,
 * relative to the page's view origin). Clip paths paint nothing and are left out; what they and a form's bounding box
 * clip away is not on the page (an included page's scan tiled past its frame).
 */
export function pageMarks(fnArray: number[], argsArray: unknown[], ops: GraphicsOps, origin: { x: number; y: number }): PdfMark[] {
  const marks: PdfMark[] = [];
  const stack: Array<{ ctm: Matrix; white: boolean; clip: Rect | undefined }> = [];
  let ctm: Matrix = [...identityMatrix];
  let white = false;
  // The box the current clip leaves visible (a box around the clip path: enough to keep a picture inside its frame).
  let clip: Rect | undefined;
  let clipNext = false;
  const push = (kind: PdfMark['kind'], painted: Rect, paint: { fill?: boolean; stroke?: boolean } = {}) => {
    if (marks.length >= maxMarksPerPage) return;
    const box = clipped(painted, clip);
    if (!box) return;
    const [x0, y0, x1, y1] = box;
    if (![x0, y0, x1, y1].every(Number.isFinite)) return;
    marks.push({ kind, x0: x0 - origin.x, y0: y0 - origin.y, x1: x1 - origin.x, y1: y1 - origin.y, ...paint });
  };
  const strokeOps = new Set([ops.stroke, ops.closeStroke]);
  const fillOps = new Set([ops.fill, ops.eoFill]);
  const bothOps = new Set([ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const imageOps = new Set([
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.paintSolidColorImageMask,
    ops.paintImageXObjectRepeat,
    ops.paintImageMaskXObjectGroup,
    ops.paintInlineImageXObjectGroup,
    ops.paintImageMaskXObjectRepeat,
  ]);
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push({ ctm, white, clip });
    else if (fn === ops.restore) ({ ctm, white, clip } = stack.pop() ?? { ctm, white, clip });
    else if (fn === ops.transform && args) ctm = multiplyMatrix(ctm, args as number[]);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push({ ctm, white, clip });
      const matrix = args?.[0] as number[] | null | undefined;
      if (matrix && matrix.length === 6) ctm = multiplyMatrix(ctm, matrix);
      const bbox = args?.[1] as ArrayLike<number> | null | undefined;
      if (bbox && bbox.length >= 4) clip = clipped(boxOf(ctm, bbox[0], bbox[1], bbox[2], bbox[3]), clip) ?? nothing;
    } else if (fn === ops.paintFormXObjectEnd) ({ ctm, white, clip } = stack.pop() ?? { ctm, white, clip });
    else if (fn !== undefined && (fn === ops.clip || fn === ops.eoClip)) clipNext = true;
    else if (fn === ops.setFillRGBColor || fn === ops.setFillGray) white = isWhite(args?.[0]);
    else if (fn === ops.constructPath && args) {
      const op = args[0] as number;
      const minMax = args[2] as ArrayLike<number> | null | undefined;
      if (!minMax || minMax.length < 4) continue;
      if (clipNext) {
        clipNext = false;
        clip = clipped(boxOf(ctm, minMax[0], minMax[1], minMax[2], minMax[3]), clip) ?? nothing;
      }
      const stroke = strokeOps.has(op) || bothOps.has(op);
      const fill = (fillOps.has(op) || bothOps.has(op)) && !white;
      if (!stroke && !fill) continue;
      push('path', boxOf(ctm, minMax[0], minMax[1], minMax[2], minMax[3]), { fill, stroke });
    } else if (imageOps.has(fn)) {
      // Images are drawn into the unit square of the current transform.
      push('image', boxOf(ctm, 0, 0, 1, 1));
    }
  }
  return marks;
}
