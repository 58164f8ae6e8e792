import type { BibEntry } from '../markdown/pandoc-citations';
import { parseBibtex } from './bibtex';
import { parseCslJson } from './csl-json';

/**
 * A bibliography uploaded beside the pages that cite it (a Pandoc or Quarto page's `bibliography: refs.bib`):
 * a BibTeX file (.bib) or a CSL-JSON file (.json holding a list of items). It is no document of its own:
 * its entries resolve the pages' `[@key]` citations and the cited ones join their reference lists.
 */
export interface CompanionBibliography {
  filename: string;
  entries: BibEntry[];
}

const bibtexName = /\.(bib|bibtex)$/i;
const jsonName = /\.json$/i;

/** The entries of a file that is a bibliography by its name and content; undefined for any other file. */
export function readCompanionBibliography(filename: string, data: Uint8Array): CompanionBibliography | undefined {
  const isBib = bibtexName.test(filename.trim());
  const isJson = jsonName.test(filename.trim());
  if (!isBib && !isJson) return undefined;
  const text = new TextDecoder('utf-8').decode(data);
  if (isBib) return { filename, entries: parseBibtex(text) };
  const entries = parseCslJson(text);
  return entries.length ? { filename, entries } : undefined;
}

/** Every companion's entries, the first file's entry winning when two define the same key. */
export function mergedEntries(companions: CompanionBibliography[]): BibEntry[] {
  const byId = new Map<string, BibEntry>();
  for (const c of companions) for (const e of c.entries) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()];
}
