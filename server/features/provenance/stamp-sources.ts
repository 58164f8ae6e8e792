import { formatSourceKey } from '@common/block-provenance';
import type { TextbookContent } from '@common/textbook';
import { htmlBlocks } from '@common/textbook-ops/html';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/shared/source-map';
import { matchIndex, sourceKeyOf, type MatchIndex } from './provenance-match';

/**
 * Provenance written into a book when it is made: each block (paragraph, list item, quotation, table,
 * picture, equation, code) taken from the material gets `data-src="<document>:<block>"`, the block of the
 * source it was taken from (common/block-provenance.ts). Whichever engine wrote the book, its text is
 * matched against the material it was made from, never its own claim; a block that already carries a
 * source keeps it, and one the material does not hold gets none (it is matched afresh when read).
 */

const openTag = /^<([a-z][a-z0-9]*)\b/i;

function stampOne(index: MatchIndex, html: string, keep?: ReadonlySet<string>): string {
  const tag = /^<[^>]*>/.exec(html)?.[0] ?? '';
  if (!openTag.test(html) || /\sdata-src="/.test(tag) || keep?.has(html)) return html;
  const key = sourceKeyOf(index, html);
  return key ? html.replace(openTag, `<$1 data-src="${formatSourceKey(key)}"`) : html;
}

/**
 * One body's HTML with its blocks' sources: each top-level block, and each item of a top-level list. Blocks in
 * `keep` (text that was in the book before a tool added to it) are left exactly as they are.
 */
export function stampBody(index: MatchIndex, html: string, keep?: ReadonlySet<string>): string {
  if (!html) return html;
  let changed = false;
  const out = htmlBlocks(html).map((raw) => {
    const list = /^<(ul|ol)\b([^>]*)>([\s\S]*)<\/\1>$/i.exec(raw);
    const next =
      list && !keep?.has(raw)
        ? `<${list[1]}${list[2]}>${htmlBlocks(list[3])
            .map((item) => stampOne(index, item, keep))
            .join('')}</${list[1]}>`
        : stampOne(index, raw, keep);
    if (next !== raw) changed = true;
    return next;
  });
  return changed ? out.join('') : html;
}

/** The book with every body's blocks stamped with their sources; the book unchanged when it has no material. */
export function stampSources(material: Material, content: TextbookContent): TextbookContent {
  if (material.sources.length === 0) return content;
  const index = matchIndex(sourceMap(material));
  return {
    ...content,
    chapters: content.chapters.map((c) => ({
      ...c,
      content: stampBody(index, c.content),
      sections: c.sections.map((s) => ({ ...s, content: stampBody(index, s.content) })),
    })),
  };
}
