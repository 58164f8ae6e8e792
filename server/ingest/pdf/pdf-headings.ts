import { boundInPages, layoutHeadings } from './pdf-layout-headings';
import type { BodyStats } from './pdf-stats';
import { findTitleBlock } from './pdf-title-block';
import { contentsEnd, contentsTail, contentsTitle, findPageToc } from './pdf-toc';
import type { PdfLine, PdfOutlineEntry } from './pdf-types';

const numbered = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,3})\.?\s+(\p{Lu}.*)$/u;

export const bibliographyHeading =
  /^(?:(?:\d{1,2}|[A-Z]|[IVX]{1,4})\.?\s+)?(references|bibliography|works cited|literature cited|references and notes|cited literature|sources)\s*:?$/i;

/** A heading's words for comparing, case and punctuation aside; its inline LaTeX's commands (\frac, \mathbb) are markup. */
function fold(text: string): string {
  return text
    .replace(/\\[a-zA-Z]+/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export interface HeadingDecision {
  level: number;
  isTitle: boolean;
  /** A line repeating a heading already read (a running head) or a bare "Chapter 3" label over the real title: dropped. */
  drop?: boolean;
  /** A line of the title block (author, course, date): the document's metadata, neither a heading nor text. */
  titleBlock?: boolean;
  /** A run-in heading: these first words of the line are the heading, the rest starts its paragraph. */
  runIn?: string;
  /**
   * The heading as the author spelled it in the outline, where the line reads lower-cased (a heading set
   * in small capitals, "quantifiers" for "Quantifiers"): same words, the author's case.
   */
  text?: string;
}

/** True when a line reads lower-cased where the outline entry of the same words has capitals. */
function lowerCasedOf(line: string, entry: string): boolean {
  return !/\p{Lu}/u.test(line) && /\p{Lu}/u.test(entry);
}

/** The text folded without page numbers at either end: "142 Vector Calculus" and "5.1 Gradients 143" compare by their words. */
function foldLoose(text: string): string {
  return fold(text.replace(/^\s*\d{1,4}\s+(?=\D)/, '').replace(/\s+\d{1,4}\s*$/, ''));
}

/** A paper's front-matter labels ("Keywords", "General Terms") are metadata, not sections to teach. */
const frontMatterLabel =
  /^(categories and subject descriptors|general terms|keywords|key words|index terms|ccs concepts|acm reference format)\b/i;

/** A Roman part number opening a bookmark, before a capital ("IV Partie 2 - Analyse"). */
const partNumber = /^\s*[IVXLC]{1,6}\.?\s+(?=\p{Lu})/u;

const chapterLabel =
  /^(?:(?:chapter|part|appendix|lecture|unit|chapitre|partie|kapitel|teil|capitolo|parte|capítulo)\s+(?:[\dIVXLC]{1,5}|[A-Z])\.?|(?:première|premiere|seconde|\p{L}{3,}i[eè]me)\s+partie)$/iu;

/**
 * Decides which lines are headings: the document outline when there is one (or the table of
 * contents printed on its first pages, when that lists more), else the type (pdf-layout-headings).
 * Level 1 is the title on page 1; the lines set with it are its title block. Headings set below
 * the outline's deepest level (an unnumbered bold subsection under bookmarked sections) are read
 * from the type too.
 */
export function detectHeadings(lines: PdfLine[], body: BodyStats, bookmarks: PdfOutlineEntry[]): Map<number, HeadingDecision> {
  const out = new Map<number, HeadingDecision>();
  const toc = findPageToc(lines, body);
  const outline = toc.entries.length >= 3 && toc.entries.length > bookmarks.length ? toc.entries : bookmarks;
  // The outline is read in order: each entry names one heading, the first line after the previous
  // entry's heading that carries its words; a later line with the same words is a running head.
  const entries = outline
    .map((e) => ({
      key: fold(e.title),
      loose: foldLoose(e.title),
      // hyperref puts a part's Roman number before its title ("II Corrections"); the page sets it on a line of its own
      // ("Part II", "Deuxième partie") above the title.
      partless: partNumber.test(e.title) ? fold(e.title.replace(partNumber, '')) : undefined,
      depth: e.depth,
      title: e.title.trim(),
    }))
    .filter((e) => e.key.length >= 3);
  let nextEntry = 0;
  const matched = new Set<string>();
  const matchOutline = (text: string, size = body.size): { depth: number; title: string } | 'repeat' | undefined => {
    const key = fold(text);
    const loose = foldLoose(text);
    // Bookmarks often leave out the section number the page sets ("Glycolysis" for "1.1 Glycolysis", "Inner product"
    // for an appendix's "B.2 Inner product"): a dotted number always goes, a bare "1" only on a line larger than the
    // body (a running head "12 Title" is not).
    const unnumbered = text.replace(
      size > body.size + 0.5
        ? /^\s*(?:\d{1,2}(?:\.\d{1,2})*|[A-Z](?:\.\d{1,2})+)\.?\s+(?=\D)/
        : /^\s*(?:\d{1,2}|[A-Z])(?:\.\d{1,2})+\.?\s+(?=\D)/,
      '',
    );
    const numberless = fold(unnumbered);
    // A numbered heading with a subtitle the bookmark leaves out ("B.6 Operation on vectors — Introduction to ...").
    const subtitled = unnumbered !== text ? /^(.+?)(?:\s+[—–]\s+|:\s+)\S/.exec(unnumbered) : null;
    const headKey = subtitled ? fold(subtitled[1]) : undefined;
    // A line ending in a page number ("1 Introduction 5") is a table-of-contents entry or a running head, never the heading.
    const endsInNumber = /\s\d{1,4}\s*$/.test(text) && !/\s\d{1,4}\s*$/.test(outlineTitleOf(key) || outlineTitleOf(numberless));
    for (let k = nextEntry; k < Math.min(entries.length, nextEntry + 8) && !endsInNumber; k++) {
      const sameWords = entries[k].loose === loose && loose.length >= 3 && !/^\s*\d{1,4}\s+\D/.test(text);
      // A bookmark may itself open with a number that is a word of the title ("1er théorème de Noether", set "1.2 1^{er} ...").
      const ownNumber = /^\d+(?:[.\s]|$)/.test(entries[k].title);
      const withoutNumber = numberless !== key && !ownNumber && (entries[k].key === numberless || entries[k].key === headKey);
      // hyperref drops mathematics from a bookmark ("Modèle Poisson-" for "8 Modèle Poisson-Σ"): a line whose words
      // are the bookmark's and then a Greek letter or two is that heading.
      // It keeps the letter's index or power: "Intervalle de confiance pour 1" for "... pour β₁", "Estimateur de 2" for "σ²".
      const greekless = numberless.normalize('NFKC').replace(/\p{Script=Greek}/gu, '');
      const mathDropped =
        entries[k].key.length >= 6 &&
        (/^\p{Script=Greek}{1,2}$/u.test(numberless.startsWith(entries[k].key) ? numberless.slice(entries[k].key.length) : '') ||
          (greekless !== numberless.normalize('NFKC') && greekless === entries[k].key.normalize('NFKC')));
      const partTitle = entries[k].partless !== undefined && entries[k].partless === key && key.length >= 3;
      if (entries[k].key === key || sameWords || withoutNumber || mathDropped || partTitle) {
        nextEntry = k + 1;
        matched.add(entries[k].loose);
        return { depth: entries[k].depth, title: entries[k].title };
      }
    }
    if (matched.has(loose)) return 'repeat';
    return undefined;
  };
  const titles = new Map(outline.map((e) => [fold(e.title), e.title]));
  function outlineTitleOf(key: string): string {
    return titles.get(key) ?? '';
  }
  // With bookmarks, the document's headings are exactly them (and the title): large type elsewhere is a
  // formula, a figure label or a title-page line, not a heading.
  const outlineOnly = entries.length >= 3;
  // Table-of-contents pages list the bookmarks' titles line after line: nothing on them is a heading.
  const tocPages = new Set<number>();
  if (entries.length >= 3) {
    const looseKeys = new Set(entries.map((e) => e.loose));
    const perPage = new Map<number, { lines: number; hits: number; prose: number }>();
    for (const l of lines) {
      const c = perPage.get(l.page) ?? { lines: 0, hits: 0, prose: 0 };
      c.lines++;
      if (looseKeys.has(foldLoose(l.text.replace(/[.\s·…]{3,}\d{1,4}\s*$/, '')))) c.hits++;
      // Sentences between the titles: a page of short sections (three subsections of a few lines each), not a contents page.
      else if (!l.region && wordCount(l.text) >= 6 && !/\d\s*$/.test(l.text)) c.prose++;
      perPage.set(l.page, c);
    }
    for (const [page, c] of perPage) if (c.hits >= 4 && c.hits >= c.lines * 0.3 && c.prose <= c.hits) tocPages.add(page);
  }
  for (const page of toc.pages) tocPages.add(page);
  // The contents pages are dropped: their entries are the headings, found again where they stand. Text set below the
  // last entry of the last contents page is the document's (its first section, when the contents do not fill the page).
  const lastTocPage = Math.max(...tocPages);
  const end = tocPages.size ? contentsEnd(lines.filter((l) => l.page === lastTocPage)) : undefined;
  // Contents that do not end with their page go on at the head of the next one, above its first section.
  const nextPage = tocPages.size ? Math.min(...lines.filter((l) => l.page > lastTocPage).map((l) => l.page)) : Infinity;
  const tail = Number.isFinite(nextPage)
    ? contentsTail(
        lines.filter((l) => l.page === nextPage),
        lines.filter((l) => l.page === lastTocPage),
      )
    : undefined;
  lines.forEach((l, i) => {
    if (tail !== undefined && l.page === nextPage && !l.region && !l.isMargin && l.y >= tail)
      out.set(i, { level: 6, isTitle: false, drop: true });
    if (end !== undefined && l.page === lastTocPage && !l.region && l.y < end) return;
    // A contents page read as a table (its page numbers a column) goes with it.
    if (tocPages.has(l.page) && (!l.region || (l.region.kind === 'table' && toc.pages.has(l.page))) && !l.isMargin)
      out.set(i, { level: 6, isTitle: false, drop: true });
  });
  // The number of the last heading read from the bookmarks ("5.1"), so deeper numbered headings below it ("5.1.2") are kept too.
  let lastNumbered: { number: string; level: number } | undefined;

  const found = findTitleBlock(lines, body);
  // The heading of a contents page ("Contents" set large on the first page) is not the document's title: it goes with its page.
  const contentsHead =
    found.title.length === 1 && tocPages.has(lines[found.title[0]].page) && contentsTitle.test(lines[found.title[0]].text.trim());
  const titleBlock = contentsHead ? { title: [], block: [] } : found;
  const titleIndexes = titleBlock.title;
  // A title line that is the first bookmark is that bookmark's heading ("1 Energy in Cells" of a chapter file).
  const firstBookmark =
    titleIndexes.length && entries.length
      ? matchOutline(titleIndexes.map((i) => lines[i].text.trim()).join(' '), lines[titleIndexes[0]].size)
      : undefined;
  for (const [n, i] of titleIndexes.entries()) {
    if (firstBookmark && firstBookmark !== 'repeat') {
      const line = lines[i].text.trim();
      const own =
        titleIndexes.length === 1 && lowerCasedOf(line, firstBookmark.title) && fold(line) === fold(firstBookmark.title)
          ? { text: firstBookmark.title }
          : {};
      out.set(i, { level: Math.min(6, firstBookmark.depth + 2), isTitle: n === 0, ...own });
    } else out.set(i, { level: 1, isTitle: true });
  }
  // "Part I" (or "Première partie") set just above the first bookmark's title is its label, as it is further on.
  const labelAbove = titleIndexes[0] - 1;
  if (
    firstBookmark &&
    firstBookmark !== 'repeat' &&
    labelAbove >= 0 &&
    lines[labelAbove].page === lines[titleIndexes[0]].page &&
    chapterLabel.test(lines[labelAbove].text.trim())
  )
    out.set(labelAbove, { level: 6, isTitle: false, drop: true });
  // Authors, course and date set with a title (not with a chapter's first bookmark) are metadata.
  if (!(firstBookmark && firstBookmark !== 'repeat'))
    for (const i of titleBlock.block) if (!out.has(i)) out.set(i, { level: 6, isTitle: false, titleBlock: true });

  lines.forEach((line, i) => {
    if (!entries.length || out.has(i) || line.region || line.isMargin) return;
    const text = line.text.trim();
    const words = wordCount(text);
    if (!/\p{L}{3}/u.test(text) || words > 20 || text.length > 160) return;
    let fromOutline = matchOutline(text, line.size);
    // A long title set over two lines ("Implementation of Symmetric (Secret Key)" / "Cryptography").
    const next = lines[i + 1];
    if (
      fromOutline === undefined &&
      next &&
      next.page === line.page &&
      Math.abs(next.size - line.size) < 0.5 &&
      wordCount(next.text) <= 8
    ) {
      fromOutline = matchOutline(`${text} ${next.text.trim()}`, line.size);
      if (fromOutline && fromOutline !== 'repeat') out.set(i + 1, { level: Math.min(6, fromOutline.depth + 2), isTitle: false });
    }
    if (fromOutline === 'repeat') {
      out.set(i, { level: 6, isTitle: false, drop: true });
      return;
    }
    if (fromOutline) {
      const own = lowerCasedOf(text, fromOutline.title) && fold(text) === fold(fromOutline.title) ? { text: fromOutline.title } : {};
      out.set(i, { level: Math.min(6, fromOutline.depth + 2), isTitle: false, ...own });
      const num = numbered.exec(text)?.[1];
      lastNumbered = num ? { number: num, level: Math.min(6, fromOutline.depth + 2) } : undefined;
      // "Chapter 3" set on its own line just above the chapter's title is a label, not a heading of its own.
      const prev = i - 1;
      if (prev >= 0 && chapterLabel.test(lines[prev].text.trim()) && lines[prev].page === line.page)
        out.set(prev, { level: 6, isTitle: false, drop: true });
      return;
    }
    if (outlineOnly) {
      // Below the bookmarks' deepest level: a numbered heading that extends the last one ("5.1.2" under "5.1").
      const m = numbered.exec(text);
      const differentType = line.font !== body.font || line.size > body.size + 0.4;
      if (m && lastNumbered && m[1].startsWith(`${lastNumbered.number}.`) && differentType && words <= 12 && !/[.:]$/.test(text)) {
        const extra = m[1].split('.').length - lastNumbered.number.split('.').length;
        out.set(i, { level: Math.min(6, lastNumbered.level + extra), isTitle: false });
      }
    }
  });

  if (!outlineOnly) {
    for (const [i, h] of layoutHeadings(lines, body, (k) => out.has(k))) {
      if (!frontMatterLabel.test(h.runIn ?? lines[i].text.trim())) out.set(i, { level: h.level, isTitle: false, runIn: h.runIn });
    }
    return out;
  }
  // Headings the outline leaves out: unnumbered lines set like its headings ("Foreword", "References"
  // missing from a contents page) take their level; bold or italic headings in smaller or plainer type
  // than any of them sit below its deepest level.
  const kept = [...out].filter(([, d]) => !d.drop && !d.titleBlock && !d.isTitle);
  if (kept.length === 0) return out;
  const style = (l: PdfLine, w: number) => `${Math.round(l.size * 2) / 2}|${w}`;
  const levelsOfStyle = new Map<string, number[]>();
  for (const [i, d] of kept)
    levelsOfStyle.set(style(lines[i], weight(lines[i])), [...(levelsOfStyle.get(style(lines[i], weight(lines[i]))) ?? []), d.level]);
  const deepest = Math.max(...kept.map(([, d]) => d.level));
  const plainest = kept
    .map(([i]) => lines[i])
    .reduce((a, b) => (b.size < a.size - 0.3 || (Math.abs(b.size - a.size) < 0.3 && weight(b) < weight(a)) ? b : a));
  const below = (l: PdfLine, w: number) => l.size < plainest.size - 0.3 || (Math.abs(l.size - plainest.size) < 0.3 && w < weight(plainest));
  const leftOut = (text: string) => numbered.test(text) || frontMatterLabel.test(text.trim());
  const numberedOut: Array<{ i: number; depth?: number; continued?: boolean }> = [];
  for (const [i, h] of layoutHeadings(lines, body, (k) => out.has(k), deepest + 1, leftOut, numberedOut)) {
    const line = lines[i];
    const w = h.runIn ? (line.lead?.face === 'bold' ? 2 : 1) : weight(line);
    const same = levelsOfStyle.get(style(line, w));
    if (same && !h.runIn) out.set(i, { level: Math.min(...same), isTitle: false });
    else if (below(line, w)) out.set(i, { level: Math.max(deepest + 1, Math.min(6, h.level)), isTitle: false, runIn: h.runIn });
  }
  nestBoundInSections(lines, body, out, numberedOut);
  return out;
}

/**
 * A document bound in with its own numbered sections (a notebook printed by a browser, set in fonts of its own:
 * pdf-layout-headings.ts `boundInPages`) is no part of the outline: its "1." and "1.1." nest under the heading of the
 * host document before them, by their numbering's depth; a heading's second line takes its first's level.
 */
function nestBoundInSections(
  lines: PdfLine[],
  body: BodyStats,
  out: Map<number, HeadingDecision>,
  found: Array<{ i: number; depth?: number; continued?: boolean }>,
): void {
  if (found.length === 0) return;
  const boundIn = boundInPages(lines, body);
  let prev: HeadingDecision | undefined;
  for (const { i, depth, continued } of found) {
    if (!boundIn.of(lines[i])) continue;
    if (continued) {
      if (prev && out.get(i - 1) === prev) out.set(i, { ...prev });
      continue;
    }
    prev = undefined;
    if (depth === undefined || depth < 1 || frontMatterLabel.test(lines[i].text.trim())) continue;
    let host: HeadingDecision | undefined;
    for (let k = i - 1; k >= 0 && !host; k--) {
      const d = out.get(k);
      if (d && !d.drop && !d.titleBlock && !boundIn.of(lines[k])) host = d;
    }
    if (!host) continue;
    prev = { level: Math.min(6, host.level + depth), isTitle: false };
    out.set(i, prev);
  }
}

function weight(line: PdfLine): number {
  return line.bold ? 2 : line.italic ? 1 : 0;
}
