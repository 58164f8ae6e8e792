/** Cosine similarity; 0 for empty or zero vectors or mismatched dimensions. */
export function cosine(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/** Unit-length copy (zero vector stays zero). */
export function normalizeVector(v: number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v.slice();
  const inv = 1 / Math.sqrt(n);
  return v.map((x) => x * inv);
}

/** Element-wise mean of vectors of one dimension. */
export function meanVector(vectors: number[][]): number[] {
  if (vectors.length === 0) return [];
  const out = new Array<number>(vectors[0].length).fill(0);
  for (const v of vectors) for (let i = 0; i < out.length; i++) out[i] += v[i] ?? 0;
  return out.map((x) => x / vectors.length);
}
