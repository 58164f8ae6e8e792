import { genericWords, lightStem } from '@server/core/nlp';
import { tokenColumns, wink } from '@server/core/nlp/wink';
import type { BookSentence } from '@server/ai/shared/book-sentences';

/** A key term of the book: a noun phrase used more than once. */
export interface BookTerm {
  /** Lowercased words as written. */
  key: string;
  /** Stemmed key: "trace trees" and "trace tree" share it, so one is never a distractor for the other. */
  stem: string;
  /** How it is usually written. */
  surface: string;
  words: number;
  count: number;
  /** Uses per chapter. */
  chapterCounts: Map<number, number>;
  /** A name or acronym (SpiderMonkey, LIR) rather than a common noun. */
  isProper: boolean;
  isPlural: boolean;
}

export const stemKey = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .map((w) => lightStem(w))
    .join(' ');

const lengthWeight = [0, 1, 2.6, 3];
const maxWords = 3;
const nounTags = new Set(['NOUN', 'PROPN']);
const modifierTags = new Set(['NOUN', 'PROPN', 'ADJ']);

/** Adjectives that grade or point rather than name a kind: "current implementation" is not a term. */
const vagueModifiers = new Set(
  'given current excellent noticeable total small simple standard efficient large good high low significant important main new same particular specific general entire whole certain possible typical common big major minor previous next last real actual overall full single multiple various additional further best better worse'.split(
    ' ',
  ),
);
/** Words that judge or rank what they qualify ("correct answer", "fewest lines"): the phrase is the prose's, never a term. */
const judgingModifiers =
  /^(?:interesting|useful|nice|awesome|correct|incorrect|wrong|fewest|least|most|largest|smallest|highest|lowest|longest|shortest|greatest|biggest|worst|latest|earliest|simplest|easiest|hardest|fastest|slowest)$/;
/**
 * A lower-case word ending in the -s of a plural or of a verb ("prints cubane", "files end"): before the last word of a
 * phrase it makes a sentence's subject and verb or a verb and its object, not a noun phrase. Not "-ss", "-us", "-is",
 * "-ics", "-ies" or "-ous" ("process model", "physics lab", "series expansion").
 */
const pluralOrVerb = /^\p{Ll}[\p{Ll}-]*[^suiwo']s$/u;
/** Nouns that name no kind of thing ("interesting stuff", "library folks", "predictable manner"): the prose's, never a term. */
const vagueHeads = /^(?:stuff|things?|manner|folks|people|guys|lots?|sorts?|kinds?)$/;
/** "stats-NENE01729B", "run-2019", "NENE01843": a file's or a sample's name, never a term; a part's name ("MSP430") is one. */
const identifierWord = /-\p{L}*\p{N}{3}|\p{N}{5}/u;

interface Candidate {
  count: number;
  words: number;
  surfaces: Map<string, number>;
  chapterCounts: Map<number, number>;
}

/**
 * Noun phrases of every sentence, tagged in context (a word like "trace" is a
 * verb or a noun depending on the sentence): runs of adjectives and nouns,
 * and each of their sub-spans of up to three words that ends in a noun.
 */
function collectCandidates(sentences: BookSentence[]): Map<string, Candidate> {
  const nlp = wink();
  const out = new Map<string, Candidate>();
  // How each word is tagged across the book: "returns" tagged a noun once is still mostly a verb.
  const verbUses = new Map<string, number>();
  const nounUses = new Map<string, number>();
  for (const sentence of sentences) {
    const { surface, pos, stop, type } = tokenColumns(nlp.readDoc(sentence.plain).tokens());
    surface.forEach((w, i) => {
      const uses = pos[i] === 'VERB' ? verbUses : nounTags.has(pos[i]) ? nounUses : null;
      if (uses) uses.set(w.toLowerCase(), (uses.get(w.toLowerCase()) ?? 0) + 1);
    });
    let run: number[] = [];
    const firstWord = type.indexOf('word');
    const flush = () => {
      // "right-hand rule", "three-dimensional space": the words after a hyphen are the end of a compound, never a term alone.
      // After a number too: "1-dimensional array" gives no "dimensional array".
      const afterHyphen =
        run.length > 0 && run[0] >= 2 && surface[run[0] - 1] === '-' && (type[run[0] - 2] === 'word' || type[run[0] - 2] === 'number');
      for (let start = afterHyphen ? 1 : 0; start < run.length; start++) {
        for (let stopAt = start + 1; stopAt <= Math.min(run.length, start + maxWords); stopAt++) {
          if (!nounTags.has(pos[run[stopAt - 1]]) || vagueHeads.test(surface[run[stopAt - 1]].toLowerCase())) continue;
          if (vagueModifiers.has(surface[run[start]].toLowerCase()) || judgingModifiers.test(surface[run[start]].toLowerCase())) continue;
          // The sentence's first word is capitalised as any first word is ("Prints cubane.pdb, ...").
          const plain = (i: number) => (i === firstWord ? surface[i].toLowerCase() : surface[i]);
          if (run.slice(start, stopAt - 1).some((i) => pluralOrVerb.test(plain(i)) && !/(?:ics|ies|ous)$/.test(surface[i]))) continue;
          if (run.slice(start, stopAt).some((i) => identifierWord.test(surface[i]))) continue;
          const written = run
            .slice(start, stopAt)
            .map((i) => surface[i])
            .join(' ');
          const key = written.toLowerCase();
          let c = out.get(key);
          if (!c) out.set(key, (c = { count: 0, words: stopAt - start, surfaces: new Map(), chapterCounts: new Map() }));
          c.count++;
          c.surfaces.set(written, (c.surfaces.get(written) ?? 0) + 1);
          c.chapterCounts.set(sentence.chapterIndex, (c.chapterCounts.get(sentence.chapterIndex) ?? 0) + 1);
        }
      }
      run = [];
    };
    for (let i = 0; i < surface.length; i++) {
      const word = surface[i];
      const usable =
        type[i] === 'word' &&
        modifierTags.has(pos[i]) &&
        !stop[i] &&
        word.length > 1 &&
        /^\p{L}[\p{L}\p{N}-]*$/u.test(word) &&
        !genericWords.has(word.toLowerCase());
      if (usable) run.push(i);
      else flush();
    }
    flush();
  }
  for (const key of out.keys()) {
    const last = key.split(' ').pop() ?? key;
    // "execution returns", "VM records": a subject and its verb, tagged as one noun phrase.
    const isSubjectAndVerb = key.includes(' ') && /s$/.test(last) && (verbUses.get(last) ?? 0) > 0;
    if ((verbUses.get(last) ?? 0) > (nounUses.get(last) ?? 0) || isSubjectAndVerb) out.delete(key);
  }
  return out;
}

/** Names and acronyms keep their capitals; a capital that only opens sentences is dropped. */
function writtenForm(surfaces: Map<string, number>, key: string, sentences: BookSentence[]): string {
  let surface = key;
  let top = 0;
  for (const [s, n] of surfaces) if (n > top) [surface, top] = [s, n];
  if (surface.split(' ').some((w) => /\p{Lu}/u.test(w.slice(1)))) return surface;
  if (/^\p{Lu}/u.test(surface) && isAlwaysCapitalised(key, sentences)) return surface;
  return key;
}

/**
 * The book's key terms: noun phrases of up to three words seen at least
 * twice (single words three times), with their uses per chapter.
 */
export function bookTerms(sentences: BookSentence[]): BookTerm[] {
  const terms: BookTerm[] = [];
  const candidates = collectCandidates(sentences);
  const persons = personNames(sentences, candidates);
  for (const [key, c] of candidates) {
    // A person of the text's examples ("Nelle has run her samples"): a name the reader cannot know, never a key or an option.
    if (persons.has(key)) continue;
    if (c.words === 1 ? c.count < 3 || key.length < 4 : c.count < 2) continue;
    // "the left graph", "right panel": a place in a picture, not a term of the subject.
    if (/^(?:left|right|top|bottom|middle|upper|lower|first|second|third|last|next|previous)\s/.test(key)) continue;
    // "higher order", "larger values": a comparative states a degree, not a term ("derivatives of higher order").
    if (/^(?:higher|larger|smaller|greater|bigger|better|worse|longer|shorter|faster|slower|wider|deeper)\s/.test(key)) continue;
    // "derivatives of higher order" beside "higher-order derivatives" four times: a modifier the book mostly hyphenates
    // before a noun, not a noun term of its own ("higher order" among "gradient" and "Jacobian").
    if (c.words > 1 && hyphenatedUses(key, sentences) >= c.count) continue;
    const surface = writtenForm(c.surfaces, key, sentences);
    // "Notice that ...", "Recall the ...": a word that only ever opens a sentence, capitalised, is an imperative, not a term.
    if (c.words === 1 && [...c.surfaces.keys()].every((w) => /^\p{Lu}\p{Ll}/u.test(w)) && onlyOpensSentences(key, sentences)) continue;
    const last = key.split(' ').pop() ?? key;
    terms.push({
      key,
      stem: stemKey(key),
      surface,
      words: c.words,
      count: c.count,
      chapterCounts: c.chapterCounts,
      isProper: /\p{Lu}/u.test(surface),
      // Only an -s ending marks a plural ("string processing" is singular), short words too ("tag bits"); not -ss, -us, -is, -ics.
      isPlural: last.length > 2 && /s$/.test(last) && !/(ss|us|is|ics|as)$/.test(last),
    });
  }
  return terms.sort((a, b) => b.count * lengthWeight[b.words] - a.count * lengthWeight[a.words] || a.key.localeCompare(b.key));
}

/** How often the book writes a phrase's words joined by hyphens ("higher-order" for "higher order"). */
function hyphenatedUses(key: string, sentences: BookSentence[]): number {
  const pattern = new RegExp(`(?<![\\p{L}-])${key.split(' ').map(escapeRegExp).join('-')}(?![\\p{L}])`, 'giu');
  return sentences.reduce((n, s) => n + (s.plain.match(pattern)?.length ?? 0), 0);
}

/** Pronouns that stand for a person: a name they refer back to is someone's. */
const personPronoun = /(?:^|[^\p{L}])(?:she|he|her|his|him|hers|herself|himself)(?![\p{L}])/iu;

/**
 * One-word names the text refers back to with "she", "he", "her" or "his" (in the same sentence after the name, or
 * opening the next) at least twice: persons, most often made up for an example. A term of the subject ("Python", "Unix")
 * is "it".
 */
function personNames(sentences: BookSentence[], candidates: Map<string, Candidate>): Set<string> {
  const names = [...candidates.entries()].filter(
    ([key, c]) => c.words === 1 && [...c.surfaces.keys()].every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)) && key.length > 1,
  );
  const out = new Set<string>();
  for (const [key] of names) {
    const pattern = new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(key)}(?![\\p{L}])`, 'iu');
    let referred = 0;
    sentences.forEach((s, i) => {
      const m = pattern.exec(s.plain);
      if (!m) return;
      const after = s.plain.slice(m.index + m[0].length);
      if (personPronoun.test(after) || /^(?:she|he|her|his)\b/i.test(sentences[i + 1]?.plain ?? '')) referred++;
    });
    if (referred >= 2) out.add(key);
  }
  return out;
}

/** "SpiderMonkey" is a name when every use in the book is capitalised, not only those opening a sentence. */
function isAlwaysCapitalised(key: string, sentences: BookSentence[]): boolean {
  const pattern = new RegExp(`(^|[^\\p{L}])${escapeRegExp(key)}(?![\\p{L}])`, 'giu');
  let isSeenMidSentence = false;
  for (const s of sentences) {
    for (const m of s.plain.matchAll(pattern)) {
      const at = (m.index ?? 0) + m[1].length;
      if (at === 0) continue;
      const found = s.plain.slice(at, at + key.length);
      if (found === found.toLowerCase()) return false;
      isSeenMidSentence = true;
    }
  }
  return isSeenMidSentence;
}

/**
 * True when every use of a word in the book opens its sentence (after an opening bracket or quote at most) and is
 * followed by what an imperative takes ("Notice that", "Recall the", "Note how"): a verb telling the reader to do so.
 */
function onlyOpensSentences(key: string, sentences: BookSentence[]): boolean {
  const pattern = new RegExp(`(^|[^\\p{L}])${escapeRegExp(key)}(?![\\p{L}])(\\s+\\p{L}+)?`, 'giu');
  for (const s of sentences)
    for (const m of s.plain.matchAll(pattern)) {
      const opens = /^[\s("“‘'[]*$/u.test(s.plain.slice(0, (m.index ?? 0) + m[1].length));
      if (!opens || !/^\s+(?:that|the|this|these|those|how|what|why|which|a|an|it|we|there|here)$/i.test(m[2] ?? '')) return false;
    }
  return true;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where the term occurs in the text as a whole phrase (any case), or null. */
export function findTerm(text: string, term: Pick<BookTerm, 'key'>): { index: number; written: string } | null {
  const m = new RegExp(`(^|[^\\p{L}\\p{N}'’-])(${escapeRegExp(term.key)})(?![\\p{L}\\p{N}-])`, 'iu').exec(text);
  return m ? { index: m.index + m[1].length, written: m[2] } : null;
}

/** The first `limit` terms, skipping any that is part of one already taken ("Calvin" after "Calvin cycle"). */
export function distinctTerms(terms: readonly BookTerm[], limit: number): BookTerm[] {
  const out: BookTerm[] = [];
  for (const t of terms) {
    if (out.length >= limit) break;
    if (!out.some((o) => ` ${o.stem} `.includes(` ${t.stem} `) || ` ${t.stem} `.includes(` ${o.stem} `))) out.push(t);
  }
  return out;
}
