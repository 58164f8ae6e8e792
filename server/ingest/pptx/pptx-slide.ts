import type { DocLink } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';
import { ommlToLatex } from '../docx/omml-latex';
import { cellGrids } from './cell-rows';
import { flowchartOf, type Box } from './flowchart';
import type { Rels } from './pptx-package';
import { alternateBranches, descendants, kid, kids, local, numAttr, path, type XmlEl } from './pptx-xml';

/** One paragraph of a text shape: its text (inline equations as `\(latex\)`), list level and bullet. */
export interface SlideParagraph {
  text: string;
  /** a:pPr lvl (0 = outermost). */
  level: number;
  bullet: boolean;
  ordered: boolean;
  /** First number of an auto-numbered list that does not start at 1. */
  start?: number;
  links: DocLink[];
  /** The paragraph is one equation and nothing else: display math. */
  equation?: string;
  /** Every run is set in a monospaced font: a line of a program, as typed (its indentation kept). */
  code?: string;
  /** The paragraph as typed: its line breaks and leading spaces kept (a line of program output in the deck's own font). */
  typed?: string;
  /** The largest run size in points, when a run states one. */
  size?: number;
}

/** Typefaces of program text on slides (Courier New, Consolas, Menlo, "Source Code Pro", "Roboto Mono"...). */
const monospaced = /courier|consolas|menlo|monaco|mono\b|\bcode\b|inconsolata|lucida console|typewriter/i;

export type SlideItem =
  | ({
      kind: 'text';
      role: 'title' | 'subtitle' | 'body' | 'box';
      paragraphs: SlideParagraph[];
      size: number;
      /** The shape's preset geometry ("rect", "diamond", "flowChartDecision"). */
      geometry?: string;
      /** A flowchart's or diagram's labels joined (flowchart.ts): never the slide's title. */
      diagram?: boolean;
    } & Box)
  /** A table; `header` false when its first row is not a header (a row of letters over their indices). */
  | ({ kind: 'table'; rows: string[][]; header?: boolean } & Box)
  | ({ kind: 'picture'; part: string; alt?: string } & Box);

/** Placeholders that are page furniture (date, footer, slide number) or the notes page's slide image. */
const furniture = new Set(['dt', 'ftr', 'sldNum', 'hdr', 'sldImg']);
/** PowerPoint's default text size (18 pt) where a run states none. */
const defaultSize = 18;

type Transform = (b: Box) => Box;
const identity: Transform = (b) => b;

function xfrmBox(xfrm: XmlEl | undefined): Box | undefined {
  const off = xfrm && kid(xfrm, 'off');
  const ext = xfrm && kid(xfrm, 'ext');
  if (!off) return undefined;
  return { x: numAttr(off, 'x') ?? 0, y: numAttr(off, 'y') ?? 0, w: numAttr(ext, 'cx') ?? 0, h: numAttr(ext, 'cy') ?? 0 };
}

function placeholderKey(el: XmlEl): { type: string; idx?: string } | undefined {
  const ph = path(el, 'nvSpPr', 'nvPr', 'ph') ?? path(el, 'nvPicPr', 'nvPr', 'ph') ?? path(el, 'nvGraphicFramePr', 'nvPr', 'ph');
  if (!ph) return undefined;
  return { type: ph.getAttribute('type') || 'obj', idx: ph.getAttribute('idx') ?? undefined };
}

/** Where a placeholder without its own position sits: on its layout, else its master (matched by idx, then by type). */
function inheritedBox(key: { type: string; idx?: string }, parts: Array<XmlEl | undefined>): Box | undefined {
  const norm = (t: string) => (t === 'ctrTitle' ? 'title' : t === 'subTitle' || t === 'obj' ? 'body' : t);
  for (const part of parts) {
    if (!part) continue;
    const shapes = descendants(part, 'sp');
    const match =
      (key.idx !== undefined && shapes.find((s) => placeholderKey(s)?.idx === key.idx)) ||
      shapes.find((s) => {
        const k = placeholderKey(s);
        return k && norm(k.type) === norm(key.type);
      });
    const box = match && xfrmBox(path(match, 'spPr', 'xfrm'));
    if (box) return box;
  }
  return undefined;
}

function linkOf(rPr: XmlEl | undefined, rels: Rels): string | undefined {
  const id = path(rPr, 'hlinkClick')?.getAttribute('r:id');
  const rel = id ? rels.get(id) : undefined;
  return rel?.external && /^(https?:|mailto:)/i.test(rel.target) ? rel.target : undefined;
}

function mathOf(branches: XmlEl[]): { latex: string; display: boolean } | undefined {
  for (const branch of branches) {
    const para = descendants(branch, 'oMathPara')[0];
    const math = para ?? descendants(branch, 'oMath')[0];
    if (math) return { latex: ommlToLatex(math), display: !!para };
  }
  return undefined;
}

const tidy = (s: string) => normalizeCharacters(s).replace(/\s+/g, ' ').trim();

/** One a:p: its runs, fields, line breaks and equations (a14:m inside mc:AlternateContent) in order. */
function readParagraph(p: XmlEl, rels: Rels, bulletByDefault: boolean): SlideParagraph | undefined {
  let text = '';
  let typed = '';
  // Visible characters set in a monospaced font, and all of them (a ")" left in the deck's font does not make code prose).
  let monoChars = 0;
  let allChars = 0;
  let mono = true;
  const links: DocLink[] = [];
  let equation: string | undefined;
  let words = false;
  let size: number | undefined;
  for (const c of kids(p)) {
    const name = local(c);
    if (name === 'r' || name === 'fld') {
      if (name === 'fld' && /slidenum/i.test(c.getAttribute('type') ?? '')) continue;
      const t = kid(c, 't')?.textContent ?? '';
      const href = linkOf(kid(c, 'rPr'), rels);
      if (href && t.trim()) links.push({ text: tidy(t), href });
      if (t.trim()) words = true;
      const sz = numAttr(kid(c, 'rPr'), 'sz');
      if (t.trim() && sz !== undefined) size = Math.max(size ?? 0, sz / 100);
      const visible = t.replace(/\s/g, '').length;
      allChars += visible;
      if (monospaced.test(path(c, 'rPr', 'latin')?.getAttribute('typeface') ?? '')) monoChars += visible;
      text += t;
      typed += t;
    } else if (name === 'br') {
      text += ' ';
      typed += '\n';
    } else if (name === 'AlternateContent' || name === 'm') {
      const math = mathOf(name === 'm' ? [c] : alternateBranches(c));
      mono = false;
      if (math?.latex) {
        text += ` \\(${math.latex}\\) `;
        equation = math.latex;
      }
    }
  }
  const clean = tidy(text);
  if (!clean) return undefined;
  const pPr = kid(p, 'pPr');
  const autoNum = pPr && kid(pPr, 'buAutoNum');
  const explicit = pPr && (kid(pPr, 'buChar') || autoNum || kid(pPr, 'buBlip'));
  const none = pPr && kid(pPr, 'buNone');
  const start = numAttr(autoNum, 'startAt');
  return {
    text: clean,
    level: numAttr(pPr, 'lvl') ?? 0,
    bullet: !none && (bulletByDefault || !!explicit),
    ordered: !!autoNum,
    ...(start && start !== 1 ? { start } : {}),
    links: [...new Set(links.map((l) => JSON.stringify(l)))].map((l) => JSON.parse(l) as DocLink),
    ...(!words && equation ? { equation } : {}),
    ...(mono && words && monoChars >= 0.75 * allChars && !explicit ? { code: normalizeCharacters(typed).replace(/\s+$/, '') } : {}),
    ...(words && !equation ? { typed: normalizeCharacters(typed).replace(/\s+$/, '') } : {}),
    ...(size !== undefined ? { size } : {}),
  };
}

function largestRunSize(txBody: XmlEl): number {
  const sizes = descendants(txBody, 'r')
    .filter((r) => (kid(r, 't')?.textContent ?? '').trim())
    .map((r) => numAttr(kid(r, 'rPr'), 'sz'))
    .filter((s): s is number => s !== undefined);
  return sizes.length ? Math.max(...sizes) / 100 : defaultSize;
}

function readShape(sp: XmlEl, rels: Rels, inherited: Array<XmlEl | undefined>, at: Transform): SlideItem | undefined {
  const txBody = kid(sp, 'txBody');
  if (!txBody) return undefined;
  const key = placeholderKey(sp);
  if (key && furniture.has(key.type)) return undefined;
  const role = !key ? 'box' : key.type === 'title' || key.type === 'ctrTitle' ? 'title' : key.type === 'subTitle' ? 'subtitle' : 'body';
  const paragraphs = kids(txBody, 'p')
    .map((p) => readParagraph(p, rels, role === 'body'))
    .filter((p): p is SlideParagraph => !!p);
  if (!paragraphs.length) return undefined;
  const own = xfrmBox(path(sp, 'spPr', 'xfrm'));
  const box = own
    ? at(own)
    : ((key && inheritedBox(key, inherited)) ?? { x: 0, y: role === 'title' ? 0 : Number.MAX_SAFE_INTEGER, w: 0, h: 0 });
  const geometry = path(sp, 'spPr', 'prstGeom')?.getAttribute('prst') || undefined;
  return { kind: 'text', role, paragraphs, size: largestRunSize(txBody), ...(geometry ? { geometry } : {}), ...box };
}

/**
 * A SmartArt diagram's text (its data part's nodes, in the order the data lists them) as a list:
 * lecture decks often put their key points in one.
 */
function readDiagram(frame: XmlEl, diagrams: Map<string, XmlEl>, at: Transform): SlideItem | undefined {
  const ids = path(frame, 'graphic', 'graphicData', 'relIds');
  const data = ids && diagrams.get(ids.getAttribute('r:dm') ?? '');
  if (!data) return undefined;
  const paragraphs: SlideParagraph[] = descendants(data, 'pt')
    .filter((pt) => !pt.getAttribute('type') || pt.getAttribute('type') === 'node')
    .flatMap((pt) => descendants(pt, 'p'))
    .map((p) =>
      tidy(
        descendants(p, 't')
          .map((t) => t.textContent ?? '')
          .join(''),
      ),
    )
    .filter(Boolean)
    .map((text) => ({ text, level: 0, bullet: true, ordered: false, links: [] }));
  if (!paragraphs.length) return undefined;
  const box = xfrmBox(kid(frame, 'xfrm')) ?? { x: 0, y: Number.MAX_SAFE_INTEGER, w: 0, h: 0 };
  return { kind: 'text', role: 'body', paragraphs, size: defaultSize, ...at(box) };
}

function readTable(frame: XmlEl, at: Transform): SlideItem | undefined {
  const tbl = path(frame, 'graphic', 'graphicData', 'tbl');
  if (!tbl) return undefined;
  const rows = kids(tbl, 'tr')
    .map((tr) =>
      kids(tr, 'tc').map((tc) =>
        tidy(
          descendants(tc, 'p')
            .map((p) =>
              descendants(p, 't')
                .map((t) => t.textContent ?? '')
                .join(''),
            )
            .join(' '),
        ),
      ),
    )
    .filter((r) => r.some(Boolean));
  if (!rows.length) return undefined;
  const box = xfrmBox(kid(frame, 'xfrm')) ?? { x: 0, y: Number.MAX_SAFE_INTEGER, w: 0, h: 0 };
  return { kind: 'table', rows, ...at(box) };
}

function readPicture(pic: XmlEl, rels: Rels, at: Transform): SlideItem | undefined {
  const id = path(pic, 'blipFill', 'blip')?.getAttribute('r:embed');
  const rel = id ? rels.get(id) : undefined;
  if (!rel || rel.external) return undefined;
  const alt = tidy(path(pic, 'nvPicPr', 'cNvPr')?.getAttribute('descr') ?? '');
  const box = xfrmBox(path(pic, 'spPr', 'xfrm')) ?? { x: 0, y: Number.MAX_SAFE_INTEGER, w: 0, h: 0 };
  return { kind: 'picture', part: rel.target, alt: alt || undefined, ...at(box) };
}

/** A group's children are placed in its own coordinate space (chOff/chExt): mapped back onto the slide. */
function groupTransform(grp: XmlEl, outer: Transform): Transform {
  const xfrm = path(grp, 'grpSpPr', 'xfrm');
  const box = xfrmBox(xfrm);
  const chOff = xfrm && kid(xfrm, 'chOff');
  const chExt = xfrm && kid(xfrm, 'chExt');
  if (!box || !chOff || !chExt) return outer;
  const sx = (box.w || 1) / (numAttr(chExt, 'cx') || box.w || 1);
  const sy = (box.h || 1) / (numAttr(chExt, 'cy') || box.h || 1);
  const ox = numAttr(chOff, 'x') ?? 0;
  const oy = numAttr(chOff, 'y') ?? 0;
  return (b) => outer({ x: box.x + (b.x - ox) * sx, y: box.y + (b.y - oy) * sy, w: b.w * sx, h: b.h * sy });
}

interface TreeContext {
  rels: Rels;
  inherited: Array<XmlEl | undefined>;
  diagrams: Map<string, XmlEl>;
  /** The connectors (p:cxnSp) met on the slide, placed on it. */
  connectors: Box[];
}

function readTree(tree: XmlEl, ctx: TreeContext, at: Transform, out: SlideItem[]): void {
  const { rels, inherited } = ctx;
  for (const el of kids(tree)) {
    const name = local(el);
    if (name === 'sp') {
      const item = readShape(el, rels, inherited, at);
      if (item) out.push(item);
    } else if (name === 'graphicFrame') {
      const item = readTable(el, at) ?? readDiagram(el, ctx.diagrams, at);
      if (item) out.push(item);
    } else if (name === 'pic') {
      const item = readPicture(el, rels, at);
      if (item) out.push(item);
    } else if (name === 'cxnSp') {
      const box = xfrmBox(path(el, 'spPr', 'xfrm'));
      if (box) ctx.connectors.push(at(box));
    } else if (name === 'grpSp') {
      readTree(el, ctx, groupTransform(el, at), out);
    } else if (name === 'AlternateContent') {
      // Newer content (an equation shape) in mc:Choice, an older rendering in mc:Fallback: the first branch that gives anything.
      for (const branch of alternateBranches(el)) {
        const before = out.length;
        readTree(branch, ctx, at, out);
        if (out.length > before) break;
      }
    }
  }
}

/** A flowchart's boxes and branch labels (flowchart.ts) become one text item where its top-most box was. */
function joinFlowchart(items: SlideItem[], connectors: Box[]): SlideItem[] {
  const candidates = items.flatMap((item) =>
    item.kind === 'text' &&
    item.role === 'box' &&
    item.paragraphs.length <= 4 &&
    item.paragraphs.every((p) => p.code === undefined) &&
    // "Output:" over what a program printed, beside the arrow pointing at it, is a listing's label, not a box of the chart.
    (item.paragraphs.length === 1 || item.paragraphs.every((p) => !p.text.endsWith(':')))
      ? [{ item, text: item.paragraphs.map((p) => p.text).join(' '), geometry: item.geometry, x: item.x, y: item.y, w: item.w, h: item.h }]
      : [],
  );
  const chart = flowchartOf(candidates, connectors);
  if (!chart) return items;
  const taken = new Set<SlideItem>([...chart.members].map((i) => candidates[i].item));
  const first = Math.min(...items.flatMap((item, i) => (taken.has(item) ? [i] : [])));
  const top = [...taken].reduce((a, b) => (b.y < a.y ? b : a));
  const joined: SlideItem = {
    kind: 'text',
    role: 'box',
    paragraphs: [{ text: chart.text, level: 0, bullet: false, ordered: false, links: [] }],
    diagram: true,
    // Its labels' type size, so a slide's heading typed in a text box is measured against them as before.
    size: Math.max(...[...taken].map((t) => (t.kind === 'text' ? t.size : defaultSize))),
    x: Math.min(...[...taken].map((t) => t.x)),
    y: top.y,
    w: 0,
    h: 0,
  };
  return items.flatMap((item, i) => (i === first ? [joined] : taken.has(item) ? [] : [item]));
}

/** Boxes drawn side by side with a character in each (cell-rows.ts) become one table where the first of them was. */
function joinCells(items: SlideItem[]): SlideItem[] {
  const candidates = items.flatMap((item) =>
    item.kind === 'text' && item.role === 'box' && item.paragraphs.length === 1 && item.paragraphs[0].code === undefined
      ? [{ item, text: item.paragraphs[0].text, x: item.x, y: item.y, w: item.w, h: item.h }]
      : [],
  );
  let out = items;
  for (const grid of cellGrids(candidates)) {
    const taken = new Set<SlideItem>([...grid.members].map((i) => candidates[i].item));
    const first = out.findIndex((item) => taken.has(item));
    const table: SlideItem = { kind: 'table', rows: grid.rows, header: false, ...grid.box };
    out = out.flatMap((item, i) => (i === first ? [table] : taken.has(item) ? [] : [item]));
  }
  return out;
}

/** A slide's text shapes, tables and pictures (positions in EMU on the slide), in the order the file lists them. */
export function readSlideItems(root: XmlEl, rels: Rels, layout?: XmlEl, master?: XmlEl, diagrams = new Map<string, XmlEl>()): SlideItem[] {
  const tree = path(root, 'cSld', 'spTree');
  const out: SlideItem[] = [];
  const connectors: Box[] = [];
  if (tree) readTree(tree, { rels, inherited: [layout, master], diagrams, connectors }, identity, out);
  return joinCells(joinFlowchart(out, connectors));
}

/** A notes page's own text (its body placeholders), one string per paragraph; the slide image and page number are not notes. */
export function readNotes(root: XmlEl, rels: Rels): string[] {
  const tree = path(root, 'cSld', 'spTree');
  if (!tree) return [];
  const items: SlideItem[] = [];
  readTree(tree, { rels, inherited: [], diagrams: new Map(), connectors: [] }, identity, items);
  return items
    .flatMap((i) => (i.kind === 'text' && i.role !== 'title' ? i.paragraphs.map((p) => p.text) : []))
    .filter((t) => !/^\d+$/.test(t));
}
