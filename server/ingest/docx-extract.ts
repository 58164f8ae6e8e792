import { createHash } from 'node:crypto';
import mammoth from 'mammoth';
import { decodeEntities } from '@common/textbook-ops/html';
import type { DocBlock, DocLink, ExtractedDocument, ExtractedImage, ListMarker } from '../core/document-model';
import { warningFields } from '../core/reading-warnings';
import {
  closedLabelledTitle,
  equationMarks,
  monoMarks,
  prepareDocx,
  sizeHeadingStyleMap,
  type DocxEquation,
  type PreparedDocx,
} from './docx/prepare';
import { listNumberMarks } from './docx/list-numbers';
import { linkedText, placeAnchors, textWithTargets } from './links';
import { tabAlignedTables, tabCells, type TabRow } from './docx/tab-tables';
import { normalizeCharacters } from '../core/nlp';
import { ExtractError } from './extract-error';
import { looksLikeCode, mergeCodeRuns } from './code-lines';
import { answerMark } from './docx/answer-boxes';
import { calloutClose, calloutOpen } from './docx/callouts';
import { answerBlank } from './pdf/pdf-answer-boxes';
import { titleFromFilename } from './docx/file-title';
import { outlineListStyleMap } from './docx/outline-levels';
import { visibleTitleStyle } from './docx/visible-title';
import { indentMarks } from './docx/indents';
import { citeBlocks } from './docx/citations';
import type { BibEntry } from './markdown/pandoc-citations';
import { definitionEntries, definitionLists, type Definition } from './docx/definitions';
import { withScript } from './script-formula';
import { typedTitleBlock } from './docx/typed-title-block';
import { isLetterheadLine, titleUnderLetterhead } from './docx/letterhead-title';
import { leftOutPlaces, leftOutSrc, placesClause, type LeftOutKind } from './docx/left-out-places';

/** Where a line break (w:br) stood in a paragraph: a space in prose, a new line in a script. */
const lineBreak = '\uE002';
// Where a table cell's next paragraph starts: a cell of a label and its explanation ("Claims" / "A 'fact', ...") keeps
// its paragraphs apart, as a line each in the cell (`rows` holds them joined by a line break).
const cellParagraph = '\uE003';

/** A paragraph's lines when they are a script: three or more, nearly all of them lines of a program (comments included). */
function scriptText(buffer: string): string | undefined {
  const lines = buffer
    .split(lineBreak)
    .map((l) => normalizeCharacters(l).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.length >= 3 && lines.filter(looksLikeCode).length >= 0.75 * lines.length ? lines.join('\n') : undefined;
}

/** What the HTML reader needs from outside mammoth's HTML: equations taken out before it ran, pictures by src. */
export interface HtmlContext {
  equations?: DocxEquation[];
  pictures?: Map<string, ExtractedImage & { alt?: string }>;
}

/**
 * Mammoth's HTML (a small, regular vocabulary: p, h1-h6, ul/ol/li, table, img,
 * a, sup, strong, em) into blocks: nested list items with their depth, tables
 * with their cells, pictures as figures (a "Figure n" paragraph next to one is
 * its caption), equations from their placeholders (a paragraph holding only one
 * is display math), footnotes and endnotes as notes.
 */
export function htmlToBlocks(html: string, context: HtmlContext = {}): DocBlock[] {
  return readHtml(html, context).blocks;
}

/** A code paragraph's text: its lines as typed, without trailing spaces or blank lines around them. */
function codeText(buffer: string): string {
  return buffer
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

const captionStart = /^(figure|fig\.|table|chart|diagram|image)\s*\d+/i;
// A figure's label and number in the languages of the documents read ("Figure 1.1.", "Abbildung 3:", "Fig. 2", "Figura 4").
const figureLabel = /^(?:figure|fig\.|abbildung|abb\.|bild|figura|tableau|tabelle|tabla|table)\s*\d+(?:\.\d+)*(?:[.:)]|\s|$)/iu;

/** Blocks, and the paragraphs whose every letter is bold (headings typed as bold text instead of a heading style). */
function readHtml(
  html: string,
  context: HtmlContext = {},
): {
  blocks: DocBlock[];
  boldOnly: Set<DocBlock>;
  tabRows: Map<DocBlock, TabRow>;
  indents: Map<DocBlock, number>;
  definitions: Map<DocBlock, Definition[]>;
} {
  const blocks: DocBlock[] = [];
  const boldOnly = new Set<DocBlock>();
  // Paragraphs typed as the rows of a two-column table (a tab between the columns): tabAlignedTables joins them.
  const tabRows = new Map<DocBlock, TabRow>();
  // Paragraphs set in from the left margin, by how far (docx/indents.ts).
  const indents = new Map<DocBlock, number>();
  // Paragraphs with a hanging indent typed as a glossary's entries ("term:" <tab> definition): definitionLists joins them.
  const definitions = new Map<DocBlock, Definition[]>();
  let strongDepth = 0;
  let boldChars = 0;
  let plainChars = 0;
  let buffer = '';
  let kind: DocBlock['kind'] | undefined;
  let level: number | undefined;
  let skipDepth = 0;
  let row: string[] | undefined;
  let rows: string[][] | undefined;
  let headerRow = false;
  let inCell = false;
  let cellLinks: DocLink[] = [];
  let linkHref: string | undefined;
  let linkStart = 0;
  // The block's links so far: anchor text as typed, and its target.
  let links: DocLink[] = [];
  // The block's inline code so far (runs in a code character style: pandoc's "Verbatim Char", Word's "HTML Code").
  let codeSpans: string[] = [];
  let codeStart = -1;
  // Bold and italic runs inside a paragraph (mammoth writes w:b as <strong>, w:i as <em>): where each open one starts.
  const markStarts: { strong: number[]; emphasis: number[] } = { strong: [], emphasis: [] };
  let markSpans: { strong: string[]; emphasis: string[] } = { strong: [], emphasis: [] };
  const lists: Array<'ul' | 'ol'> = [];
  // The number of the last item at each list depth (undefined: none yet in the open list).
  const lastNumber: Array<number | undefined> = [];
  let noteItem = false;
  // Inside a code paragraph (<pre>), line breaks and indentation are the program's: they are kept.
  let inPre = false;
  // Inside a callout box (docx/callouts.ts marks where it opens, with its title, and where it closes): its paragraphs and
  // list items are the callout's, a quotation; the first one carries the box's title as its label.
  let callout: { title: string; titled: boolean } | undefined;
  const equations = context.equations ?? [];
  const push = (block: DocBlock) => {
    if (callout) {
      if (block.kind === 'paragraph' || block.kind === 'list-item') block.kind = 'quote';
      if (!callout.titled && callout.title) {
        callout.titled = true;
        if (block.kind === 'quote') block.label = callout.title;
        else blocks.push({ kind: 'quote', text: callout.title, label: callout.title });
      }
    }
    // A caption paragraph right after a figure (or a figure right after one) belongs to it.
    const prev = blocks[blocks.length - 1];
    if (block.kind === 'paragraph' && prev?.kind === 'figure' && !prev.caption && captionStart.test(block.text)) {
      prev.caption = block.text;
      prev.text = block.text;
      return;
    }
    // A heading that is a figure's label and title right above its picture (R Markdown sets each caption so) is its caption.
    const captionAbove =
      (prev?.kind === 'paragraph' && captionStart.test(prev.text) && /^fig/i.test(prev.text)) ||
      (prev?.kind === 'heading' && figureLabel.test(prev.text));
    if (block.kind === 'figure' && captionAbove) {
      blocks.pop();
      block.caption = prev.text;
      block.text = prev.text;
    }
    blocks.push(block);
  };
  const flush = () => {
    let indent = 0;
    let hanging = false;
    buffer = buffer.replace(indentMarks, (_m, n: string, h: string) => {
      indent = Number(n);
      hanging = h === 'H';
      return '';
    });
    // How many characters the paragraph opens with in a monospaced font (prepare.ts put it at its start).
    let monoStart = 0;
    buffer = buffer.replace(monoMarks, (_m, n: string) => {
      monoStart = Number(n);
      return '';
    });
    // A numbered paragraph's number (prepare.ts put it at its start); it never stays in the text.
    let number: number | undefined;
    let marker: ListMarker | undefined;
    buffer = buffer.replace(listNumberMarks, (_m, n: string, m: string) => {
      if (number === undefined) {
        number = Number(n);
        marker = (m || undefined) as ListMarker | undefined;
      }
      return '';
    });
    const blockLinks = links;
    links = [];
    const blockCode = codeSpans;
    codeSpans = [];
    const blockMarks = markSpans;
    markSpans = { strong: [], emphasis: [] };
    // Code: a paragraph in a code style as typed, or a script pasted as one paragraph with a line break after each line.
    const code =
      kind === 'code' ? codeText(buffer) : kind === 'paragraph' && !inCell && !buffer.includes('\uE000EQ') ? scriptText(buffer) : undefined;
    if (code !== undefined) {
      buffer = '';
      boldChars = 0;
      plainChars = 0;
      if (code) push({ kind: 'code', text: code });
      return;
    }
    const cells =
      kind === 'paragraph' && !inCell && !buffer.includes(lineBreak) && !buffer.includes('\uE000EQ') ? tabCells(buffer) : undefined;
    // The first column set in the monospaced font the paragraph opens with: a pattern or a command, kept as code.
    const codeFirst = !!cells && monoStart > 0 && normalizeCharacters(buffer.slice(0, monoStart)).replace(/\s+/g, ' ').includes(cells[0]);
    const entries =
      hanging && kind === 'paragraph' && !inCell && !callout && !buffer.includes('\uE000EQ')
        ? definitionEntries(buffer.replaceAll(lineBreak, ' '))
        : undefined;
    const raw = normalizeCharacters(buffer.replaceAll(lineBreak, ' ')).replace(/\s+/g, ' ').trim();
    buffer = '';
    const bold = boldChars > 0 && plainChars === 0;
    boldChars = 0;
    plainChars = 0;
    if (!inCell && raw.startsWith(calloutOpen)) {
      callout = { title: raw.slice(calloutOpen.length).trim(), titled: false };
      return;
    }
    if (!inCell && raw === calloutClose) {
      // A box with a title and nothing else keeps its title.
      if (callout && !callout.titled && callout.title) blocks.push({ kind: 'quote', text: callout.title, label: callout.title });
      callout = undefined;
      return;
    }
    // An answer box: its prompt with a blank to fill in, a paragraph of its own.
    if (!inCell && raw.startsWith(answerMark)) {
      push({ kind: 'paragraph', text: `${raw.slice(answerMark.length).trim()} ${answerBlank}`.trim() });
      return;
    }
    if (inCell && row) {
      const cell = raw
        .replace(equationMarks, (_m, n: string) => `\\(${equations[Number(n)]?.latex ?? ''}\\)`)
        .split(cellParagraph)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n');
      row.push(cell);
      cellLinks.push(...placeAnchors(cell, blockLinks));
      return;
    }
    if (!raw || !kind) return;
    // A paragraph that is only an equation is display math; equations inside text are inline math.
    const only = /^\uE000EQ(\d+)\uE001$/.exec(raw);
    if (only && kind === 'paragraph') {
      const eq = equations[Number(only[1])];
      if (eq?.latex) push({ kind: 'equation', text: eq.latex, latex: eq.latex });
      return;
    }
    const text = raw.replace(equationMarks, (_m, n: string) => `\\(${equations[Number(n)]?.latex ?? ''}\\)`).replace(/\\\(\\\)/g, '');
    if (!text.trim()) return;
    let block: DocBlock;
    if (kind === 'list-item' && noteItem) block = { kind: 'note', text: text.replace(/\s*↑\s*$/, '') };
    else if (kind === 'list-item') {
      const depth = Math.max(0, lists.length - 1);
      const ordered = lists[lists.length - 1] === 'ol';
      block = { kind, text, depth, ordered };
      // The item's number from Word's numbering: a list opening at another number than 1, or
      // one that restarts or jumps within mammoth's list, says where it starts.
      if (ordered && number !== undefined) {
        const previous = lastNumber[depth];
        if (previous === undefined ? number !== 1 : number !== previous + 1) block.start = number;
        lastNumber[depth] = number;
        if (marker) block.marker = marker;
      }
    } else block = level ? { kind, text, level } : { kind, text };
    const placed = placeAnchors(block.text, blockLinks);
    if (placed.length) block.links = placed;
    const spans = blockCode.filter((c) => block.text.includes(c));
    if (spans.length && block.kind !== 'heading') block.code = spans;
    for (const mark of ['strong', 'emphasis'] as const) {
      const found = blockMarks[mark].filter((m) => block.text.includes(m));
      if (found.length && block.kind !== 'heading') block[mark] = found;
    }
    push(block);
    if (kind === 'paragraph' && bold) boldOnly.add(block);
    if (indent) indents.set(block, indent);
    if (entries && block.kind === 'paragraph') definitions.set(block, entries);
    else if (cells && block.kind === 'paragraph' && !block.links) tabRows.set(block, { cells, codeFirst });
  };
  const scripts: Array<{ start: number; links: number }> = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, rawTag, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      if (skipDepth === 0) {
        const decoded = decodeEntities(text);
        buffer += decoded;
        // Letters and digits only: "Grading" in bold and its colon in plain type is a bold line.
        const letters = decoded
          .replace(monoMarks, '')
          .replace(indentMarks, '')
          .replace(/[^\p{L}\p{N}]/gu, '').length;
        if (strongDepth > 0) boldChars += letters;
        else plainChars += letters;
      }
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (tag === 'code' && !inPre) {
      if (!closing) codeStart = buffer.length;
      else if (codeStart >= 0) {
        const span = normalizeCharacters(
          buffer.slice(codeStart).replaceAll(lineBreak, ' ').replace(listNumberMarks, '').replace(monoMarks, ''),
        )
          .replace(/\s+/g, ' ')
          .trim();
        if (span) codeSpans.push(span);
        codeStart = -1;
      }
      continue;
    }
    if (tag === 'strong' || tag === 'b' || tag === 'em' || tag === 'i') {
      const mark = tag === 'strong' || tag === 'b' ? 'strong' : 'emphasis';
      if (mark === 'strong') strongDepth = Math.max(0, strongDepth + (closing ? -1 : 1));
      if (!closing) markStarts[mark].push(buffer.length);
      else if (markStarts[mark].length) {
        const start = Math.min(markStarts[mark].pop()!, buffer.length);
        const span = normalizeCharacters(
          buffer.slice(start).replaceAll(lineBreak, ' ').replace(listNumberMarks, '').replace(monoMarks, '').replace(indentMarks, ''),
        )
          .replace(/\s+/g, ' ')
          .trim();
        // A formula inside is written later (\(latex\) for its mark): a span holding one is left plain.
        if (span && !span.includes('\uE000')) markSpans[mark].push(span);
      }
      continue;
    }
    // Raised or lowered text is a formula on its base (256 raised to 4 is never "2564"); a footnote's mark inside is skipped.
    if (tag === 'sup' || tag === 'sub') {
      if (!closing) scripts.push({ start: buffer.length, links: links.length });
      else {
        const script = scripts.pop();
        if (script && script.links === links.length && linkHref === undefined && script.start <= buffer.length)
          buffer = withScript(buffer.slice(0, script.start), buffer.slice(script.start), tag);
      }
      continue;
    }
    if (tag === 'a' && !closing && /href="#(foot|end)note-/.test(attrs)) {
      skipDepth++;
      continue;
    }
    if (tag === 'a' && closing && skipDepth > 0) {
      skipDepth--;
      continue;
    }
    // A hyperlink (w:hyperlink or a HYPERLINK field, both read by mammoth) is kept as the block's link.
    if (tag === 'a' && !closing) {
      linkHref = /href="((?:https?|mailto):[^"]+)"/i.exec(attrs)?.[1];
      linkStart = buffer.length;
      continue;
    }
    if (tag === 'a' && closing) {
      const href = linkHref && decodeEntities(linkHref).trim();
      const anchor = linkedText(buffer.slice(linkStart).replaceAll(lineBreak, ' ').replace(listNumberMarks, '').replace(monoMarks, ''));
      if (href && anchor) links.push({ text: anchor, href });
      linkHref = undefined;
      continue;
    }
    if (tag === 'br') {
      buffer += inPre ? '\n' : lineBreak;
      continue;
    }
    if (tag === 'pre') {
      flush();
      inPre = !closing;
      kind = inPre ? 'code' : undefined;
      continue;
    }
    if (tag === 'img') {
      const src = /src="([^"]*)"/.exec(attrs)?.[1] ?? '';
      const picture = context.pictures?.get(src);
      if (picture && !inCell) {
        const pending = { buffer, kind, level };
        // A picture opening a list item (Word's picture set at the start of item "a.") comes before the item, which keeps
        // its number and level: only marks are in the buffer yet, and they stay for the item's text.
        const onlyMarks = !buffer.replace(indentMarks, '').replace(monoMarks, '').replace(listNumberMarks, '').trim();
        if (!(onlyMarks && kind === 'list-item')) flush();
        // Word's alt text describes the picture for who cannot see it; it is not a caption to print (the caption is its
        // own paragraph). Word's own guess loses its "Description automatically generated" tail.
        const alt = picture.alt
          ?.replace(/\s*description automatically generated(?: with [a-z ]+ confidence)?\.?\s*$/i, '')
          .replace(/\s+/g, ' ')
          .trim();
        push({
          kind: 'figure',
          text: '',
          ...(alt ? { alt } : {}),
          image: { sha256: picture.sha256, mime: picture.mime, width: picture.width, height: picture.height },
        });
        kind = pending.kind;
        level = pending.level;
        // The list goes on under the picture, but the book sets it as a list of its own: the next item's number is said.
        if (lists.length) lastNumber.fill(undefined);
      }
      continue;
    }
    if (tag === 'ul' || tag === 'ol') {
      if (!closing) {
        // A list inside a table cell is part of the cell's text.
        if (!inCell) flush();
        lists.push(tag);
        lastNumber[lists.length - 1] = undefined;
      } else lists.pop();
      continue;
    }
    if (selfClosing) continue;
    const heading = /^h([1-6])$/.exec(tag);
    if (heading || tag === 'p' || tag === 'li') {
      // A <p> inside an <li> or a cell continues that item; a list's item inside a cell continues the cell.
      const continues = (tag === 'p' && (kind === 'list-item' || inCell)) || (tag === 'li' && inCell);
      if (!closing) {
        if (continues && buffer.trim())
          buffer +=
            tag === 'li' && !/[.!?:;]\s*$/.test(buffer) ? '; ' : inCell && tag === 'p' && kind !== 'list-item' ? cellParagraph : ' ';
        else if (!continues) {
          flush();
          kind = heading ? 'heading' : tag === 'li' ? 'list-item' : 'paragraph';
          level = heading ? Number(heading[1]) : undefined;
          if (tag === 'li') noteItem = /id="(foot|end)note-/.test(attrs);
        }
      } else if (!continues) {
        flush();
        // After a nested list closes, the outer item may go on: its kind stays a list item.
        kind = undefined;
        level = undefined;
      }
      continue;
    }
    if (tag === 'table') {
      if (!closing) {
        flush();
        rows = [];
        cellLinks = [];
      } else if (rows) {
        rows = withoutEmptyColumns(rows);
        if (rows.length)
          push({
            kind: 'table',
            text: rows.map((r) => r.map((c) => c.replaceAll('\n', ' ')).join(' | ')).join('\n'),
            rows,
            header: headerRow,
            ...(cellLinks.length ? { links: cellLinks } : {}),
          });
        rows = undefined;
        headerRow = false;
      }
      continue;
    }
    if (tag === 'tr') {
      if (!closing) row = [];
      else if (row) {
        if (row.some((c) => c.trim())) rows?.push(row);
        row = undefined;
      }
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!closing) {
        buffer = '';
        inCell = true;
        if (tag === 'th' && rows?.length === 0) headerRow = true;
      } else {
        flush();
        inCell = false;
      }
    }
  }
  flush();
  return { blocks, boldOnly, tabRows, indents, definitions };
}

/** The rows without the columns that are empty in every row (padding cells a converter wrote). */
function withoutEmptyColumns(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const kept = Array.from({ length: width }, (_, i) => i).filter((i) => rows.some((r) => (r[i] ?? '').trim()));
  return kept.length === width ? rows : rows.map((r) => kept.map((i) => r[i] ?? ''));
}

/**
 * A bold paragraph that reads as a title: short, starts with a capital or a number (after an opening quotation mark if
 * any: "“Store-bought” (and other) viz solutions:"), ends no sentence (a title opening on "Chapter 1:" may end on a full stop). A remark in brackets is not the title's length
 * ("Bl.ocks (the home for sharing d3 modules and examples):").
 */
function looksLikeHeading(text: string): boolean {
  const words = text
    .replace(/\s*\([^()]*\)/g, '')
    .split(/\s+/)
    .filter(Boolean).length;
  return (
    text.length <= 100 &&
    text.split(/\s+/).length <= 12 &&
    /^[“"‘'«„]?[\p{Lu}\d]/u.test(text) &&
    // A labelled title may close on a full stop as its siblings may not ("Chapter 1: The way of the program." over "Chapter 2: ...").
    (!/[.,;!]$/.test(text) || closedLabelledTitle(text)) &&
    // A short title may end with a colon ("Grading:"); a longer line ending so introduces what follows.
    !(text.endsWith(':') && words > 5) &&
    /\p{L}{3}/u.test(text)
  );
}

/**
 * Many instructors type headings as bold lines instead of using heading styles. When a document
 * has no heading at all, its short bold-only paragraphs are its headings (the first one, opening
 * the document, its title), so the outline can follow them. A heading keeps its closing colon as
 * typed ("Grading:"), as a styled heading, a slide title and a PDF heading do.
 */
function promoteBoldHeadings(blocks: DocBlock[], boldOnly: Set<DocBlock>, indents: Map<DocBlock, number> = new Map()): DocBlock[] {
  const candidates = blocks.filter((b) => b.kind === 'paragraph' && boldOnly.has(b) && looksLikeHeading(b.text));
  if (blocks.some((b) => b.kind === 'heading')) return boldUnderStyledTitles(blocks, candidates, indents);
  // A handout with one bold line over everything else ("Python Regular Expression Quick Guide"): that line is its title.
  if (candidates.length === 1 && candidates[0] === blocks[0] && blocks.length > 1)
    return [{ kind: 'heading', text: blocks[0].text, level: 1 }, ...blocks.slice(1)];
  if (candidates.length < 2) return blocks;
  return blocks.map((b, i) => (candidates.includes(b) ? { kind: 'heading', text: b.text, level: i === 0 ? 1 : 2 } : b));
}

/**
 * A syllabus whose only styled headings are its title lines ("Image Processing and Analysis", "Syllabus")
 * and whose sections are typed as bold lines ("Catalog description:", "Course objectives:", "Weekly
 * schedule"): with three bold lines or more under at most three styled headings, each bold line is a
 * heading one level under the styled heading above it. A bold line set in further than the bold heading
 * above it, with text set in further still under it ("Textbook:" under "Required materials:", the book's
 * entry under it), is a heading one level under that one. A document whose styles make its outline keeps
 * its bold lines as emphasis.
 */
function boldUnderStyledTitles(blocks: DocBlock[], candidates: DocBlock[], indents: Map<DocBlock, number>): DocBlock[] {
  const styled = blocks.filter((b) => b.kind === 'heading');
  if (styled.length > 3 || candidates.length < 3) return blocks;
  let above = 1;
  // The bold headings made under the styled heading above, by indent, outermost first.
  let made: Array<{ indent: number; level: number }> = [];
  return blocks.map((b, i) => {
    if (b.kind === 'heading') {
      above = b.level ?? 1;
      made = [];
    }
    if (!candidates.includes(b)) return b;
    const indent = indents.get(b) ?? 0;
    while (made.length && made[made.length - 1].indent >= indent) made.pop();
    const next = blocks[i + 1];
    const parent = made[made.length - 1];
    const nested = parent && next && !candidates.includes(next) && (indents.get(next) ?? 0) > indent;
    const level = nested ? Math.min(parent.level + 1, 6) : Math.min(above + 1, 3);
    if (!nested) made = [];
    made.push({ indent, level });
    return { kind: 'heading', text: b.text, level };
  });
}

const titleClass = 'docx-title';
const titleBlockClass = 'docx-title-block';
const titleBlockStyles = ['Subtitle', 'Author', 'Date', 'Affiliation'];

export interface DocxOptions {
  /** The entries of a bibliography file uploaded with the document (server/ingest/bibliography/companion.ts). */
  bibliography?: BibEntry[];
}

export async function extractDocx(data: Uint8Array, filename: string, options: DocxOptions = {}): Promise<ExtractedDocument> {
  let html: string;
  const pictures = new Map<string, ExtractedImage & { alt?: string }>();
  // Pictures that cannot be kept are counted, so the user is told (never left out in silence).
  const notKept = { vector: 0, large: 0, beyond: 0 };
  let places: Record<LeftOutKind, string[]> = { vector: [], large: [], beyond: [] };
  let prepared: PreparedDocx;
  try {
    prepared = await prepareDocx(data);
    const result = await mammoth.convertToHtml(
      { buffer: prepared.data },
      {
        // Pictures become figures: their bytes are kept by hash (stored apart), the HTML names them.
        convertImage: mammoth.images.imgElement(async (image) => {
          const mime = image.contentType?.toLowerCase() ?? '';
          if (!keptPictureTypes.has(mime)) {
            notKept.vector++;
            return { src: leftOutSrc('vector') };
          }
          if (pictures.size >= maxPictures) {
            notKept.beyond++;
            return { src: leftOutSrc('beyond') };
          }
          const bytes = new Uint8Array(await image.readAsBuffer());
          if (bytes.length > maxPictureBytes) notKept.large++;
          if (bytes.length > maxPictureBytes) return { src: leftOutSrc('large') };
          if (bytes.length === 0) return { src: '' };
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          const src = `ts-picture:${sha256}`;
          pictures.set(src, { sha256, mime: mime as ExtractedImage['mime'], data: bytes, alt: (image as { altText?: string }).altText });
          return { src };
        }),
        // Word's Title style is the document's title; mammoth's default map turns it into a plain paragraph.
        styleMap: [
          `p[style-name='Title'] => h1.${titleClass}:fresh`,
          // A first line in capitals titles the document as the Title style does (docx/visible-title.ts).
          `p.${visibleTitleStyle} => h1.${titleClass}:fresh`,
          // The lines set with the title (pandoc and R Markdown write Subtitle, Author, Date; Word has Subtitle): the title block.
          ...titleBlockStyles.map((name) => `p[style-name='${name}'] => p.${titleBlockClass}:fresh`),
          // Program text (R Markdown and pandoc write "Source Code"; Word has "HTML Preformatted"): one code block.
          ...codeStyleNames.map((name) => `p[style-name='${name}'] => pre:separator('\\n')`),
          // Inline code: pandoc writes it in "Verbatim Char", Word's own character style is "HTML Code".
          ...codeCharStyleNames.map((name) => `r[style-name='${name}'] => code`),
          ...sizeHeadingStyleMap,
          ...outlineListStyleMap,
        ],
      },
    );
    // The left-out pictures' places (the heading over each) for the warnings; their markers go.
    const found = leftOutPlaces(result.value);
    html = found.html;
    places = found.places;
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/encrypt|password/i.test(message)) throw new ExtractError('encrypted', 'encrypted');
    throw new ExtractError('corrupt', message);
  }
  // The title block's lines are the document's metadata (the book's title page prints them), not its text.
  const titleBlock: string[] = [];
  html = html.replace(new RegExp(`<p class="${titleBlockClass}">([\\s\\S]*?)</p>`, 'g'), (_, inner: string) => {
    const text = htmlToBlocks(`<p>${inner}</p>`)[0]?.text.trim();
    if (text) titleBlock.push(text);
    return '';
  });
  const read = readHtml(html, { equations: prepared.equations, pictures });
  // Pandoc's citations typed in the text ("[@Parr2010]") read author-year from a bibliography uploaded beside it.
  const typed = typedTitleBlock(
    promoteBoldHeadings(definitionLists(tabAlignedTables(read.blocks, read.tabRows), read.definitions), read.boldOnly, read.indents),
  );
  titleBlock.push(...typed.lines);
  const cited = citeBlocks(mergeCodeRuns(typed.blocks), options.bibliography ?? [], (options.bibliography?.length ?? 0) > 0);
  const blocks = cited.blocks;
  // Pictures alone are no text to teach from.
  if (!blocks.some((b) => b.text.trim())) throw new ExtractError('empty', 'no text');
  const titleHtml = new RegExp(`<h1 class="${titleClass}">([\\s\\S]*?)</h1>`).exec(html)?.[1];
  const styledTitle = titleHtml && htmlToBlocks(`<h1>${titleHtml}</h1>`)[0]?.text;
  const used = new Set(blocks.filter((b) => b.image).map((b) => b.image!.sha256));
  // A Word document has no pages of its own: a picture's warning names the headings it stood under instead.
  const warnings = pictureWarnings(notKept, places);
  const charts = prepared.charts ?? 0;
  if (charts) warnings.push(`${charts} ${charts === 1 ? 'chart was' : 'charts were'} left out (a chart's data is not read)`);
  // The citations' warning joins the pictures' (it once took their place, and they went unsaid).
  if (cited.warning) warnings.push(cited.warning);
  return {
    filename,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ...(warnings.length ? warningFields(warnings.map((message) => ({ message }))) : {}),
    // The plain text keeps each link's address (references are often links); the blocks keep them as links.
    text: blocks.map((b) => textWithTargets(b.text, b.links)).join('\n\n'),
    blocks,
    title: styledTitle || titleOfHeadings(blocks, filename),
    ...(titleBlock.length ? { titleBlock } : {}),
    images: [...pictures.values()].filter((p) => used.has(p.sha256)).map(({ alt: _alt, ...p }) => p),
    ...(cited.bibliography.length ? { bibliography: cited.bibliography } : {}),
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'styles' : 'none',
  };
}

/**
 * The title the headings give a document without a Title paragraph: its first heading when that heading stands over the
 * others (the only one at the top level) or is a title line (another heading follows it straight away). A first heading among siblings of its level ("Course Overview" beside "Course
 * Policies" in a syllabus pandoc wrote from a web page whose title was not carried over) names a section, not the
 * document: there is no title then, and the book takes its name from the file ("syllabus.docx": "Syllabus").
 */
/** The headings' title, or the course line under it when it is a letterhead's first line (docx/letterhead-title.ts). */
function titleOfHeadings(blocks: DocBlock[], filename: string): string | undefined {
  const title = titleFromHeadings(blocks, filename);
  return (title && isLetterheadLine(title) && titleUnderLetterhead(blocks)) || title;
}

function titleFromHeadings(blocks: DocBlock[], filename: string): string | undefined {
  const headings = blocks.filter((b) => b.kind === 'heading');
  if (!headings.length) return undefined;
  const top = Math.min(...headings.map((h) => h.level ?? 1));
  const first = headings[0];
  if ((first.level ?? 1) === top && headings.filter((h) => (h.level ?? 1) === top).length === 1) return first.text;
  // Title lines over the document ("Image Processing and Analysis" over "Syllabus"): a first heading with no text of its own.
  if (blocks[blocks.indexOf(first) + 1]?.kind === 'heading') return first.text;
  return titleFromFilename(filename, blocks.map((b) => b.text).join('\n'));
}

function pictureWarnings(notKept: { vector: number; large: number; beyond: number }, places: Record<LeftOutKind, string[]>): string[] {
  const pictures = (n: number) => `${n} ${n === 1 ? 'picture' : 'pictures'}`;
  const was = (n: number) => (n === 1 ? 'was' : 'were');
  const out: string[] = [];
  if (notKept.vector)
    out.push(
      `${pictures(notKept.vector)} in a format the editor cannot show (such as EMF or WMF) ${was(notKept.vector)} left out${placesClause(places.vector)}`,
    );
  if (notKept.large)
    out.push(
      `${pictures(notKept.large)} larger than ${maxPictureBytes / (1024 * 1024)} MB ${was(notKept.large)} left out${placesClause(places.large)}`,
    );
  if (notKept.beyond)
    out.push(
      `only the first ${maxPictures} pictures were kept; ${pictures(notKept.beyond)} after them ${was(notKept.beyond)} left out${placesClause(places.beyond)}`,
    );
  return out;
}

const codeStyleNames = ['Source Code', 'Code', 'HTML Preformatted'];
const codeCharStyleNames = ['Verbatim Char', 'HTML Code'];

/** Raster pictures the editor can show; vector formats (EMF, WMF) are left out. */
const keptPictureTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const maxPictures = 200;
const maxPictureBytes = 8 * 1024 * 1024;
