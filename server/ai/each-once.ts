import type { ExtractedDocument, Material } from './material';

/**
 * What `pick` reads from each document of the material, in the order met, each once (compared without case, empty
 * ones skipped), at most `max`: a book's credits and its index words are gathered this way.
 */
export function eachOnce(material: Material, pick: (document: ExtractedDocument) => Iterable<string>, max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const source of material.sources) {
    if (!source.document) continue;
    for (const value of pick(source.document)) {
      const key = value.toLowerCase();
      if (!value || seen.has(key)) continue;
      seen.add(key);
      out.push(value);
      if (out.length >= max) return out;
    }
  }
  return out;
}
