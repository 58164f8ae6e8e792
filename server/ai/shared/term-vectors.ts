import { quickTokenize } from '@server/core/nlp';

/** A sparse, L2-normalised TF-IDF vector. */
export type TermVector = Map<string, number>;

/**
 * Document frequencies over a collection (sentences, paragraphs or chunks),
 * for TF-IDF vectors. Uses the model-free tokenizer: composition runs over
 * whole books and must stay fast (under 5 s for 100,000 words).
 */
export class TermStats {
  private readonly df = new Map<string, number>();
  private docs = 0;

  constructor(tokenLists: Iterable<string[]> = []) {
    for (const tokens of tokenLists) this.addDocument(tokens);
  }

  addDocument(tokens: string[]): void {
    this.docs++;
    for (const t of new Set(tokens)) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** How many documents of the collection hold the term. */
  documentFrequency(term: string): number {
    return this.df.get(term) ?? 0;
  }

  idf(term: string): number {
    return Math.log(1 + (this.docs + 1) / ((this.df.get(term) ?? 0) + 0.5));
  }

  vector(tokens: string[]): TermVector {
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v: TermVector = new Map();
    let norm = 0;
    for (const [t, n] of tf) {
      const w = (1 + Math.log(n)) * this.idf(t);
      v.set(t, w);
      norm += w * w;
    }
    return normalize(v, norm);
  }

  vectorOf(text: string): TermVector {
    return this.vector(quickTokenize(text));
  }
}

function normalize(v: TermVector, squaredNorm: number): TermVector {
  const norm = Math.sqrt(squaredNorm);
  if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
  return v;
}

export function sparseCosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  return dot;
}

/** The normalised mean of several vectors: what a group of texts is about. */
export function centroid(vectors: TermVector[], limitTerms = 400): TermVector {
  const sum: TermVector = new Map();
  for (const v of vectors) for (const [t, w] of v) sum.set(t, (sum.get(t) ?? 0) + w);
  // Keeping only the strongest terms bounds the cost of comparing against it.
  const top = [...sum.entries()].sort((x, y) => y[1] - x[1]).slice(0, limitTerms);
  const out: TermVector = new Map(top);
  let norm = 0;
  for (const [, w] of out) norm += w * w;
  return normalize(out, norm);
}

/** Adds `weight` times b into a copy of a and renormalises (e.g. a section's centroid plus its title). */
export function blend(a: TermVector, b: TermVector, weight: number): TermVector {
  const out: TermVector = new Map(a);
  for (const [t, w] of b) out.set(t, (out.get(t) ?? 0) + weight * w);
  let norm = 0;
  for (const [, w] of out) norm += w * w;
  return normalize(out, norm);
}
