import 'katex/dist/katex.min.css';
import { Collaboration } from '@tiptap/extension-collaboration';
import { CollaborationCaret } from '@tiptap/extension-collaboration-caret';
import { getHTMLFromFragment } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createEditorExtensions, defaultEditorPlaceholder } from './editor-extensions';
import type { LiveBinding, RichTextEditorProps } from './editor-selection';
import { EditorToolbar } from './editor-toolbar';
import { LinkDialog } from './link-dialog';
import { takeDomSelection } from './dom-selection';
import { migrateDollarMath, migrationMeta } from './math-syntax';
import { notTypedMeta } from './typed-by';
import { wholeBlocks } from './whole-blocks';

/**
 * The TipTap editor (loaded lazily: TipTap, ProseMirror and KaTeX stay out of the home route).
 * Mount it with a `key` per chapter/section so each document gets its own undo history.
 */
export function RichTextEditor({
  content,
  onChange,
  placeholder = defaultEditorPlaceholder,
  textbookId,
  editable = true,
  extraToolbar,
  onSelectionChange,
  live,
  label = 'Content editor',
  testId = 'content-editor',
}: RichTextEditorProps) {
  const extensions = useMemo(() => (live ? liveExtensions(placeholder, live) : createEditorExtensions(placeholder)), [placeholder, live]);
  // What we last reported, so an echo of our own change is not pushed back into the editor.
  const lastHtml = useRef(content);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onSelectionRef = useRef(onSelectionChange);
  onSelectionRef.current = onSelectionChange;
  const [linkOpen, setLinkOpen] = useState(false);
  const editableRef = useRef(editable);
  editableRef.current = editable;

  const editor = useEditor({
    extensions,
    // A live editor shows its fragment; the server put the body's HTML (and its math) there.
    content: live ? undefined : content,
    editable,
    editorProps: {
      attributes: {
        class: 'prose-editor max-w-none px-4 py-3 focus:outline-none',
        'aria-label': label,
        'data-testid': testId,
      },
      // Ctrl+K / Cmd+K: the link dialog (instead of the browser's search box).
      handleKeyDown: (view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return false;
        event.preventDefault();
        if (!editableRef.current) return true;
        takeDomSelection(view);
        setLinkOpen(true);
        return true;
      },
    },
    onCreate: ({ editor: e }) => {
      if (live) return;
      migrateDollarMath(e);
      lastHtml.current = content;
    },
    onUpdate: ({ editor: e, transaction }) => {
      // A live body is stored by the server from the document; nothing to report per keystroke.
      if (live || transaction.getMeta(migrationMeta)) return;
      const html = e.getHTML();
      lastHtml.current = html;
      onChangeRef.current(html);
    },
    onSelectionUpdate: ({ editor: e }) => {
      const report = onSelectionRef.current;
      if (!report) return;
      const { from, to, empty } = e.state.selection;
      const text = empty ? '' : e.state.doc.textBetween(from, to, ' ').trim();
      if (!text) return report(null);
      const start = e.view.coordsAtPos(from);
      // A tool replaces whole blocks (whole-blocks.ts), given as HTML with their formulas, links and marks, which
      // the plain text leaves out: nothing of them is lost, and no sentence is cut by what the tool adds.
      const blocks = wholeBlocks(e.state.doc, from, to);
      report({
        text,
        html: getHTMLFromFragment(e.state.doc.slice(blocks.from, blocks.to).content, e.schema),
        rect: { top: start.top, left: start.left, bottom: start.bottom },
        bounds: boxOf(e.view.dom),
        // The tool's text, not the user's typing (typed-by.ts).
        replaceWith: (html) =>
          e
            .chain()
            .focus()
            .command(({ tr }) => Boolean(tr.setMeta(notTypedMeta, true)))
            .insertContentAt(blocks, html)
            .run(),
      });
    },
  });

  // Content changed from outside (a collaborator's save merged in): show it without an autosave.
  // A live editor gets others' changes through its document instead.
  useEffect(() => {
    if (!editor || live || content === lastHtml.current) return;
    lastHtml.current = content;
    editor.commands.setContent(content, { emitUpdate: false });
    migrateDollarMath(editor);
  }, [editor, content, live]);

  useEffect(() => {
    // Not an edit: no update event (it would trigger an autosave).
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  if (!editor) return null;
  return (
    <div className="rounded-md border border-slate-200 dark:border-slate-700">
      {editable && (
        <EditorToolbar
          editor={editor}
          textbookId={textbookId}
          extra={extraToolbar}
          onLink={() => {
            takeDomSelection(editor.view);
            setLinkOpen(true);
          }}
        />
      )}
      <EditorContent editor={editor} />
      {editable && <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />}
    </div>
  );
}

/** The editor's extensions bound to a live body: shared undo of one's own changes, everyone's carets. */
function liveExtensions(placeholder: string, live: LiveBinding) {
  return [
    ...createEditorExtensions(placeholder, { live: true, userId: live.user.id }),
    Collaboration.configure({ document: live.doc, field: live.field }),
    CollaborationCaret.configure({ provider: live.provider, user: live.user }),
  ];
}

function boxOf(el: Element): { top: number; left: number; right: number; bottom: number } {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, right: r.right, bottom: r.bottom };
}
