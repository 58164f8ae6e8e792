import { cosine } from '@server/core/nlp';

/**
 * Spherical k-means over any vector type (dense embeddings or sparse term
 * vectors), deterministic: seeds are chosen farthest-first starting from the
 * point most like the whole set, so the same material gives the same book.
 */
export interface VectorOps<T> {
  similarity(a: T, b: T): number;
  mean(points: T[]): T;
}

export function kmeans<T>(points: T[], k: number, ops: VectorOps<T>, iterations = 12): number[] {
  const n = points.length;
  if (n === 0) return [];
  const clusters = Math.max(1, Math.min(k, n));
  if (clusters === 1) return points.map(() => 0);
  const whole = ops.mean(points);
  let first = 0;
  let best = -Infinity;
  points.forEach((p, i) => {
    const s = ops.similarity(p, whole);
    if (s > best) [best, first] = [s, i];
  });
  const centers: T[] = [points[first]];
  // Farthest-first: each next seed is the point least like its nearest seed.
  const nearest = points.map((p) => ops.similarity(p, points[first]));
  while (centers.length < clusters) {
    let pick = -1;
    let lowest = Infinity;
    nearest.forEach((s, i) => {
      if (s < lowest) [lowest, pick] = [s, i];
    });
    centers.push(points[pick]);
    points.forEach((p, i) => {
      nearest[i] = Math.max(nearest[i], ops.similarity(p, points[pick]));
    });
    nearest[pick] = Infinity;
  }
  let assignment = points.map(() => 0);
  for (let iter = 0; iter < iterations; iter++) {
    const next = points.map((p) => {
      let c = 0;
      let top = -Infinity;
      centers.forEach((center, j) => {
        const s = ops.similarity(p, center);
        if (s > top) [top, c] = [s, j];
      });
      return c;
    });
    const changed = next.some((c, i) => c !== assignment[i]);
    assignment = next;
    for (let j = 0; j < centers.length; j++) {
      const members = points.filter((_, i) => assignment[i] === j);
      if (members.length) centers[j] = ops.mean(members);
    }
    if (!changed && iter > 0) break;
  }
  return assignment;
}

export function denseOps(): VectorOps<number[]> {
  return {
    similarity: cosine,
    mean(points) {
      const out = new Array<number>(points[0]?.length ?? 0).fill(0);
      for (const p of points) for (let i = 0; i < out.length; i++) out[i] += p[i] / points.length;
      return out;
    },
  };
}
