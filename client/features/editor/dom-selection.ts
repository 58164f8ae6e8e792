import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * Makes the editor's selection the one the user sees. ProseMirror takes a selection made with the keyboard
 * (Ctrl+Shift+Arrow) from the browser's 'selectionchange' task, and the browser runs a key press before that task: a
 * shortcut pressed at once would act on the old selection, and once a dialog has the focus the editor ignores the
 * change altogether. So a command that opens a dialog on the selection reads it from the page first.
 */
export function takeDomSelection(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = selection ?? {};
  if (!selection || !anchorNode || !focusNode || !view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(anchorNode, selection.anchorOffset);
    head = view.posAtDOM(focusNode, selection.focusOffset);
  } catch {
    // A node ProseMirror does not map (a collaborator's caret): its own selection stands.
    return;
  }
  const current = view.state.selection;
  if (current.anchor === anchor && current.head === head) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
}
