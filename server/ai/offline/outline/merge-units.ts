import type { DocSection } from '@server/core/document-model';
import { quickTokenize } from '@server/core/nlp';
import { sparseCosine, TermStats, type TermVector } from '@server/ai/shared/term-vectors';
import { allBlocks } from './apparatus';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';
import { scheduleOf } from './schedule';

/** Units this alike (title and text, TF-IDF cosine) are one topic taught twice: they become one chapter. */
export const sameTopicSimilarity = 0.45;

/**
 * Of two spellings of one title, the one the author cased: "Quantifiers" over a running head's
 * lower-cased "quantifiers" read as a heading before it. The first wins otherwise.
 */
export function casedTitle(first: string, second: string): string {
  const lower = (t: string) => !/\p{Lu}/u.test(t) && /\p{Ll}/u.test(t);
  return lower(first) && !lower(second) ? second : first;
}

export const titleKey = (title: string) =>
  cleanHeadingTitle(title)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What a unit is about: its title (counted three times) and its text. */
function unitTokens(u: DocSection): string[] {
  const title = quickTokenize(cleanHeadingTitle(u.title));
  const text = allBlocks(u)
    .filter((b) => b.kind !== 'bibliography')
    .map((b) => b.text)
    .join(' ');
  return [...title, ...title, ...title, ...quickTokenize(text.slice(0, 20_000))];
}

/**
 * Two units on one topic as one chapter: the first's title and text, then the second's. A second
 * unit with another title and no sections joins as a section under its own title; otherwise its
 * text follows the first's and its sections follow the first's, a section title met twice merged.
 */
export function mergeTwo(a: DocSection, b: DocSection): DocSection {
  if (titleKey(a.title) !== titleKey(b.title) && b.children.length === 0) return { ...a, children: mergeChildren(a.children, [b]) };
  // A topic taught at two meetings keeps both dates.
  const dates = [scheduleOf(a), scheduleOf(b)].filter((d, i, all): d is string => !!d && all.indexOf(d) === i);
  const schedule = dates.length ? { schedule: dates.join('; ') } : {};
  return {
    ...a,
    ...schedule,
    title: casedTitle(a.title, b.title),
    blocks: [...a.blocks, ...b.blocks],
    children: mergeChildren(a.children, b.children),
  };
}

function mergeChildren(first: DocSection[], second: DocSection[]): DocSection[] {
  const out = [...first];
  for (const child of second) {
    const same = out.findIndex((c) => titleKey(c.title) === titleKey(child.title));
    if (same >= 0) out[same] = mergeTwo(out[same], child);
    else out.push(child);
  }
  return out;
}

/**
 * Several documents' units as one sequence, merged by topic with each document's order kept:
 * an order-preserving alignment (as in a diff) pairs units of the same topic (same title, or
 * text alike above `sameTopicSimilarity`), maximising their total likeness; paired units become
 * one chapter, the others keep their place between the pairs (earlier documents first). Units `byTitleOnly` (a whole
 * document made one part) pair only under the same title.
 */
export function mergeByTopic(documents: DocSection[][], byTitleOnly: (u: DocSection) => boolean = () => false): DocSection[] {
  const nonEmpty = documents.filter((d) => d.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? [];
  const stats = new TermStats();
  const tokens = new Map<DocSection, string[]>();
  for (const u of nonEmpty.flat()) {
    const t = unitTokens(u);
    tokens.set(u, t);
    stats.addDocument(t);
  }
  const vectors = new Map<DocSection, TermVector>();
  const vectorOf = (u: DocSection) => {
    let v = vectors.get(u);
    if (!v) {
      v = stats.vector(tokens.get(u) ?? unitTokens(u));
      vectors.set(u, v);
    }
    return v;
  };
  const likeness = (a: DocSection, b: DocSection) => {
    if (titleKey(a.title) && titleKey(a.title) === titleKey(b.title)) return 1;
    if (byTitleOnly(a) || byTitleOnly(b)) return 0;
    const s = sparseCosine(vectorOf(a), vectorOf(b));
    return s >= sameTopicSimilarity ? s : 0;
  };
  let merged = nonEmpty[0];
  for (const next of nonEmpty.slice(1)) merged = align(merged, next, likeness);
  return merged;
}

function align(a: DocSection[], b: DocSection[], likeness: (x: DocSection, y: DocSection) => number): DocSection[] {
  const n = a.length;
  const m = b.length;
  // score[i][j]: the best total likeness aligning a[i..] with b[j..].
  const score = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  const like = Array.from({ length: n }, (_, i) => b.map((y) => likeness(a[i], y)));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const pair = like[i][j] > 0 ? like[i][j] + score[i + 1][j + 1] : -1;
      score[i][j] = Math.max(pair, score[i + 1][j], score[i][j + 1]);
    }
  const out: DocSection[] = [];
  let i = 0;
  let j = 0;
  const pendingB: DocSection[] = [];
  while (i < n || j < m) {
    if (i < n && j < m && like[i][j] > 0 && score[i][j] === like[i][j] + score[i + 1][j + 1]) {
      out.push(...pendingB.splice(0));
      out.push(mergeTwo(a[i], b[j]));
      i++;
      j++;
    } else if (i < n && (j >= m || score[i][j] === score[i + 1][j])) {
      out.push(a[i++]);
    } else {
      // An unpaired unit of the later document waits until the next pair, so each document's order holds.
      pendingB.push(b[j++]);
    }
  }
  out.push(...pendingB);
  return out;
}

/** "Study design 2", "How It Works - Ind 3", "Results (cont.)": the title a slide repeats with a count. */
// The count stands apart from the title (after a space or a dash), so a numbered item's own number ("Definition 1.5") is no count.
const continuation = /(?:\s*[-–—:,]\s*|\s+)(?:\(?(?:\d{1,2}|cont(?:inued|'d|\.)?)\)?|part\s+\d{1,2})$/i;
/** Numbered items of a series, each its own unit: "Example 2", "Case study 3", "Week 4". */
const seriesLabel =
  /^(week|lecture|chapter|part|section|example|exercise|problem|question|step|unit|module|lesson|day|session|case|task|activity|lab|homework|assignment|quiz|test|exam|figure|table|phase|stage|level|type)\b/i;
/** A numbered statement of mathematical notes, in English, German or French ("Definition 2", "Satz 3", "Théorème 4"): each its own unit. */
const statementLabel =
  /^(definition|theorem|lemma|corollary|proposition|remark|claim|conjecture|axiom|proof|note|notation|algorithm|satz|korollar|folgerung|bemerkung|beispiel|aufgabe|übung|beweis|vorlesung|kapitel|abschnitt|woche|définition|théorème|lemme|corollaire|remarque|exemple|exercice|preuve|démonstration|chapitre|cours|séance|semaine)\b/iu;

/** A count's own noun right before it ("Substitution, take 2", "Proof, attempt 3", "Search, round 4"): each is an item of a series. */
const countingNoun =
  /\b(?:take|round|attempt|try|version|iteration|pass|trial|draft|variant|revision|edition|episode|example|exercise|problem|question|step|part|week|day|lesson|lecture|session|case|task|lab|method|approach|option|scenario)$/i;

/** The title without its continuation count, or undefined when it has none (or is a series item). */
export function continuedTitle(title: string): string | undefined {
  const t = cleanHeadingTitle(title);
  if (!continuation.test(t)) return undefined;
  const stripped = t.replace(continuation, '').trim();
  return stripped.split(/\s+/).length >= 2 && !seriesLabel.test(stripped) && !statementLabel.test(stripped) && !countingNoun.test(stripped)
    ? stripped
    : undefined;
}

/** A title's key without an acronym in brackets: "Cormack-Jolly-Seber (CJS) models" is "Cormack-Jolly-Seber models". */
const acronymFree = (title: string) => titleKey(title.replace(/\s*\(\p{Lu}[\p{Lu}\d&-]{1,7}s?\)/gu, ''));

/**
 * Units one after another under one title (an acronym in brackets aside), or its numbered continuations ("Study design",
 * "Study design 2"; slides exported as notes repeat a title on every slide of a topic), are one
 * unit: the first's place, the title without its count, the texts in order.
 */
export function mergeContinuations(units: DocSection[]): DocSection[] {
  const out: Array<{ unit: DocSection; key: string; merged: boolean }> = [];
  for (const u of units) {
    const base = continuedTitle(u.title);
    const key = acronymFree(base ?? u.title);
    const last = out[out.length - 1];
    if (
      last &&
      key &&
      last.key === key &&
      (base !== undefined || continuedTitle(last.unit.title) !== undefined || acronymFree(last.unit.title) === acronymFree(u.title))
    ) {
      const merged = mergeTwo(last.unit, { ...u, title: last.unit.title });
      last.unit = { ...merged, title: casedTitle(last.unit.title, u.title) };
      last.merged = true;
    } else out.push({ unit: u, key, merged: false });
  }
  return out.map(({ unit, merged }) => {
    const title = merged ? (continuedTitle(unit.title) ?? unit.title) : unit.title;
    return { ...unit, title, children: mergeContinuations(unit.children) };
  });
}
