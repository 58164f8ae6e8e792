import { genericWords, quickTokenize } from '@server/core/nlp';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { PhraseCounts } from '../compose/keyphrase-titles';

/** "X is a ...", "X refers to ...", "X is defined as ...". */
const definedBefore =
  /^(?:an?\s+|the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(?:is|are)\s+(?:an?|the|defined as|known as|called)\s|^(?:an?\s+|the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(?:refers? to|means|denotes)\s/i;
/** "... called X", "... known as X". */
const definedAfter =
  /\b(?:called|known as|termed|referred to as|we call)\s+(?:an?\s+|the\s+)?["\u201c]?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})/gi;
const pronounSubject = /^(?:this|that|it|there|these|those|they|which|what|here|one)\b/i;
/** Words of a title that name a kind of part, not a concept ("Introduction to", "Part 2"). */
const structureWords = new Set(
  quickTokenize('introduction overview basics basic review summary part week lecture chapter unit module advanced further topics'),
);

/** Building on a term means using it, not naming it once in passing. */
const minUses = 2;

/**
 * Texts as lists of word stems, with Latin plurals joined to their singular
 * when the texts use both ("matrices" and "matrix", "vertices" and "vertex"):
 * the light stemmer leaves them apart, and a concept must count as one term.
 */
function stemmedTexts(texts: string[]): string[][] {
  const lists = texts.map((t) => quickTokenize(t));
  const vocabulary = new Set(lists.flat());
  const join = new Map<string, string>();
  for (const w of vocabulary) {
    if (!w.endsWith('ice') || w.length < 6) continue;
    const root = w.slice(0, -3);
    const singular = [`${root}ix`, `${root}ex`].find((s) => vocabulary.has(s));
    if (singular) join.set(w, singular);
  }
  return lists.map((list) => list.map((w) => join.get(w) ?? w));
}

/** The terms a text defines, as stem keys ("matrix", "linear mapping"). */
function definedIn(text: string, key: (phrase: string) => string): Set<string> {
  const terms = new Set<string>();
  for (const sentence of fastSentences(text)) {
    const m = definedBefore.exec(sentence);
    const subject = m?.[1] ?? m?.[2];
    if (subject && !pronounSubject.test(subject)) terms.add(key(subject));
    for (const a of sentence.matchAll(definedAfter)) terms.add(key(a[1]));
  }
  terms.delete('');
  return terms;
}

/** Occurrences of " term " in a space-joined text: consecutive ones share the space between them. */
function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length - 1)) count++;
  return count;
}

export interface ConceptGraph {
  /** `uses[j]`: for each other part i, how many of i's terms part j builds on. */
  uses: Array<Map<number, number>>;
}

/**
 * Which parts build on which: part i introduces the concept its title names
 * and the terms its text defines (or, when the whole book defines fewer than
 * three, its most frequent key phrases); part j builds on part i when it
 * uses one of those terms at least twice without introducing it itself. When
 * two parts build on each other, the stronger direction wins (the book's
 * order on a tie).
 */
export function conceptGraph(titles: string[], texts: string[]): ConceptGraph {
  const stemmed = stemmedTexts(titles.map((t, i) => `${t}. ${texts[i]}`));
  const stemOf = new Map<string, string>();
  titles.forEach((t, i) => quickTokenize(`${t}. ${texts[i]}`).forEach((w, k) => stemOf.set(w, stemmed[i][k])));
  const key = (phrase: string) =>
    quickTokenize(phrase)
      .map((w) => stemOf.get(w) ?? w)
      .join(' ');
  let introduced = texts.map((t) => definedIn(t, key));
  if (new Set(introduced.flatMap((d) => [...d])).size < 3) {
    introduced = texts.map((t) => {
      const counts = PhraseCounts.of(fastSentences(t)).counts;
      const top = [...counts.entries()]
        .filter(([k, n]) => n >= 2 && k.includes(' '))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8);
      return new Set(top.map(([k]) => key(k)).filter(Boolean));
    });
  }
  titles.forEach((title, i) => {
    const words = key(title)
      .split(' ')
      .filter((w) => w && !structureWords.has(w) && !genericWords.has(w));
    if (words.length) introduced[i].add(words.join(' '));
  });
  const bodies = stemmed.map((list) => ` ${list.join(' ')} `);
  const raw = texts.map(
    (_, j) =>
      new Map(
        texts.flatMap((__, i) => {
          if (i === j) return [];
          const n = [...introduced[i]].filter((term) => !introduced[j].has(term) && occurrences(bodies[j], ` ${term} `) >= minUses).length;
          return n > 0 ? [[i, n] as const] : [];
        }),
      ),
  );
  const uses = raw.map((m, j) => new Map([...m].filter(([i, n]) => n > (raw[i].get(j) ?? 0) || (n === (raw[i].get(j) ?? 0) && i < j))));
  return { uses };
}

/**
 * The parts in teaching order: a part comes after every part it builds on;
 * among parts free to come next, the book's own order decides. A cycle
 * (parts that each need another) is broken at the part that depends least on
 * the parts not yet placed.
 */
export function conceptOrder(graph: ConceptGraph): number[] {
  const n = graph.uses.length;
  const placed = new Set<number>();
  const order: number[] = [];
  const pending = (j: number) => [...graph.uses[j].entries()].filter(([i]) => !placed.has(i));
  while (order.length < n) {
    const free = [...Array(n).keys()].filter((j) => !placed.has(j) && pending(j).length === 0);
    const next =
      free[0] ??
      [...Array(n).keys()]
        .filter((j) => !placed.has(j))
        .map((j) => ({ j, weight: pending(j).reduce((s, [, w]) => s + w, 0) }))
        .sort((a, b) => a.weight - b.weight || a.j - b.j)[0].j;
    placed.add(next);
    order.push(next);
  }
  return order;
}
