import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { ommlToLatex } from './omml-latex';
import { looksLikeCode } from '../code-lines';
import { breaksAndSimpleFields } from './breaks-fields';
import { markAnswerBoxes } from './answer-boxes';
import { markCallouts } from './callouts';
import { markIndents } from './indents';
import { all, child, isOn, ownRuns, paragraphStyle, runText, setParagraphStyle, textOf, textRun as markRun, type El } from './word-dom';
import { listCounter, listNumberMark, readNumbering, styleNumbers } from './list-numbers';
import { markOutlineLevels } from './outline-levels';
import { markVisibleTitle } from './visible-title';
import { readWordStyles, styleTable, upChain, type WordStyle } from './style-chain';

export interface DocxEquation {
  latex: string;
  display: boolean;
}

export interface PreparedDocx {
  data: Buffer;
  equations: DocxEquation[];
  /** Charts in the body: their numbers live in a workbook of their own and are not read. */
  charts?: number;
}

/** The text a placeholder for equation n reads as: private-use characters no document contains. */
export const equationMark = (n: number) => `\uE000EQ${n}\uE001`;
export const equationMarks = /\uE000EQ(\d+)\uE001/g;

interface StyleInfo {
  headingIds: Set<string>;
  /** Word's Title style (also among the heading ids). */
  titleIds: Set<string>;
  /** Every style by id, paragraph and character styles alike (the bold and size of their text). */
  looks: Map<string, WordStyle>;
  /** Word's table-of-contents styles: "toc 1" ... "toc 9" and "TOC Heading". */
  tocIds: Set<string>;
  defaultSize: number;
}

function readStyles(xml: string | undefined, styles: WordStyle[]): StyleInfo {
  const info: StyleInfo = { headingIds: new Set(), titleIds: new Set(), looks: styleTable(styles), tocIds: new Set(), defaultSize: 22 };
  if (!xml) return info;
  // Each style's own name, read within its element (style-chain.ts): a style written without one has none, and never
  // takes the next style's ("heading 1", "toc 1"), which made its paragraphs headings or a contents page left out.
  for (const { id, name = '' } of styles) {
    if (/^(heading [1-9]|title)$/i.test(name)) info.headingIds.add(id);
    if (/^title$/i.test(name)) info.titleIds.add(id);
    if (/^(toc [1-9]|toc heading)$/i.test(name)) info.tocIds.add(id);
  }
  const size = /<w:docDefaults>[\s\S]*?<w:sz w:val="(\d+)"/.exec(xml);
  if (size) info.defaultSize = Number(size[1]);
  return info;
}

/**
 * Headings typed with a larger font instead of a heading style: when a document uses no heading
 * style, its short paragraphs set clearly larger than the body get heading levels by size (the
 * largest first), and short all-bold lines at body size the level below them. Returns the short lines set larger than the
 * body, headings or not (one alone over the text may be the document's title).
 */
function markSizeHeadings(body: El, styles: StyleInfo): Set<El> {
  const paragraphs = all(body, 'w:p');
  const styled = paragraphs.some((p) => styles.headingIds.has(paragraphStyle(p)));
  if (styled) return new Set();
  /** A style's bold or size, from it or the styles it is based on. */
  const look = (id: string | undefined, key: 'bold' | 'size'): boolean | number | undefined => upChain(styles.looks, id, (s) => s[key]);
  const val = (el: El | undefined) => el?.getAttribute?.('w:val') ?? undefined;
  // A heading never sits in a table cell.
  const inCell = (p: El) => {
    for (let n = p.parentNode; n; n = n.parentNode) if ((n as { nodeName?: string }).nodeName === 'w:tc') return true;
    return false;
  };
  const info = paragraphs
    .filter((p) => !inCell(p))
    .map((p) => {
      const pStyle = paragraphStyle(p);
      // Runs of words, not the spaces and punctuation between them ("Grading" in bold, its colon not); formatting set on the run, else by its character style, else by the paragraph's style.
      // The paragraph's own runs and their own properties: a text box's are its paragraphs', read as paragraphs of their own.
      const runs = ownRuns(p).filter((r) => /[\p{L}\p{N}]/u.test(runText(r)));
      const runProp = (r: El, name: string) => child(child(r, 'w:rPr'), name);
      const sizes = runs.map((r) =>
        Number(val(runProp(r, 'w:sz')) ?? look(val(runProp(r, 'w:rStyle')), 'size') ?? look(pStyle, 'size') ?? styles.defaultSize),
      );
      const bold =
        runs.length > 0 &&
        runs.every((r) => {
          const b = runProp(r, 'w:b');
          return b ? isOn(b) : Boolean(look(val(runProp(r, 'w:rStyle')), 'bold') ?? look(pStyle, 'bold'));
        });
      const text = textOf(p).trim();
      return {
        p,
        text,
        size: sizes.length ? Math.max(...sizes) : styles.defaultSize,
        bold,
        words: text.split(/\s+/).filter(Boolean).length,
      };
    });
  const weights = new Map<number, number>();
  for (const x of info) if (x.words >= 8) weights.set(x.size, (weights.get(x.size) ?? 0) + x.words);
  const body_ = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? styles.defaultSize;
  const looksLikeHeading = (x: (typeof info)[number]) =>
    x.words > 0 &&
    x.words <= 14 &&
    /\p{L}{2}/u.test(x.text) &&
    // A title may end with a colon ("Grading:"); one opening on its label may close on a full stop ("Chapter 1: The way of the program.").
    (!/[.,;]$/.test(x.text) || closedLabelledTitle(x.text)) &&
    !all(x.p, 'm:oMath').length &&
    !x.text.includes('\uE000') &&
    !looksLikeCode(x.text);
  // A heading heads text: three or more candidates in a row (blank paragraphs aside) are lines of
  // something else set larger than the text around them (a script pasted in another size).
  const nonEmpty = info.filter((x) => x.words > 0);
  // A bold line at body size titles what follows when it reads as a title: a capital first, said
  // once, no exclamation, no sentence ("The sum is 14"), no "label: value" pair (a program's sample
  // output "Enter the amount: 1.75"; "Week 1: Introduction" still titles).
  const seen = new Map<string, number>();
  for (const x of info) seen.set(x.text, (seen.get(x.text) ?? 0) + 1);
  const boldTitle = (x: (typeof info)[number]) =>
    /^[\p{Lu}\d]/u.test(x.text) &&
    // A longer line ending in a colon introduces what follows; a line said twice is output, not a title.
    !(x.text.endsWith(':') && x.words > 5) &&
    seen.get(x.text) === 1 &&
    !/!$/.test(x.text) &&
    !/\b(is|are|was|were)\b/.test(x.text) &&
    !/:\s*(?![\p{Lu}][\p{L}]{2})\S/u.test(x.text);
  const isCandidate = (x: (typeof info)[number]) =>
    looksLikeHeading(x) && (x.size >= body_ + 4 || (x.bold && x.size < body_ + 4 && x.words <= 10 && boldTitle(x)));
  const inRun = new Set<El>();
  nonEmpty.forEach((x, i) => {
    if (isCandidate(x) && i > 0 && i < nonEmpty.length - 1 && isCandidate(nonEmpty[i - 1]) && isCandidate(nonEmpty[i + 1])) {
      for (const y of [nonEmpty[i - 1], x, nonEmpty[i + 1]]) inRun.add(y.p);
    }
  });
  const large = info.filter((x) => x.size >= body_ + 4 && looksLikeHeading(x) && !inRun.has(x.p));
  const boldLines = info.filter(
    (x) => x.bold && x.size < body_ + 4 && x.words <= 10 && looksLikeHeading(x) && boldTitle(x) && !inRun.has(x.p),
  );
  // Two sizes of heading, or one title set large over bold lines at body size (a syllabus: "Instructor", "Grading:").
  const larger = new Set(large.map((x) => x.p));
  if (large.length < 2 && !(large.length === 1 && boldLines.length >= 2)) return larger;
  const sizes = [...new Set(large.map((x) => x.size))].sort((a, b) => b - a).slice(0, 5);
  const setLevel = (p: El, level: number) => setParagraphStyle(p, `TsHeading${level}`);
  for (const x of large) if (sizes.includes(x.size)) setLevel(x.p, sizes.indexOf(x.size) + 1);
  for (const x of boldLines) setLevel(x.p, Math.min(6, sizes.length + 1));
  return larger;
}

/** A title opening on its label and number ("Chapter 1: The way of the program.", "Week 3 - Loops"): a member of a series. */
const labelledTitle =
  /^(?:chapter|lecture|week|part|unit|module|section|topic|lesson|session|kapitel|vorlesung|woche|teil|chapitre|semaine|leçon|partie)\s+(?:\d{1,3}|[IVXLC]{1,6})[a-z]?\s*[:.–—-]\s*\p{L}/iu;

/** A labelled title closing on one full stop, as a series' first member may be typed where the others are not. */
export function closedLabelledTitle(text: string): boolean {
  return labelledTitle.test(text) && /[^.]\.$/.test(text);
}

/**
 * Word's table of contents is left out: the book has its own contents, and the entries' page
 * numbers mean nothing there. It is a content control marked "Table of Contents", a TOC field
 * (from its begin to its end, over as many paragraphs as it takes), or paragraphs in the TOC
 * styles.
 */
function dropTableOfContents(root: El, styles: StyleInfo, xml: string): void {
  // Most documents have none: the XML says so before any walk of the tree.
  const field = /<w:instrText[^>]*>\s*TOC\b/.test(xml);
  const styled = [...styles.tocIds].some((id) => xml.includes(`w:val="${id}"`));
  if (!field && !styled && !xml.includes('w:docPartGallery')) return;
  for (const sdt of all(root, 'w:sdt')) {
    // Its own gallery (w:sdtPr/w:docPartObj): a content control holding the contents among other text is not the contents.
    const gallery = child(child(child(sdt, 'w:sdtPr'), 'w:docPartObj'), 'w:docPartGallery')?.getAttribute?.('w:val') ?? '';
    if (/table of contents/i.test(gallery)) sdt.parentNode?.removeChild(sdt);
  }
  const drop = new Set<El>();
  let depth = 0;
  let inToc = false;
  for (const p of field || styled ? all(root, 'w:p') : []) {
    if (styles.tocIds.has(paragraphStyle(p))) drop.add(p);
    // The field's characters in document order: begin, its instruction, separate, end.
    for (const el of field ? all(p, '*') : []) {
      const name = (el as { nodeName?: string }).nodeName;
      if (name === 'w:fldChar') {
        const type = el.getAttribute?.('w:fldCharType');
        if (type === 'begin' && inToc) depth++;
        if (type === 'end' && inToc && --depth === 0) {
          inToc = false;
          drop.add(p);
        }
      } else if (name === 'w:instrText' && !inToc && /^\s*TOC\b/.test(el.textContent ?? '')) {
        inToc = true;
        depth = 1;
      }
    }
    if (inToc) drop.add(p);
  }
  for (const p of drop) p.parentNode?.removeChild(p);
}

/**
 * Each numbered paragraph gets its number as a placeholder at its start (mammoth's HTML numbers
 * every list from 1); the reader turns it into the list item's `start`.
 */
function markListNumbers(root: El, xml: string, numberingXml: string | undefined, styles: WordStyle[]): void {
  if (!numberingXml) return;
  const numbering = readNumbering(numberingXml);
  const byStyle = styleNumbers(styles);
  if (byStyle.size === 0 && !xml.includes('<w:numPr')) return;
  const count = listCounter(numbering);
  const doc = (root as unknown as { ownerDocument: El['ownerDocument'] }).ownerDocument;
  for (const p of all(root, 'w:p')) {
    // The paragraph's own properties (its children, not its runs' or a nested table's).
    const pPr = child(p, 'w:pPr');
    const numPr = child(pPr, 'w:numPr');
    const styled = byStyle.get(child(pPr, 'w:pStyle')?.getAttribute?.('w:val') ?? '');
    const numId = numPr ? child(numPr, 'w:numId')?.getAttribute?.('w:val') : styled?.numId;
    if (!numId || numId === '0') continue;
    const ilvl = Number((numPr && child(numPr, 'w:ilvl')?.getAttribute?.('w:val')) ?? styled?.ilvl ?? 0);
    const n = count(numId, ilvl);
    if (n === undefined) continue;
    p.insertBefore(
      markRun(doc, listNumberMark(n.n, n.marker)),
      pPr ? ((pPr as unknown as { nextSibling: El | null }).nextSibling ?? null) : p.firstChild,
    );
  }
}

/** How many characters a paragraph opens with in a monospaced font, carried at its start to the HTML reader. */
export const monoMark = (n: number) => `\uE000MONO${n}\uE001`;
export const monoMarks = /\uE000MONO(\d+)\uE001/g;
const monospaced = /courier|consolas|menlo|monaco|mono\b|\bcode\b|inconsolata|lucida console|typewriter/i;

/**
 * A paragraph typed in columns (a tab, or spaces lining text up) that opens in a monospaced font ("^" or "[a-z0-9]" of a
 * regular-expression guide, a command of a cheat sheet) is marked with how many characters the monospaced runs at its
 * start hold, so the column they make can be kept as code (tab-tables.ts). Blank runs in another font do not end them.
 */
function markMonospacedStarts(root: El): void {
  const doc = (root as unknown as { ownerDocument: El['ownerDocument'] }).ownerDocument;
  for (const p of all(root, 'w:p')) {
    // Only a paragraph that may be a row of columns carries the mark.
    if (!all(p, 'w:tab').length && !/\S {2,}\S/.test(textOf(p))) continue;
    let n = 0;
    let seen = false;
    for (let c = (p as { firstChild?: El | null }).firstChild; c; c = (c as { nextSibling?: El | null }).nextSibling ?? null) {
      if ((c as { nodeName?: string }).nodeName !== 'w:r') continue;
      const text = textOf(c) + '\t'.repeat(all(c, 'w:tab').length);
      const fonts = child(child(c, 'w:rPr'), 'w:rFonts');
      const face = `${fonts?.getAttribute?.('w:ascii') ?? ''} ${fonts?.getAttribute?.('w:hAnsi') ?? ''}`;
      if (monospaced.test(face) || !text.trim()) {
        n += text.length;
        seen ||= !!text.trim();
      } else break;
    }
    if (!seen) continue;
    const pPr = child(p, 'w:pPr');
    p.insertBefore(markRun(doc, monoMark(n)), pPr ? ((pPr as unknown as { nextSibling: El | null }).nextSibling ?? null) : p.firstChild);
  }
}

/** The mammoth style map for the heading levels set by size. */
export const sizeHeadingStyleMap = [1, 2, 3, 4, 5, 6].map((n) => `p.TsHeading${n} => h${n}:fresh`);

/**
 * Rewrites a DOCX before mammoth reads it: each equation (OMML) becomes a placeholder run and its
 * LaTeX is kept aside (mammoth drops equations), headings set by font size get heading styles,
 * the table of contents is left out and each numbered paragraph carries its number.
 */
export async function prepareDocx(data: Uint8Array): Promise<PreparedDocx> {
  const zip = await JSZip.loadAsync(data);
  const file = zip.file('word/document.xml');
  const original = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (!file) return { data: original, equations: [] };
  const xml = breaksAndSimpleFields(await file.async('string'));
  const hasMath = xml.includes('<m:oMath');
  const stylesXml = await zip.file('word/styles.xml')?.async('string');
  const wordStyles = readWordStyles(stylesXml);
  const styles = readStyles(stylesXml, wordStyles);
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as El & { documentElement: El };
  const root = doc.documentElement;
  // Headings first, while equations are still equations (a formula set large is no heading).
  dropTableOfContents(root, styles, xml);
  // An outline Word reads (outline levels, styles based on heading or contents styles) before any guess by size.
  const body = child(root, 'w:body');
  const headingIds = new Set([...styles.headingIds].filter((id) => !styles.titleIds.has(id)));
  const outlined = !!body && markOutlineLevels(body, wordStyles, headingIds);
  const larger = outlined ? new Set<El>() : markSizeHeadings(root, styles);
  // The title typed as a first line in capitals or set larger, once the headings are known (a heading is never it).
  if (body)
    markVisibleTitle(
      body,
      wordStyles,
      styles.titleIds,
      (p) => styles.headingIds.has(paragraphStyle(p)) || /^Ts(Heading|OutlineItem)/.test(paragraphStyle(p)),
      (p) => larger.has(p),
    );
  // Callout boxes written as one-column tables: their content, between marks (after the size headings: no title is one).
  markCallouts(root as never);
  // Shaded areas left for the reader's writing: one marked paragraph each (after the size headings: no prompt is one).
  if (body) markAnswerBoxes(body as never);
  try {
    markListNumbers(root, xml, await zip.file('word/numbering.xml')?.async('string'), wordStyles);
  } catch {
    // A numbering part that cannot be read leaves the lists as mammoth numbers them (from 1); the text is all there.
  }
  markMonospacedStarts(root);
  markIndents(root as never);
  const equations: DocxEquation[] = [];
  if (hasMath) {
    for (const para of all(root, 'm:oMathPara')) {
      equations.push({ latex: ommlToLatex(para), display: true });
      para.parentNode?.replaceChild(markRun(doc as unknown as El['ownerDocument'], equationMark(equations.length - 1)), para);
    }
    for (const math of all(root, 'm:oMath')) {
      equations.push({ latex: ommlToLatex(math), display: false });
      math.parentNode?.replaceChild(markRun(doc as unknown as El['ownerDocument'], equationMark(equations.length - 1)), math);
    }
  }
  zip.file('word/document.xml', new XMLSerializer().serializeToString(doc as never));
  const charts = (xml.match(/<c:chart\b/g) ?? []).length;
  return { data: await zip.generateAsync({ type: 'nodebuffer' }), equations, ...(charts ? { charts } : {}) };
}
