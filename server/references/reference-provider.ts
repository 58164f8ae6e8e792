import type { ReferenceSourceName } from '@common/references';
import type { ExtractedDocument } from '../core/document-model';
import type { FoundReference } from './found-reference';

export interface ReferenceQuery {
  topic: string;
  /** Key phrases of the material, most telling first. */
  keyphrases: string[];
  documents: Array<Pick<ExtractedDocument, 'text' | 'blocks' | 'bibliography'>>;
  /** Results wanted per search request. */
  limit: number;
}

/**
 * One source of references. Providers return what
 * they found, never made-up records; a provider that cannot answer throws a
 * ProviderError, and the others still answer.
 */
export interface ReferenceProvider {
  readonly name: ReferenceSourceName;
  search(query: ReferenceQuery): Promise<FoundReference[]>;
  /**
   * Looks a known work up (by DOI, else by title) to verify it and fill in its
   * fields. Undefined when the index has no record that is clearly the same work.
   */
  match?(known: FoundReference): Promise<FoundReference | undefined>;
}

/** The search strings for a query: the topic, then the topic with the material's two strongest key phrases. */
export function searchStrings(query: ReferenceQuery): string[] {
  const topic = query.topic.trim();
  const phrases = query.keyphrases.filter((p) => !topic.toLowerCase().includes(p.toLowerCase())).slice(0, 2);
  const strings = [topic, phrases.length ? `${topic} ${phrases.join(' ')}` : ''].filter(Boolean);
  return [...new Set(strings)];
}
