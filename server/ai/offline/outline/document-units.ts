import type { DocBlock, DocSection, ExtractedDocument } from '@server/core/document-model';
import { documentTree } from '@server/core/document-tree';
import { splitSessionTitle } from '@server/ingest/session-heading';
import { isFurniture } from '@server/ai/shared/furniture';
import { isCompanionTitle } from './apparatus';
import { isAppendixTitle, labelAppendices } from './appendices';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';
import { casedTitle } from './merge-units';
import type { ScheduledUnit } from './schedule';

/** Units that are the original's navigation, not teaching text: a table of contents, lists of figures, an index. */
const navigationTitle =
  /^(contents|table of contents|list of (figures|tables|algorithms|listings)|index|inhalt|inhaltsverzeichnis|abbildungsverzeichnis|tabellenverzeichnis|stichwortverzeichnis|table des matières|sommaire|table des figures|liste des (figures|tableaux))$/iu;
/** A document's reference list: its entries become the book's references, not its text. */
const referenceListTitle =
  /^(references|bibliography|works cited|literature cited|citations|literatur|literaturverzeichnis|quellen|quellenverzeichnis|références|bibliographie)$/iu;
/** Back matter that is still material: a glossary, a list of abbreviations or symbols. */
const glossaryTitle = /^(glossary|list of (abbreviations|acronyms|symbols|notation)|abbreviations|acronyms|notation)$/i;

/** Units that close a book rather than teach a topic: exercises, further reading, appendices, a glossary. */
export function isEndMatterTitle(title: string): boolean {
  return isCompanionTitle(title) || glossaryTitle.test(cleanHeadingTitle(title));
}

/** A line with someone's contact: an e-mail address (written or linked) or an office. */
function isContact(block: DocBlock): boolean {
  return (
    block.links?.some((l) => /^mailto:/i.test(l.href)) === true ||
    /[\w.+-]+@[\w-]+\.[\w.-]+/.test(block.text) ||
    /\boffice\b/i.test(block.text)
  );
}

export const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
export const blockWords = (blocks: DocBlock[]) =>
  blocks.reduce((n, b) => n + (b.kind === 'bibliography' || b.kind === 'heading' ? 0 : words(b.text)), 0);

/** Sentences of real prose (a title block of names and affiliations has none). */
export function proseWords(blocks: DocBlock[]): number {
  return blocks
    .filter((b) => b.kind === 'paragraph' && /[.!?]["”’)]?$/.test(b.text.trim()) && words(b.text) >= 8)
    .reduce((n, b) => n + words(b.text), 0);
}

/** Short lines a PDF prints on three or more pages (a running footer "Draft (2019-04-29) of ..."): furniture. */
function repeatedLines(blocks: DocBlock[]): Set<string> {
  const pages = new Map<string, Set<number>>();
  for (const b of blocks) {
    if (b.kind !== 'paragraph' || b.page === undefined || words(b.text) > 40) continue;
    const key = lineKey(b.text);
    pages.set(key, (pages.get(key) ?? new Set()).add(b.page));
  }
  return new Set([...pages].filter(([, on]) => on.size >= 3).map(([k]) => k));
}

const lineKey = (text: string) => text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

/** A heading's or a contents line's words, its numbering and page number aside. */
const tocKey = (text: string) =>
  text
    .replace(/^\s*(?:chapter\s+)?[\dA-Z]{1,3}(?:\.\d+)*\.?\s+/i, '')
    .replace(/\s+\d{1,4}\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();

/** A unit the book does not print, and why: the original's navigation, or its reference list (whose entries are the book's references). */
export interface LeftOutUnit {
  title: string;
  /** The words of text under it (its reference entries aside). */
  words: number;
  why: 'navigation' | 'references';
}

function leftOutWhy(node: DocSection): LeftOutUnit['why'] | undefined {
  const title = cleanHeadingTitle(node.title);
  if (navigationTitle.test(title)) return 'navigation';
  if (referenceListTitle.test(title)) return 'references';
  return undefined;
}

/** Words of text under a unit, its sub-units included (a contents line's dot leaders are no words). */
function unitWords(node: DocSection): number {
  const own = node.blocks.reduce((n, b) => n + (b.kind === 'bibliography' ? 0 : (b.text.match(/[\p{L}\p{N}]+/gu) ?? []).length), 0);
  return own + node.children.reduce((n, c) => n + unitWords(c), 0);
}

function prune(nodes: DocSection[], repeated: Set<string>, left: LeftOutUnit[]): DocSection[] {
  const keep = (b: DocBlock) => !isFurniture(b) && !(b.kind === 'paragraph' && repeated.has(lineKey(b.text)));
  return nodes
    .filter((n) => {
      const why = leftOutWhy(n);
      if (why) left.push({ title: cleanHeadingTitle(n.title), words: unitWords(n), why });
      return !why;
    })
    .map((n) => ({ ...n, blocks: n.blocks.filter(keep), children: prune(n.children, repeated, left) }));
}

/** Two units in a row under one title ("# Higher-Order Functions" twice) are one unit, never two chapters of one name. */
function joinRepeatedTitles(nodes: DocSection[]): DocSection[] {
  const out: DocSection[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (last && cleanHeadingTitle(last.title).toLowerCase() === cleanHeadingTitle(n.title).toLowerCase())
      out[out.length - 1] = {
        ...last,
        title: casedTitle(last.title, n.title),
        blocks: [...last.blocks, ...n.blocks],
        children: [...last.children, ...n.children],
      };
    else out.push({ ...n, children: joinRepeatedTitles(n.children) });
  }
  return out;
}

/** A unit whose heading opens with its meeting ("Jan 6: Discrete and continuous variables"): titled by its topic, the meeting kept as its schedule. */
function topicOfSession(unit: DocSection): ScheduledUnit {
  const split = unit.session ? undefined : splitSessionTitle(unit.title);
  return split ? { ...unit, title: split.topic, schedule: split.session } : unit;
}

export interface DocumentUnits {
  /** The document's own title heading and the text under it before its first unit. */
  intro?: { title: string; blocks: DocBlock[]; children: DocSection[] };
  /** The units that become chapters, in the document's order. */
  chapters: DocSection[];
  /** Units after the last chapter that close the document (exercises, further reading, a glossary). */
  endMatter: DocSection[];
  /** The document's appendices ("Appendix A: ..."), wherever they stood: they follow the main matter, never join a chapter. */
  appendices: DocSection[];
  /** Units the book does not print (a table of contents, an index, a reference list), for the generation's report. */
  leftOut: LeftOutUnit[];
}

const unit = (title: string, blocks: DocBlock[], children: DocSection[] = []): DocSection => ({
  title,
  level: 1,
  depth: 1,
  pos: {},
  blocks,
  children,
});

/**
 * The units of one document that become chapters: its top-level headings, below a single
 * title heading when the whole document sits under one (a chapter file: its numbered
 * sections are the units), and below date-only session headings in lecture notes (the
 * topics are the units, in the order given). Exercises, further reading and the like that
 * sit between chapters stay with the chapter before them; those after the last chapter are
 * the document's end matter.
 */
export function documentUnits(doc: Pick<ExtractedDocument, 'blocks' | 'title'>): DocumentUnits {
  const tree = documentTree(doc);
  const repeated = repeatedLines(doc.blocks);
  const leftOut: LeftOutUnit[] = [];
  let roots = labelAppendices(joinRepeatedTitles(prune(tree.sections, repeated, leftOut)));
  let intro: DocumentUnits['intro'];
  // A table of contents printed before the first heading: lines that repeat a heading (with its number and page).
  const headingKeys = new Set(doc.blocks.filter((b) => b.kind === 'heading').map((b) => tocKey(b.text)));
  const preamble = tree.preamble.filter(
    (b) => b.kind !== 'bibliography' && !isFurniture(b) && !(b.kind === 'paragraph' && headingKeys.has(tocKey(b.text))),
  );
  const introWith = (title: string, blocks: DocBlock[]) => ({
    title: intro?.title || title,
    blocks: [...(intro?.blocks ?? []), ...blocks],
    children: [],
  });
  if (blockWords(preamble) > 0) intro = { title: doc.title ?? '', blocks: preamble, children: [] };
  // One unit holding the whole document: its sections are the units when it has several (a chapter file), or when
  // its only section repeats its title ("# First-Order Functions" over "## First-Order Functions"). A unit with a
  // long text of its own and one section stays a chapter with that section.
  while (
    roots.length === 1 &&
    roots[0].children.length > 0 &&
    (roots[0].children.length >= 2 ||
      cleanHeadingTitle(roots[0].children[0].title).toLowerCase() === cleanHeadingTitle(roots[0].title).toLowerCase() ||
      blockWords(roots[0].blocks) < 150)
  ) {
    const [only] = roots;
    intro = { title: only.title, blocks: [...(intro?.blocks ?? []), ...only.blocks], children: [] };
    roots = only.children;
  }
  // A first heading that is the document's title, with little under it: the title, not a chapter.
  const first = roots[0];
  if (
    roots.length > 1 &&
    first &&
    first.children.length === 0 &&
    proseWords(first.blocks) < 30 &&
    // A title stands apart from the units below it (another level), or has next to nothing under it.
    (roots.slice(1).every((r) => r.level !== first.level) || blockWords(first.blocks) < 12) &&
    doc.title &&
    cleanHeadingTitle(first.title).toLowerCase() === cleanHeadingTitle(doc.title).toLowerCase()
  ) {
    intro = introWith(first.title, first.blocks);
    roots = roots.slice(1);
  }
  // Title-block lines set large (course name, "Lecture 5", the author) before the first real unit: the title, not chapters.
  // A unit giving someone's contact (a syllabus's "Instructor" and the e-mail under it) is no title: students need it;
  // nor is one holding a list, or three lines and more under another heading than the title (a handout's "Schedule", its
  // first command lines): a part of the text.
  for (
    let n = 0;
    n < 3 &&
    roots.length > 1 &&
    roots[0].children.length === 0 &&
    proseWords(roots[0].blocks) === 0 &&
    blockWords(roots[0].blocks) < 25 &&
    (roots[0].blocks.length <= 2 || cleanHeadingTitle(roots[0].title).toLowerCase() === cleanHeadingTitle(doc.title ?? '').toLowerCase()) &&
    !roots[0].blocks.some((b) => isContact(b) || b.kind === 'list-item' || b.kind === 'table');
    n++
  ) {
    intro = introWith(roots[0].title, roots[0].blocks);
    roots = roots.slice(1);
  }
  // Sections printed before the document's first top-level heading ("## Types" under the page title, then "# Inter-networks")
  // belong to the document's introduction: they become its sections.
  const topLevel = Math.min(...roots.map((r) => r.level));
  let lead = 0;
  while (lead < roots.length && roots[lead].level > topLevel) lead++;
  if (lead > 0 && lead < roots.length && intro) {
    intro = { ...intro, children: roots.slice(0, lead) };
    roots = roots.slice(lead);
  }
  // One chapter and its exercises or further reading beside it: the chapter's sections are the units, the rest follows them.
  const big = roots.filter((r) => r.children.length >= 2);
  if (roots.length > 1 && big.length === 1 && roots.every((r) => r === big[0] || (r.children.length === 0 && isEndMatterTitle(r.title)))) {
    const at = roots.indexOf(big[0]);
    intro = introWith(big[0].title, big[0].blocks);
    roots = [...roots.slice(0, at), ...big[0].children, ...roots.slice(at + 1)];
  }
  const sessions = roots.filter((r) => r.session).length;
  if (sessions > 0 && sessions >= roots.length / 2) {
    roots = roots.flatMap((r): ScheduledUnit[] => {
      if (!r.session) return [r];
      // The topics are the units, each keeping the date it was taught as its schedule line.
      const schedule = r.title;
      const topics = r.children.map((c) => ({ ...c, schedule }));
      if (topics.length === 0) return [{ ...r, schedule }];
      // A session's own teaching text (more than a line of notices) is a unit of its own, still titled by its date.
      if (proseWords(r.blocks) >= 40) return [{ ...r, children: [], schedule }, ...topics];
      const [firstTopic, ...rest] = topics;
      return [{ ...firstTopic, blocks: [...r.blocks, ...firstTopic.blocks] }, ...rest];
    });
  }
  roots = roots.map(topicOfSession);
  const appendices = roots.filter((r) => isAppendixTitle(r.title));
  // A document of appendices only keeps them as its units.
  if (appendices.length < roots.length) roots = roots.filter((r) => !isAppendixTitle(r.title));
  else appendices.length = 0;
  // End matter: the companions after the last teaching unit. Companions between units stay with the unit before them.
  let end = roots.length;
  while (end > 0 && isEndMatterTitle(roots[end - 1].title)) end--;
  if (end === 0) return { intro, chapters: roots, endMatter: [], appendices, leftOut };
  const endMatter = roots.slice(end);
  const chapters: DocSection[] = [];
  for (const r of roots.slice(0, end)) {
    const previous = chapters[chapters.length - 1];
    if (previous && isCompanionTitle(r.title)) {
      chapters[chapters.length - 1] = previous.children.length
        ? { ...previous, children: [...previous.children, r] }
        : // A chapter without sections keeps its text as its opening; its exercises become its section.
          { ...previous, children: [r] };
    } else chapters.push(r);
  }
  return { intro, chapters, endMatter, appendices, leftOut };
}

export { unit as bareUnit };
