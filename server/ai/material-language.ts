import { detectLanguage } from '@server/core/nlp/language';
import type { Material } from './material';

/**
 * The material's language: the one most of its words are in, each document's as its extraction
 * stored it (or detected now, for documents read before languages were). Undefined when no
 * document's language could be told.
 */
export function materialLanguage(material: Material): string | undefined {
  const words = new Map<string, number>();
  for (const s of material.sources) {
    const language = s.document.language ?? detectLanguage(s.text);
    if (!language) continue;
    const n = s.text.length;
    words.set(language, (words.get(language) ?? 0) + n);
  }
  return [...words].sort((a, b) => b[1] - a[1])[0]?.[0];
}
