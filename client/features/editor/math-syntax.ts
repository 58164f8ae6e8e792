import { Extension, InputRule, type Editor } from '@tiptap/core';
import { findDollarMath as findIn, InlineMathNode, BlockMathNode, type DollarMathReplacement } from '@common/editor-schema';

export { InlineMathNode, BlockMathNode };

export const migrationMeta = 'dollarMathMigration';

/** Turns dollar-delimited text already in a document (generated content, pasted HTML) into math nodes. */
export function findDollarMath(editor: Editor): DollarMathReplacement[] {
  return findIn(editor.state.doc, editor.schema.nodes);
}

/** Applies the migration without an undo step or an autosave (viewing a section is not an edit). */
export function migrateDollarMath(editor: Editor): void {
  const found = findDollarMath(editor);
  if (found.length === 0) return;
  const { tr } = editor.state;
  // findDollarMath lists them back to front, so earlier positions stay valid.
  for (const r of found) tr.replaceWith(r.from, r.to, r.node);
  tr.setMeta('addToHistory', false).setMeta(migrationMeta, true);
  editor.view.dispatch(tr);
}

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
