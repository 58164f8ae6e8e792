import type { PdfLine, PdfMark } from './pdf-types';

const pageNumber = /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/**
 * Lines that are publishing notices, not content: drafts, copyright, "do not distribute",
 * "to be published by". A "©" drawn as a circled c reads as "c 2019".
 */
const notice =
  /©|\(c\)\s*(?:19|20)\d\d|\bc\s+(?:19|20)\d\d\b|copyright\s*(?:©|\(c\)|\d{4})|all rights reserved|\bdraft\b.*(?:19|20)\d\d|(?:19|20)\d\d.*\bdraft\b|do not (?:post|distribute|copy|cite)|please do not|to be published by|preprint submitted to|licensed under (?:a |the )?creative commons/i;

/**
 * Drawings repeated at the same place in the top or bottom band of many pages: a logo and the rule of a running head
 * (fancyhdr, a university's template). They are page furniture, not figures: read as one, they took the running head
 * under them for a caption and, with it, the heading that followed ("Figure: Jannes Bantje – Mitschrift Dynamische
 * Systeme Inhaltsverzeichnis"). Returns the marks to leave out of figure finding.
 */
export function repeatedEdgeMarks(pages: Array<{ height: number; marks?: PdfMark[] }>): Set<PdfMark> {
  const out = new Set<PdfMark>();
  const min = Math.max(3, Math.ceil(pages.length * 0.3));
  if (pages.length < min) return out;
  const atEdge = (m: PdfMark, height: number) => m.y0 > 0.85 * height || m.y1 < 0.12 * height;
  const key = (m: PdfMark) => [m.kind, ...[m.x0, m.y0, m.x1, m.y1].map((v) => Math.round(v / 2))].join(',');
  const counts = new Map<string, number>();
  for (const p of pages) {
    const keys = new Set((p.marks ?? []).filter((m) => atEdge(m, p.height)).map(key));
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  for (const p of pages) for (const m of p.marks ?? []) if (atEdge(m, p.height) && (counts.get(key(m)) ?? 0) >= min) out.add(m);
  return out;
}

/** The text with digits folded, so "Chapter 3 - page 12" matches "Chapter 3 - page 13". */
function shape(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

type Page = { height: number; width?: number; lines: PdfLine[] };

/**
 * A title's words without its numbering: "CHAPTER 4. JAN 6: DISCRETE AND CONTINUOUS VARIABLES", "ch. 4 quantified logic",
 * "1.2. SENTENCES AND THEIR PARTS" and the headings they repeat ("Jan 6: Discrete and continuous variables") read alike.
 */
export function titleWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*(?:chapter|chap\.|ch\.|section|sec\.|part|appendix|lecture|unit)\s+[\divxlc]+[a-z]?\b\.?/i, '')
    .replace(/^\s*(?:[\d]+|[a-z])(?:\.\d+)*\.?\s/, '')
    .replace(/\s\d{1,4}\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A page's lines near its top or bottom in type no larger than the body's: where a running notice is printed. */
function noticeZone(page: Page, bodySize: number): PdfLine[] {
  const zone = (l: PdfLine) => l.y < page.height * 0.16 || l.y > page.height * 0.9;
  return page.lines.filter((l) => !l.region && zone(l) && l.size <= bodySize + 0.5);
}

/**
 * Publishing notices printed near the top or bottom of two pages or more (a "Draft ... do not
 * distribute" foot, a copyright line under every page), with the lines set with them: the block of
 * lines in the same zone that touches the notice, in type no larger than it, printed there on other
 * pages too (a one-off licence line set above a running copyright foot stays). A notice printed once
 * (a licence line on the title page, the copyright of the first page's foot) is the material's own
 * text and stays; the book keeps it as a publishing notice.
 */
function noticeLines(page: Page, bodySize: number, repeated: (line: PdfLine) => boolean): Set<PdfLine> {
  const out = new Set<PdfLine>();
  const candidates = noticeZone(page, bodySize);
  for (const hit of candidates.filter((l) => notice.test(l.text) && repeated(l))) {
    out.add(hit);
    // Walk up and down from the notice while lines stay close and no larger.
    for (const dir of [1, -1]) {
      let last = hit;
      const around = candidates.filter((l) => (dir > 0 ? l.y > hit.y : l.y < hit.y)).sort((a, b) => dir * (a.y - b.y));
      for (const l of around) {
        if (Math.abs(l.y - last.y) > 1.8 * Math.max(l.size, last.size) || l.size > hit.size + 0.5 || !repeated(l)) break;
        out.add(l);
        last = l;
      }
    }
  }
  return out;
}

/**
 * An equation's number at the foot of a page ("(12)" beside a display's rows, read like a page number in parentheses): set
 * right of a line of mathematics within a line's height of it. A page number stands on a baseline of its own.
 */
function numbersFormula(line: PdfLine, lines: PdfLine[]): boolean {
  if (line.region || !/^\(\d+(?:\.\d+)*[a-z]?\)$/.test(line.text.trim())) return false;
  return lines.some((o) => o !== line && !o.region && (o.math ?? 0) >= 0.2 && o.x1 < line.x0 && Math.abs(o.y - line.y) < 1.5 * line.size);
}

/**
 * Removes running headers, running footers, page numbers, watermarks and publishing notices:
 * lines in the top or bottom 9% of the page that are page numbers or whose text (digits folded)
 * recurs in the same band on at least a quarter of the pages; a page's top line set apart at the
 * place and in the type where a quarter of the pages have theirs (a running head naming each
 * chapter in turn); a line repeated at the same place
 * on half the pages or more anywhere on the page (a watermark); and notices ("Draft ...", "©
 * 2019 ...", "Please do not distribute") near the top or bottom of two pages or more. A notice on
 * one page only is text, kept where it stands.
 */
export function removeFurniture(pages: Page[], bodySize = 10, outline: string[] = []): { pages: PdfLine[][]; removed: number } {
  // The page's first and last baselines are in the bands wherever they are (a running head set 14% from the top).
  const extremes = new Map<Page, { top: number; bottom: number }>();
  for (const page of pages) {
    const ys = page.lines.filter((l) => !l.region && !l.isMargin).map((l) => l.y);
    if (ys.length) extremes.set(page, { top: Math.max(...ys), bottom: Math.min(...ys) });
  }
  const inBand = (line: PdfLine, height: number, page?: Page): 'top' | 'bottom' | undefined => {
    const ends = page && extremes.get(page);
    if (line.y > height * 0.91 || (ends && line.y >= ends.top - 2 && line.y > height * 0.75)) return 'top';
    if (line.y < height * 0.09 || (ends && line.y <= ends.bottom + 2 && line.y < height * 0.25)) return 'bottom';
    return undefined;
  };
  // Slides (a Beamer deck: pages wider than tall) have no running heads: the line over each is the frame's title, repeated
  // over the frames that go on with it ("a bayesian example: is a coin fair?" on three frames in turn).
  const slides = pages.length > 0 && pages.filter((p) => p.width !== undefined && p.width > 1.15 * p.height).length >= 0.8 * pages.length;
  const shapes = new Map<PdfLine, string>();
  const shapeOf = (line: PdfLine) => {
    let key = shapes.get(line);
    if (key === undefined) shapes.set(line, (key = shape(line.text)));
    return key;
  };
  // Where a line is printed and its folded text, once per line (looked up again when the page is filtered).
  const atKeys = new Map<PdfLine, string>();
  const atKey = (line: PdfLine) => {
    let key = atKeys.get(line);
    if (key === undefined) atKeys.set(line, (key = `at|${Math.round(line.y / 3)}|${shapeOf(line)}`));
    return key;
  };
  const counts = new Map<string, number>();
  const placed = new Map<string, number>();
  // A running head changes with the chapter ("Chapter 2. ..." then "Chapter 3. ...") but keeps its
  // place, type and the space under it: the page's top line at that slot, set apart from the text,
  // mostly repeating its words from page to page (a section heading at the top of each page does not).
  const slots = new Map<string, Map<string, number>>();
  // The head shares its baseline with the page number ("CHAPTER 2. THE SCOPE OF LOGIC ... 8", the number on the
  // outer side of alternating pages): the slot's line is the longest on the top baseline, the text under it the next below.
  const slotOf = (page: Page): { line: PdfLine; key: string; beside: PdfLine[] } | undefined => {
    const text = page.lines.filter((l) => !l.region && !l.isMargin).sort((a, b) => b.y - a.y);
    if (!text.length) return undefined;
    const onTop = text.filter((l) => text[0].y - l.y < 0.5 * text[0].size);
    const top = onTop.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    // Under it: the next text line, or on a page that is one drawing under its head (a proof), the drawing's top edge.
    const textBelow = text.filter((l) => !onTop.includes(l)).map((l) => l.y);
    const below = textBelow.length ? textBelow : page.lines.filter((l) => l.region && l.region.y1 < top.y).map((l) => l.region!.y1);
    // A page with nothing else (a blank verso under its head) has its head set apart all the same.
    if (inBand(top, page.height, page) !== 'top' || top.y - Math.max(-Infinity, ...below) < 1.9 * top.size) return undefined;
    return { line: top, key: `${Math.round(top.y / 2)}|${top.font}|${Math.round(top.size)}`, beside: onTop.filter((l) => l !== top) };
  };
  for (const page of pages) {
    const slot = slotOf(page);
    if (!slot) continue;
    const texts = slots.get(slot.key) ?? new Map<string, number>();
    texts.set(shapeOf(slot.line), (texts.get(shapeOf(slot.line)) ?? 0) + 1);
    slots.set(slot.key, texts);
  }
  // The document's own titles: its bookmarks and the lines set larger or bolder than the body (its headings).
  const titles = new Set(outline.map(titleWords));
  for (const page of pages)
    for (const l of page.lines) if (!l.region && !l.isMargin && (l.size > bodySize + 0.5 || l.bold)) titles.add(titleWords(l.text));
  titles.delete('');
  // A running head repeats a title in the head's own type ("CHAPTER 2. THE SCOPE OF LOGIC" over the pages of "The scope of
  // logic"), once per page of the chapter: in a short document, or in a chapter of two pages, it repeats too seldom to count.
  const repeatsTitle = (line: PdfLine): boolean =>
    !line.bold && line.size <= bodySize + 0.5 && titleWords(line.text).length >= 3 && titles.has(titleWords(line.text));
  const runningSlot = (key: string): boolean => {
    if (slides) return false;
    const texts = [...(slots.get(key)?.values() ?? [])];
    const total = texts.reduce((a, b) => a + b, 0);
    const repeated = texts.filter((n) => n >= 2).reduce((a, b) => a + b, 0);
    return pages.length >= 6 && total >= Math.max(3, Math.ceil(pages.length * 0.25)) && repeated >= total * 0.6;
  };
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of page.lines) {
      if (line.region) continue;
      // A head set in the outer margin (a chapter's name beside the text on every page) repeats as a margin line.
      const band = line.isMargin ? 'margin' : inBand(line, page.height, page);
      const at = atKey(line);
      if (!seen.has(at)) placed.set(at, (placed.get(at) ?? 0) + 1);
      seen.add(at);
      if (!band) continue;
      const key = `${band}|${shapeOf(line)}`;
      if (!seen.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
      seen.add(key);
    }
  }
  // Lines near the top or bottom by their text (digits folded), and how many pages print them there.
  const zonePages = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(noticeZone(page, bodySize).map(shapeOf));
    for (const key of keys) zonePages.set(key, (zonePages.get(key) ?? 0) + 1);
  }
  const repeatedNotice = (line: PdfLine) => (zonePages.get(shapeOf(line)) ?? 0) >= 2;
  // A heading set at the top of its page ("1 Blatt 01", then "2 Blatt 02" pages later) is no running head however alike the
  // headings read with their digits folded: set larger than the body, printed once so, its words (number aside) a bookmark's.
  const bookmarks = new Set(outline.map((t) => t.trim().toLowerCase()));
  const printed = new Map<string, number>();
  for (const page of pages)
    for (const l of page.lines) if (!l.region && l.size > bodySize + 0.5) printed.set(l.text.trim(), (printed.get(l.text.trim()) ?? 0) + 1);
  const ownHeading = (line: PdfLine) =>
    line.size > bodySize + 0.5 &&
    printed.get(line.text.trim()) === 1 &&
    bookmarks.has(
      line.text
        .trim()
        .replace(/^\d{1,2}(?:\.\d{1,2})*\.?\s+(?=\D)/, '')
        .toLowerCase(),
    );
  const minRepeats = Math.max(2, Math.ceil(pages.length * 0.25));
  const minPlaced = Math.max(3, Math.ceil(pages.length * 0.5));
  let removed = 0;
  let lastFrameTitle = '';
  const kept = pages.map((page) => {
    const notices = noticeLines(page, bodySize, repeatedNotice);
    const slot = slotOf(page);
    // A slide's title set larger than its text heads the slide; the same title over the next frames (a frame that goes on)
    // is said once.
    let frameTitle: PdfLine | undefined;
    if (slides && slot && slot.line.size > bodySize + 0.5) {
      if (shapeOf(slot.line) === lastFrameTitle) notices.add(slot.line);
      else frameTitle = slot.line;
      lastFrameTitle = shapeOf(slot.line);
    } else if (slides) lastFrameTitle = '';
    if (slot && (runningSlot(slot.key) || (!slides && repeatsTitle(slot.line)))) {
      notices.add(slot.line);
      // Both marks on the head's baseline (fancyhdr: the section's on one side, the subsection's on the other): the
      // shorter one, repeating a title too, is the head's as well, not a heading over the page's first paragraph.
      for (const l of slot.beside) if (!slides && repeatsTitle(l)) notices.add(l);
    }
    // A page number is the page's first or last line, wherever that is (a chapter's first page sets it above a notice).
    const text = page.lines.filter((l) => !l.region && !l.isMargin && !notices.has(l));
    const ends = new Set(text.length ? [text.reduce((a, b) => (b.y > a.y ? b : a)), text.reduce((a, b) => (b.y < a.y ? b : a))] : []);
    return page.lines
      .filter((line) => {
        if (numbersFormula(line, page.lines)) return true;
        if (ends.has(line) && pageNumber.test(line.text.trim())) {
          removed++;
          return false;
        }
        if (line.region || ownHeading(line)) return true;
        const text = line.text.trim();
        const band = inBand(line, page.height, page);
        // (shape() trims: the line's folded text is its trimmed text's.)
        const onHalfThePages = (placed.get(atKey(line)) ?? 0) >= minPlaced;
        // A frame's title printed over a few frames in turn is not a running head; one over half the deck is.
        if (line === frameTitle && !onHalfThePages) return true;
        const isFurniture =
          notices.has(line) ||
          (pages.length >= 3 && text.length >= 3 && onHalfThePages) ||
          (line.isMargin === true &&
            pages.length >= 3 &&
            text.length <= 80 &&
            (counts.get(`margin|${shapeOf(line)}`) ?? 0) >= minRepeats) ||
          (band !== undefined &&
            (pageNumber.test(text) || (pages.length >= 3 && (counts.get(`${band}|${shapeOf(line)}`) ?? 0) >= minRepeats)));
        if (isFurniture) removed++;
        return !isFurniture;
      })
      .map((line) => (line === frameTitle ? { ...line, frameTitle: true } : line));
  });
  return { pages: kept, removed };
}
