/**
 * What a real document itself says about its structure, read independently of the product's
 * extractors: its own headings (PDF bookmarks, Word heading styles, Markdown headings), how many
 * figures it has, its vocabulary (to spot glued words) and its running heads.
 */
import JSZip from 'jszip';
import { decodeEntities } from '@common/textbook-ops/html';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface OwnStructure {
  headings: Array<{ title: string; level: number }>;
  figures: number;
  vocabulary: Set<string>;
  runningHeads: string[];
  /**
   * Publishing notices at the top or bottom of two pages or more ("Draft ... do not distribute", "© 2019 ..."), as the
   * pages have them: page furniture. One printed once (a licence line on the first page) is text the book keeps.
   */
  notices: string[];
  /** The document's display equation numbers, "(5.4)": set alone at the right of a line. */
  equationNumbers: Set<string>;
  /** How the headings were read (for the table). */
  source: string;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}]+/gu) ?? [];

async function pdfStructure(data: Uint8Array): Promise<OwnStructure> {
  const doc = await getDocument({ data: data.slice(), verbosity: VerbosityLevel.ERRORS, disableFontFace: true }).promise;
  const headings: OwnStructure['headings'] = [];
  const walk = (items: Array<{ title: string; items?: unknown[] }> | null, level: number) => {
    for (const item of items ?? []) {
      if (level <= 3) headings.push({ title: item.title, level });
      walk(item.items as never, level + 1);
    }
  };
  walk((await doc.getOutline()) as never, 1);
  const vocabulary = new Set<string>();
  const figures = new Set<string>();
  const topLines = new Map<string, number>();
  // Notices by their text (digits as "#") and the lines printing them: one printed on two pages or more is furniture.
  const noticePages = new Map<string, string[]>();
  const equationNumbers = new Set<string>();
  // A word hyphenated across a page break: the last line's head waits for the next page's first words.
  let carried: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const { height, width } = page.getViewport({ scale: 1 });
    const lines = new Map<number, string>();
    const edges = new Map<number, string>();
    const numberItems: Array<{ str: string; transform: number[]; width: number }> = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      for (const w of words(item.str)) vocabulary.add(w);
      const y = Math.round(item.transform[5]);
      if (y > height * 0.92 || y < height * 0.06) lines.set(y, `${lines.get(y) ?? ''} ${item.str}`.trim());
      if (y > height * 0.9 || y < height * 0.16) edges.set(y, `${edges.get(y) ?? ''} ${item.str}`.trim());
      if (/^\(\d+(?:\.\d+)*[a-z]?\)$/.test(item.str.trim()) && item.transform[4] > width * 0.5) numberItems.push(item);
    }
    // An equation number ends its line: "(0)" inside "f(0) = 1" has more of the formula to its right.
    for (const item of numberItems) {
      const [x, y] = [item.transform[4] + item.width, item.transform[5]];
      const after = content.items.some((o) => 'str' in o && o.str.trim() && Math.abs(o.transform[5] - y) < 2 && o.transform[4] > x + 1);
      if (!after) equationNumbers.add(item.str.trim());
    }
    for (const line of edges.values())
      if (/©|\bdraft\b.*(?:19|20)\d\d|do not (?:post|distribute)|to be published by|all rights reserved/i.test(line))
        noticePages.set(line.replace(/\d+/g, '#'), [...(noticePages.get(line.replace(/\d+/g, '#')) ?? []), line]);
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    for (const m of text.matchAll(/\b(?:Figure|Fig\.)\s+(\d+(?:\.\d+)?)/g)) figures.add(m[1]);
    // Words hyphenated across lines ("signif-" / "icantly") are words of the document too, even when a
    // margin note or an equation number is read between the two halves.
    const strs = content.items.map((i) => ('str' in i ? i.str : ''));
    for (const head of carried)
      for (const next of strs.slice(0, 12)) {
        const tail = /^\s*(\p{Ll}+)/u.exec(next)?.[1];
        if (tail) vocabulary.add(`${head}${tail}`.toLowerCase());
      }
    carried = strs
      .slice(-12)
      .map((s) => /(\p{L}+)-\s*$/u.exec(s)?.[1])
      .filter((h): h is string => !!h);
    strs.forEach((str, k) => {
      const head = /(\p{L}+)-\s*$/u.exec(str)?.[1];
      if (!head) return;
      for (const next of strs.slice(k + 1, k + 8)) {
        const tail = /^\s*(\p{Ll}+)/u.exec(next)?.[1];
        if (tail) vocabulary.add(`${head}${tail}`.toLowerCase());
      }
    });
    for (const line of new Set(lines.values())) {
      const key = line.replace(/\d+/g, '#').trim();
      if (key.length > 8) topLines.set(key, (topLines.get(key) ?? 0) + 1);
    }
    page.cleanup();
  }
  const pages = doc.numPages;
  await doc.loadingTask.destroy();
  const runningHeads = [...topLines].filter(([, n]) => pages >= 4 && n >= pages * 0.25).map(([k]) => k);
  return {
    headings,
    figures: figures.size,
    vocabulary,
    runningHeads,
    notices: [...noticePages.values()].filter((lines) => lines.length >= 2).flat(),
    equationNumbers,
    source: headings.length ? 'bookmarks' : 'no bookmarks',
  };
}

async function docxStructure(data: Uint8Array): Promise<OwnStructure> {
  const zip = await JSZip.loadAsync(data);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const styles = (await zip.file('word/styles.xml')?.async('string')) ?? '';
  const levelById = new Map<string, number>();
  // Each style's own name: the search stops at its end (a "Normal" style listed before "heading 1" is no heading).
  for (const m of styles.matchAll(/<w:style\b[^>]*w:styleId="([^"]+)"[^>]*>(?:(?!<\/w:style>)[\s\S])*?<w:name w:val="heading ([1-9])"/gi))
    levelById.set(m[1], Number(m[2]));
  const headings: OwnStructure['headings'] = [];
  const vocabulary = new Set<string>();
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    // The XML escapes "&" and "<": the heading as the reader sees it is decoded ("Prerequisites & Preparation").
    const text = decodeEntities([...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
    for (const w of words(text)) vocabulary.add(w);
    const style = /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1];
    const level = style ? levelById.get(style) : undefined;
    if (level && level <= 3 && text.trim()) headings.push({ title: text.trim(), level });
  }
  return {
    headings,
    figures: (xml.match(/<w:drawing>/g) ?? []).length,
    vocabulary,
    runningHeads: [],
    notices: [],
    equationNumbers: new Set(),
    source: headings.length ? 'heading styles' : 'no heading styles',
  };
}

function markdownStructure(text: string): OwnStructure {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  // A page writes "nat&uuml;rlich" as its renderer shows "natürlich": the heading is what the reader sees.
  // A "#" line in fenced code is a comment of the program, and an attribute list after a heading ("{#anchor}") is not its title.
  // A Quarto callout's first "##" line is the box's title, not a heading of the page.
  const prose = body
    .replace(/^[ \t]*(```|~~~)[\s\S]*?^[ \t]*\1[ \t]*$/gm, '')
    .replace(/^([ \t]*:{3,}[ \t]*\{[^}\n]*\.callout[^}\n]*\}[^\n]*\n)[ \t]*#{1,6}[ \t][^\n]*\n/gm, '$1');
  const headings = [...prose.matchAll(/^(#{1,3})\s+(.+?)\s*#*$/gm)].map((m) => ({
    title: decodeEntities(m[2].replace(/\s*\{[#.:][^{}]*\}\s*$/, '')),
    level: m[1].length,
  }));
  return {
    headings,
    figures: (body.match(/!\[|<img\b/g) ?? []).length,
    vocabulary: new Set(words(body)),
    runningHeads: [],
    notices: [],
    equationNumbers: new Set(),
    source: 'Markdown headings',
  };
}

/**
 * A deck's headings: the slide titles set in the title placeholder, in the presentation's order, a title repeated on the
 * next slides ("(cont.)" aside) once; the title slide, agenda and closing slides ("Questions?") announce no topic, and a
 * slide with its title alone heads no content.
 */
async function pptxStructure(data: Uint8Array): Promise<OwnStructure> {
  const zip = await JSZip.loadAsync(data);
  const presentation = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
  const rels = (await zip.file('ppt/_rels/presentation.xml.rels')?.async('string')) ?? '';
  const order = [...presentation.matchAll(/<p:sldId\b[^>]*r:id="([^"]+)"/g)].map(
    (m) => new RegExp(`Id="${m[1]}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? '',
  );
  const headings: OwnStructure['headings'] = [];
  const vocabulary = new Set<string>();
  let figures = 0;
  const key = (t: string) =>
    t
      .toLowerCase()
      .replace(/\s*\(?cont(?:inued|'d|\.)?\)?\s*$/, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  for (const target of order) {
    const xml = (await zip.file(`ppt/${target.replace(/^\.\.\//, '')}`)?.async('string')) ?? '';
    for (const m of xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)) for (const w of words(m[1])) vocabulary.add(w);
    figures += (xml.match(/<p:pic>/g) ?? []).length;
    const shape = (xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []).find((s) => /<p:ph\b[^>]*type="title"/.test(s));
    const title = shape
      ? [...shape.matchAll(/<a:t>([^<]*)<\/a:t>/g)]
          .map((m) => m[1])
          .join('')
          .trim()
      : '';
    if (!title || /^(?:agenda|outline|overview|today\b|(?:any\s+)?questions?\b|thank)/i.test(title)) continue;
    // A slide with its title alone ("Coffee!!") heads no content: a line, not a heading.
    const rest = (xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []).filter((s) => s !== shape && /<a:t>[^<]*\S[^<]*<\/a:t>/.test(s));
    if (!rest.length && !/<p:pic>|<p:graphicFrame>/.test(xml)) continue;
    if (headings.length && key(headings[headings.length - 1].title) === key(title)) continue;
    headings.push({ title, level: 1 });
  }
  return { headings, figures, vocabulary, runningHeads: [], notices: [], equationNumbers: new Set(), source: 'slide titles' };
}

export async function ownStructure(filename: string, data: Uint8Array): Promise<OwnStructure> {
  if (/\.pdf$/i.test(filename)) return pdfStructure(data);
  if (/\.docx$/i.test(filename)) return docxStructure(data);
  if (/\.pptx$/i.test(filename)) return pptxStructure(data);
  return markdownStructure(new TextDecoder().decode(data));
}

/** Titles compared by their words (numbering, case and punctuation aside). */
export const titleKey = (t: string) =>
  t
    .toLowerCase()
    .replace(/^(chapter|section|part)\s+/, '')
    // "2.3 Title", and an appendix's "B.1 Title" (bookmarks leave the number out).
    .replace(/^(?:\d+(\.\d+)*|[a-z](\.\d+)+)\.?\s+/, '')
    // A deck's second slide of one title, apart from the first, is "<title>, continued" in the book (repeated-titles.ts).
    .replace(/,\s*(?:continued|Fortsetzung|suite|continuación|continuazione|vervolg|continuação)(?:\s*\(\d+\))?$/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The share of `own` titles found in `found`, in the same order. */
/**
 * Where the source's heading `title` stands among the book's title keys, from `at` on (-1 when absent). A bookmark
 * hyperref cut short where the heading held a formula ("Modèle Poisson-" for "Modèle Poisson-Σ") is found at the book's
 * heading that starts with its words; one that kept only a formula's index, at the heading with the Greek letter.
 */
export function titleAt(keys: string[], title: string, at: number): number {
  const key = titleKey(title);
  if (/[-–(]\s*$/.test(title)) return keys.findIndex((k, j) => j >= at && k.startsWith(key));
  const found = keys.indexOf(key, at);
  // A part's bookmark opens with its Roman number ("II Corrections"); the page sets that number on a line of its own.
  const part = /^\s*[IVXLC]{1,6}\.?\s+(?=\p{Lu})/u.test(title)
    ? keys.indexOf(titleKey(title.replace(/^\s*[IVXLC]{1,6}\.?\s+/, '')), at)
    : -1;
  if (found < 0 && part >= 0) return part;
  // A bookmark that kept a formula's index but not its Greek letter ("Intervalle de confiance pour 1" for "... pour β1").
  return found >= 0 ? found : keys.findIndex((k, j) => j >= at && /\p{Script=Greek}/u.test(k) && greekless(k) === key);
}

const greekless = (key: string) =>
  key
    .normalize('NFKC')
    .replace(/\p{Script=Greek}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

export function inOrder(own: string[], found: string[]): number {
  if (own.length === 0) return 1;
  const keys = found.map(titleKey);
  let at = 0;
  let hits = 0;
  for (const title of own) {
    const i = titleAt(keys, title, at);
    if (i >= 0) {
      hits++;
      at = i + 1;
    }
  }
  return hits / own.length;
}

/** Tokens of `text` that are two words of the vocabulary run together ("distributiondistribution"). */
export function gluedWords(text: string, vocabulary: Set<string>): string[] {
  const out: string[] = [];
  for (const token of new Set(words(text))) {
    if (token.length < 8 || vocabulary.has(token)) continue;
    for (let i = 3; i <= token.length - 3; i++) {
      if (vocabulary.has(token.slice(0, i)) && vocabulary.has(token.slice(i))) {
        out.push(token);
        break;
      }
    }
  }
  return out;
}
