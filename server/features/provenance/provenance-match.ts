import type { ProvenanceBlock, ProvenanceSource, ProvenanceVerdict } from '@common/provenance';
import { parseSourceKey, parseTypedBy, type SourceKey, type TypedBy } from '@common/block-provenance';
import type { Chapter } from '@common/textbook';
import { decodeEntities, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { quickTokenize } from '@server/core/nlp';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { sparseCosine } from '@server/ai/shared/term-vectors';
import type { MapBlock, SourceMap } from '@server/ai/shared/source-map';

/**
 * Matching a chapter of the book against the source map of its material (server/ai/shared/source-map.ts).
 * A sentence is `material` when the material holds it (its comparison key, or nearly all its words with the
 * same numbers: lightly edited); `supported` when the passage that matches it best holds its numbers, its
 * named terms and most of its words; else `unsupported`. Nothing is trusted but the material's own text.
 */

/**
 * Two sentences are one sentence lightly edited when they share most words (Dice over word sets) and
 * most of their word pairs (the same words in another order, a paraphrase, is not a quotation).
 */
const editedDice = 0.7;
const editedPairs = 0.5;
/** Share of a sentence's words its passage must hold, and their term-vector similarity, to support it. */
const supportCoverage = 0.6;
const supportCosine = 0.25;
/** Candidate passages scored per sentence; words in more blocks than this share are too common to find one. */
const candidates = 4;
const commonShare = 0.15;

/**
 * Support by meaning as well as words: a sentence whose words a passage does not hold is still supported when
 * a sentence of that passage says the same (embedding similarity at least this), and the passage holds its
 * numbers and named terms (never waived). Sentence embeddings are made by the caller, between two runs: the
 * first asks for the pairs it needs (`ask`), the second reads them (`similarity`).
 */
export const meaningSupport = 0.75;
/** Passages asked about per sentence: the best candidates that hold its numbers and named terms. */
const meaningCandidates = 2;

export interface Meaning {
  /** The best similarity of the sentence to a sentence of the material's block `order`, when known. */
  similarity(sentence: string, order: number): number | undefined;
  /** A pair whose similarity is not known: the caller embeds it for the next run. */
  ask?(sentence: string, order: number): void;
}

export interface MatchIndex {
  map: SourceMap;
  /** Term -> orders of the prose blocks holding it (text blocks only: headings and debris are never a source). */
  postings: Map<string, number[]>;
  /** Whole-block keys of tables, code, equations and pictures. */
  wholeKeys: Map<string, number>;
  /** Words (lower case) and numbers of each block's text, for the agreement checks. */
  words: Map<number, Set<string>>;
  numbers: Map<number, Set<string>>;
  /** Document id -> the reading-order range of its blocks: where a stored source key (document:block) points. */
  documents: Map<number, { first: number; last: number }>;
}

const numberPattern = /\d+(?:[.,]\d+)*/g;
const wordPattern = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function numbersOf(text: string): string[] {
  return [...text.matchAll(numberPattern)].map((m) => m[0].replace(/,(?=\d{3}\b)/g, '').replace(/[.,]$/, ''));
}

/** Words set with a capital that are not a sentence's first word: names and terms ("Babbage", "ENIAC"). */
function namedTerms(sentence: string): string[] {
  const out: string[] = [];
  let first = true;
  for (const m of sentence.matchAll(wordPattern)) {
    if (!first && /^\p{Lu}/u.test(m[0])) out.push(m[0].toLowerCase());
    first = false;
  }
  return out;
}

function wordSet(text: string): Set<string> {
  return new Set([...text.toLowerCase().matchAll(wordPattern)].map((m) => m[0]));
}

const latexKey = (latex: string) => `latex:${latex.replace(/\s+/g, '')}`;

/** Built once per request: the postings and whole-block keys the matching looks up. */
export function matchIndex(map: SourceMap): MatchIndex {
  const postings = new Map<string, number[]>();
  const wholeKeys = new Map<string, number>();
  const words = new Map<number, Set<string>>();
  const numbers = new Map<number, Set<string>>();
  const urls = map.render.imageUrls ?? {};
  for (const b of map.blocks) {
    const block = b.block;
    if (block.kind === 'heading') continue;
    for (const term of b.terms) {
      const list = postings.get(term);
      if (list) list.push(b.order);
      else postings.set(term, [b.order]);
    }
    const plain = `${block.text} ${block.caption ?? ''}`;
    words.set(b.order, wordSet(plain));
    numbers.set(b.order, new Set(numbersOf(plain)));
    const add = (key: string) => key && !wholeKeys.has(key) && wholeKeys.set(key, b.order);
    if (block.kind === 'table') add(sentenceKey((block.rows ?? []).flat().join(' ')));
    if (block.kind === 'table' || block.kind === 'code') add(sentenceKey(block.text));
    if (block.latex) add(latexKey(block.latex));
    const url = block.image ? urls[block.image.sha256] : undefined;
    if (url) add(`img:${url}`);
  }
  const documents = new Map<number, { first: number; last: number }>();
  for (const unit of map.units)
    if (unit.parent === null && unit.last >= unit.first && !documents.has(unit.sourceId))
      documents.set(unit.sourceId, { first: unit.first, last: unit.last });
  return { map, postings, wholeKeys, words, numbers, documents };
}

/** The keys a table, code block, equation or picture of the material is found by (as matchIndex files them). */
function wholeKeysOf(index: MatchIndex, b: MapBlock): string[] {
  const block = b.block;
  const keys = b.sentences.map((s) => s.key);
  if (block.kind === 'table') keys.push(sentenceKey((block.rows ?? []).flat().join(' ')));
  if (block.kind === 'table' || block.kind === 'code') keys.push(sentenceKey(block.text));
  if (block.latex) keys.push(latexKey(block.latex));
  const url = block.image ? index.map.render.imageUrls?.[block.image.sha256] : undefined;
  if (url) keys.push(`img:${url}`);
  return keys.filter(Boolean);
}

/** The value of an attribute on the first tag of a block's HTML. */
function firstTagAttribute(html: string, name: string): string | null {
  const tag = /^<[a-z][a-z0-9]*\b([^>]*)>/i.exec(html);
  if (!tag) return null;
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag[1]);
  return m ? decodeEntities(m[1]) : null;
}

/** Most blocks a stored passage is read over (a unit a model cited can be long). */
const storedBlocksMax = 400;

/** The reading-order range a stored source key points to; null when its document is gone or has no such block. */
function storedRange(index: MatchIndex, value: string | null): { first: number; last: number } | null {
  const key = parseSourceKey(value);
  const doc = key ? index.documents.get(key.documentId) : undefined;
  if (!key || !doc) return null;
  const first = doc.first + key.block;
  if (first > doc.last) return null;
  const last = Math.min(doc.first + (key.end ?? key.block), doc.last, first + storedBlocksMax - 1);
  return { first, last };
}

type BookKind = ProvenanceBlock['kind'];

interface BookBlock {
  kind: BookKind;
  html: string;
  text: string;
  /** Index among the top-level blocks of the HTML (a list's items share their list's). */
  top: number;
}

const prose = new Set<BookKind>(['paragraph', 'list-item', 'quote']);

function kindOf(html: string): BookKind {
  const tag = /^<([a-z][a-z0-9]*)\b([^>]*)>/i.exec(html);
  const name = tag?.[1].toLowerCase() ?? 'p';
  if (/^h[1-6]$/.test(name)) return 'heading';
  if (name === 'li') return 'list-item';
  if (name === 'blockquote') return 'quote';
  if (name === 'table') return 'table';
  if (name === 'pre') return 'code';
  if (name === 'img' || name === 'figure') return 'figure';
  if (/data-type="(?:block-)?math/.test(tag?.[2] ?? '')) return 'equation';
  return 'paragraph';
}

/** Where one paragraph of a list item ends and the next begins: its own paragraphs, and each nested list and item. */
const itemBreak = /<\/?(?:p|li|ul|ol|blockquote|h[1-6]|pre|div)\b[^>]*>/gi;

/**
 * The text of a block as provenance reads it, in the book and when its source is stamped. A list item's own
 * paragraphs and those of its nested items are paragraphs apart (a blank line between), as the material holds
 * each item as a block of its own: a slide's bullet that sets no stop ("methods sections need more 'why'") is
 * then a sentence of its own, not the start of the bullet under it.
 */
function blockText(kind: BookKind, html: string): string {
  if (kind !== 'list-item') return htmlToText(html);
  return html.split(itemBreak).map(htmlToText).filter(Boolean).join('\n\n');
}

/** The blocks of a piece of the book's HTML, each list item on its own (nested lists stay with their item). */
export function bookBlocks(html: string): BookBlock[] {
  const out: BookBlock[] = [];
  for (const [top, raw] of htmlBlocks(html).entries()) {
    const list = /^<(ul|ol)\b[^>]*>([\s\S]*)<\/\1>$/i.exec(raw);
    const parts = list ? htmlBlocks(list[2]) : [raw];
    for (const part of parts) {
      const kind = kindOf(part);
      out.push({ kind, html: part, text: blockText(kind, part), top });
    }
  }
  return out;
}

interface SentenceMatch {
  verdict: Exclude<ProvenanceVerdict, 'unknown'>;
  order: number | null;
  /** The source sentence matched, when one was (its raw text inside the block's text). */
  raw: string | null;
}

/** Orders of the prose blocks sharing the sentence's rarer words, best first. */
function candidateOrders(index: MatchIndex, tokens: string[]): number[] {
  const limit = Math.max(20, index.map.blocks.length * commonShare);
  const score = new Map<number, number>();
  for (const term of new Set(tokens)) {
    const list = index.postings.get(term);
    if (!list || list.length > limit) continue;
    const weight = index.map.stats.idf(term);
    for (const order of list) score.set(order, (score.get(order) ?? 0) + weight);
  }
  return [...score]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, candidates)
    .map(([order]) => order);
}

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return (2 * both) / (a.size + b.size);
}

function pairs(tokens: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < tokens.length; i++) out.add(`${tokens[i - 1]} ${tokens[i]}`);
  return out;
}

function agrees(values: string[], found: Set<string>): boolean {
  return values.every((v) => found.has(v));
}

/** One sentence of a passage that is the book's sentence lightly edited: nearly the same words and pairs, the same numbers. */
function editedIn(block: MapBlock, mine: Set<string>, myPairs: Set<string>, nums: string[], named: string[]): string | null {
  for (const s of block.sentences) {
    const theirTokens = quickTokenize(s.raw);
    if (
      dice(mine, new Set(theirTokens)) >= editedDice &&
      (myPairs.size === 0 || dice(myPairs, pairs(theirTokens)) >= editedPairs) &&
      agrees(nums, new Set(numbersOf(s.raw))) &&
      (named.length === 0 || agrees(named, wordSet(s.raw)))
    )
      return s.raw;
  }
  return null;
}

/** Whether a block of the material holds the sentence's numbers and named terms: the rule no similarity waives. */
function holdsNumbersAndNames(index: MatchIndex, order: number, nums: string[], named: string[]): boolean {
  const words = index.words.get(order);
  const numbers = index.numbers.get(order);
  return !!words && !!numbers && agrees(nums, numbers) && named.every((w) => words.has(w));
}

/** Support by meaning among these passages (best first): the first whose similarity reaches the bar. */
function byMeaning(
  index: MatchIndex,
  meaning: Meaning | undefined,
  sentence: string,
  orders: number[],
  mine: Set<string>,
): SentenceMatch | null {
  if (!meaning) return null;
  const nums = numbersOf(sentence);
  const named = namedTerms(sentence);
  let asked = 0;
  for (const order of orders) {
    if (asked >= meaningCandidates) break;
    if (!holdsNumbersAndNames(index, order, nums, named)) continue;
    asked++;
    const similarity = meaning.similarity(sentence, order);
    if (similarity === undefined) meaning.ask?.(sentence, order);
    else if (similarity >= meaningSupport) return { verdict: 'supported', order, raw: closestSentence(index.map.blocks[order], mine) };
  }
  return null;
}

/** The sentence found in the block its stored source names (quoted or lightly edited), or null: then it is matched afresh. */
function matchInStored(index: MatchIndex, range: { first: number; last: number }, sentence: string): SentenceMatch | null {
  const key = sentenceKey(sentence);
  const tokens = quickTokenize(sentence);
  for (let order = range.first; order <= range.last; order++) {
    const quoted = key ? index.map.blocks[order].sentences.find((s) => s.key === key) : undefined;
    if (quoted) return { verdict: 'material', order, raw: quoted.raw };
  }
  if (tokens.length === 0) return null;
  const mine = new Set(tokens);
  const myPairs = pairs(tokens);
  const nums = numbersOf(sentence);
  const named = namedTerms(sentence);
  for (let order = range.first; order <= range.last; order++) {
    const raw = editedIn(index.map.blocks[order], mine, myPairs, nums, named);
    if (raw) return { verdict: 'material', order, raw };
  }
  return null;
}

/**
 * A sentence the stored passage does not quote, judged against it (what a model cited): supported when one
 * block of the passage holds its numbers, its named terms and most of its words; null otherwise (then the
 * whole material is searched, the retrieved passages too).
 */
function supportInStored(
  index: MatchIndex,
  range: { first: number; last: number },
  sentence: string,
  meaning?: Meaning,
): SentenceMatch | null {
  const tokens = quickTokenize(sentence);
  if (tokens.length === 0) return null;
  const mine = new Set(tokens);
  const nums = numbersOf(sentence);
  const named = namedTerms(sentence);
  const vector = index.map.stats.vector(tokens);
  const scored: Array<{ order: number; score: number }> = [];
  for (let order = range.first; order <= range.last; order++) {
    const block = index.map.blocks[order];
    if (block.block.kind === 'heading') continue;
    let held = 0;
    for (const t of mine) if (block.terms.has(t)) held++;
    const cosine = sparseCosine(vector, block.vector);
    const words = index.words.get(order)!;
    if (
      held / mine.size >= supportCoverage &&
      cosine >= supportCosine &&
      agrees(nums, index.numbers.get(order)!) &&
      named.every((w) => words.has(w))
    )
      return { verdict: 'supported', order, raw: closestSentence(block, mine) };
    scored.push({ order, score: held / mine.size + cosine });
  }
  // The cited passage says the same in other words: its blocks closest in words are asked about first.
  const orders = scored.sort((a, b) => b.score - a.score || a.order - b.order).map((c) => c.order);
  return byMeaning(index, meaning, sentence, orders, mine);
}

/** The sentence quoted from anywhere in the material (its comparison key is a sentence of some block), or null. */
function quotedAnywhere(index: MatchIndex, sentence: string): SentenceMatch | null {
  const key = sentenceKey(sentence);
  const exact = key ? index.map.byKey.get(key) : undefined;
  if (exact === undefined) return null;
  const raw = index.map.blocks[exact].sentences.find((s) => s.key === key)?.raw ?? null;
  return { verdict: 'material', order: exact, raw };
}

function matchSentence(index: MatchIndex, sentence: string, meaning?: Meaning): SentenceMatch | null {
  const { map } = index;
  const quoted = quotedAnywhere(index, sentence);
  if (quoted) return quoted;
  const tokens = quickTokenize(sentence);
  if (tokens.length === 0) return null;
  const mine = new Set(tokens);
  const myPairs = pairs(tokens);
  const nums = numbersOf(sentence);
  const named = namedTerms(sentence);
  const vector = map.stats.vector(tokens);
  let best: { order: number; cosine: number; coverage: number } | null = null;
  const orders = candidateOrders(index, tokens);
  for (const order of orders) {
    const block = map.blocks[order];
    // Lightly edited: one sentence of the passage with nearly the same words and the same numbers.
    const edited = editedIn(block, mine, myPairs, nums, named);
    if (edited) return { verdict: 'material', order, raw: edited };
    let held = 0;
    for (const t of mine) if (block.terms.has(t)) held++;
    const coverage = held / mine.size;
    const cosine = sparseCosine(vector, block.vector);
    if (!best || coverage + cosine > best.coverage + best.cosine) best = { order, cosine, coverage };
  }
  if (!best) return { verdict: 'unsupported', order: null, raw: null };
  const words = index.words.get(best.order)!;
  const supported =
    best.coverage >= supportCoverage &&
    best.cosine >= supportCosine &&
    agrees(nums, index.numbers.get(best.order)!) &&
    named.every((w) => words.has(w));
  if (!supported) {
    const ranked = [best.order, ...orders.filter((o) => o !== best.order)];
    const found = byMeaning(index, meaning, sentence, ranked, mine);
    if (found) return found;
  }
  return {
    verdict: supported ? 'supported' : 'unsupported',
    order: best.order,
    raw: supported ? closestSentence(map.blocks[best.order], mine) : null,
  };
}

/** The sentence of a passage that shares most words with the book's sentence: the span shown for support. */
function closestSentence(block: MapBlock, mine: Set<string>): string | null {
  let best: { raw: string; score: number } | null = null;
  for (const s of block.sentences) {
    const score = dice(mine, new Set(quickTokenize(s.raw)));
    if (!best || score > best.score) best = { raw: s.raw, score };
  }
  return best?.raw ?? null;
}

/** A table, code block, equation or picture: the same block of the material, or else its text matched as prose. */
function wholeKeysOfBook(block: BookBlock): string[] {
  const keys: string[] = [sentenceKey(block.text)];
  const latex = /data-latex="([^"]*)"/.exec(block.html)?.[1];
  if (latex) keys.push(latexKey(decodeEntities(latex)));
  // The address, not the `data-src` a stored book's picture carries after it.
  const src = /<img\b[^>]*?\ssrc="([^"]*)"/.exec(block.html)?.[1];
  if (src) keys.push(`img:${decodeEntities(src)}`);
  return keys.filter(Boolean);
}

function matchWhole(index: MatchIndex, block: BookBlock): SentenceMatch | null {
  for (const key of wholeKeysOfBook(block)) {
    const order = key ? (index.wholeKeys.get(key) ?? index.map.byKey.get(key)) : undefined;
    if (order !== undefined) return { verdict: 'material', order, raw: null };
  }
  return block.text ? matchSentence(index, block.text) : null;
}

function sourceOf(index: MatchIndex, order: number, raws: string[], pdfIds: Set<number>): ProvenanceSource {
  const { map } = index;
  const b = map.blocks[order];
  const unit = map.units[b.unit];
  const headingPath: string[] = [];
  for (let u: number | null = b.unit; u !== null && map.units[u].depth > 0; u = map.units[u].parent)
    headingPath.unshift(map.units[u].title);
  // A figure is read by its caption; an equation's number is printed beside it, so its passage holds it.
  const passage =
    b.block.kind === 'figure'
      ? (b.block.caption ?? b.block.text)
      : b.block.kind === 'equation' && b.block.label && !b.block.text.includes(b.block.label)
        ? `${b.block.text} ${b.block.label}`.trim()
        : b.block.text;
  let span: ProvenanceSource['span'] = null;
  for (const raw of raws) {
    const at = passage.indexOf(raw);
    if (at < 0) continue;
    span = span ? { start: Math.min(span.start, at), end: Math.max(span.end, at + raw.length) } : { start: at, end: at + raw.length };
  }
  if (!span && raws.length === 0 && passage) span = { start: 0, end: passage.length };
  // The passage in context: the text blocks just before and after it in the same document.
  const neighbour = (step: -1 | 1) => {
    for (let o = order + step; o >= 0 && o < map.blocks.length; o += step) {
      const n = map.blocks[o];
      if (map.units[n.unit].sourceId !== unit.sourceId) return '';
      if (n.block.kind !== 'heading' && n.block.text.trim()) return n.block.text;
    }
    return '';
  };
  return {
    documentId: unit.sourceId,
    filename: unit.filename,
    ...(b.block.page !== undefined ? { page: b.block.page } : {}),
    // The extractor's own index when it keeps one (Markdown); else the block's place in the document as read.
    ...(b.block.page === undefined ? { paragraph: b.block.index ?? order - map.units[rootOf(map, b.unit)].first } : {}),
    headingPath,
    passage,
    span,
    context: { before: neighbour(-1), after: neighbour(1) },
    isPdf: pdfIds.has(unit.sourceId),
  };
}

function rootOf(map: SourceMap, unit: number): number {
  let u = unit;
  while (map.units[u].parent !== null) u = map.units[u].parent!;
  return u;
}

/** A note mark a book's text carries after a claim: "[1]", "[2, 3]", "[R1]". */
const noteMarks = /\s?\[(?:\d{1,4}|R\d{1,4})(?:\s*,\s*(?:\d{1,4}|R\d{1,4}))*\]/gi;

type Found = Exclude<ProvenanceVerdict, 'unknown'>;
const worst: Record<Found, number> = { material: 0, supported: 1, typed: 2, unsupported: 3 };

/** Text a person typed that the material does not hold is theirs: it keeps a supporting passage, if any, to compare. */
function asTyped(m: SentenceMatch): SentenceMatch {
  if (m.verdict === 'material') return m;
  return m.verdict === 'supported' ? { ...m, verdict: 'typed' } : { verdict: 'typed', order: null, raw: null };
}

function typedByOf(by: TypedBy | null): ProvenanceBlock['typedBy'] {
  return by ? { userId: by.userId, name: '', at: new Date(by.at * 1000).toISOString() } : null;
}

/** The provenance of every block of one piece of the book (the chapter's own text or one section). */
export function matchPiece(
  index: MatchIndex | null,
  html: string,
  where: { sectionIndex: number | null; sectionTitle: string; apparatus: (top: number) => boolean },
  pdfIds: Set<number>,
  meaning?: Meaning,
): ProvenanceBlock[] {
  const out: ProvenanceBlock[] = [];
  bookBlocks(html).forEach((block, position) => {
    // A heading inside a text names a part of the book: not a claim to check.
    if (block.kind === 'heading') return;
    const key = `${where.sectionIndex ?? 'chapter'}:${position}`;
    // What is stored with the block (common/block-provenance.ts): its source, and who typed it.
    const typed = parseTypedBy(firstTagAttribute(block.html, 'data-by'));
    const base = {
      key,
      sectionIndex: where.sectionIndex,
      sectionTitle: where.sectionTitle,
      position,
      kind: block.kind,
      text: block.text,
      apparatus: where.apparatus(block.top),
      ...(typed ? { typedBy: typedByOf(typed) } : {}),
    };
    const isProse = prose.has(block.kind);
    const texts = isProse ? fastSentences(block.text) : block.text ? [block.text] : [];
    if (!index) {
      if (texts.length === 0 && !/<img\b|data-latex=/.test(block.html)) return;
      const verdict = typed ? 'typed' : 'unknown';
      out.push({
        ...base,
        verdict,
        sentences: texts.map((text) => ({ text, verdict, passage: null })),
        source: null,
        passages: [],
        note: typed ? 'Typed by a person; the files this book was made from are no longer stored.' : 'source unknown',
      });
      return;
    }
    // A stored source is checked first; what it no longer holds (edited since) is matched afresh.
    const range = storedRange(index, firstTagAttribute(block.html, 'data-src'));
    const stored = range?.first ?? null;
    const inStored = (order: number | null) => range !== null && order !== null && order >= range.first && order <= range.last;
    let matches: Array<{ text: string; m: SentenceMatch }> = [];
    if (isProse) {
      for (const text of texts) {
        // A sentence the material quotes elsewhere is the material's, though its stored passage would support it.
        const judge = (t: string) =>
          (range ? (matchInStored(index, range, t) ?? quotedAnywhere(index, t) ?? supportInStored(index, range, t, meaning)) : null) ??
          matchSentence(index, t, meaning);
        let m = judge(text);
        // Note numbers ("[1]", "[2, R1]") are the book's pointers to its notes, not numbers of the claim.
        const bare = text.replace(noteMarks, '').trim();
        if (bare !== text && bare && m?.verdict !== 'material') {
          const again = judge(bare);
          if (again && (!m || worst[again.verdict] < worst[m.verdict])) m = again;
        }
        if (m) matches.push({ text, m });
      }
    } else {
      let m: SentenceMatch | null = null;
      for (let order = range?.first ?? 0; range && order <= range.last && !m; order++) {
        const keys = new Set(wholeKeysOf(index, index.map.blocks[order]));
        if (wholeKeysOfBook(block).some((k) => keys.has(k))) m = { verdict: 'material', order, raw: null };
      }
      m ??= matchWhole(index, block);
      if (m) matches.push({ text: block.text, m });
    }
    if (typed) matches = matches.map(({ text, m }) => ({ text, m: asTyped(m) }));
    // An empty paragraph, or a picture that is not one of the material's, says nothing to check.
    if (matches.length === 0 && texts.length === 0) return;
    const verdict = matches.reduce<Found>(
      (v, { m }) => (worst[m.verdict] > worst[v] ? m.verdict : v),
      matches.length ? 'material' : typed ? 'typed' : 'unsupported',
    );
    // The block's source: the passage most of its matched sentences come from; each other passage a
    // sentence was found in follows it. Unsupported text gets the closest passage (so the reader sees
    // what differs), said to be only that.
    const found = matches.filter(({ m }) => m.order !== null && m.verdict !== 'unsupported');
    const votes = new Map<number, number>();
    for (const { m } of found.length ? found : matches) if (m.order !== null) votes.set(m.order, (votes.get(m.order) ?? 0) + 1);
    const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([order]) => order);
    const top = ranked.find((order) => inStored(order)) ?? ranked[0];
    const orders =
      top === undefined ? [] : [top, ...[...new Set(found.map(({ m }) => m.order!))].filter((o) => o !== top).sort((a, b) => a - b)];
    const passages = orders.map((order) => ({
      ...sourceOf(
        index,
        order,
        matches.filter(({ m }) => m.order === order && m.raw).map(({ m }) => m.raw!),
        pdfIds,
      ),
      ...(inStored(order) ? { stored: true } : {}),
    }));
    const note =
      typed && !found.some(({ m }) => m.verdict === 'material')
        ? 'Typed by a person: not found in the material.'
        : top === undefined
          ? 'No passage of the material holds this text.'
          : found.length === 0
            ? 'The closest passage of the material: it does not hold this text (a number, a name or most of its words differ).'
            : undefined;
    out.push({
      ...base,
      verdict,
      sentences: matches.map(({ text, m }) => ({
        text,
        verdict: m.verdict,
        passage: m.verdict === 'unsupported' || m.order === null ? null : orders.indexOf(m.order),
      })),
      source: passages[0] ?? null,
      passages,
      ...(note ? { note } : {}),
      ...(stored !== null ? { stored: found.some(({ m }) => inStored(m.order) && m.verdict !== 'unsupported') } : {}),
    });
  });
  return out;
}

/** Headings of the study apparatus the composer puts around a chapter's text (chapter-frame.ts). */
const apparatusHeading = /^(?:overview|learning objectives|summary|key terms|review questions)$/i;

/** Top-level blocks under an apparatus heading (up to the next heading or rule): the apparatus of a text. */
function apparatusBlocks(html: string): Set<number> {
  const out = new Set<number>();
  let inside = false;
  for (const [i, block] of htmlBlocks(html).entries()) {
    const heading = /^<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>$/i.exec(block);
    if (heading) inside = apparatusHeading.test(htmlToText(heading[1]));
    else if (/^<hr\b/i.test(block)) inside = false;
    else if (inside) out.add(i);
  }
  return out;
}

/**
 * Every block of a chapter: its own text, then each section's. The study apparatus the offline engine
 * writes around the material (overview, objectives, review; "Review:" sections) is flagged: it names
 * the material's headings rather than quoting it.
 */
export function matchChapter(index: MatchIndex | null, chapter: Chapter, pdfIds: Set<number>, meaning?: Meaning): ProvenanceBlock[] {
  const piece = (html: string, sectionIndex: number | null, sectionTitle: string) => {
    const review = /^review:\s/i.test(sectionTitle) && sectionIndex !== null;
    const apparatus = apparatusBlocks(html);
    return matchPiece(index, html, { sectionIndex, sectionTitle, apparatus: (top) => review || apparatus.has(top) }, pdfIds, meaning);
  };
  return [...piece(chapter.content, null, chapter.title), ...chapter.sections.flatMap((s, i) => piece(s.content, i, s.title))];
}

/**
 * The source key (common/block-provenance.ts) of one block of the book's HTML: the block of the material
 * most of its sentences are quoted or lightly edited from (a list item with nested items: the run of blocks they
 * are); null when none is (generated, typed, a heading).
 */
export function sourceKeyOf(index: MatchIndex, html: string): SourceKey | null {
  const kind = kindOf(html);
  if (kind === 'heading') return null;
  const block: BookBlock = { kind, html, text: blockText(kind, html), top: 0 };
  const found: number[] = [];
  if (prose.has(kind)) {
    for (const text of fastSentences(block.text)) {
      const m = matchSentence(index, text);
      if (m?.verdict === 'material' && m.order !== null) found.push(m.order);
    }
  } else {
    const m = matchWhole(index, block);
    if (m?.verdict === 'material' && m.order !== null) found.push(m.order);
  }
  if (found.length === 0) return null;
  const votes = new Map<number, number>();
  for (const o of found) votes.set(o, (votes.get(o) ?? 0) + 1);
  const order = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const documentId = index.map.units[rootOf(index.map, index.map.blocks[order].unit)].sourceId;
  const doc = index.documents.get(documentId);
  if (!doc) return null;
  // A list item with nested items holds several items of the material, each a block there: its source is the run
  // of them around that block (a block between two of them, a heading say, is let through).
  let first = order;
  let last = order;
  if (kind === 'list-item' && block.text.includes('\n\n')) {
    const at = new Set(found);
    for (let o = first - 1; o >= doc.first && first - o <= 2; o--) if (at.has(o)) first = o;
    for (let o = last + 1; o <= doc.last && o - last <= 2; o++) if (at.has(o)) last = o;
  }
  return { documentId, block: first - doc.first, ...(last > first ? { end: last - doc.first } : {}) };
}
