import type { ItemSentence } from 'wink-nlp';
import { genericWords, quickStopwords } from '@server/core/nlp';
import { tokenColumns, wink } from '@server/core/nlp/wink';

/**
 * Section titles for an expanded chapter: a noun phrase printed in the
 * section's own text (QA: "Cognitive Psychologists Study" was a phrase
 * with a verb in it, "Single Faculty" a passing remark, "Über Das
 * Gedächtnis" a cited book's title). Candidates are runs of adjectives
 * and nouns the tagger reads in the section; each is scored by how much
 * the section is about its words (their frequency in this section against
 * the chapter's other sections), preferring two- and three-word terms.
 */
export interface TitleCandidate {
  key: string;
  surface: string;
  score: number;
}

interface Token {
  surface: string;
  lemma: string;
  pos: string;
  joining?: boolean;
}

// A lone word is a weak title ("Amount", "Tasks"): two- and three-word terms are preferred.
const lengthBonus = [0, 0.6, 1.7, 1.9];
// Modifiers that make a phrase a remark rather than a subject ("single faculty", "great deal", "first time").
const weakModifiers = new Set([
  'single',
  'great',
  'many',
  'much',
  'few',
  'other',
  'same',
  'new',
  'old',
  'first',
  'last',
  'next',
  'several',
  'various',
  'certain',
  'whole',
  'large',
  'small',
  'good',
  'little',
  'own',
  'main',
  'true',
  'real',
  'different',
  'later',
  'early',
]);

function tokensOf(text: string): Token[][] {
  const doc = wink().readDoc(text);
  const sentences: Token[][] = [];
  doc.sentences().each((s: ItemSentence) => {
    const c = tokenColumns(s.tokens());
    const text = s.out();
    const tokens: Token[] = [];
    c.surface.forEach((surface, i) => {
      const prev = tokens[tokens.length - 1];
      // The tagger splits "short-term" and "dual-task": joined again when the text writes them joined.
      if (prev && surface === '-' && i + 1 < c.surface.length && text.includes(`${prev.surface}-${c.surface[i + 1]}`)) {
        prev.surface += '-';
        prev.joining = true;
        return;
      }
      if (prev?.joining) {
        tokens[tokens.length - 1] = {
          surface: prev.surface + surface,
          lemma: `${prev.surface.toLowerCase()}${c.lemma[i].toLowerCase()}`,
          pos: c.pos[i],
        };
        return;
      }
      tokens.push({ surface, lemma: c.lemma[i].toLowerCase(), pos: c.pos[i] });
    });
    sentences.push(tokens);
  });
  return sentences;
}

/** Function names and operators of formulas that read as words once the formula is flattened to text ("cos x", "det A"). */
const mathWords = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'exp',
  'det',
  'max',
  'min',
  'lim',
  'sup',
  'inf',
  'arg',
  'mod',
  'dx',
  'dy',
]);
const isContent = (t: Token) =>
  /^\p{L}[\p{L}'’-]+$/u.test(t.surface) && !quickStopwords.has(t.lemma) && !genericWords.has(t.lemma) && !mathWords.has(t.lemma);
const isHead = (t: Token) => (t.pos === 'NOUN' || t.pos === 'PROPN') && isContent(t);
// "the forgetting curve", "Working memory is": a gerund opening a noun phrase is a modifier, not a verb.
const gerundOpens = new Set(['DET', 'ADP', 'ADJ', 'CCONJ']);
const isModifier = (t: Token, prev: Token | undefined, next: Token | undefined) =>
  isContent(t) &&
  (t.pos === 'ADJ' ||
    t.pos === 'NOUN' ||
    t.pos === 'PROPN' ||
    (t.pos === 'VERB' && /ing$/.test(t.surface) && next?.pos === 'NOUN' && (!prev || gerundOpens.has(prev.pos))));

/** Noun phrases of a sentence: spans of up to three modifiers/nouns ending in a noun, verbatim. */
interface Phrase {
  tokens: Token[];
  /** Opens its run of nouns: a span cut from inside one is often the tagger reading a verb as a noun ("Rehearsal transfers information"). */
  opensRun: boolean;
}

function phrases(sentence: Token[]): Phrase[] {
  const out: Phrase[] = [];
  let run: Token[] = [];
  const flush = () => {
    for (let end = 0; end < run.length; end++) {
      if (!isHead(run[end])) continue;
      for (let len = 1; len <= 3 && end - len + 1 >= 0; len++)
        out.push({ tokens: run.slice(end - len + 1, end + 1), opensRun: end - len + 1 === 0 });
    }
    run = [];
  };
  sentence.forEach((t, i) => {
    if (isModifier(t, sentence[i - 1], sentence[i + 1])) run.push(t);
    else flush();
  });
  flush();
  // A cited work's title in another language ("Über das Gedächtnis") or a name alone is not what a section is about.
  return out.filter(
    ({ tokens: p }) => !weakModifiers.has(p[0].lemma) && !p.every((t) => t.pos === 'PROPN' && /[^\x00-\x7f]/.test(t.surface)),
  );
}

/**
 * Titles for sections (their plain text, in order), distinct from each other
 * and from `taken` (lowercased). Null for a section with no noun phrase.
 */
export function sectionTitles(sectionTexts: string[], opts: { chapterTitle: string; taken: Set<string> }): Array<string | null> {
  const parsed = sectionTexts.map(tokensOf);
  const lemmaCounts = parsed.map((sentences) => {
    const counts = new Map<string, number>();
    for (const s of sentences) for (const t of s) if (isContent(t)) counts.set(t.lemma, (counts.get(t.lemma) ?? 0) + 1);
    return counts;
  });
  const titleWords = new Set(
    tokensOf(opts.chapterTitle)
      .flat()
      .map((t) => t.lemma),
  );
  const n = sectionTexts.length;
  const weight = (lemma: string, k: number) => {
    const tf = lemmaCounts[k].get(lemma) ?? 0;
    const df = lemmaCounts.filter((c) => c.has(lemma)).length;
    const idf = Math.log(1 + n / Math.max(1, df));
    // The chapter's own subject words help a term ("working memory") but do not make one alone.
    return tf * idf * (titleWords.has(lemma) ? 0.6 : 1);
  };
  const taken = new Set(opts.taken);
  taken.add(opts.chapterTitle.trim().toLowerCase());
  return parsed.map((sentences, k) => {
    const candidates = new Map<string, TitleCandidate>();
    sentences.forEach((sentence, si) => {
      for (const { tokens: p, opensRun } of phrases(sentence)) {
        const key = p.map((t) => t.surface.toLowerCase()).join(' ');
        const mean = p.reduce((sum, t) => sum + weight(t.lemma, k), 0) / p.length;
        if (p.length === 1 && titleWords.has(p[0].lemma)) continue;
        const names = p.every((t) => t.pos === 'PROPN') ? 0.5 : 1;
        // English compounds rarely modify with a plural ("psychologists study", "transfers information"): the tagger took a verb for a noun.
        const pluralInside = p.slice(0, -1).some((t) => t.pos === 'NOUN' && /[^su]s$/i.test(t.surface)) ? 0.2 : 1;
        const early = si === 0 ? 1.15 : 1;
        const score = mean * lengthBonus[p.length] * names * pluralInside * early * (opensRun || p.length === 1 ? 1 : 0.5);
        const hit = candidates.get(key);
        if (hit) hit.score += score * 0.5;
        else candidates.set(key, { key, surface: p.map((t) => t.surface).join(' '), score });
      }
    });
    const best = [...candidates.values()].filter((c) => !taken.has(c.key)).sort((a, b) => b.score - a.score)[0];
    if (!best) return null;
    taken.add(best.key);
    return best.surface.charAt(0).toUpperCase() + best.surface.slice(1);
  });
}
