import { useCallback, useEffect, useRef } from 'react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { renderMathIn } from './math-preview';
import { engineLine } from './proposal';

export interface ExpansionState {
  original: string;
  /** The selection as the editor holds it (formulas, links, code): shown in place of the plain text when known. */
  originalHtml?: string;
  /** HTML from the server (sanitized there); null while loading. */
  expanded: string | null;
  /** Set when the sources had nothing more: the text stays as it is. */
  note?: string;
  /** Which engine made it (the dialog says whether the text is drawn from the sources or newly written). */
  engine?: 'offline' | 'llm';
}

/**
 * The AI Text Expansion dialog, original and expanded text side by side, Cancel and 'Apply expansion'.
 * The panels scroll inside the dialog, so its buttons stay in view however long the expansion is;
 * formulas in the expanded text are rendered as the editor will show them.
 */
export function TextExpansionDialog({
  state,
  onCancel,
  onApply,
}: {
  state: ExpansionState | null;
  onCancel: () => void;
  onApply: (html: string) => void;
}) {
  const isLoading = state !== null && state.expanded === null;
  const canApply = state?.expanded != null && !state.note;
  const expandedRef = useRef<HTMLDivElement>(null);
  const expanded = state?.note ? null : (state?.expanded ?? null);
  const originalHtml = state?.originalHtml;
  useEffect(() => {
    if (expanded && expandedRef.current) void renderMathIn(expandedRef.current);
  }, [expanded]);
  // The dialog's content mounts after this component's effects have run: the formulas are drawn when it attaches.
  const drawOriginalMath = useCallback((node: HTMLDivElement | null) => {
    if (node) void renderMathIn(node);
  }, []);
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="flex max-w-5xl flex-col overflow-hidden">
        <DialogHeader className="shrink-0">
          <DialogTitle>AI Text Expansion</DialogTitle>
          <DialogDescription>
            {state?.engine ? engineLine[state.engine] : "New text comes from this textbook's own sources, placed after your text."}
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)_minmax(0,2fr)] gap-4 md:grid-cols-2 md:grid-rows-1">
          <section
            aria-label="Original text"
            className="flex min-h-0 flex-col rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <h3 className="mb-2 shrink-0 text-sm font-semibold text-slate-500">Original</h3>
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
            <div className="min-h-0 flex-1 overflow-y-auto" tabIndex={0}>
              {originalHtml ? (
                // The editor's own serialization of the selection (its schema's nodes and marks only).
                <div
                  key={originalHtml}
                  ref={drawOriginalMath}
                  className="prose-editor max-w-none text-sm"
                  dangerouslySetInnerHTML={{ __html: originalHtml }}
                />
              ) : (
                <p className="whitespace-pre-wrap text-sm">{state?.original}</p>
              )}
            </div>
          </section>
          <section
            aria-label="Expanded text"
            aria-busy={isLoading}
            className="flex min-h-0 flex-col rounded-md border border-indigo-200 p-3 dark:border-indigo-900"
          >
            <h3 className="mb-2 shrink-0 text-sm font-semibold text-indigo-600 dark:text-indigo-400">Expanded</h3>
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
            <div className="min-h-0 flex-1 overflow-y-auto" tabIndex={0}>
              {isLoading ? (
                <div className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner className="h-4 w-4 border-2" label="Expanding text" /> Expanding...
                </div>
              ) : state?.note ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{state.note}</p>
              ) : (
                // Sanitized by the server against the editor's allowlist before it was sent.
                <div
                  ref={expandedRef}
                  className="prose-editor max-w-none text-sm"
                  data-testid="expanded-text"
                  dangerouslySetInnerHTML={{ __html: state?.expanded ?? '' }}
                />
              )}
            </div>
          </section>
        </div>
        <DialogFooter className="shrink-0">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!canApply} onClick={() => state?.expanded && onApply(state.expanded)}>
            Apply expansion
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
