import { useLayoutEffect, useRef } from 'react';
import { convertDollarMath, mathSelector } from '../reader/dollar-math-elements';

// Elements whose text children the editor's parser drops when they are only whitespace (the space between blocks).
const blockContainers = new Set(['DIV', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'FIGURE']);

/**
 * Whitespace as the editor's parser reads it: a run of it is one space (outside code blocks), and between blocks it
 * is nothing. The preview is shown with the editor's `white-space: break-spaces` (client/styles.css), where the
 * newlines of stored HTML would otherwise show as blank lines.
 */
function collapseWhitespace(root: HTMLElement): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const parent = text.parentElement;
    if (!parent || parent.closest('pre')) continue;
    const collapsed = text.data.replace(/[ \t\r\n\f]+/g, ' ');
    if (collapsed === ' ' && (parent === root || blockContainers.has(parent.tagName))) text.remove();
    else if (collapsed !== text.data) text.data = collapsed;
  }
}

/**
 * A body as stored, shown read-only until the live document has synced: plain HTML (sanitized on every write, see
 * client/features/reader/book-html.tsx), no TipTap. The page then mounts one editor, bound to the live body, instead
 * of a read-only editor first and a live one after. A band the height of the toolbar keeps the text in place when
 * the editor takes over. Formulas are never shown as their `$...$` source: they become empty math elements at once
 * and are typeset once they come near the screen (KaTeX loads with the first of them).
 */
export function EditorPreview({ html, toolbar }: { html: string; toolbar: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    collapseWhitespace(root);
    convertDollarMath(root);
    const formulas = Array.from(root.querySelectorAll<HTMLElement>(mathSelector));
    if (formulas.length === 0) return;
    let current = true;
    let typeset: ((elements: HTMLElement[]) => void) | undefined;
    let loading = false;
    const waiting = new Set<HTMLElement>();
    const flush = () => {
      if (!typeset || waiting.size === 0) return;
      const shown = [...waiting];
      waiting.clear();
      typeset(shown);
    };
    const load = () => {
      if (loading) return;
      loading = true;
      import('./preview-math')
        .then(({ renderMathElements }) => {
          if (!current) return;
          typeset = renderMathElements;
          flush();
        })
        .catch(() => {
          /* the editor typesets them when it mounts */
        });
    };
    // Only the formulas on screen (or about to be) are typeset, and KaTeX loads when the first one is: a long body's
    // formulas further down are not worked on while the page loads and the live document syncs.
    if (typeof IntersectionObserver !== 'function') {
      for (const el of formulas) waiting.add(el);
      load();
      return () => {
        current = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          waiting.add(entry.target as HTMLElement);
          observer.unobserve(entry.target);
        }
        if (waiting.size === 0) return;
        load();
        flush();
      },
      { rootMargin: '200px 0px' },
    );
    for (const el of formulas) observer.observe(el);
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [html]);
  return (
    <div className="rounded-md border border-slate-200 dark:border-slate-700" data-testid="content-preview" aria-busy="true">
      {toolbar && <div className="no-print h-[41px] border-b border-slate-200 dark:border-slate-700" aria-hidden />}
      <div ref={ref} className="editor-preview prose-editor max-w-none px-4 py-3" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
