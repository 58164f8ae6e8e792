import { captionLines, captionStart, height, inside, intersects, segmentBox, touches, union, width, type Box } from './pdf-geometry';
import type { Segment } from './pdf-lines';
import { latexToText } from './pdf-math';
import { isHeaderRow, readCells, rowsOf } from './pdf-tables';
import { ruledGridTable } from './pdf-ruled-tables';
import type { PdfItem, PdfMark, PdfRegion } from './pdf-types';

interface Cluster extends Box {
  marks: PdfMark[];
}

/** A thin line: a rule (under a heading, in a table, a fraction bar), not a drawing by itself. */
const isRule = (m: PdfMark) => Math.min(width(m), height(m)) < 1.5;

/**
 * A highlight: a filled band no taller than a line and a half, behind one line's words that cover most of its width
 * (Word's text highlight and shading, saved as a rectangle behind each run; a narrow one behind "d. Character Sets" is no
 * panel by width). It marks the words, it draws nothing: a stack of them is no figure.
 */
function isHighlight(m: PdfMark, segments: Segment[]): boolean {
  if (m.kind !== 'path' || !m.fill || m.stroke) return false;
  const line = segments.filter(
    (s) => s.y > m.y0 - 0.2 * s.size && s.y + 0.6 * s.size < m.y1 + 0.2 * s.size && s.x1 > m.x0 && s.x0 < m.x1 && /\p{L}/u.test(s.text),
  );
  if (line.length === 0 || height(m) > 1.5 * Math.max(...line.map((s) => s.size))) return false;
  const covered = line.reduce((n, s) => n + Math.min(s.x1, m.x1) - Math.max(s.x0, m.x0), 0);
  return covered >= 0.7 * width(m);
}

/** Groups marks whose boxes come within `gap` of each other (a drawing's strokes, a plot's points and axes). */
function clusterMarks(marks: PdfMark[], gap: number): Cluster[] {
  let clusters: Cluster[] = [];
  for (const mark of marks) {
    const hit = clusters.filter((c) => touches(c, mark, gap));
    const merged: Cluster = { ...mark, marks: [mark] };
    for (const c of hit) Object.assign(merged, union(merged, c), { marks: merged.marks.concat(c.marks) });
    clusters = clusters.filter((c) => !hit.includes(c));
    clusters.push(merged);
  }
  // Merging can bring two clusters within reach of each other: settle.
  for (let changed = true; changed;) {
    changed = false;
    outer: for (let i = 0; i < clusters.length; i++)
      for (let j = i + 1; j < clusters.length; j++)
        if (touches(clusters[i], clusters[j], gap)) {
          clusters[i] = { ...union(clusters[i], clusters[j]), marks: clusters[i].marks.concat(clusters[j].marks) };
          clusters.splice(j, 1);
          changed = true;
          break outer;
        }
  }
  return clusters;
}

const equationNumber = /^\(\s*(?:[A-Z]\.)?\d+(?:\.\d+)*[a-z]?\s*\)$/;

const words = (s: Segment) => s.text.split(/\s+/).filter(Boolean).length;

/** A line of running text: long, many words, body-sized. */
const isProse = (s: Segment, bodySize: number) => s.chars >= 40 && words(s) >= 6 && s.size >= bodySize - 0.6 && s.math < 0.5;

/**
 * A sentence in any type (a licence beside its logo, a note in small print): text beside a picture, not a label of it. A
 * subfigure's caption ("(a) Regression problem: ...") is the figure's own.
 */
const isSentence = (s: Segment) =>
  !/^\([a-z]\)/.test(s.text) &&
  words(s) >= 6 &&
  s.math < 0.5 &&
  /\p{L}{3,} \p{L}{2,} \p{L}{2,}/u.test(s.text) &&
  (s.chars >= 40 || /[.!?]["”’)]?$/.test(s.text.trim()));

/** The text segments drawn inside each figure, so a figure found to be an ornament can give them back. */
export const figureLabels = new WeakMap<PdfRegion, Segment[]>();

/**
 * A small picture with no caption (a chapter's icon, a logo in the margin) is an ornament, not a
 * figure, and an uncaptioned drawn formula is an equation: their labels go back to the text.
 */
export function dropOrnaments(regions: PdfRegion[], segments: Segment[]): { regions: PdfRegion[]; segments: Segment[] } {
  // An uncaptioned drawing of mathematics with an equation number beside it (a matrix with drawn brackets) is an equation.
  const isNumberedMath = (r: PdfRegion) => {
    const labels = figureLabels.get(r) ?? [];
    const chars = labels.reduce((n, s) => n + s.chars, 0);
    const math = labels.reduce((n, s) => n + s.chars * s.math, 0);
    const numbered = [...labels, ...segments].some(
      (l) => equationNumber.test(l.text.trim()) && l.y >= r.y0 && l.y <= r.y1 && l.x0 >= r.x1 - 20,
    );
    return numbered && chars > 0 && math / chars >= 0.3;
  };
  const isOrnament = (r: PdfRegion) => r.kind !== 'table' && !r.caption && ((r.x1 - r.x0) * (r.y1 - r.y0) < 5000 || isNumberedMath(r));
  const ornaments = regions.filter(isOrnament);
  if (ornaments.length === 0) return { regions, segments };
  return {
    regions: regions.filter((r) => !isOrnament(r)),
    segments: segments.concat(ornaments.flatMap((r) => figureLabels.get(r) ?? [])),
  };
}

export interface PageFigures {
  regions: PdfRegion[];
  /** The page's segments less the ones drawn inside a figure. */
  segments: Segment[];
}

/**
 * Finds the figures of one page: embedded images, and clusters of drawn paths (diagrams, plots,
 * ruled grids) together with the labels set inside or just around them (axis ticks, box labels)
 * and subfigure captions ("(a) ...") right below. Their text leaves the reading flow; captions
 * are attached afterwards (`attachCaptions`).
 */
export function findFigures(
  page: { number: number; width: number; height: number; marks?: PdfMark[]; rotated?: Box[]; items?: PdfItem[] },
  segments: Segment[],
  bodySize: number,
  column?: { left: number; right: number },
): PageFigures {
  const area = page.width * page.height;
  let marks = (page.marks ?? []).filter((m) => {
    const w = width(m);
    const h = height(m);
    // Page backgrounds and frames around the whole page are not figures; nor are specks.
    if (w * h > area * 0.6 || (w < 0.5 && h < 0.5)) return false;
    return m.x1 > 0 && m.y1 > 0 && m.x0 < page.width && m.y0 < page.height;
  });
  marks = marks.filter((m) => !isHighlight(m, segments));
  if (marks.length === 0) return { regions: [], segments };
  // Panels: a shaded or framed box behind running text (an example, a definition) frames text, not a drawing.
  const panels = new Set(
    marks.filter((m) => {
      if (m.kind !== 'path' || width(m) < 100) return false;
      const text = segments.filter((s) => s.size >= 0.7 * bodySize && inside(segmentBox(s), m, 1));
      // A shaded band behind one line of text in any size (a footnote, a one-line exercise in a box, a title banner's title).
      const line = (s: Segment) => s.chars >= 12 && words(s) >= 2 && s.math < 0.5 && /\p{L}{3}/u.test(s.text);
      // A program listing on a shaded band (lines in listing type, whatever their size, their first glyph perhaps a
      // point past the band's edge) is text, not a drawing; a band of its own may shade each line.
      const listing = segments.filter(
        (s) => s.mono && s.math < 0.5 && s.y + 0.3 * s.size > m.y0 && s.y + 0.3 * s.size < m.y1 && s.x0 < m.x1 && s.x1 > m.x0,
      );
      // A drawing inside the box (a state diagram's arrows between typewriter names) makes it a figure.
      const drawing = marks.some(
        (o) => o !== m && o.kind === 'path' && inside(o, m, 1) && !(Math.abs(o.x0 - m.x0) < 1 && Math.abs(o.x1 - m.x1) < 1),
      );
      if (listing.length && listing.length >= text.length && !drawing) return true;
      if (height(m) < 24 || text.some((s) => line(s) && height(m) < 2.5 * s.size && text.length === 1)) return text.some(line);
      const within = text.filter((s) => Math.abs(s.size - bodySize) < 0.6);
      if (within.some((s) => words(s) >= 5) || within.length >= 3) return true;
      // Sentences set in pieces (a vector or a formula between the words) or in other sizes (a title banner): text in a
      // panel, not the labels of a drawing.
      const chars = text.reduce((n, s) => n + s.chars, 0);
      const math = text.reduce((n, s) => n + s.chars * s.math, 0);
      return (
        chars >= 40 &&
        text.reduce((n, s) => n + words(s), 0) >= 8 &&
        math < 0.3 * chars &&
        text.some((s) => /\p{L}{3,} \p{L}{2,}/u.test(s.text))
      );
    }),
  );
  // A band continuing a panel's band above or below it, as wide (listings shade each line on its own), is the panel's.
  for (let grown = true; grown;) {
    grown = false;
    for (const m of marks)
      if (
        m.kind === 'path' &&
        !panels.has(m) &&
        [...panels].some(
          (p) => Math.abs(p.x0 - m.x0) < 1 && Math.abs(p.x1 - m.x1) < 1 && Math.min(Math.abs(p.y0 - m.y1), Math.abs(m.y0 - p.y1)) < 1,
        )
      ) {
        panels.add(m);
        grown = true;
      }
  }
  // Boxes drawn inside a panel behind its words (a title banner's inner band) belong to the panel; a drawing inside one stays.
  const wordSegments = segments.filter((s) => s.math < 0.5 && /\p{L}{3}/u.test(s.text));
  const panelled = (m: PdfMark) =>
    m.kind === 'path' && [...panels].some((p) => inside(m, p, 1)) && wordSegments.some((s) => intersects(segmentBox(s), m));
  if (panels.size) marks = marks.filter((m) => !panels.has(m) && !panelled(m));
  if (marks.length === 0) return { regions: [], segments };
  const gap = Math.max(6, 0.7 * bodySize);
  const clusters = clusterMarks(marks, gap);
  const candidates = clusters.filter((c) => {
    const hasImage = c.marks.some((m) => m.kind === 'image' && width(m) >= 24 && height(m) >= 24);
    if (hasImage) return true;
    if (width(c) < 30 || height(c) < 20) return false;
    const drawn = c.marks.filter((m) => !isRule(m));
    const rules = c.marks.filter(isRule);
    const vertical = rules.some((m) => height(m) > width(m) && height(m) >= 8);
    const horizontal = rules.some((m) => width(m) >= height(m) && width(m) >= 8);
    // Only horizontal rules: a table's rules or lines under headings, not a drawing.
    if (drawn.length === 0) return vertical && horizontal;
    return c.marks.length >= 3 || (width(c) >= 40 && height(c) >= 40);
  });

  // Glyphs drawn as paths inside a line of prose (a browser's print of a notebook draws MathJax's "Y(jω)" so) are the
  // line's math, no piece of a drawing: set together with a rule nearby they would make a figure of the sentence.
  const prose = segments.filter((sg) => words(sg) >= 2 && sg.math < 0.5 && /\p{L}{3}/u.test(sg.text)).map(segmentBox);
  const inProse = (m: PdfMark) =>
    m.kind === 'path' &&
    height(m) < 1.6 * bodySize &&
    width(m) < 3 * bodySize &&
    prose.some((b) => m.y0 < b.y1 && m.y1 > b.y0 && Math.max(b.x0 - m.x1, m.x0 - b.x1) < 2 * bodySize);
  // Small pieces of a drawing set a little apart (a matrix and a vector drawn beside a diagram) join it.
  const pieces = clusterMarks(
    clusters.filter((c) => !candidates.includes(c) && c.marks.length >= 2 && !c.marks.every(inProse)).flatMap((c) => c.marks),
    2.5 * bodySize,
  );
  for (const piece of pieces) {
    const host = candidates.find((c) => touches(c, piece, 1.5 * bodySize));
    if (host) Object.assign(host, union(host, piece), { marks: host.marks.concat(piece.marks) });
    // Pieces that together make a drawing of some size may be a part of a figure further away (see mergeParts).
    else if (width(piece) >= 30 && height(piece) >= 20 && piece.marks.some((m) => !isRule(m))) candidates.push(piece);
  }
  // Captions are attached afterwards, never read as labels (a margin caption sits right beside its figure).
  const captions = new Set(segments.filter((s) => captionStart.test(s.text)).flatMap((s) => captionLines(s, segments)));
  let free = segments.filter((s) => !captions.has(s));
  const regions: Array<
    PdfRegion & { labels: Segment[]; hasImage: boolean; hasDrawing: boolean; strokes: number; rules: PdfMark[]; marks: PdfMark[] }
  > = [];
  for (const cluster of candidates) {
    let box: Box = { x0: cluster.x0, y0: cluster.y0, x1: cluster.x1, y1: cluster.y1 };
    const labels: Segment[] = [];
    // A drawing inside the body column takes no label from the margin beside it (a margin note is not a label).
    const withinColumn = column && cluster.x0 >= column.left - bodySize && cluster.x1 <= column.right + bodySize;
    const inMargin = (b: Box) => withinColumn && column && (b.x0 >= column.right + 1 || b.x1 <= column.left - 1);
    // Labels: anything inside the drawing; around it, short or small or mathematical text (axis ticks, "x").
    for (let round = 0; round < 3; round++) {
      const reach = { x0: box.x0 - 1.2 * bodySize, y0: box.y0 - 1.2 * bodySize, x1: box.x1 + 1.2 * bodySize, y1: box.y1 + 1.2 * bodySize };
      const taken = free.filter((s) => {
        const sb = segmentBox(s);
        if (inside(sb, box, 1) && !(isProse(s, bodySize) && (sb.x0 < box.x0 - bodySize || sb.x1 > box.x1 + bodySize))) return true;
        if (inMargin(sb)) return false;
        // A row of numbers alone is an axis's tick labels, however many.
        const isLabel =
          s.size < bodySize * 0.85 ||
          s.chars <= 12 ||
          s.math >= 0.5 ||
          (words(s) <= 4 && !/[.:;,]$/.test(s.text)) ||
          /^[-−+]?\d[\d.,]*(?:\s+[-−+]?\d[\d.,]*)+$/.test(s.text.trim());
        return intersects(sb, reach) && !isProse(s, bodySize) && !isSentence(s) && isLabel;
      });
      if (taken.length === 0) break;
      for (const s of taken) {
        labels.push(s);
        box = union(box, segmentBox(s));
      }
      free = free.filter((s) => !taken.includes(s));
    }
    // Rotated labels (a vertical axis title) touching the drawing are drawn with it.
    for (const r of page.rotated ?? []) if (touches(box, r, 1.2 * bodySize) && !inMargin(r)) box = union(box, r);
    // Subfigure captions in smaller type just below: "(a) Regression problem ...".
    for (let last = box.y0; ;) {
      const next = free
        .filter((s) => s.y < last && last - (s.y + 0.8 * s.size) < 1.6 * s.size && s.x0 >= box.x0 - 6 && s.x1 <= box.x1 + 6)
        .filter((s) => s.size < bodySize - 0.4 && !captionStart.test(s.text))
        .sort((a, b) => b.y - a.y);
      if (next.length === 0) break;
      const rowY = next[0].y;
      const row = next.filter((s) => Math.abs(s.y - rowY) < 0.3 * s.size);
      if (labels.length === 0 && !/^\([a-z]\)/.test(row[0].text)) break;
      for (const s of row) {
        labels.push(s);
        box = union(box, segmentBox(s));
      }
      free = free.filter((s) => !row.includes(s));
      last = Math.min(...row.map((s) => s.y - 0.25 * s.size));
    }
    // A plot's titles just above its drawing (R's `main`, one over each panel), set further off than its ticks: in smaller
    // type, or centred over it in the type of the labels it holds (the plot's own font), they are the drawing's, like the
    // labels inside it, never a paragraph before it.
    const drawn = cluster.marks.some((m) => m.kind === 'path' && !isRule(m));
    const plotFonts = new Set(labels.map((l) => l.font));
    const title = (s: Segment) =>
      (s.size < 0.85 * bodySize && s.x0 >= box.x0 - 6 && s.x1 <= box.x1 + 6) ||
      (plotFonts.has(s.font) &&
        Math.abs((s.x0 + s.x1) / 2 - (box.x0 + box.x1) / 2) < 0.15 * (box.x1 - box.x0) &&
        s.x1 - s.x0 < 1.3 * (box.x1 - box.x0));
    for (let top = box.y1; drawn;) {
      const next = free
        .filter((s) => s.y - 0.25 * s.size >= top - 1 && s.y - 0.25 * s.size - top < 2 * bodySize)
        .filter((s) => title(s) && !isProse(s, bodySize) && !isSentence(s) && !captionStart.test(s.text))
        .sort((a, b) => a.y - b.y);
      if (next.length === 0) break;
      const row = next.filter((s) => Math.abs(s.y - next[0].y) < 0.3 * s.size);
      for (const s of row) {
        labels.push(s);
        box = union(box, segmentBox(s));
      }
      free = free.filter((s) => !row.includes(s));
      top = Math.max(...row.map((s) => s.y + 0.8 * s.size));
    }
    regions.push({
      kind: 'figure',
      page: page.number,
      ...box,
      text: orderedText(labels),
      labels,
      hasImage: cluster.marks.some((m) => m.kind === 'image'),
      hasDrawing: cluster.marks.some((m) => m.kind === 'path' && !isRule(m)),
      strokes: cluster.marks.length,
      rules: cluster.marks.filter((m) => isRule(m) && width(m) >= height(m)),
      marks: cluster.marks,
    });
  }

  // A framed box of running text (an example, a theorem) is text, not a figure; so is a boxed formula. A grid of rules
  // around rows of short cells (a ruled table, a grading rubric, a truth table) is a table with its cells.
  // Text taken near a callout's box that is not inside it (a heading just above) goes back to the text.
  const released: Segment[] = [];
  const kept = regions.filter((r) => {
    if (r.hasImage) return true;
    const callout = titledBox(r.marks, r.labels, bodySize);
    if (callout) {
      const { x0, y0, x1, y1 } = callout.box;
      Object.assign(r, { kind: 'callout', label: callout.title, text: callout.text, labels: callout.inside, x0, y0, x1, y1 });
      released.push(...callout.outside);
      return true;
    }
    // Its horizontal rules run across the whole table; a proof's rule under its premises (a Fitch proof, whose bars mark
    // what each assumption covers) does not, and the proof keeps its picture.
    if (!r.hasDrawing && r.rules.length > 0 && r.rules.every((m) => width(m) >= 0.8 * width(r))) {
      const rows = rowsOf(r.labels);
      const cells = readCells(rows);
      if (cells)
        Object.assign(r, {
          kind: 'table',
          rows: cells,
          header:
            isHeaderRow(
              cells,
              rows[0].cells.every((c) => (c as Segment).bold),
            ) || undefined,
        });
    }
    // A grid of vertical and horizontal rules (a two-way table with spanning labels): cells from its glyphs' positions.
    if (r.kind !== 'table' && !r.hasDrawing) {
      const grid = ruledGridTable(r, r.marks, r.labels, page.items ?? []);
      if (grid) Object.assign(r, { kind: 'table', rows: grid.rows, header: grid.header || undefined });
    }
    if (r.kind === 'table') return true;
    // A formula in a frame drawn as one rectangle or a few laid over each other (a box with its shadow) is a display,
    // and the lines taken around the frame are text.
    const framed = framedFormula(r.marks, r.labels);
    if (framed) {
      // Set at the text's size its lines are read as a display; set smaller, it is one here, in its frame.
      if (framed.inside.every((s) => s.size >= 0.85 * bodySize)) return false;
      Object.assign(r, { kind: 'equation', labels: framed.inside, ...framed.box });
      released.push(...framed.outside);
      return true;
    }
    const prose = r.labels.filter((s) => isProse(s, bodySize) && width(segmentBox(s)) >= 0.5 * width(r));
    if (prose.length >= 2) return false;
    // Rules around mathematics (a matrix's brackets, fraction bars) make an equation, not a figure.
    const chars = r.labels.reduce((n, s) => n + s.chars, 0);
    const mathChars = r.labels.reduce((n, s) => n + s.chars * s.math, 0);
    // (a frame of a few strokes around a formula is a boxed equation; a graph of circles and arrows is a figure).
    return !(chars > 0 && mathChars / chars >= 0.5 && (!r.hasDrawing || (r.labels.length <= 3 && r.strokes <= 4)));
  });
  const dropped = regions.filter((r) => !kept.includes(r)).flatMap((r) => r.labels);
  free = free.concat(dropped, released);

  // Subfigures side by side (or overlapping) are one figure with one caption.
  const merged: typeof kept = [];
  for (const r of [...kept].sort((a, b) => a.x0 - b.x0)) {
    const beside = merged.find((m) => {
      if ([m.kind, r.kind].some((k) => k === 'table' || k === 'callout' || k === 'equation')) return false;
      const overlap = Math.min(m.y1, r.y1) - Math.max(m.y0, r.y0);
      return overlap >= 0.5 * Math.min(height(m), height(r)) && r.x0 - m.x1 <= 3 * bodySize;
    });
    if (beside)
      Object.assign(beside, union(beside, r), { labels: beside.labels.concat(r.labels), hasImage: beside.hasImage || r.hasImage });
    else merged.push(r);
  }
  const isBig = (r: Box) => width(r) >= 24 && height(r) >= 16;
  free = free.concat(
    [...captions],
    merged.filter((r) => !isBig(r)).flatMap((r) => r.labels),
  );
  const figures: PdfRegion[] = merged
    .filter(isBig)
    .map(({ labels, hasImage: _hasImage, hasDrawing: _hasDrawing, strokes: _strokes, rules: _rules, marks: _marks, ...r }) => {
      // Strokes and arrowheads reach half a line width past their path's box.
      const pad = 3;
      const region = {
        ...r,
        x0: Math.max(0, r.x0 - pad),
        y0: Math.max(0, r.y0 - pad),
        x1: Math.min(page.width, r.x1 + pad),
        y1: Math.min(page.height, r.y1 + pad),
        // A formula's alt text as the equations' is written: its symbols as characters, no inline-math marks.
        text:
          r.kind === 'callout'
            ? r.text
            : r.kind === 'equation'
              ? latexToText(orderedText(labels).replace(/\\\(|\\\)/g, ''))
              : orderedText(labels),
      };
      figureLabels.set(region, labels);
      return region;
    });
  // Text drawn inside a kept figure never reads as body text, even when it was first left outside it.
  return { regions: figures, segments: free.filter((s) => !figures.some((f) => inside(segmentBox(s), f, 0.5))) };
}

/**
 * A box of text under a title band (Quarto's and tcolorbox's callouts: "Due Date" over "Thursday, 09/19/24, 9:00pm"):
 * filled boxes only, the widest the box and another across its top no taller than two lines and a half, one short line
 * of words in that band and lines of words under it, no formula. Its title and its text in reading order.
 */
function titledBox(
  marks: PdfMark[],
  labels: Segment[],
  bodySize: number,
): { title: string; text: string; box: Box; inside: Segment[]; outside: Segment[] } | undefined {
  if (marks.length < 2 || marks.length > 4 || !marks.every((m) => m.kind === 'path' && m.fill)) return undefined;
  const outer = marks.reduce((a, b) => (width(b) * height(b) > width(a) * height(a) ? b : a));
  if (width(outer) < 100) return undefined;
  const band = marks.find(
    (m) =>
      m !== outer &&
      width(m) >= 0.9 * width(outer) &&
      Math.abs(m.y1 - outer.y1) <= 0.3 * bodySize &&
      height(m) <= 2.5 * bodySize &&
      height(m) < 0.7 * height(outer),
  );
  if (!band) return undefined;
  const within = labels.filter((s) => inside(segmentBox(s), outer, 1));
  const inBand = within.filter((s) => inside(segmentBox(s), band, 1));
  const below = within.filter((s) => !inBand.includes(s));
  const wordy = (s: Segment) => s.math < 0.3 && /\p{L}{2}/u.test(s.text);
  if (inBand.length !== 1 || below.length === 0 || !inBand.every(wordy) || !below.every(wordy)) return undefined;
  const title = inBand[0].text.trim();
  if (words(inBand[0]) > 8 || /[.;]$/.test(title) || !below.every((s) => s.y < band.y0)) return undefined;
  const box = { x0: outer.x0, y0: outer.y0, x1: outer.x1, y1: outer.y1 };
  return {
    title: title.replace(/:$/, ''),
    text: orderedText(below),
    box,
    inside: within,
    outside: labels.filter((s) => !within.includes(s)),
  };
}

/**
 * A frame around a formula: every mark a filled or stroked path of nearly the frame's own size (a box, its border, the
 * layers of its shadow a point or two apart) or a rule inside it, at least 100 wide, and what is set inside it a formula.
 */
function framedFormula(marks: PdfMark[], labels: Segment[]): { box: Box; inside: Segment[]; outside: Segment[] } | undefined {
  if (marks.length === 0 || !marks.every((m) => m.kind === 'path')) return undefined;
  const outer = marks.reduce((a, b) => union(a, b), marks[0] as Box);
  if (width(outer) < 100) return undefined;
  const near = (m: PdfMark) =>
    Math.abs(m.x0 - outer.x0) <= 4 && Math.abs(m.x1 - outer.x1) <= 4 && Math.abs(m.y0 - outer.y0) <= 4 && Math.abs(m.y1 - outer.y1) <= 4;
  // Rules inside the frame are the formula's own (fraction bars).
  if (!marks.every((m) => near(m) || (isRule(m) && inside(m, outer, 0)))) return undefined;
  const within = labels.filter((s) => inside(segmentBox(s), outer, 1));
  const chars = within.reduce((n, s) => n + s.chars, 0);
  const math = within.reduce((n, s) => n + s.chars * s.math, 0);
  if (chars === 0) return undefined;
  const main = Math.max(...within.map((s) => s.size));
  // Letters in a text font's italic (XeTeX's math in Latin Modern) do not count as mathematics: a relation and no run of
  // three words says a formula too ("P(A and B) ≡ P(A, B)").
  // (Labels in smaller type under a brace, "Bayes Factor", are no prose.)
  const text = orderedText(within.filter((s) => s.size >= 0.85 * main));
  const formula = math >= 0.5 * chars || (/[=≡∝≈≤≥<>∑∫∏]/.test(text) && !/\p{L}{2,}[,;:]?\s+\p{L}{2,}[,;:]?\s+\p{L}{2,}/u.test(text));
  // The formula's own box, not its frame's: the picture is the formula, and it is read after the line over the frame.
  const box = within.map(segmentBox).reduce((a, b) => union(a, b));
  return formula ? { box, inside: within, outside: labels.filter((s) => !within.includes(s)) } : undefined;
}

function orderedText(segments: Segment[]): string {
  return [...segments]
    .sort((a, b) => b.y - a.y || a.x0 - b.x0)
    .map((s) => s.text)
    .join(' ')
    .trim();
}
