import type { Block, BookChapter, BookDocument, BookSection, Inline, TextRun } from './book-model';
import { inlineText } from './book-model';

/**
 * A book's glossary and index, derived whenever the book is rendered from what its chapters say, so neither
 * can go stale after an edit or a regeneration:
 * - the glossary from the chapters' key-term lists (a "Key Terms" heading and its list, each item "**term**:
 *   definition"), whatever engine wrote them, keeping only whole defining sentences, one entry per term
 *   (the first chapter's), alphabetical, each with a link to where it is defined;
 * - the first use of each glossary term in each chapter's text linked to its entry (never in a heading, code, a
 *   formula, an existing link or the study apparatus);
 * - the index from the glossary's terms and the material's own index words, each with links to the chapters
 *   and sections whose text uses it (case-insensitive, whole words).
 */

/** What the back matter made, for the benchmark and tests. */
export interface BackMatterStats {
  glossaryEntries: number;
  indexEntries: number;
  /** Links from the text to glossary entries. */
  glossaryLinks: number;
  /** Links from index entries to the places a term occurs. */
  indexLinks: number;
}

export interface GlossaryEntry {
  term: string;
  anchor: string;
  /** The definition as the chapter prints it: a whole sentence (or sentences), and its formula when it ends in one. */
  definition: Inline[];
  formula?: Block;
  /** The chapter or section whose text defines it (the chapter holding its key-term list when the text does not). */
  definedIn: { anchor: string; title: string };
}

export interface IndexEntry {
  term: string;
  places: Array<{ anchor: string; title: string }>;
}

/** The apparatus headings the engines write: what they restate is not text to index or link from. */
const apparatusHeading = /^(?:overview|learning objectives|summary|key terms|review questions)$/i;
const keyTermsHeading = /^key terms$/i;
/** A chapter's closing section of apparatus ("Summary and Review", older books "Review: {chapter}"). */
const apparatusSection = (title: string) => /^(?:summary and review|review: )/i.test(title.trim());

const titles: Record<string, { glossary: string; index: string }> = {
  en: { glossary: 'Glossary', index: 'Index' },
  de: { glossary: 'Glossar', index: 'Stichwortverzeichnis' },
  fr: { glossary: 'Glossaire', index: 'Index' },
  es: { glossary: 'Glosario', index: 'Índice alfabético' },
  it: { glossary: 'Glossario', index: 'Indice analitico' },
  nl: { glossary: 'Woordenlijst', index: 'Register' },
};

/** The back matter's headings in the book's language (English for a language not listed). */
export function backMatterTitles(language: string): { glossary: string; index: string } {
  return titles[language.toLowerCase().split('-')[0]] ?? titles.en;
}

/** Why a definition is not a whole sentence: it starts mid-sentence, breaks off, or lost its symbols. */
export function definitionCut(definition: string, opts: { formula?: boolean } = {}): string | undefined {
  const d = definition.trim();
  if (!d) return 'empty';
  if (!/^[“"‘(]?[\p{Lu}\d]/u.test(d)) return 'starts mid-sentence';
  if (/[-‐]$/.test(d)) return 'breaks off at a hyphen';
  if (!opts.formula && !/[.!?]["”’)]?$/.test(d)) return 'has no full stop';
  if (/\s[,;:]\s*[,;:.]|\.\s\.\s\.|\bof\s*[,.]/.test(d)) return 'lost its symbols';
  return undefined;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A term as a whole word, its plural too ("gradient" finds "gradients"), case-insensitive. */
export function termPattern(term: string): RegExp {
  const words = term.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
}

/** The key a term is deduplicated by: case, a leading article and a plural ending folded. */
function termKey(term: string): string {
  return term
    .toLowerCase()
    .replace(/^(?:the|an?)\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/(?<![su])s$/, '');
}

function slug(term: string): string {
  return (
    term
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 48) || 'term'
  );
}

/** A chapter and its sections as the places a term can be found in, in reading order, apparatus sections left out. */
function unitsOf(chapter: BookChapter): BookSection[] {
  return [chapter, ...chapter.sections.filter((s) => !apparatusSection(s.title))];
}

/** The blocks of a unit that are its own text: everything but the runs under an apparatus heading. */
function textBlocks(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  let skipBelow = 0;
  for (const b of blocks) {
    if (b.kind === 'heading') {
      if (skipBelow && b.level > skipBelow) continue;
      skipBelow = apparatusHeading.test(inlineText(b.content).trim()) ? b.level : 0;
      if (!skipBelow) out.push(b);
      continue;
    }
    // A rule sets the apparatus off from the text (the opening ends in one).
    if (b.kind === 'rule') skipBelow = 0;
    else if (!skipBelow) out.push(b);
  }
  return out;
}

/** The words of a text, lower case: a quick test before a term's pattern is run over it. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

const termWords = new Map<string, string[]>();
/** False when the text cannot hold the term: one of its words is missing (the last may take a plural ending). */
function mayHold(words: ReadonlySet<string>, term: string): boolean {
  let parts = termWords.get(term);
  if (!parts) {
    parts = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (termWords.size > 10_000) termWords.clear();
    termWords.set(term, parts);
  }
  const last = parts.length - 1;
  return parts.every((w, i) => words.has(w) || (i === last && (words.has(`${w}s`) || words.has(`${w}es`))));
}

/** A unit's own text (apparatus left out), flattened once per book. */
const unitTexts = new WeakMap<BookSection, { text: string; flat: string; words: Set<string> }>();
function unitText(unit: BookSection): { text: string; flat: string; words: Set<string> } {
  let known = unitTexts.get(unit);
  if (!known) {
    const text = plainText(textBlocks(unit.blocks));
    known = { text, flat: text.replace(/\s+/g, ' ').toLowerCase(), words: wordsOf(text) };
    unitTexts.set(unit, known);
  }
  return known;
}

function plainText(blocks: readonly Block[]): string {
  const parts: string[] = [];
  const walk = (bs: readonly Block[]) => {
    for (const b of bs) {
      if (b.kind === 'heading' || b.kind === 'paragraph') parts.push(inlineText(b.content));
      else if (b.kind === 'list') b.items.forEach(walk);
      else if (b.kind === 'quote') walk(b.blocks);
      else if (b.kind === 'table') for (const row of b.rows) for (const cell of row) walk(cell.blocks);
      else if (b.kind === 'code') parts.push(b.text);
    }
  };
  walk(blocks);
  return parts.join('\n');
}

/** The items of the key-term lists in a unit's blocks: the term (its leading bold text) and the rest. */
function keyTermItems(blocks: readonly Block[]): Array<{ term: string; definition: Inline[]; formula?: Block }> {
  const out: Array<{ term: string; definition: Inline[]; formula?: Block }> = [];
  blocks.forEach((b, i) => {
    if (b.kind !== 'heading' || !keyTermsHeading.test(inlineText(b.content).trim())) return;
    const list = blocks[i + 1];
    if (list?.kind !== 'list') return;
    for (const item of list.items) {
      const first = item[0];
      if (first?.kind !== 'paragraph') continue;
      let at = 0;
      let term = '';
      while (at < first.content.length) {
        const run = first.content[at];
        if (run.kind !== 'text' || !run.bold) break;
        term += run.text;
        at++;
      }
      const rest = first.content.slice(at).map((r) => ({ ...r }));
      // "**term**: definition" (the colon may be inside the bold run or open the next one).
      term = term.replace(/[:\s]+$/, '').trim();
      const head = rest[0];
      if (head?.kind === 'text') head.text = head.text.replace(/^\s*[:–—]\s*/, '');
      if (!term || !rest.length) continue;
      const formula = item.find((x, n) => n > 0 && x.kind === 'math');
      out.push({ term, definition: rest, ...(formula ? { formula } : {}) });
    }
  });
  return out;
}

/** The book's glossary: every chapter's key terms whose definitions are whole sentences, one per term, alphabetical. */
export function glossaryOf(chapters: readonly BookChapter[], language = 'en'): GlossaryEntry[] {
  const byKey = new Map<string, GlossaryEntry>();
  const anchors = new Set<string>();
  for (const chapter of chapters) {
    const all = [chapter, ...chapter.sections];
    for (const unit of all)
      for (const item of keyTermItems(unit.blocks)) {
        const key = termKey(item.term);
        const said = inlineText(item.definition).trim();
        if (!key || byKey.has(key) || definitionCut(said, { formula: !!item.formula })) continue;
        // Where the text itself says it: the unit whose own text holds the sentence's opening words.
        const opening = said.slice(0, 40).toLowerCase();
        // Its words first (a set lookup each), the sentence's opening only then (the last word may be cut at 40 characters).
        const openingWords = (opening.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, -1);
        const says = (u: BookSection) => {
          const { words, flat } = unitText(u);
          return openingWords.every((w) => words.has(w)) && flat.includes(opening);
        };
        const home = unitsOf(chapter).find(says) ?? chapters.flatMap(unitsOf).find(says);
        let anchor = `glossary-${slug(item.term)}`;
        for (let n = 2; anchors.has(anchor); n++) anchor = `glossary-${slug(item.term)}-${n}`;
        anchors.add(anchor);
        byKey.set(key, {
          term: item.term,
          anchor,
          definition: item.definition,
          ...(item.formula ? { formula: item.formula } : {}),
          definedIn: { anchor: (home ?? chapter).anchor, title: (home ?? chapter).title },
        });
      }
  }
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...byKey.values()].sort((a, b) => collator.compare(a.term, b.term));
}

/**
 * Links the first use of `pattern` in the blocks to `href`, in place; true when it made one. Headings, code,
 * formulas, text already linked or set as code, and apparatus runs are never touched.
 */
function linkFirst(blocks: Block[], pattern: RegExp, href: string): boolean {
  const inRuns = (content: Inline[]): boolean => {
    for (let i = 0; i < content.length; i++) {
      const run = content[i];
      if (run.kind !== 'text') continue;
      // Linked already (a book whose back matter is built again): that use is the first.
      if (run.href === href) return true;
      if (run.href || run.code) continue;
      const m = pattern.exec(run.text);
      if (!m) continue;
      const pieces: TextRun[] = [];
      if (m.index > 0) pieces.push({ ...run, text: run.text.slice(0, m.index) });
      pieces.push({ ...run, text: m[0], href });
      if (m.index + m[0].length < run.text.length) pieces.push({ ...run, text: run.text.slice(m.index + m[0].length) });
      content.splice(i, 1, ...pieces);
      return true;
    }
    return false;
  };
  const walk = (bs: Block[]): boolean => {
    let skipBelow = 0;
    for (const b of bs) {
      if (b.kind === 'heading') {
        if (skipBelow && b.level > skipBelow) continue;
        skipBelow = apparatusHeading.test(inlineText(b.content).trim()) ? b.level : 0;
        continue;
      }
      if (b.kind === 'rule') {
        skipBelow = 0;
        continue;
      }
      if (skipBelow) continue;
      if (b.kind === 'paragraph' && inRuns(b.content)) return true;
      if (b.kind === 'list' && b.items.some((item) => walk(item))) return true;
      if (b.kind === 'quote' && walk(b.blocks)) return true;
      if (b.kind === 'table' && b.rows.some((row) => row.some((cell) => walk(cell.blocks)))) return true;
    }
    return false;
  };
  return walk(blocks);
}

/** The index: glossary terms and the material's own index words, each with the chapters and sections whose text uses it. */
export function indexOf(chapters: readonly BookChapter[], terms: readonly string[], language = 'en'): IndexEntry[] {
  const units = chapters.flatMap(unitsOf).map((u) => ({ anchor: u.anchor, title: u.title, ...unitText(u) }));
  const seen = new Set<string>();
  const wanted: Array<{ term: string; pattern: RegExp; places: IndexEntry['places'] }> = [];
  // Terms by their first word, so each unit is asked only about the terms whose first word it has.
  const byFirst = new Map<string, number[]>();
  for (const raw of terms) {
    const term = raw.replace(/\s+/g, ' ').trim();
    const key = termKey(term);
    const first = term.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0];
    if (!key || !first || seen.has(key)) continue;
    seen.add(key);
    byFirst.set(first, [...(byFirst.get(first) ?? []), wanted.length]);
    wanted.push({ term, pattern: termPattern(term), places: [] });
  }
  for (const u of units) {
    const asked = new Set<number>();
    // A one-word term is found in its plural too ("premises" asks about "premise").
    for (const w of u.words)
      for (const form of [w, w.endsWith('s') ? w.slice(0, -1) : '', w.endsWith('es') ? w.slice(0, -2) : ''])
        for (const t of (form && byFirst.get(form)) || []) asked.add(t);
    for (const t of [...asked].sort((a, b) => a - b)) {
      const want = wanted[t];
      if (mayHold(u.words, want.term) && want.pattern.test(u.text)) want.places.push({ anchor: u.anchor, title: u.title });
    }
  }
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return wanted
    .filter((w) => w.places.length)
    .map(({ term, places }) => ({ term, places }))
    .sort((a, b) => collator.compare(a.term, b.term));
}

const text = (t: string, extra: Partial<TextRun> = {}): TextRun => ({ kind: 'text', text: t, ...extra });

function glossaryChapter(entries: readonly GlossaryEntry[], title: string): BookChapter {
  const blocks: Block[] = [];
  for (const e of entries) {
    blocks.push({
      kind: 'paragraph',
      anchor: e.anchor,
      content: [
        text(e.term, { bold: true }),
        text(': '),
        ...e.definition,
        text(' ('),
        text(e.definedIn.title, { href: `#${e.definedIn.anchor}` }),
        text(')'),
      ],
    });
    if (e.formula) blocks.push(e.formula);
  }
  return { anchor: 'glossary', title, blocks, sections: [], backMatter: 'glossary' };
}

function indexChapter(entries: readonly IndexEntry[], glossary: ReadonlyMap<string, string>, title: string, language: string): BookChapter {
  const blocks: Block[] = [];
  let initial = '';
  for (const e of entries) {
    const first = e.term.charAt(0).toLocaleUpperCase(language);
    if (first !== initial && /\p{L}/u.test(first)) {
      initial = first;
      blocks.push({ kind: 'heading', level: 2, content: [text(first)] });
    }
    const entry = glossary.get(termKey(e.term));
    // A term of the glossary is a link to its entry there.
    const content: Inline[] = [text(e.term, { bold: true, ...(entry ? { href: `#${entry}` } : {}) }), text(': ')];
    e.places.forEach((p, i) => {
      if (i) content.push(text('; '));
      content.push(text(p.title, { href: `#${p.anchor}` }));
    });
    blocks.push({ kind: 'paragraph', content });
  }
  return { anchor: 'index', title, blocks, sections: [], backMatter: 'index' };
}

/**
 * The book with its glossary and index after the last chapter (each only when it has entries) and the first use of
 * each glossary term in each chapter linked to its entry. The chapters' blocks are copied, never changed in place.
 */
export function withBackMatter(doc: BookDocument, indexTerms: readonly string[] = []): { doc: BookDocument; stats: BackMatterStats } {
  const chapters: BookChapter[] = structuredClone(doc.chapters.filter((c) => !c.backMatter));
  const glossary = glossaryOf(chapters, doc.language);
  let glossaryLinks = 0;
  const patterns = glossary.map((entry) => termPattern(entry.term));
  for (const chapter of chapters)
    glossary.forEach((entry, e) => {
      for (const unit of unitsOf(chapter))
        if (mayHold(unitText(unit).words, entry.term) && linkFirst(unit.blocks, patterns[e], `#${entry.anchor}`)) {
          glossaryLinks++;
          break;
        }
    });
  const index = indexOf(chapters, [...glossary.map((g) => g.term), ...indexTerms], doc.language);
  const names = backMatterTitles(doc.language);
  const back: BookChapter[] = [];
  if (glossary.length) back.push(glossaryChapter(glossary, names.glossary));
  if (index.length) back.push(indexChapter(index, new Map(glossary.map((g) => [termKey(g.term), g.anchor])), names.index, doc.language));
  return {
    doc: { ...doc, chapters: [...chapters, ...back] },
    stats: {
      glossaryEntries: glossary.length,
      indexEntries: index.length,
      glossaryLinks,
      indexLinks: index.reduce((n, e) => n + e.places.length, 0),
    },
  };
}

/** Every anchor a chapter holds inside it (glossary entries), for formats that split the book into files. */
export function innerAnchors(chapter: BookChapter): string[] {
  return chapter.blocks.flatMap((b) => (b.kind === 'paragraph' && b.anchor ? [b.anchor] : []));
}
