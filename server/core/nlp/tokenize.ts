import { tokenColumns, wink } from './wink';

/** Words that are frequent in academic prose but carry no topic. */
export const genericWords = new Set([
  'al',
  'et',
  'etc',
  'eg',
  'ie',
  'fig',
  'figure',
  'table',
  'section',
  'chapter',
  'page',
  'paper',
  'article',
  'work',
  'result',
  'example',
  'case',
  'number',
  'way',
  'time',
  'thing',
  'part',
  'use',
  'lot',
  'kind',
  'type',
  'also',
  'however',
  'thus',
  'first',
  'second',
  'third',
  'one',
  'two',
  'three',
  'new',
  'other',
  'many',
  'much',
  'such',
  'well',
  'make',
  'get',
  'give',
  'see',
  'show',
  'take',
  'need',
  'want',
  'way',
  'do',
  'say',
  'go',
  'able',
  'various',
  'several',
  'different',
  'same',
  'certain',
  'following',
  'above',
  'below',
  'use',
  'based',
]);

const wordLike = /^[\p{L}][\p{L}\p{N}'’-]*$/u;

/**
 * Lowercased lemmas of content words (stopwords, punctuation, numbers and
 * one-letter tokens removed). Used for BM25, keyphrases and overlap checks.
 */
export function tokenize(text: string): string[] {
  if (!text.trim()) return [];
  const { lemma: lemmas, stop, type: types } = tokenColumns(wink().readDoc(text).tokens());
  const out: string[] = [];
  for (let i = 0; i < lemmas.length; i++) {
    if (stop[i] || types[i] !== 'word') continue;
    const lemma = lemmas[i].toLowerCase();
    if (lemma.length < 2 || !wordLike.test(lemma)) continue;
    out.push(lemma);
  }
  return out;
}

/**
 * A fast tokenizer without the NLP model (about 10x quicker): lowercased
 * words with a light suffix stem, stopwords removed. For indexing large
 * volumes (BM25) where POS-based lemmas are not worth their cost.
 */
export function quickTokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}][\p{L}\p{N}]*/gu)) {
    const w = m[0];
    if (w.length < 2 || quickStopwords.has(w)) continue;
    out.push(lightStem(w));
  }
  return out;
}

/** Plural and common inflection endings only: safe, and enough for BM25 matching. */
export function lightStem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies') && word.length > 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 5 && !word.endsWith('eed')) return word.slice(0, -2);
  if (word.endsWith('es') && /(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

export const quickStopwords = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or ' +
    'other our ours ourselves out over own same she should so some such than that the their theirs them themselves then ' +
    'there these they this those through to too under until up very was we were what when where which while who whom why ' +
    'will with would you your yours yourself yourselves also may might must shall us via within without upon'
  ).split(' '),
);
