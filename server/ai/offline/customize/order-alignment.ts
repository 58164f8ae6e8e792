/** Placing a part in the outline's first topic it shares words with, or in a new topic, earns this much (empty weeks fill). */
const newTopicBonus = 0.02;
/** A part leaves the order only for a topic it is clearly about: this similar at least ... */
const strongSimilarity = 0.15;
/** ... and this many times as similar as to the topic its place in the order gives it. */
const strongRatio = 3;

/**
 * Assigns parts (in the book's order) to topics (in the outline's order): the assignment that
 * never goes back to an earlier topic and has the greatest total similarity (dynamic programming
 * over parts x topics, a small bonus for each topic opened so empty weeks take what fits them).
 * Then a part moves out of order only when the evidence is strong: it is far more like another
 * topic than the one its place gives it, and no part of its own book chapter (`chapterOf`) holds
 * it there. A topic left empty takes the neighbouring part at its
 * border when that part is like it and its own topic keeps another part.
 *
 * `similarity[part][topic]`, `chapterOf[part]` the book chapter it comes from; returns each part's topic.
 */
export function alignInOrder(similarity: number[][], topicCount: number, chapterOf: number[] = []): number[] {
  const n = similarity.length;
  if (n === 0 || topicCount === 0) return [];
  const bonus = (i: number, t: number) => (similarity[i][t] > 0 ? newTopicBonus : 0);
  // score[i][t]: the best total for parts 0..i with part i in topic t; from[i][t]: the topic of part i-1.
  const score: number[][] = [similarity[0].map((s, t) => s + bonus(0, t))];
  const from: number[][] = [similarity[0].map(() => -1)];
  for (let i = 1; i < n; i++) {
    const row: number[] = [];
    const back: number[] = [];
    let bestBefore = -Infinity;
    let bestBeforeAt = -1;
    for (let t = 0; t < topicCount; t++) {
      const stay = score[i - 1][t];
      const open = bestBefore + bonus(i, t);
      // Ties keep a part with the one before it.
      if (stay >= open) [row[t], back[t]] = [stay + similarity[i][t], t];
      else [row[t], back[t]] = [open + similarity[i][t], bestBeforeAt];
      if (score[i - 1][t] > bestBefore) [bestBefore, bestBeforeAt] = [score[i - 1][t], t];
    }
    score.push(row);
    from.push(back);
  }
  const last = score[n - 1];
  let t = last.reduce((b, s, j) => (s > last[b] ? j : b), 0);
  const assignment: number[] = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    assignment[i] = t;
    t = from[i][t];
  }
  const count = (topic: number) => assignment.filter((a) => a === topic).length;
  // Strong evidence outweighs the order, unless the part's own chapter holds it where it is: a part of that
  // chapter placed there is at least as like that topic as this part is like the other ("Benchmark results"
  // stays with "Evaluation").
  const placed = [...assignment];
  similarity.forEach((row, i) => {
    const best = row.reduce((b, s, j) => (s > row[b] ? j : b), 0);
    const here = assignment[i];
    if (best === here || row[best] < strongSimilarity || row[best] < strongRatio * row[here] || count(here) < 2) return;
    const anchored = placed.some(
      (t, k) => k !== i && t === here && chapterOf[k] !== undefined && chapterOf[k] === chapterOf[i] && similarity[k][here] >= row[best],
    );
    if (!anchored) assignment[i] = best;
  });
  // An empty topic takes the part at its border (the last part before it or the first after it) that is most like it.
  for (let topic = 0; topic < topicCount; topic++) {
    if (count(topic) > 0) continue;
    const before = assignment.findLastIndex((a) => a < topic);
    const after = assignment.findIndex((a) => a > topic);
    const candidates = [before, after].filter((i) => i >= 0 && count(assignment[i]) > 1 && similarity[i][topic] > 0);
    const pick = candidates.sort((a, b) => similarity[b][topic] - similarity[a][topic])[0];
    if (pick !== undefined) assignment[pick] = topic;
  }
  // A topic still empty while a part clearly about it sits in another topic that keeps a part: it takes that part,
  // even out of order ("Week 9: Soundness and completeness" empty while the section sat in week 8).
  for (let topic = 0; topic < topicCount; topic++) {
    if (count(topic) > 0) continue;
    const pick = similarity
      .map((row, i) => ({ i, s: row[topic] }))
      .filter(({ i, s }) => s >= strongSimilarity && s >= similarity[i][assignment[i]] && count(assignment[i]) > 1)
      .sort((a, b) => b.s - a.s)[0];
    if (pick) assignment[pick.i] = topic;
  }
  return assignment;
}
