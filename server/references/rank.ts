import { quickTokenize } from '../core/nlp';
import type { FoundReference } from './found-reference';

type TermVector = Map<string, number>;

function termCounts(tokens: string[], weight = 1, into: TermVector = new Map()): TermVector {
  for (const t of tokens) into.set(t, (into.get(t) ?? 0) + weight);
  return into;
}

function cosineSparse(a: TermVector, b: TermVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, v] of a) {
    na += v * v;
    const w = b.get(t);
    if (w) dot += v * w;
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** How much a reference the material itself cites counts over an index hit of equal similarity. */
const citedByMaterialBonus = 0.1;
/** Only the most frequent terms describe the material; the long tail is noise. */
const profileTerms = 400;

/**
 * The material's profile: log-scaled term frequencies of its text, with the
 * topic's terms weighted up (the user asked for the topic; the material may be broader).
 */
export function materialProfile(materialText: string, topic: string): TermVector {
  const counts = termCounts(quickTokenize(materialText));
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, profileTerms);
  const profile: TermVector = new Map(top.map(([t, c]) => [t, 1 + Math.log(c)]));
  const topicTokens = quickTokenize(topic);
  const peak = Math.max(1, ...profile.values());
  for (const t of topicTokens) profile.set(t, (profile.get(t) ?? 0) + peak);
  return profile;
}

export function similarityToMaterial(ref: FoundReference, profile: TermVector): number {
  const vector = termCounts(quickTokenize(ref.title), 2);
  termCounts(quickTokenize(`${ref.description} ${ref.publisher}`), 1, vector);
  return cosineSparse(profile, vector);
}

/**
 * Orders references by similarity to the material,
 * with a small bonus for those the material cites itself; ties keep their order.
 */
export function rankReferences(refs: FoundReference[], materialText: string, topic: string): FoundReference[] {
  const profile = materialProfile(materialText, topic);
  return refs
    .map((ref, i) => {
      const cited = ref.source.split(', ').includes('documents');
      return { ref, i, score: similarityToMaterial(ref, profile) + (cited ? citedByMaterialBonus : 0) };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((s) => s.ref);
}
