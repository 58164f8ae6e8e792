import { useLayoutEffect, useRef } from 'react';
import { convertDollarMath, mathSelector } from '../reader/dollar-math-elements';

/**
 * A body as stored, shown read-only until the live document has synced: plain HTML (sanitized on every write, see
 * client/features/reader/book-html.tsx), no TipTap. The page then mounts one editor, bound to the live body, instead
 * of a read-only editor first and a live one after. A band the height of the toolbar keeps the text in place when
 * the editor takes over. Formulas are never shown as their `$...$` source: they become empty math elements at once
 * and are typeset as soon as KaTeX has loaded (only for a body that has math).
 */
export function EditorPreview({ html, toolbar }: { html: string; toolbar: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    convertDollarMath(root);
    if (!root.querySelector(mathSelector)) return;
    let current = true;
    import('./preview-math')
      .then(({ renderMath }) => {
        if (current) renderMath(root);
      })
      .catch(() => {
        /* the editor typesets them when it mounts */
      });
    return () => {
      current = false;
    };
  }, [html]);
  return (
    <div className="rounded-md border border-slate-200 dark:border-slate-700" data-testid="content-preview" aria-busy="true">
      {toolbar && <div className="no-print h-[41px] border-b border-slate-200 dark:border-slate-700" aria-hidden />}
      <div ref={ref} className="editor-preview prose-editor max-w-none px-4 py-3" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
