import { termPattern } from '@common/book-render/back-matter';
import { escapeHtml } from '@common/textbook-ops/html';
import type { DocBlock, Material } from '@server/ai/material';
import { inlineHtml, renderBlocks } from '@server/ai/shared/render-blocks';
import { sourceMap, subtree } from '@server/ai/shared/source-map';
import { keyTermsOf } from '@server/ai/shared/key-terms';
import { writesApparatusIn } from '@server/core/nlp/language';
import { materialLanguage } from '@server/ai/material-language';

/**
 * A chapter's key terms for the llm engine, by the offline engine's rules (shared/key-terms.ts): the terms
 * its mapped source units define, each with the material's own defining sentence (whole, never cut), kept only when
 * the chapter the model wrote uses the term. Written as the offline engine writes them, after a rule under a
 * "Key Terms" heading, so the book's glossary (common/book-render/back-matter.ts) reads both engines' alike.
 * Empty for a material in a language the apparatus is not written in, or when no unit defines a term the text uses.
 */
export function chapterKeyTermsHtml(material: Material, units: readonly number[], writtenText: string): string {
  if (!units.length || !writesApparatusIn(materialLanguage(material))) return '';
  const map = sourceMap(material);
  const seen = new Set<number>();
  const blocks: DocBlock[] = [];
  for (const unit of units)
    for (const v of subtree(map, unit)) {
      if (seen.has(v)) continue;
      seen.add(v);
      for (const order of map.units[v].own) if (!map.blocks[order].isDebris) blocks.push(map.blocks[order].block);
    }
  const terms = keyTermsOf(blocks).filter((t) => termPattern(t.term).test(writtenText));
  if (!terms.length) return '';
  const items = terms.map(
    (t) =>
      `<li><p><strong>${escapeHtml(t.term)}</strong>: ${inlineHtml(t.definition)}</p>${t.equation ? renderBlocks([t.equation], map.render) : ''}</li>`,
  );
  return `<hr /><h3>Key Terms</h3><ul>${items.join('')}</ul>`;
}
