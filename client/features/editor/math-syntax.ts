import { Extension, InputRule, type Editor } from '@tiptap/core';
import { BlockMath, InlineMath } from '@tiptap/extension-mathematics';
import type { Node as PmNode } from '@tiptap/pm/model';
import { blockParagraph, inlineInText } from '../../../common/dollar-math';

export const migrationMeta = 'dollarMathMigration';

interface Replacement {
  from: number;
  to: number;
  node: PmNode;
}

/** Turns dollar-delimited text already in a document (generated content, pasted HTML) into math nodes. */
export function findDollarMath(editor: Editor): Replacement[] {
  const { inlineMath, blockMath } = editor.schema.nodes;
  const found: Replacement[] = [];
  editor.state.doc.descendants((node, pos) => {
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
    for (const m of node.text.matchAll(inlineInText)) {
      const latex = (m[1] ?? m[2] ?? '').trim();
      if (!latex || m.index === undefined) continue;
      found.push({ from: pos + m.index, to: pos + m.index + m[0].length, node: inlineMath.create({ latex }) });
    }
    return true;
  });
  return found;
}

/** Applies the migration without an undo step or an autosave (viewing a section is not an edit). */
export function migrateDollarMath(editor: Editor): void {
  const found = findDollarMath(editor);
  if (found.length === 0) return;
  const { tr } = editor.state;
  // Back to front, so earlier positions stay valid.
  for (const r of found.sort((a, b) => b.from - a.from)) tr.replaceWith(r.from, r.to, r.node);
  tr.setMeta('addToHistory', false).setMeta(migrationMeta, true);
  editor.view.dispatch(tr);
}

// The extension's own input rules use $$x$$ inline and $$$x$$$ for blocks; ours follow the spec.
export const InlineMathNode = InlineMath.extend({ addInputRules: () => [] });
export const BlockMathNode = BlockMath.extend({ addInputRules: () => [] });

export const DollarMathInput = Extension.create({
  name: 'dollarMathInput',
  addInputRules() {
    const editor = this.editor;
    return [
      new InputRule({
        find: /^\$\$([^$\n]+)\$\$$/,
        handler: ({ state, range, match }) => {
          const $from = state.doc.resolve(range.from);
          const node = editor.schema.nodes.blockMath.create({ latex: match[1].trim() });
          const isWholeParagraph = $from.parent.isTextblock && range.from === $from.start() && range.to === $from.end();
          if (isWholeParagraph) state.tr.replaceWith($from.before(), $from.after(), node);
          else state.tr.replaceWith(range.from, range.to, editor.schema.nodes.inlineMath.create({ latex: match[1].trim() }));
        },
      }),
      new InputRule({
        find: /(?<![\\$])\$\$([^$\n]+?)\$\$$/,
        handler: ({ state, range, match }) => {
          state.tr.replaceWith(range.from, range.to, editor.schema.nodes.inlineMath.create({ latex: match[1].trim() }));
        },
      }),
      new InputRule({
        find: /(?<![\\$\w])\$(?!\d+(?:[.,]\d+)?\$)([^\s$](?:[^$\n]*?[^\s$\\])?)\$$/,
        handler: ({ state, range, match }) => {
          state.tr.replaceWith(range.from, range.to, editor.schema.nodes.inlineMath.create({ latex: match[1].trim() }));
        },
      }),
    ];
  },
});
