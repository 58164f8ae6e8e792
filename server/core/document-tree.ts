import type { DocBlock, DocSection, DocumentTree, ExtractedDocument } from './document-model';

/**
 * Builds the section tree from the flat blocks: each heading opens a section that
 * holds the blocks up to the next heading of the same or a higher level. A skipped
 * level (h1 then h3) nests one step, not two.
 */
export function documentTree(doc: Pick<ExtractedDocument, 'blocks' | 'title'>): DocumentTree {
  const tree: DocumentTree = { title: doc.title, preamble: [], sections: [] };
  const stack: DocSection[] = [];
  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      const level = block.level ?? 1;
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      const parent = stack[stack.length - 1];
      const node: DocSection = {
        title: block.text,
        level,
        depth: stack.length + 1,
        pos: { page: block.page, index: block.index },
        session: block.session,
        blocks: [],
        children: [],
      };
      (parent ? parent.children : tree.sections).push(node);
      stack.push(node);
      continue;
    }
    const current = stack[stack.length - 1];
    (current ? current.blocks : tree.preamble).push(block);
  }
  return tree;
}

/** Every section of the tree in reading order (depth-first). */
export function walkSections(
  sections: DocSection[],
  visit: (s: DocSection, parents: DocSection[]) => void,
  parents: DocSection[] = [],
): void {
  for (const s of sections) {
    visit(s, parents);
    walkSections(s.children, visit, [...parents, s]);
  }
}

/** The blocks of a section and all its subsections, headings included, in reading order. */
export function sectionBlocks(section: DocSection): DocBlock[] {
  const out: DocBlock[] = [
    { kind: 'heading', text: section.title, level: section.level, page: section.pos.page, index: section.pos.index },
  ];
  out.push(...section.blocks);
  for (const child of section.children) out.push(...sectionBlocks(child));
  return out;
}
