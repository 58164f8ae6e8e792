import type { DocBlock, ExtractedDocument, ReadingWarning } from '@server/core/document-model';
import { warningFields } from '@server/core/reading-warnings';
import { normalizeCharacters } from '@server/core/nlp';
import { ExtractError } from '../extract-error';
import { buildBlocks } from './pdf-blocks';
import { attachListingCaptions } from './pdf-listing-captions';
import { attachCaptions } from './pdf-captions';
import { orderPage } from './pdf-columns';
import { findEquations } from './pdf-equations';
import { withGlyphLatex } from './pdf-display-glyphs';
import { dropOrnaments, findFigures } from './pdf-figures';
import { readNumberedListings } from './pdf-numbered-listings';
import { removeFurniture, repeatedEdgeMarks } from './pdf-furniture';
import { dropOverlaySteps } from './pdf-overlay-steps';
import { pageSegments, type Segment } from './pdf-lines';
import { continuesUrl } from './pdf-join';
import { readsAsCode } from './pdf-code-lines';
import { attachLinks } from './pdf-links';
import { splitLinkColumns } from './pdf-link-lists';
import { attachFaces } from './pdf-faces';
import { restoreLowerCasedHeadings } from './pdf-heading-case';
import { joinWrappedPoints, pointsUnderTitles } from './pdf-points-labels';
import { bodyColumns, placeNotes, splitMargins } from './pdf-margin';
import { unreadableWarnings } from './pdf-pages';
import { unreadPagePictures, unreadScanPictures } from './pdf-unread-pages';
import { pdfScanPages } from '../ocr/ocr-pdf';
import { defaultScanLimits, readScannedPages, scanWarnings, type ScanLimits, type ScanOutcome } from '../ocr/ocr-read';
import { readPdf } from './pdf-read';
import { defaultRenderLimits, renderRegions, type RenderLimits } from './pdf-render';
import { bodyStats, type BodyStats } from './pdf-stats';
import { findTables } from './pdf-tables';
import { dropTodoNotes, todoNotesLine, todoNotesWarning } from './pdf-todo-notes';
import { markAlgorithms } from './pdf-algorithms';
import { markColumnLists } from './pdf-column-lists';
import { markExerciseAnswers } from './pdf-exercise-columns';
import { findWordDisplays } from './pdf-word-displays';
import { findClauseDisplays, takeDisplayLabels } from './pdf-clause-displays';
import { findWordEquations } from './pdf-word-equations';
import { findLimitDisplays } from './pdf-operator-limits';
import { findAnswerBoxes, splitAtAnswerBoxes, type AnswerBox } from './pdf-answer-boxes';
import type { PdfLine, PdfRaw, PdfRegion } from './pdf-types';

/** The structure of a PDF before its pictures are drawn: each figure, equation or table block waits for its region's image. */
export interface PdfStructured {
  document: ExtractedDocument;
  pending: Array<{ block: DocBlock; region: PdfRegion }>;
  /** Warnings of what was left out on purpose (the author's to-do notes), beside those of unreadable pages. */
  notes: ReadingWarning[];
}

/** Private-use characters are pieces of big brackets and braces (TeX's extension font): nothing to read. */
const clean = (text: string) =>
  normalizeCharacters(text)
    .replace(/[\uE000-\uF8FF]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Body type size: whatever size carries most characters. */
function bodySizeOf(segments: Segment[]): number {
  const weight = new Map<number, number>();
  for (const s of segments) {
    const key = Math.round(s.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + s.chars);
  }
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/**
 * A picture at the same place on many pages (a publisher's banner, a logo in the header) is page
 * furniture, not a figure.
 */
function dropRepeatedPictures(pages: Array<{ regions: PdfRegion[] }>, pageCount: number): void {
  const key = (r: PdfRegion) => [r.x0, r.y0, r.x1, r.y1].map((v) => Math.round(v / 4)).join(',');
  const counts = new Map<string, number>();
  for (const p of pages) for (const k of new Set(p.regions.filter((r) => !r.caption).map(key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  const min = Math.max(3, Math.ceil(pageCount * 0.3));
  for (const p of pages) p.regions = p.regions.filter((r) => r.caption || (counts.get(key(r)) ?? 0) < min);
}

/** A region as a segment, so it takes its place in the page's reading order (columns included). */
function regionSegment(region: PdfRegion, size: number): Segment {
  return {
    page: region.page,
    x0: region.x0,
    x1: region.x1,
    y: region.y1,
    size,
    font: '',
    text: '',
    chars: 0,
    mono: false,
    math: 0,
    region,
  };
}

/**
 * Layout analysis of pdfjs output: figures (drawings, images and their labels), captions, margin
 * notes, reading order, furniture, display equations, tables, footnotes, then blocks. Pure, so
 * tests can feed it pages; the pictures are drawn afterwards from `pending`.
 */
export function structurePdf(input: PdfRaw, filename: string): PdfStructured {
  // The author's to-do notes (todonotes) are left out before anything reads the pages, and the warnings say so.
  // A slide uncovered over several pages is read from its last page (pdf-overlay-steps).
  const raw = { ...input, pages: dropOverlaySteps(input.pages).map((p) => ({ ...p })) };
  const dropped = dropTodoNotes(raw.pages);
  const todo = todoNotesLine(dropped);
  const { lines, body } = layoutLines(raw);
  const { blocks, title, titleBlock, bibliography, pending } = buildBlocks(lines, raw.outline, body);
  attachListingCaptions(blocks);
  attachLinks(
    blocks,
    raw.pages.flatMap((p) => (p.links ?? []).map((l) => ({ ...l, page: p.number }))),
  );
  blocks.splice(0, blocks.length, ...splitLinkColumns(blocks));
  attachFaces(
    blocks,
    lines.flatMap((l) => (l.faces ?? []).map((f) => ({ ...f, page: l.page }))),
  );
  const recased = restoreLowerCasedHeadings(blocks);
  pointsUnderTitles(blocks);
  const text = blocks.map((b) => b.text).join('\n\n');
  const notes: ReadingWarning[] = todo ? [{ message: todoNotesWarning(todo), pages: dropped.pages, leftOut: true }] : [];
  const warnings = [...unreadableWarnings(raw.pages), ...notes];
  return {
    document: {
      filename,
      mime: 'application/pdf',
      text,
      blocks,
      title: (title && recased.get(title)) ?? title ?? visibleTitle(blocks, titleBlock, usableMetaTitle(raw.metaTitle)),
      titleBlock: titleBlock.length ? titleBlock : undefined,
      bibliography: bibliography.length ? bibliography : undefined,
      pageCount: input.pages.length,
      ...warningFields(warnings),
      ...(todo ? { omitted: [`the author's notes to self: ${todo}`] } : {}),
    },
    pending,
    notes,
  };
}

/** The document's lines in reading order, with figures, equations, tables, margin notes and footnotes marked and furniture gone. */
export function layoutLines(raw: PdfRaw): { lines: PdfLine[]; body: BodyStats } {
  const segmented = raw.pages
    .map((read) => ({ ...read, items: readNumberedListings(read.items) }))
    .map((page) => ({
      page,
      // An exercise's answer in small type under it is the text's, never a margin note (pdf-exercise-columns).
      segments: markExerciseAnswers(
        pageSegments(page).map((s) => ({
          ...s,
          text: clean(s.text),
          lead: s.lead && { ...s.lead, text: clean(s.lead.text) },
          ...(s.faces ? { faces: s.faces.map((f) => ({ ...f, text: clean(f.text) })) } : {}),
        })),
      ),
    }));
  const bodySize = bodySizeOf(segmented.flatMap((p) => p.segments));
  const columns = bodyColumns(
    segmented.map((p) => ({ number: p.page.number, segments: p.segments })),
    bodySize,
  );
  const furniture = repeatedEdgeMarks(raw.pages);
  const withFigures = segmented.map(({ page, segments }) => {
    // A scanned page is one picture of text, recognized as text; a page of unmapped fonts is kept whole as a picture: no figures of their own.
    if (page.unreadable) return { page, regions: [] as PdfRegion[], segments, answers: [] as AnswerBox[] };
    const drawn = furniture.size ? page.marks?.filter((m) => !furniture.has(m)) : page.marks;
    // Answer boxes after their labels are blanks of the text, not drawings (pdf-answer-boxes).
    const answers = findAnswerBoxes(page.number, drawn ?? [], segments, bodySize);
    const marks = drawn && answers.boxes.length ? answers.marks : drawn;
    const found = findFigures({ ...page, marks }, segments, bodySize, columns?.get(page.number % 2));
    const captioned = attachCaptions(found.regions, found.segments, bodySize, page.width);
    const kept = dropOrnaments(captioned.regions, captioned.segments);
    return { page, regions: kept.regions, segments: kept.segments, answers: answers.boxes };
  });
  dropRepeatedPictures(withFigures, raw.pages.length);
  const margins = splitMargins(
    withFigures.map((p) => ({ number: p.page.number, height: p.page.height, segments: p.segments })),
    bodySize,
  );
  const ordered = withFigures.map(({ page, regions }, i) => {
    const body = margins[i].segments.concat(regions.map((r) => regionSegment(r, bodySize)));
    const lines = orderPage(body, page.width, columns?.get(page.number % 2));
    const notes = orderPage(margins[i].notes, page.width).map((l) => ({ ...l, isMargin: true }));
    return { height: page.height, width: page.width, lines: placeNotes(lines, notes) };
  });
  const { pages } = removeFurniture(
    ordered,
    bodySize,
    raw.outline.map((o) => o.title),
  );
  const flat = pages.map((p, i) => ({ height: ordered[i].height, lines: p.filter((l) => l.text || l.region) }));
  const body = bodyStats(flat.flatMap((p) => p.lines).filter((l) => !l.region && !l.isMargin));
  const withMath = flat.map((p, i) => ({
    height: p.height,
    lines: findTables(
      takeDisplayLabels(
        withGlyphLatex(
          findWordEquations(
            findClauseDisplays(
              findEquations(
                findWordDisplays(
                  markAlgorithms(
                    markColumnLists(splitAtAnswerBoxes(p.lines, withFigures[i].answers), body.size),
                    body.lineGap,
                    raw.pages[i].marks,
                  ),
                  raw.pages[i].marks,
                ),
                body.lineGap,
                raw.pages[i].marks,
              ),
              body.lineGap,
            ),
            body.lineGap,
          ),
          raw.pages[i],
        ),
        body.lineGap,
      ),
      body.lineGap,
      raw.pages[i].marks,
    ),
  }));
  const lines = markFootnotes(
    withMath.map((p) => ({ ...p, lines: joinWrappedPoints(findLimitDisplays(p.lines)) })),
    body.size,
  );
  const readable = lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);
  // Fonts without a Unicode map give control codes instead of letters: with no readable page at all, nothing is read.
  if (readable < 20 || (raw.unreadableChars > readable * 2 && !raw.pages.some((p) => p.unreadable)))
    throw new ExtractError('no-text', 'no readable text');
  return { lines, body };
}

/**
 * Marks footnotes: small type below the last body line of its column, in a
 * block that starts in the bottom third of the page (a small-type
 * bibliography further up is not a footnote).
 */
function markFootnotes(pages: Array<{ height: number; lines: PdfLine[] }>, bodySize: number): PdfLine[] {
  const all = pages.flatMap((p) => p.lines);
  if (all.length === 0) return all;
  const out: PdfLine[] = [];
  for (const { height, lines } of pages) {
    const lowestBody = new Map<number, number>();
    for (const l of lines)
      if (!l.region && !l.isMargin && Math.abs(l.size - bodySize) < 0.6)
        lowestBody.set(l.column, Math.min(lowestBody.get(l.column) ?? Infinity, l.y));
    // The tail of a web address broken at a slash, in the address's smaller typewriter type ("spiral.py." under "Solution:
    // http://thinkpython2.com/code/"), is the sentence's, not a footnote.
    const urlTail = new Set<PdfLine>();
    lines.forEach((l, k) => {
      const above = lines[k - 1];
      if (!above || !l.mono || above.y - l.y <= 0 || above.y - l.y > 2 * bodySize) return;
      // An address that starts in a footnote goes on in it: only a sentence in the text's own type keeps its tail.
      const inText = above.size >= bodySize - 0.9 || urlTail.has(above);
      if (inText && (continuesUrl(above.text, l.text) || (urlTail.has(above) && /[-/._~=&?#]$/.test(above.text.trim())))) urlTail.add(l);
    });
    // A listing's lines in small type at the foot of a page are the program's, not a footnote.
    const candidate = (l: PdfLine) =>
      !l.region &&
      !l.isMargin &&
      !urlTail.has(l) &&
      !(l.mono && readsAsCode(l.text, true)) &&
      l.size < bodySize - 0.9 &&
      l.y < (lowestBody.get(l.column) ?? -Infinity);
    const topOfNotes = new Map<number, number>();
    for (const l of lines) if (candidate(l)) topOfNotes.set(l.column, Math.max(topOfNotes.get(l.column) ?? -Infinity, l.y));
    for (const l of lines) {
      const isNote = candidate(l) && (topOfNotes.get(l.column) ?? Infinity) < height / 3;
      out.push(isNote ? { ...l, isNote } : l);
    }
  }
  return out;
}

/**
 * Without a title set as one on the first page, the document's metadata names it only when that title is printed on its
 * first pages: a Title left over from a template ("Policy Development Briefing Paper") is not the visible title. Then the
 * first heading of those pages is the title.
 */
function visibleTitle(blocks: DocBlock[], titleBlock: string[], meta: string | undefined): string | undefined {
  const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const early = blocks.filter((b) => (b.page ?? 1) <= 2);
  const printed = key([...titleBlock, ...early.map((b) => b.text)].join(' '));
  if (meta && key(meta).length >= 4 && printed.includes(key(meta))) return meta;
  return early.find((b) => b.kind === 'heading')?.text ?? (blocks.length && !printed ? meta : undefined);
}

function usableMetaTitle(title: string | undefined): string | undefined {
  if (!title || title.length < 4 || /^(untitled|microsoft word|document\d*)/i.test(title) || /\.(docx?|tex|dvi|pdf)$/i.test(title))
    return undefined;
  return title;
}

/** What drawing a PDF's pictures cost: the ingest benchmark's figures per second. */
export interface PdfRenderStats {
  pictures: number;
  ms: number;
  /** Scanned pages recognized as text, and the time it took (drawing them at 300 dpi included). */
  scannedPages?: number;
  scanMs?: number;
}

/** Scanned pages' blocks put where their pages are among the text pages' blocks. */
function mergeByPage(text: DocBlock[], scanned: DocBlock[]): DocBlock[] {
  const out: DocBlock[] = [];
  let next = 0;
  for (const block of text) {
    while (next < scanned.length && block.page !== undefined && (scanned[next].page ?? 0) < block.page) out.push(scanned[next++]);
    out.push(block);
  }
  return out.concat(scanned.slice(next));
}

/** Recognizes the pages that are pictures of text (none when the server has no canvas to draw them). */
async function readScans(
  doc: Awaited<ReturnType<typeof readPdf>>['doc'],
  raw: PdfRaw,
  limits: ScanLimits,
): Promise<ScanOutcome | undefined> {
  const scanned = raw.pages.filter((p) => p.unreadable === 'image').map((p) => p.number);
  if (!scanned.length) return undefined;
  const pages = await pdfScanPages(doc, scanned);
  try {
    return pages && (await readScannedPages(pages, limits));
  } catch {
    // Recognition failed (the engine could not start, a page could not be drawn): the scanned pages are named as unread, the rest is read.
    return undefined;
  }
}

/**
 * Reads a PDF into the document model, then draws its figures, equations and tables kept as
 * pictures. A picture that cannot be drawn leaves its block with its text (an equation's text,
 * a figure's caption), never a hole, and the document says so in a warning. Pages that are
 * pictures of text (scans) are recognized as text (ocr/), within the scan limits; a PDF of text
 * pages and scanned pages reads both.
 */
export async function extractPdfWithStats(
  data: Uint8Array,
  filename: string,
  limits: RenderLimits = defaultRenderLimits,
  scanLimits: ScanLimits = defaultScanLimits,
): Promise<{ document: ExtractedDocument; render: PdfRenderStats }> {
  const { raw, doc } = await readPdf(data);
  try {
    const scan = await readScans(doc, raw, scanLimits);
    let structured: PdfStructured | undefined;
    try {
      structured = structurePdf(raw, filename);
    } catch (err) {
      // Only scanned pages: the recognized text, and the pictures of pages not read in time, are the document.
      if (!(err instanceof ExtractError && err.reason === 'no-text' && (scan?.blocks.length || scan?.outOfTime.length))) throw err;
    }
    const pagePictures = [...(structured ? unreadPagePictures(raw.pages) : []), ...unreadScanPictures(raw.pages, scan?.outOfTime ?? [])];
    const pending = [...(structured?.pending ?? []), ...pagePictures];
    const outcome = await renderRegions(
      doc,
      pending.map((p) => p.region),
      limits,
    );
    const images = new Map<string, NonNullable<ExtractedDocument['images']>[number]>();
    for (const { block, region } of pending) {
      const image = outcome.images.get(region);
      if (!image) {
        // A figure without its picture is its caption; an equation keeps its text and number.
        if (block.kind === 'figure') Object.assign(block, { kind: 'caption' });
        continue;
      }
      const { data: _bytes, ...ref } = image;
      block.image = ref;
      images.set(image.sha256, image);
    }
    // Scanned pages read, or named by the scan's own warning as not reached, are not "no readable text" any more.
    const handled = new Set([...(scan?.read ?? []), ...(scan?.notRead ?? [])]);
    // A page whose picture could not be drawn keeps the text read from it, and its warning says no more.
    const pictured = pagePictures.filter((p) => p.block.image);
    const keptPages = new Set(pictured.map((p) => p.region.page));
    const stillUnreadable = unreadableWarnings(
      raw.pages.map((p) => (handled.has(p.number) ? { ...p, unreadable: undefined } : p)),
      keptPages,
    );
    const warnings = [
      ...stillUnreadable,
      ...(structured?.notes ?? []),
      ...(scan ? scanWarnings(scan, 'page', keptPages) : []),
      ...outcome.warnings,
    ];
    const blocks = mergeByPage(
      mergeByPage(
        structured?.document.blocks ?? [],
        pictured.map((p) => p.block),
      ),
      scan?.blocks ?? [],
    );
    // Only scanned pages, none read in time and none drawn as a picture: nothing is left to show.
    if (!structured && !blocks.length)
      throw new ExtractError('timeout', 'the time for recognizing its scanned pages ran out on a busy server');
    const base: ExtractedDocument = structured?.document ?? {
      filename,
      mime: 'application/pdf',
      text: '',
      blocks,
      title: blocks.find((b) => b.kind === 'heading')?.text,
      pageCount: raw.pages.length,
      headingSource: 'layout',
    };
    const summary = scan?.read.length ? `${scan.read.length} scanned ${scan.read.length === 1 ? 'page' : 'pages'} read as text` : undefined;
    return {
      document: {
        ...base,
        blocks,
        text: blocks.map((b) => b.text).join('\n\n'),
        images: images.size ? [...images.values()] : undefined,
        ...warningFields(warnings),
        ...(summary ? { summary } : {}),
        ...(scan?.read.length
          ? { recognized: scan.read.map((page) => ({ page, confidence: Math.round(scan.confidence.get(page) ?? 0) })) }
          : {}),
      },
      render: { pictures: outcome.images.size, ms: outcome.ms, ...(scan ? { scannedPages: scan.read.length, scanMs: scan.ms } : {}) },
    };
  } finally {
    await doc.loadingTask.destroy();
  }
}

export async function extractPdf(data: Uint8Array, filename: string): Promise<ExtractedDocument> {
  return (await extractPdfWithStats(data, filename)).document;
}
