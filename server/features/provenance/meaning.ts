import type { Embedder } from '@server/ai/embeddings';
import { quickTokenize } from '@server/core/nlp';
import { cosine } from '@server/core/nlp/vector';
import { meaningSupport, type Meaning, type MatchIndex } from './provenance-match';

/**
 * Support by meaning (provenance-match.ts `Meaning`): the pairs of a book sentence and a block of the
 * material a first run asks about, and their similarities computed with the embedder for the second run.
 */

/** A book sentence and a block of the material, with the block's sentences (what the embedder compares). */
export interface MeaningQuestion {
  sentence: string;
  order: number;
  passages: string[];
}

/** A pair's similarity: the best of the block's sentences that agree with the book sentence on negation. */
export type Similarity = [sentence: string, order: number, similarity: number];

/** Sentences asked about per chapter at most: past this, the rest are judged by words only (and the answer says so). */
export const meaningQuestionsMax = 400;

const pairKey = (sentence: string, order: number) => `${order}\u0000${sentence}`;

/** A first run's meaning: knows nothing, and records what it is asked (at most meaningQuestionsMax pairs). */
export function askingMeaning(index: MatchIndex): { meaning: Meaning; questions: () => MeaningQuestion[]; capped: () => boolean } {
  const asked = new Map<string, MeaningQuestion>();
  let capped = false;
  return {
    meaning: {
      similarity: () => undefined,
      ask(sentence, order) {
        const key = pairKey(sentence, order);
        if (asked.has(key)) return;
        if (asked.size >= meaningQuestionsMax) {
          capped = true;
          return;
        }
        const passages = closestSentences(index.map.blocks[order]?.sentences.map((s) => s.raw) ?? [], sentence);
        if (passages.length > 0) asked.set(key, { sentence, order, passages });
      },
    },
    questions: () => [...asked.values()],
    capped: () => capped,
  };
}

/** Sentences of a passage compared by meaning per question: those sharing most words with the book sentence. */
const passageSentencesMax = 3;

function closestSentences(sentences: string[], sentence: string): string[] {
  if (sentences.length <= passageSentencesMax) return sentences;
  const mine = new Set(quickTokenize(sentence));
  const shared = (s: string) => quickTokenize(s).filter((t) => mine.has(t)).length;
  return sentences
    .map((raw, i) => ({ raw, i, score: shared(raw) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, passageSentencesMax)
    .map((c) => c.raw);
}

/** A second run's meaning: the similarities computed for the first run's questions. */
export function knownMeaning(similarities: Similarity[]): Meaning {
  const known = new Map(similarities.map(([sentence, order, similarity]) => [pairKey(sentence, order), similarity]));
  return { similarity: (sentence, order) => known.get(pairKey(sentence, order)) };
}

/** "not", "never", "no", "cannot", "n't": a sentence and its negation embed alike, so their polarity must agree. */
const negation = /\b(?:not|never|no|none|nothing|neither|nor|cannot|without)\b|n['’]t\b/i;
const negated = (text: string) => negation.test(text);

/** The similarities of the questions' pairs: every distinct sentence embedded once (the embedder remembers vectors it made). */
export async function similaritiesOf(embedder: Pick<Embedder, 'embed'>, questions: MeaningQuestion[]): Promise<Similarity[]> {
  const texts = [...new Set(questions.flatMap((q) => [q.sentence, ...q.passages]))];
  const vectors = await embedder.embed(texts);
  const vectorOf = new Map(texts.map((t, i) => [t, vectors[i]]));
  return questions.map((q) => {
    const mine = vectorOf.get(q.sentence)!;
    let best = 0;
    for (const passage of q.passages)
      if (negated(passage) === negated(q.sentence)) best = Math.max(best, cosine(mine, vectorOf.get(passage)!));
    return [q.sentence, q.order, best];
  });
}

export { meaningSupport };
