import { genericWords, quickStopwords } from '@server/core/nlp';
import { tokenColumns, wink } from '@server/core/nlp/wink';

/**
 * Titles from distinctive noun phrases. Candidates are runs of up to three
 * content words (no stopwords, digits or punctuation inside), counted in the
 * group and in the whole material; the title is the phrase frequent here but
 * rare elsewhere, preferring two- and three-word phrases, checked with the
 * POS tagger to end in a noun. Counting is plain string work, so titling a
 * 100,000-word book stays fast.
 */
export class PhraseCounts {
  readonly counts = new Map<string, number>();
  private readonly surfaces = new Map<string, Map<string, number>>();

  /** `keepSurfaces`: remember how phrases were written (needed only for the group being titled). */
  constructor(private readonly keepSurfaces = false) {}

  static of(texts: string[], keepSurfaces = false): PhraseCounts {
    const counts = new PhraseCounts(keepSurfaces);
    for (const t of texts) counts.add(t);
    return counts;
  }

  add(text: string): void {
    for (const run of contentRuns(text)) {
      const lower = run.map((w) => w.toLowerCase());
      for (let i = 0; i < run.length; i++) {
        let key = lower[i];
        let surface = run[i];
        for (let n = 1; n <= 3 && i + n <= run.length; n++) {
          if (n > 1) {
            key += ` ${lower[i + n - 1]}`;
            surface += ` ${run[i + n - 1]}`;
          }
          this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
          if (this.keepSurfaces) {
            const forms = this.surfaces.get(key) ?? new Map<string, number>();
            forms.set(surface, (forms.get(surface) ?? 0) + 1);
            this.surfaces.set(key, forms);
          }
        }
      }
    }
  }

  surface(key: string): string {
    let best = key;
    let top = 0;
    for (const [s, n] of this.surfaces.get(key) ?? []) if (n > top) [best, top] = [s, n];
    return best;
  }
}

function contentRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  // Words and punctuation marks in order (spaces skipped): any non-content token ends a run.
  for (const m of text.matchAll(/[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}]+/gu)) {
    const word = m[0].replace(/^['’-]+|['’-]+$/g, '');
    const lower = word.toLowerCase();
    if (/^\p{L}[\p{L}'’-]*$/u.test(word) && word.length > 1 && !quickStopwords.has(lower) && !genericWords.has(lower)) {
      run.push(word);
    } else {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

const lengthWeight = [0, 1, 3.2, 3.6];
const nounLike = new Set(['NOUN', 'PROPN', 'ADJ']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when the phrase is a noun phrase where it is written: its words are
 * nouns or adjectives in the sentence it comes from, ending in a noun
 * ("mountain building", not "geologists treated mountain"). The tagger reads
 * a noun-noun compound before a verb as noun-verb ("Slab pull is the force"),
 * so a last word tagged as a verb counts as a noun when a verb follows it.
 */
function isNounPhrase(phrase: string, texts: string[]): boolean {
  const words = phrase.toLowerCase().split(' ');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
  const sentence = texts.find((t) => pattern.test(t));
  if (!sentence) return endsInNoun(phrase);
  const { surface, pos } = tokenColumns(wink().readDoc(sentence).tokens());
  const lower = surface.map((w) => w.toLowerCase());
  for (let i = 0; i + words.length <= lower.length; i++) {
    if (!words.every((w, j) => lower[i + j] === w)) continue;
    const tags = pos.slice(i, i + words.length);
    const last = tags[tags.length - 1];
    const next = pos[i + words.length];
    const lastIsNoun = last === 'NOUN' || last === 'PROPN' || (words.length > 1 && last === 'VERB' && (next === 'AUX' || next === 'VERB'));
    return lastIsNoun && tags.slice(0, -1).every((t) => nounLike.has(t));
  }
  return endsInNoun(phrase);
}

function endsInNoun(phrase: string): boolean {
  const { pos } = tokenColumns(wink().readDoc(phrase).tokens());
  const last = pos[pos.length - 1];
  return (last === 'NOUN' || last === 'PROPN') && pos[0] !== 'VERB' && pos[0] !== 'ADV' && pos[0] !== 'ADP';
}

/** "slab pull" as written in the text, with a capital first letter: the phrase stays verbatim. */
function asTitle(surface: string): string {
  return surface.charAt(0).toUpperCase() + surface.slice(1);
}

/**
 * A title for a group of sentences, never one already taken (`taken` holds
 * lowercased titles and is updated). Titles are noun phrases found verbatim
 * in the group, preferring several words to one. Null when nothing fits.
 */
export function keyphraseTitle(groupTexts: string[], opts: { all?: PhraseCounts; taken?: Set<string> } = {}): string | null {
  const group = PhraseCounts.of(groupTexts, true);
  const taken = opts.taken ?? new Set<string>();
  // A small group rarely repeats a phrase: the second pass accepts phrases seen once.
  return pickTitle(group, groupTexts, opts.all, taken, 2) ?? pickTitle(group, groupTexts, opts.all, taken, 1);
}

/** The most frequent multi-word noun phrase of the group that contains `word`, if any. */
function longerPhrase(word: string, group: PhraseCounts, groupTexts: string[], taken: Set<string>): string | null {
  const options = [...group.counts]
    .filter(([key, n]) => key.includes(' ') && key.split(' ').includes(word) && !taken.has(key) && n >= 1)
    .sort((a, b) => b[1] - a[1] || a[0].split(' ').length - b[0].split(' ').length);
  for (const [key] of options.slice(0, 6)) if (isNounPhrase(group.surface(key), groupTexts)) return key;
  return null;
}

function pickTitle(
  group: PhraseCounts,
  groupTexts: string[],
  all: PhraseCounts | undefined,
  taken: Set<string>,
  minCount: number,
): string | null {
  const takenWords = new Set([...taken].flatMap((t) => t.split(/\s+/)));
  const opening = groupTexts.slice(0, 3).join(' ').toLowerCase();
  const ranked: Array<{ key: string; score: number }> = [];
  for (const [key, count] of group.counts) {
    const words = key.split(' ');
    if (count < (words.length === 1 ? minCount + 1 : minCount) || taken.has(key)) continue;
    const overall = Math.max(count, all?.counts.get(key) ?? count);
    const distinct = Math.pow((count + 1) / (overall + 2), 0.6);
    const fresh = words.every((w) => takenWords.has(w)) ? 0.4 : 1;
    const lead = opening.includes(key) ? 1.25 : 1;
    ranked.push({ key, score: count * lengthWeight[words.length] * distinct * fresh * lead });
  }
  ranked.sort((a, b) => b.score - a.score);
  for (const { key: best } of ranked.slice(0, 12)) {
    // A lone word ("Slab") gives way to a phrase of the text that holds it ("Slab pull").
    const key = best.includes(' ') ? best : (longerPhrase(best, group, groupTexts, taken) ?? best);
    if (taken.has(key)) continue;
    if (!isNounPhrase(group.surface(key), groupTexts)) continue;
    taken.add(key);
    return asTitle(group.surface(key));
  }
  return null;
}
