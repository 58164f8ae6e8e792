import type { Material } from './material';

/** As many as the content model keeps (common/textbook.ts `indexTerms`). */
const maxWords = 2000;

/**
 * The material's own index words: every `index-term` block of its documents (a key word a textbook
 * sets in its margin), once each in the order first met, as the documents spell them.
 */
export function indexWordsOf(material: Material): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const source of material.sources)
    for (const block of source.document?.blocks ?? []) {
      if (block.kind !== 'index-term') continue;
      const word = block.text.replace(/\s+/g, ' ').trim();
      const key = word.toLowerCase();
      if (word.length < 2 || word.length > 80 || seen.has(key)) continue;
      seen.add(key);
      out.push(word);
      if (out.length >= maxWords) return out;
    }
  return out;
}
