import { getSchema, type Extensions } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { BlockMath, InlineMath } from '@tiptap/extension-mathematics';
import { TableKit } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { isAllowedLink, linkRel, linkTarget } from './link-rules';
import { blockParagraph, inlineDollarMath } from './dollar-math';
import { katexLimits } from './math-limits';
import { BlockProvenance } from './block-provenance';

/**
 * The document schema of a chapter or section body: what the editor can hold (headings, lists,
 * links, images, tables, math) and what the server reads live documents with. Both sides build
 * the schema from this one list, so a body written in the browser and one built on the server
 * from stored HTML are the same ProseMirror (and Yjs) document.
 */

const katexOptions = { throwOnError: false, ...katexLimits };

// The extension's own input rules use $$x$$ inline and $$$x$$$ for blocks; ours follow docs/product.md.
export const InlineMathNode = InlineMath.extend({ addInputRules: () => [] });
export const BlockMathNode = BlockMath.extend({ addInputRules: () => [] });

export interface DocumentExtensionOptions {
  /**
   * Local undo history (100 steps grouped within 500 ms). Off for a live document: the
   * collaboration extension brings its own undo that only undoes the user's own changes.
   */
  history: boolean;
  /**
   * StarterKit's trailing paragraph after a closing list, table or picture (default on). A live
   * body turns it off and adds its own that waits for the user's first edit: appended on load it
   * would write a change, a store and a version for every body merely opened.
   */
  trailingNode?: boolean;
}

/** The nodes and marks of a body, configured with docs/product.md's numbers. */
export function documentExtensions(options: DocumentExtensionOptions = { history: false }): Extensions {
  return [
    StarterKit.configure({
      undoRedo: options.history ? { depth: 100, newGroupDelay: 500 } : false,
      ...(options.trailingNode === false ? { trailingNode: false as const } : {}),
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // The editor registers the product's schemes with linkify itself (see its LinkSchemes).
        protocols: [],
        // Pasted, typed or stored links with any other scheme (javascript:, data:, vbscript:) never become links.
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { target: linkTarget, rel: linkRel },
      },
    }),
    Image.configure({ inline: false, allowBase64: true }),
    // Tables from the user's documents must survive editing (without the extension the editor drops them).
    TableKit.configure({ table: { resizable: false } }),
    InlineMathNode.configure({ katexOptions }),
    BlockMathNode.configure({ katexOptions: { ...katexOptions, displayMode: true } }),
    // Where each block comes from and who typed it (block-provenance.ts).
    BlockProvenance,
  ];
}

let schema: Schema | undefined;
/** The schema of documentExtensions(), built once. */
export function bodySchema(): Schema {
  schema ??= getSchema(documentExtensions());
  return schema;
}

export interface DollarMathReplacement {
  from: number;
  to: number;
  node: PmNode;
}

/** Dollar-delimited text in a document (generated content, pasted HTML) that should be math nodes. */
export function findDollarMath(doc: PmNode, nodes: Schema['nodes']): DollarMathReplacement[] {
  const { inlineMath, blockMath } = nodes;
  const found: DollarMathReplacement[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'paragraph') {
      const onlyText = node.childCount > 0 && node.content.content.every((c) => c.isText);
      const whole = onlyText ? blockParagraph.exec(node.textContent) : null;
      if (whole) {
        found.push({ from: pos, to: pos + node.nodeSize, node: blockMath.create({ latex: whole[1].trim() }) });
        return false;
      }
      return true;
    }
    if (!node.isText || !node.text?.includes('$')) return true;
    for (const m of node.text.matchAll(inlineDollarMath)) {
      const latex = (m[1] ?? m[2] ?? '').trim();
      if (!latex || m.index === undefined) continue;
      found.push({ from: pos + m.index, to: pos + m.index + m[0].length, node: inlineMath.create({ latex }) });
    }
    return true;
  });
  // Back to front, so earlier positions stay valid while they are replaced.
  return found.sort((a, b) => b.from - a.from);
}
