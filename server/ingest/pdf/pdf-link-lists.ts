import type { DocBlock } from '@server/core/document-model';

/** What may stand between two anchors of a list of links: spaces and the separators a line of links is set with. */
const between = /^[\s,;|·•–—]*$/u;

/** Whether a paragraph's text is its links' anchors and nothing else (the anchors in the block's order). */
function onlyLinks(block: DocBlock): boolean {
  if (block.kind !== 'paragraph' || !block.links?.length) return false;
  let rest = block.text;
  for (const link of block.links) {
    const at = rest.indexOf(link.text);
    if (at < 0 || !between.test(rest.slice(0, at))) return false;
    rest = rest.slice(at + link.text.length);
  }
  return between.test(rest);
}

/**
 * A chapter's column of links set one under the other ("Vidéo ■ partie 1. …" / "Vidéo ■ partie 2. …" / "Fiche
 * d'exercices …"), each a whole line and none ending a sentence, is a list of links: the line reader joins the lines
 * into paragraphs as if they were prose, and a reader would see titles run together with no stop. A run of paragraphs
 * made of their anchors alone, two links or more with as many targets, becomes one list item per link. A sentence that
 * holds a link has words of its own around the anchor and stays as it is.
 */
export function splitLinkColumns(blocks: DocBlock[]): DocBlock[] {
  const out: DocBlock[] = [];
  for (let i = 0; i < blocks.length;) {
    let j = i;
    while (j < blocks.length && onlyLinks(blocks[j])) j++;
    const run = blocks.slice(i, j);
    const links = run.flatMap((b) => b.links!);
    if (links.length >= 2 && new Set(links.map((l) => l.href)).size === links.length) {
      for (const b of run)
        for (const link of b.links!) out.push({ kind: 'list-item', text: link.text, page: b.page, depth: 0, links: [link] });
    } else {
      j = Math.max(j, i + 1);
      out.push(...blocks.slice(i, j));
    }
    i = j;
  }
  return out;
}
