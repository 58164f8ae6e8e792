import { termPattern } from '@common/book-render/back-matter';

/** Never linked inside: headings, code, formulas, links, the editor's math nodes. */
const untouchable = 'h1,h2,h3,h4,h5,h6,pre,code,a,math,.katex,[data-type]';
/** The engines' apparatus headings: what follows restates the text and is not linked from. */
const apparatusHeading = /^(?:overview|learning objectives|summary|key terms|review questions)$/i;

/** The blocks of a chapter's prose in reading order, runs under an apparatus heading left out (up to the next rule or heading). */
function textBlocks(root: HTMLElement): Element[] {
  const out: Element[] = [];
  for (const prose of Array.from(root.querySelectorAll('.reader-prose'))) {
    let skipBelow = 0;
    for (const block of Array.from(prose.children)) {
      const heading = /^H([1-6])$/.exec(block.tagName);
      if (heading) {
        const level = Number(heading[1]);
        if (skipBelow && level > skipBelow) continue;
        skipBelow = apparatusHeading.test(block.textContent?.trim() ?? '') ? level : 0;
      } else if (block.tagName === 'HR') skipBelow = 0;
      else if (!skipBelow) out.push(block);
    }
  }
  return out;
}

/**
 * Links the first use of each glossary term in a chapter of the reader to the glossary page, as the exports do
 * (common/book-render/back-matter.ts); the stored text is not changed. Returns how many links it made.
 */
export function linkGlossaryTerms(root: HTMLElement, terms: readonly string[], href: string): number {
  if (!terms.length) return 0;
  const blocks = textBlocks(root);
  // Linked on an earlier pass over the same text: that use stays the first.
  const linked = Array.from(root.querySelectorAll('a.glossary-term')).map((a) => a.textContent ?? '');
  let made = 0;
  for (const term of terms) {
    const pattern = termPattern(term);
    let done = linked.some((t) => pattern.test(t));
    for (const block of blocks) {
      if (done) break;
      const walker = root.ownerDocument.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (node.parentElement?.closest(untouchable)) continue;
        const m = pattern.exec(node.data);
        if (!m) continue;
        const word = node.splitText(m.index);
        word.splitText(m[0].length);
        const link = root.ownerDocument.createElement('a');
        link.href = href;
        link.className = 'glossary-term';
        word.replaceWith(link);
        link.append(word);
        made++;
        done = true;
        break;
      }
    }
  }
  return made;
}
