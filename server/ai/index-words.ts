import { eachOnce } from './each-once';
import type { Material } from './material';

/** As many as the content model keeps (common/textbook.ts `indexTerms`). */
const maxWords = 2000;

/**
 * The material's own index words: every `index-term` block of its documents (a key word a textbook
 * sets in its margin), once each in the order first met, as the documents spell them.
 */
export function indexWordsOf(material: Material): string[] {
  return eachOnce(
    material,
    (document) =>
      (document.blocks ?? [])
        .filter((block) => block.kind === 'index-term')
        .map((block) => block.text.replace(/\s+/g, ' ').trim())
        .filter((word) => word.length >= 2 && word.length <= 80),
    maxWords,
  );
}
