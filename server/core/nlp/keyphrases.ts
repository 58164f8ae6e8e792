import { detectLanguage, stopwordsFor } from './language';
import { genericWords } from './tokenize';
import type { ItemSentence } from 'wink-nlp';
import { tokenColumns, wink } from './wink';

export interface Keyphrase {
  phrase: string;
  score: number;
}

interface Candidate {
  key: string;
  words: number;
  count: number;
  docs: Set<number>;
  surfaces: Map<string, number>;
}

const nounTags = new Set(['NOUN', 'PROPN']);
const modifierTags = new Set(['ADJ', 'NOUN', 'PROPN']);
const maxWords = 4;

/** Units and spans of time: frequent in any quantitative text, never its subject when standing alone ("Compare ridge with years"). */
const measureWords = new Set([
  'year',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
  'decade',
  'century',
  'millennium',
  'percent',
  'per',
  'cent',
  'metre',
  'meter',
  'kilometre',
  'kilometer',
  'centimetre',
  'centimeter',
  'millimetre',
  'millimeter',
  'mile',
  'foot',
  'inch',
  'km',
  'cm',
  'mm',
  'kg',
  'mg',
  'gram',
  'kilogram',
  'litre',
  'liter',
  'amount',
  'rate',
]);

/**
 * Key phrases of a set of texts (chunks or documents): noun phrases found
 * with POS tags (adjective/noun runs that end in a noun), scored by frequency,
 * spread across texts and length, so "trace tree" outranks "tree" when the
 * text talks about trace trees. A shorter phrase mostly seen inside a longer
 * one is dropped. Scores are scaled so the best phrase scores 1. Text in German, French and the
 * other languages language.ts tells has that language's short words taken out too.
 */
export function extractKeyphrases(texts: string[], opts: { limit?: number } = {}): Keyphrase[] {
  const limit = opts.limit ?? 10;
  const nlp = wink();
  const candidates = new Map<string, Candidate>();
  // The model's stop words are English: text in another language brings its own ("der", "und", "la", "dans").
  const foreign = stopwordsFor(detectLanguage(texts.join('\n').slice(0, 60_000)));

  texts.forEach((text, docIndex) => {
    if (!text.trim()) return;
    const doc = nlp.readDoc(text);
    doc.sentences().each((sentence: ItemSentence) => {
      const { surface, lemma, pos, stop, type: types } = tokenColumns(sentence.tokens());
      let run: number[] = [];
      const flush = () => {
        addRun(run, surface, lemma, pos, docIndex, candidates);
        run = [];
      };
      for (let i = 0; i < surface.length; i++) {
        const l = lemma[i].toLowerCase();
        const usable =
          types[i] === 'word' &&
          modifierTags.has(pos[i]) &&
          !stop[i] &&
          l.length > 1 &&
          /^\p{L}[\p{L}\p{N}-]*$/u.test(l) &&
          !genericWords.has(l) &&
          !foreign.has(l) &&
          !foreign.has(surface[i].toLowerCase());
        if (usable) run.push(i);
        else flush();
      }
      flush();
    });
  });

  const totalDocs = Math.max(1, texts.filter((t) => t.trim()).length);
  const scored = [...candidates.values()]
    .filter((c) => c.count >= 2 || totalDocs === 1 || c.words > 1)
    .filter((c) => c.words > 1 || !measureWords.has(c.key))
    .map((c) => {
      const spread = totalDocs > 1 ? 0.5 + 0.5 * (c.docs.size / totalDocs) : 1;
      // Longer phrases are rarer but more telling; the bonus is sub-linear.
      const lengthBonus = 1 + 0.6 * (c.words - 1);
      return { c, score: c.count * spread * lengthBonus };
    })
    .sort((a, b) => b.score - a.score);

  const kept: Array<{ c: Candidate; score: number }> = [];
  for (const item of scored) {
    // Drop "tree" when most of its uses are inside a kept "trace tree".
    const subsumed = kept.some(
      (k) => k.c.words > item.c.words && ` ${k.c.key} `.includes(` ${item.c.key} `) && k.c.count >= item.c.count * 0.5,
    );
    // Drop "trace tree compiler" when "trace tree" is kept and the longer one is rare.
    const extends_ = kept.some(
      (k) => k.c.words < item.c.words && ` ${item.c.key} `.includes(` ${k.c.key} `) && item.c.count <= k.c.count * 0.5,
    );
    if (subsumed || extends_) continue;
    kept.push(item);
    if (kept.length >= limit) break;
  }
  const top = kept[0]?.score ?? 1;
  return kept.map(({ c, score }) => ({ phrase: bestSurface(c), score: Math.round((score / top) * 1000) / 1000 }));
}

function addRun(run: number[], surface: string[], lemma: string[], pos: string[], docIndex: number, out: Map<string, Candidate>) {
  if (run.length === 0) return;
  // A phrase ends in a noun: trim trailing adjectives.
  let end = run.length;
  while (end > 0 && !nounTags.has(pos[run[end - 1]])) end--;
  if (end === 0) return;
  const words = run.slice(0, end);
  // Every sub-span that ends in a noun is a candidate too ("fast trace compiler" -> "trace compiler", "compiler", "fast trace").
  for (let start = 0; start < words.length; start++) {
    for (let stop = start + 1; stop <= Math.min(words.length, start + maxWords); stop++) {
      if (!nounTags.has(pos[words[stop - 1]])) continue;
      addCandidate(words.slice(start, stop), surface, lemma, docIndex, out);
    }
  }
}

function addCandidate(idx: number[], surface: string[], lemma: string[], docIndex: number, out: Map<string, Candidate>) {
  const key = idx.map((i) => lemma[i].toLowerCase()).join(' ');
  const text = idx.map((i) => surface[i]).join(' ');
  let c = out.get(key);
  if (!c) {
    c = { key, words: idx.length, count: 0, docs: new Set(), surfaces: new Map() };
    out.set(key, c);
  }
  c.count++;
  c.docs.add(docIndex);
  c.surfaces.set(text, (c.surfaces.get(text) ?? 0) + 1);
}

/** The form readers saw most, lowercased unless it is an acronym or a name. */
function bestSurface(c: Candidate): string {
  let best = c.key;
  let bestCount = -1;
  for (const [s, n] of c.surfaces) if (n > bestCount) [best, bestCount] = [s, n];
  return best
    .split(' ')
    .map((w) => (/^[A-Z][a-z]+$/.test(w) && !isAlwaysCapitalised(w, c) ? w.toLowerCase() : w))
    .join(' ');
}

function isAlwaysCapitalised(word: string, c: Candidate): boolean {
  for (const s of c.surfaces.keys()) if (s.split(' ').includes(word.toLowerCase())) return false;
  return true;
}
