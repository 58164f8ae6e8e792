import { referenceSourceNames, type ReferenceSourceName } from '@common/references';
import type { Config } from '../config';
import type { ResponseCache } from './http/provider-http';
import { findDocumentReferences } from './documents/documents.provider';
import { createCrossrefProvider } from './providers/crossref.provider';
import {
  createArxivProvider,
  createCoreProvider,
  createOpenLibraryProvider,
  createSemanticScholarProvider,
} from './providers/more-indexes.provider';
import { createOpenAlexProvider } from './providers/openalex.provider';
import type { ReferenceProvider } from './reference-provider';

export const documentsProvider: ReferenceProvider = {
  name: 'documents',
  search: async (query) => findDocumentReferences(query.documents),
};

const factories: Record<Exclude<ReferenceSourceName, 'documents'>, (config: Config, cache?: ResponseCache) => ReferenceProvider> = {
  openalex: createOpenAlexProvider,
  crossref: createCrossrefProvider,
  semanticscholar: createSemanticScholarProvider,
  core: createCoreProvider,
  openlibrary: createOpenLibraryProvider,
  arxiv: createArxivProvider,
};

export function isReferenceSourceName(name: string): name is ReferenceSourceName {
  return (referenceSourceNames as readonly string[]).includes(name);
}

/**
 * The providers REFERENCE_SOURCES names (documents is always on). Built once
 * per app so each provider's rate limit is shared by all requests.
 */
export function createReferenceProviders(config: Config, cache?: ResponseCache): { providers: ReferenceProvider[]; unknown: string[] } {
  const providers: ReferenceProvider[] = [documentsProvider];
  const unknown: string[] = [];
  for (const name of new Set(config.referenceSources)) {
    if (!isReferenceSourceName(name)) unknown.push(name);
    else if (name !== 'documents') providers.push(factories[name](config, cache));
  }
  return { providers, unknown };
}
