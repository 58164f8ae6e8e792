/**
 * What a real document itself holds of links and numbered lists, read apart from the product's
 * extractors (as bench/real/own-structure.ts reads its headings): PDF link annotations and
 * numbered lines, DOCX hyperlinks and Word numbering, Markdown links and ordered lists, slide hyperlinks.
 */
import JSZip from 'jszip';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { endsOpen, openEndKey } from './fidelity';
import { scannedOpenEnds } from './scan-open-ends';
import { documentOpenEnd } from './document-end';
import { bodySizeOf, footnoteOpenEnds, underTheText, type TextRow } from './footnote-open-ends';

export interface SourceMarks {
  /** Link targets (http, https, mailto) in reading order. */
  links: string[];
  /** The number each ordered list starts at, in reading order. */
  listStarts: number[];
  /**
   * Paragraphs the source itself ends without a sentence end (an instructor's "Draw bell curves around points on graph"),
   * by their closing words (openEndKey): a book paragraph ending there is no cut. Read from DOCX and Markdown paragraphs;
   * a PDF's paragraphs are what the product joins, so none are taken from its text layer but its footnotes' ends
   * (footnote-open-ends.ts) and the document's own last line (document-end.ts); a scanned page (no text layer) gives the lines it sets apart by blank space (scan-open-ends.ts).
   */
  openEnds: string[];
}

const external = /^(?:https?:|mailto:)/i;
const numbered = /^\s{0,3}(\d{1,3})[.)]\s+\S/;

/**
 * Runs of numbered lines (1., 2., 3. ...) each one more than the last, at most `gap` lines apart:
 * one list each, starting at its first number. A lone numbered line is no list.
 */
export function numberedRuns(lines: string[], gap: number): number[] {
  const starts: number[] = [];
  let start = -1;
  let last = -1;
  let lastLine = -1;
  let items = 0;
  const close = () => {
    if (items >= 2) starts.push(start);
    items = 0;
  };
  lines.forEach((line, i) => {
    const m = numbered.exec(line);
    if (!m) return;
    const n = Number(m[1]);
    if (items > 0 && n === last + 1 && i - lastLine <= gap) items++;
    else {
      close();
      start = n;
      items = 1;
    }
    last = n;
    lastLine = i;
  });
  close();
  return starts;
}

/**
 * The rows of a PDF page that count as its lines between a list's items: a formula's scripts and accents set on rows of
 * their own (smaller type, or no letter nor digit: "˜") are no lines, and the footnotes under the text ("9. Couramment
 * ...", "10.") are no list of the page.
 */
export function listLines(rows: TextRow[], bodySize: number, pageHeight: number): string[] {
  const notes = new Set(underTheText(rows, bodySize, pageHeight));
  return rows.filter((r) => !notes.has(r) && r.size >= 0.85 * bodySize && /[\p{L}\p{N}]/u.test(r.text)).map((r) => r.text);
}

const pictureOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);

async function pdfMarks(data: Uint8Array): Promise<SourceMarks> {
  const doc = await getDocument({ data: data.slice(), verbosity: VerbosityLevel.ERRORS, disableFontFace: true }).promise;
  const links: string[] = [];
  const listStarts: number[] = [];
  const scanned: number[] = [];
  const pages: Array<{ rows: TextRow[]; height: number }> = [];
  // Pages each link target is printed on at each place: a target at one place on three pages or more is the running
  // foot's ("Draft ... https://mml-book.com"), page furniture that the book leaves out with the foot itself.
  const placed = new Map<string, Set<number>>();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    for (const a of await page.getAnnotations()) {
      const url = (a as { url?: string; unsafeUrl?: string }).url ?? (a as { unsafeUrl?: string }).unsafeUrl;
      if (a.subtype !== 'Link' || !url || !external.test(url)) continue;
      links.push(url);
      const key = `${url} ${(a.rect as number[]).map((v) => Math.round(v / 4)).join(',')}`;
      placed.set(key, (placed.get(key) ?? new Set()).add(n));
    }
    // The page's text lines, top to bottom: items on one baseline joined left to right.
    const rows = new Map<number, Array<{ x: number; str: string; size: number }>>();
    const items = (await page.getTextContent()).items;
    // A page with no text that draws a picture is a scan (a blank verso of a book is none).
    if (!items.some((item) => 'str' in item && item.str.trim()) && (await page.getOperatorList()).fnArray.some((op) => pictureOps.has(op)))
      scanned.push(n);
    for (const item of items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5]);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4], str: item.str, size: Math.hypot(item.transform[2], item.transform[3]) });
      rows.set(y, row);
    }
    const textRows = [...rows]
      .sort((a, b) => b[0] - a[0])
      .map(([y, row]) => ({
        y,
        size: Math.max(...row.map((r) => r.size)),
        text: row
          .sort((a, b) => a.x - b.x)
          .map((r) => r.str)
          .join(' '),
      }));
    pages.push({ rows: textRows, height: page.getViewport({ scale: 1 }).height });
    page.cleanup();
  }
  await doc.loadingTask.destroy();
  const furniture = new Set([...placed].filter(([, pages]) => pages.size >= 3).map(([key]) => key.split(' ')[0]));
  const body = bodySizeOf(pages.flatMap((p) => p.rows));
  // A list's items sit a few lines apart at most; numbered section headings are further apart.
  for (const p of pages) listStarts.push(...numberedRuns(listLines(p.rows, body, p.height), 6));
  const openEnds = [...pages.flatMap((p) => footnoteOpenEnds(p.rows, body, p.height)), ...documentOpenEnd(pages, body)];
  return { links: links.filter((l) => !furniture.has(l)), listStarts, openEnds: [...openEnds, ...(await scannedOpenEnds(data, scanned))] };
}

async function docxMarks(data: Uint8Array): Promise<SourceMarks> {
  const zip = await JSZip.loadAsync(data);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const rels = (await zip.file('word/_rels/document.xml.rels')?.async('string')) ?? '';
  const numbering = (await zip.file('word/numbering.xml')?.async('string')) ?? '';
  const target = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [/\bId="([^"]+)"/.exec(m[0])?.[1], /\bTarget="([^"]+)"/.exec(m[0])?.[1]]),
  );
  const links: string[] = [];
  for (const m of xml.matchAll(/<w:hyperlink\b[^>]*\br:id="([^"]+)"|<w:instrText[^>]*>\s*HYPERLINK\s+"([^"]+)"/g)) {
    const url = m[1] ? target.get(m[1]) : m[2];
    if (url && external.test(url)) links.push(url.replace(/&amp;/g, '&'));
  }
  // Word numbering: a list (numId) of decimal numbers at level 0 starts at its level's start (or its override) and
  // goes on counting across the paragraphs between its runs; each run of consecutive items is a list of the page.
  const abstractStart = new Map<string, { start: number; decimal: boolean }>();
  for (const m of numbering.matchAll(/<w:abstractNum\b[^>]*w:abstractNumId="(\d+)"[\s\S]*?<\/w:abstractNum>/g)) {
    const lvl0 = /<w:lvl\b[^>]*w:ilvl="0"[^>]*>([\s\S]*?)<\/w:lvl>/.exec(m[0])?.[1] ?? '';
    abstractStart.set(m[1], {
      start: Number(/<w:start w:val="(\d+)"/.exec(lvl0)?.[1] ?? 1),
      decimal: /<w:numFmt w:val="decimal"/.test(lvl0),
    });
  }
  const numStart = new Map<string, { start: number; decimal: boolean }>();
  for (const m of numbering.matchAll(/<w:num\b[^>]*w:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const base = abstractStart.get(/<w:abstractNumId w:val="(\d+)"/.exec(m[2])?.[1] ?? '') ?? { start: 1, decimal: false };
    const override = /<w:lvlOverride w:ilvl="0">[\s\S]*?<w:startOverride w:val="(\d+)"/.exec(m[2])?.[1];
    numStart.set(m[1], { start: override ? Number(override) : base.start, decimal: base.decimal });
  }
  const listStarts: number[] = [];
  const openEnds: string[] = [];
  const counted = new Map<string, number>();
  let run: string | undefined;
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    const text = [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((m) => m[1] ?? ' ').join('');
    if (!/<m:oMath/.test(p) && endsOpen(text)) openEnds.push(openEndKey(text));
    // An empty paragraph between two items (a blank line the author typed) leaves the list going on, as Word numbers it.
    if (!text.trim() && !/<w:drawing|<m:oMath|<w:pict/.test(p)) continue;
    const numId = /<w:numPr>[\s\S]*?<w:numId w:val="(\d+)"/.exec(p)?.[1];
    const level = Number(/<w:numPr>[\s\S]*?<w:ilvl w:val="(\d+)"/.exec(p)?.[1] ?? 0);
    const list = numId ? numStart.get(numId) : undefined;
    if (!numId || !list?.decimal || level !== 0) {
      if (!/<w:numPr>/.test(p)) run = undefined;
      continue;
    }
    const seen = counted.get(numId) ?? 0;
    if (run !== numId) listStarts.push(list.start + seen);
    counted.set(numId, seen + 1);
    run = numId;
  }
  return { links, listStarts, openEnds };
}

function markdownMarks(text: string): SourceMarks {
  const links: string[] = [];
  // An address in code (`http://www.unc.edu` typed into a browser) is shown, not linked.
  const prose = text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, ' ');
  for (const m of prose.matchAll(
    /\]\(\s*<?((?:https?:|mailto:)[^)\s>]+)>?[^)]*\)|<((?:https?:|mailto:)[^>\s]+)>|(?<![(<"'=])\bhttps?:\/\/[^\s)<>\]"'`*]+/gi,
  ))
    links.push((m[1] ?? m[2] ?? m[0]).replace(/[.,;:]+$/, ''));
  // Top-level ordered list items; a list goes on over blank lines and its items' indented lines.
  const lines = text.split('\n');
  const starts: number[] = [];
  let inList = false;
  for (const line of lines) {
    const m = numbered.exec(line);
    if (m) {
      if (!inList) starts.push(Number(m[1]));
      inList = true;
    } else if (line.trim() && !/^\s{2,}\S/.test(line)) inList = false;
  }
  // Paragraphs: runs of lines between blank lines, headings, list items, quotations, tables, code and tags aside.
  const openEnds: string[] = [];
  for (const para of prose.split(/\n\s*\n/)) {
    const first = para.trim();
    if (!first || /^(?:#|[-*+]\s|\d+[.)]\s|>|\||<|\{%|\$\$|\\begin)/.test(first)) continue;
    const plain = first
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[*_]+/g, '');
    if (endsOpen(plain)) openEnds.push(openEndKey(plain));
  }
  // A margin note's pieces (a caption, then a blank line and its linked picture) end where the author ended them.
  for (const m of prose.matchAll(
    /\{%\s*(?:marginnote|sidenote)\s+(?:'[^']*'|"[^"]*")\s+(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*%\}/g,
  ))
    for (const piece of (m[1] ?? m[2]).split(/(?:<br\s*\/?>\s*){2,}/i)) {
      const plain = piece.replace(/<[^>]+>/g, ' ').trim();
      if (endsOpen(plain)) openEnds.push(openEndKey(plain));
    }
  return { links, listStarts: starts, openEnds };
}

/**
 * A slide deck's hyperlinks and typed web addresses (slides in file order, notes after them), and its paragraphs that end
 * without a stop: bullets and text boxes are set so, and a book's paragraph ending there is the slide's own.
 */
async function pptxMarks(data: Uint8Array): Promise<SourceMarks> {
  const zip = await JSZip.loadAsync(data);
  const parts = Object.keys(zip.files)
    .filter((f) => /^ppt\/(?:slides|notesSlides)\/[^/]+\.xml$/.test(f))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const links: string[] = [];
  const openEnds: string[] = [];
  for (const part of parts) {
    const xml = await zip.file(part)!.async('string');
    const rels = (await zip.file(part.replace(/([^/]+)$/, '_rels/$1.rels'))?.async('string')) ?? '';
    for (const p of xml.match(/<a:p>[\s\S]*?<\/a:p>/g) ?? []) {
      const text = [...p.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
      if (endsOpen(text)) openEnds.push(openEndKey(text));
      const linked = [...p.matchAll(/<a:hlinkClick r:id="([^"]+)"/g)]
        .map((m) => new RegExp(`Id="${m[1]}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? '')
        .filter((href) => external.test(href));
      links.push(...(linked.length ? linked : (text.match(/\bhttps?:\/\/[^\s<>"]+/gi) ?? []).map((u) => u.replace(/[.,;:]+$/, ''))));
    }
  }
  return { links, listStarts: [], openEnds };
}

export async function sourceMarks(filename: string, data: Uint8Array): Promise<SourceMarks> {
  if (/\.pdf$/i.test(filename)) return pdfMarks(data);
  if (/\.docx$/i.test(filename)) return docxMarks(data);
  if (/\.pptx$/i.test(filename)) return pptxMarks(data);
  return markdownMarks(new TextDecoder().decode(data));
}
