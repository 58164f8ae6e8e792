import type { BodyStats } from './pdf-stats';
import type { PdfLine } from './pdf-types';

/** A heading read from the page's type: its level, and `runIn` when it is the bold or italic start of a paragraph. */
export interface LayoutHeading {
  level: number;
  runIn?: string;
}

/** "2", "2.3.1", "A", "A.2", "1." (also "1.Title" without a space): the numbering and its depth. */
const numberedHeading = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,4})(?:\.\s*|\s+)(?=[\p{Lu}\d(“"'])/u;
const labelledHeading = /^(?:chapter|part|appendix|lecture|unit|module|week)\s+(?:[\dIVXLC]{1,5}|[A-Z])\b/i;
/** Theorem-like labels ("Theorem 2.1.", "Proof.", "Example (coins)", "Answer") start an environment, not a section. */
const environmentLabel =
  /^(?:theorem|lemma|corollary|proposition|claim|conjecture|definition|assumption|axiom|remark|note|notes|example|examples|exercise|exercises|problem|question|answer|solution|proof|hint|case|step|observation|fact|algorithm|notation|warning|caution|tip|homework|task|activity)\b\s*(?:[\dA-Z]{1,3}(?:\.\d+)*)?\s*(?:\([^)]*\))?\s*[.:]?$/i;
const caption = /^(?:figure|fig\.|table|listing|algorithm)\s*[A-Z]?\d/i;
const bullet = /^[•◦▪‣∙·\-–—*]\s/;
const allCaps = /^[\p{Lu}\d][\p{Lu}\d\s:,&'’-]{3,60}$/u;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Depth of a heading's numbering: "Chapter 4" 0, "2" / "A" 1, "2.3" 2, ...; undefined when unnumbered. */
export function numberingDepth(text: string): number | undefined {
  if (labelledHeading.test(text)) return 0;
  const m = numberedHeading.exec(text);
  return m ? m[1].split('.').length : undefined;
}

interface Candidate {
  i: number;
  size: number;
  /** 2 bold, 1 italic, 0 regular. */
  weight: number;
  depth?: number;
  runIn?: string;
  /** The second line of the heading before. */
  continued?: boolean;
}

/**
 * The bold or italic words starting a line, when they can be a run-in heading: followed by a wide
 * space, or (bold only) ending in a full stop after two words or more ("Statistical quantities.");
 * a bold term followed by its sentence ("**Bayes' rule** says") or a label ("Accuracy:") is not one.
 */
function runInLead(line: PdfLine): PdfLine['lead'] {
  const lead = line.lead;
  if (!lead || (lead.face === 'italic' && !lead.gap)) return undefined;
  const title = lead.text.replace(/[.:]$/, '').trim();
  // Italic is also the type of a theorem's statement: an italic lead is a heading only when it reads like one.
  if (lead.face === 'italic' && (/,\s|\\\(/.test(title) || wordCount(title) > 8)) return undefined;
  if (!lead.gap && !(/\.$/.test(lead.text) && wordCount(title) >= 2)) return undefined;
  if (wordCount(title) > 12 || !headingLike(title, 0) || environmentLabel.test(lead.text) || environmentLabel.test(title)) return undefined;
  return lead;
}

function weightOf(line: Pick<PdfLine, 'bold' | 'italic'>): number {
  return line.bold ? 2 : line.italic ? 1 : 0;
}

/**
 * Text that can be a heading: letters, no list punctuation at its end, not mostly mathematics, not
 * a list of names (an author list set large); `continued` for the second line of a heading.
 */
function headingLike(text: string, math: number | undefined, continued = false): boolean {
  if (!/\p{L}{2}/u.test(text) || (math ?? 0) > 0.4 || caption.test(text) || bullet.test(text)) return false;
  if (/[,;]$/.test(text) || ((text.match(/,/g) ?? []).length >= 3 && numberingDepth(text) === undefined)) return false;
  return continued || /^[\p{Lu}\d(“"'‘]/u.test(text);
}

/**
 * Headings read from the type when the PDF has no bookmarks: larger lines, and body-size lines set
 * apart (space above) in bold or italic, or numbered or in capitals in another font; and run-in
 * headings, the bold words (or italic words followed by a wide space) that start a paragraph.
 * Levels come from the type: styles are ranked by size, then bold before italic before regular;
 * numbering ("2", "2.3", "A.1", "Chapter 4") sets the depth within its style and keeps numbered
 * levels consistent. Level 1 is the document title, so the most prominent style is level 2. Lines `leftOut` says
 * are not headings are neither read nor counted among the styles.
 */
export function layoutHeadings(
  lines: PdfLine[],
  body: BodyStats,
  taken: (i: number) => boolean,
  firstLevel = 2,
  leftOut?: (text: string) => boolean,
  /** Receives the candidates `leftOut` took away (their line, numbering depth, and whether each goes on the one before). */
  leftOutFound?: Array<{ i: number; depth?: number; continued?: boolean }>,
): Map<number, LayoutHeading> {
  const threshold = body.size + Math.max(0.9, body.size * 0.1);
  // A page whose own prose is set larger than the document's (a notebook printed by a browser and bound in with pdfpages)
  // has its type measured from its own body size: its prose lines are not headings, and its headings rank by their size
  // over its prose as the document's do over the document's.
  const boundIn = boundInPages(lines, body);
  const pageThreshold = (line: PdfLine) => {
    const size = boundIn.of(line)?.size;
    return size === undefined ? threshold : size + Math.max(0.9, size * 0.1);
  };
  const sizeOf = (line: PdfLine) => line.size * (body.size / (boundIn.of(line)?.size ?? body.size));
  const candidates: Candidate[] = [];
  const isCandidate = new Set<number>();
  const apart = (i: number): boolean => {
    const line = lines[i];
    const prev = lines[i - 1];
    if (!prev || prev.page !== line.page || prev.column !== line.column || prev.region || isCandidate.has(i - 1) || taken(i - 1))
      return true;
    if (prev.y - line.y > 1.25 * body.lineGap * (line.size / body.size)) return true;
    // Or wider apart than the lines above it are from each other, in a document whose usual spacing is wider than its
    // lists' (a Word outline's week title under its last item, the links of the first pages double-spaced).
    const above = lines[i - 2];
    const spacing = above && above.page === line.page && above.column === line.column && !above.region ? above.y - prev.y : 0;
    return spacing > 0.5 * line.size && prev.y - line.y > 1.3 * spacing;
  };
  // Lines set one under the other in one type at the type's line spacing, each but the last reaching near the column's
  // edge, each run's length at each of its lines: four lines or more in a larger type are a paragraph set large (an
  // abstract on a title page), not a heading per line. A short line ("Abstract") ends its run.
  const runOf = new Array<number>(lines.length).fill(1);
  for (let start = 0, k = 1; k <= lines.length; k++) {
    const prev = lines[k - 1];
    const line = lines[k];
    const linked =
      !!line &&
      !line.region &&
      !prev.region &&
      line.page === prev.page &&
      line.column === prev.column &&
      line.font === prev.font &&
      prev.x1 > prev.columnRight - 4 * prev.size &&
      Math.abs(line.size - prev.size) < 0.3 &&
      prev.y - line.y > 0 &&
      prev.y - line.y < 1.6 * line.size;
    if (!linked) {
      runOf.fill(k - start, start, k);
      start = k;
    }
  }
  lines.forEach((line, i) => {
    if (taken(i) || line.region || line.isMargin || line.isNote) return;
    const text = line.text.trim();
    const words = wordCount(text);
    const depth = numberingDepth(text);
    const prev = lines[i - 1];
    // The second line of a heading set over two lines, right under the first.
    const continues =
      prev &&
      isCandidate.has(i - 1) &&
      !candidates[candidates.length - 1]?.runIn &&
      prev.page === line.page &&
      weightOf(prev) === weightOf(line) &&
      Math.abs(prev.size - line.size) < 0.3 &&
      (prev.x1 > prev.columnRight - 4 * prev.size || /[-–:]$/.test(prev.text)) &&
      prev.y - line.y < 1.6 * line.size;
    if (line.size >= pageThreshold(line) || line.frameTitle) {
      if (words > 20 || text.length > 160 || runOf[i] >= 4 || !headingLike(text, line.math, continues || line.frameTitle)) return;
      if (/\.$/.test(text.replace(/^\d+(\.\d+)*\./, '')) && depth === undefined) return;
      candidates.push({
        i,
        size: sizeOf(line),
        weight: weightOf(line),
        depth: continues ? candidates[candidates.length - 1].depth : depth,
        continued: continues || undefined,
      });
      isCandidate.add(i);
      return;
    }
    // Body size or a little larger (a bold subsection heading in \\large type over an 11-point body): a bold or italic line may head what follows.
    if (line.size < body.size - 0.6 || line.mono) return;
    const lead = runInLead(line);
    const short = line.x1 < line.columnRight - 2 * line.size || words <= 6;
    const bodyFont = boundIn.of(line)?.font ?? body.font;
    const distinct = line.bold || line.italic || (line.font !== bodyFont && (depth !== undefined || allCaps.test(text)));
    if (
      !lead &&
      distinct &&
      (short || continues) &&
      words <= 12 &&
      !/[.,;:]$/.test(text) &&
      headingLike(text, line.math, continues) &&
      !environmentLabel.test(text) &&
      (continues || apart(i))
    ) {
      candidates.push({ i, size: sizeOf(line), weight: weightOf(line), depth, continued: continues || undefined });
      isCandidate.add(i);
      return;
    }
    if (!lead) return;
    const title = lead.text.replace(/[.:]$/, '').trim();
    // A run-in heading starts a paragraph: space above it, or the line before ended short.
    const startsParagraph = apart(i) || (prev && prev.x1 < prev.columnRight - 2 * prev.size) || line.x0 > line.columnLeft + 0.7 * line.size;
    if (!startsParagraph) return;
    candidates.push({ i, size: sizeOf(line), weight: lead.face === 'bold' ? 2 : 1, depth: numberingDepth(title), runIn: title });
    isCandidate.add(i);
  });
  // Headings the caller leaves out (numbered ones under an outline that numbers its own), and their second lines, do not
  // rank the styles either.
  let dropped = false;
  const kept = candidates.filter((c) => {
    dropped = (c.continued === true && dropped) || leftOut?.(c.runIn ?? lines[c.i].text) === true;
    if (dropped && !c.runIn) leftOutFound?.push({ i: c.i, depth: c.depth, continued: c.continued });
    return !dropped;
  });
  return assignLevels(kept, firstLevel);
}

/**
 * The body size of each page set in a larger type than the document's and in fonts of its own (a notebook printed by a
 * browser and bound in with pdfpages): a page whose prose (the size and font most of its regular lines' characters are
 * set in, 100 characters or more) is at or above the document's threshold for larger type, in a font no page of the
 * document's own size uses; and a page with less prose with as many lines set in such pages' fonts as in the
 * document's (a notebook's pages of code and pictures between its pages of prose). A title page set large in the document's fonts is not one,
 * and such pages are the lesser part of the document or none are.
 */
export function boundInPages(lines: PdfLine[], body: BodyStats): BoundIn {
  const none: BoundIn = { pages: new Map(), hostFonts: new Set(), of: () => undefined };
  const threshold = body.size + Math.max(0.9, body.size * 0.1);
  const chars = new Map<number, Map<string, number>>();
  for (const line of lines) {
    if (line.region || line.isMargin || line.isNote || line.mono || line.bold) continue;
    const styles = chars.get(line.page) ?? new Map<string, number>();
    const style = `${Math.round(line.size * 2) / 2}|${line.font}`;
    styles.set(style, (styles.get(style) ?? 0) + line.text.length);
    chars.set(line.page, styles);
  }
  const prose = new Map<number, { size: number; font: string }>();
  const normal = new Set<number>();
  for (const [page, styles] of chars) {
    const [style, count] = [...styles].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (count < 100) continue;
    const [size, font] = [Number(style.split('|')[0]), style.slice(style.indexOf('|') + 1)];
    if (size >= threshold) prose.set(page, { size, font });
    else normal.add(page);
  }
  const fontsOf = (pages: (page: number) => boolean) => new Set(lines.filter((l) => pages(l.page)).map((l) => l.font));
  const hostFonts = fontsOf((p) => normal.has(p));
  const pages = new Map<number, { size: number; font: string }>();
  for (const [page, type] of prose) if (!hostFonts.has(type.font)) pages.set(page, type);
  // The document's own pages set its body size: a bound-in document is the lesser part (two pages of text, a cover set
  // large and a back page, are one document).
  if (pages.size === 0 || normal.size < Math.max(3, 2 * pages.size)) return none;
  const larger = fontsOf((p) => pages.has(p));
  const types = [...pages.values()].map((t) => `${t.size}|${t.font}`);
  const usual = types.sort((x, y) => types.filter((t) => t === y).length - types.filter((t) => t === x).length)[0];
  const usualType = { size: Number(usual.split('|')[0]), font: usual.slice(usual.indexOf('|') + 1) };
  const rest = new Map<number, PdfLine[]>();
  for (const line of lines) {
    if (prose.has(line.page) || normal.has(line.page)) continue;
    const own = rest.get(line.page) ?? [];
    own.push(line);
    rest.set(line.page, own);
  }
  for (const [page, own] of rest) {
    // As many of its lines as the document's fonts set: the page's number and a title above a bound-in page are the host's.
    const text = own.filter((l) => !l.region);
    const theirs = text.filter((l) => larger.has(l.font) && !hostFonts.has(l.font)).length;
    if (theirs > 0 && theirs >= text.filter((l) => hostFonts.has(l.font)).length) pages.set(page, usualType);
  }
  // The host's own lines on those pages (the page's number, its title over the bound-in page) keep the host's type.
  return { pages, hostFonts, of: (line) => (hostFonts.has(line.font) ? undefined : pages.get(line.page)) };
}

/** The pages of a bound-in document with their body type, the host document's fonts, and a line's bound-in body type. */
export interface BoundIn {
  pages: Map<number, { size: number; font: string }>;
  hostFonts: Set<string>;
  /** The body type a line is measured against when it is the bound-in document's (undefined for the host's lines). */
  of: (line: PdfLine) => { size: number; font: string } | undefined;
}

/**
 * Levels by style: styles in order of prominence; a numbered style takes its place from its
 * numbering (depth d sits d - 1 below the top numbered level), an unnumbered one sits below the
 * style before it.
 */
function assignLevels(candidates: Candidate[], firstLevel: number): Map<number, LayoutHeading> {
  // A run-in heading is a style of its own, below a heading in the same type on its own line
  // (LaTeX's \paragraph under \subsection: both bold at the body's size).
  const key = (c: Candidate) => `${Math.round(c.size * 2) / 2}|${c.weight}|${c.runIn ? 'run-in' : 'line'}`;
  const styles = new Map<string, { size: number; weight: number; runIn: boolean; depths: number[] }>();
  for (const c of candidates) {
    const s = styles.get(key(c)) ?? { size: Math.round(c.size * 2) / 2, weight: c.weight, runIn: Boolean(c.runIn), depths: [] };
    if (c.depth !== undefined) s.depths.push(c.depth);
    styles.set(key(c), s);
  }
  const ordered = [...styles].sort((a, b) => b[1].size - a[1].size || b[1].weight - a[1].weight || Number(a[1].runIn) - Number(b[1].runIn));
  const levelOf = new Map<string, number>();
  // The level of numbering depth 1 ("2", "A"), once a numbered style has fixed it.
  let base: number | undefined;
  let prev = firstLevel - 1;
  for (const [k, s] of ordered) {
    let level: number;
    // A style is numbered when most of its headings are ("References" shares the style of "1 Introduction").
    if (s.depths.length && s.depths.length * 2 >= candidates.filter((c) => key(c) === k).length) {
      const d = Math.min(...s.depths);
      if (base === undefined) {
        level = Math.max(prev + 1, firstLevel + Math.max(0, d - 1));
        base = level - (d - 1);
      } else level = Math.max(firstLevel, base + d - 1);
    } else level = prev + 1;
    levelOf.set(k, Math.min(6, level));
    prev = Math.min(6, level);
  }
  const out = new Map<number, LayoutHeading>();
  for (const c of candidates) {
    const styleLevel = levelOf.get(key(c))!;
    const level = c.depth !== undefined && base !== undefined ? Math.max(firstLevel, Math.min(6, base + c.depth - 1)) : styleLevel;
    out.set(c.i, c.runIn ? { level, runIn: c.runIn } : { level });
  }
  return out;
}
