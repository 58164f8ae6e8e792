import type { SourcesReport } from '@common/references';
import type { Reference } from '@common/textbook';
import { dedupeGroups, mergeInto } from './dedupe';
import { fromReference, toReference, type FoundReference } from './found-reference';
import { ProviderError } from './http/provider-http';
import { rankReferences } from './rank';
import type { ReferenceProvider, ReferenceQuery } from './reference-provider';

export interface FindReferencesInput extends ReferenceQuery {
  materialText: string;
  /** References the client already holds ("Get New References"). */
  existing: Reference[];
}

export interface FindReferencesResult {
  references: Reference[];
  sources: SourcesReport;
}

/** New references offered per request (besides the approved ones, which are always kept). */
export const maxNewReferences = 25;
/** Known works checked against each index per request: enough for a bibliography, bounded for rate limits. */
const maxMatchesPerProvider = 12;

function reasonOf(err: unknown): string {
  if (err instanceof ProviderError) return err.reason;
  return err instanceof Error ? err.message : String(err);
}

interface ProviderAnswer {
  found: FoundReference[];
  /** Index of a known work -> the index record that is the same work. */
  matches: Map<number, FoundReference>;
}

async function ask(provider: ReferenceProvider, query: ReferenceQuery, known: FoundReference[]): Promise<ProviderAnswer> {
  const found = await provider.search(query);
  const matches = new Map<number, FoundReference>();
  const match = provider.match?.bind(provider);
  if (match) {
    const candidates = known
      .map((ref, i) => ({ ref, i }))
      .filter(({ ref }) => ref.doi || ref.title)
      .sort((a, b) => Number(Boolean(b.ref.doi)) - Number(Boolean(a.ref.doi)))
      .slice(0, maxMatchesPerProvider);
    // One failed lookup is not a failed provider: the search already answered.
    const settled = await Promise.allSettled(candidates.map(({ ref }) => match(ref)));
    settled.forEach((s, k) => {
      if (s.status === 'fulfilled' && s.value) matches.set(candidates[k].i, s.value);
    });
  }
  return { found, matches };
}

/**
 * Asks every provider at once; a failing one is reported and the others
 * still answer. Approved references are kept first and only ever gain fields;
 * new ones are de-duplicated and ranked by similarity to the material.
 */
export async function findReferences(providers: ReferenceProvider[], input: FindReferencesInput): Promise<FindReferencesResult> {
  const sources: SourcesReport = { used: [], failed: [] };
  const approved = input.existing.filter((r) => r.approved).map(fromReference);

  const local = providers.filter((p) => p.name === 'documents');
  const remote = providers.filter((p) => p.name !== 'documents');
  const fromDocuments: FoundReference[] = [];
  for (const provider of local) {
    fromDocuments.push(...(await provider.search(input)));
    sources.used.push(provider.name);
  }

  let known = [...approved, ...fromDocuments];
  const answers = await Promise.allSettled(remote.map((p) => ask(p, input, known)));
  const fromIndexes: FoundReference[] = [];
  answers.forEach((answer, k) => {
    const name = remote[k].name;
    if (answer.status === 'rejected') {
      sources.failed.push({ source: name, reason: reasonOf(answer.reason) });
      return;
    }
    sources.used.push(name);
    fromIndexes.push(...answer.value.found);
    known = known.map((ref, i) => {
      const record = answer.value.matches.get(i);
      return record ? mergeInto(ref, record) : ref;
    });
  });

  // Approved references come first, so each is the base its duplicates merge into.
  const groups = dedupeGroups([...known, ...fromIndexes], approved.length);
  const kept = groups
    .filter((g) => g.members.some((i) => i < approved.length))
    .sort((a, b) => Math.min(...a.members) - Math.min(...b.members));
  const fresh = rankReferences(
    groups.filter((g) => !g.members.some((i) => i < approved.length)).map((g) => g.ref),
    input.materialText,
    input.topic,
  ).slice(0, maxNewReferences);

  const references = [
    ...kept.map((g, i) => toReference(g.ref, i + 1, true)),
    ...fresh.map((ref, i) => toReference(ref, kept.length + i + 1, false)),
  ];
  return { references, sources };
}
