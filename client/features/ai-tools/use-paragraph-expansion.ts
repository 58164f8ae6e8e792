import { useCallback, useRef, useState } from 'react';
import { parseTextbookContent } from '@common/textbook';
import { toast } from '@client/components/ui/toast-store';
import type { EditorSelection } from '../editor/editor-selection';
import { fetchTextbook } from '../textbook/textbook.api';
import { expandParagraph } from './ai-tools.api';
import { paragraphContext } from './expansion-context';
import type { ExpansionState } from './text-expansion-dialog';

export interface EditorLocation {
  chapterIndex: number | null;
  sectionIndex: number | null;
}

/**
 * Paragraph expansion: the dialog opens and loads, then shows the
 * expanded text; Apply replaces the selection (the editor reports the change,
 * so autosave stores it), Cancel discards it, an error closes the dialog.
 */
export function useParagraphExpansion(textbookId: number | undefined, location: React.RefObject<EditorLocation>) {
  const [state, setState] = useState<ExpansionState | null>(null);
  const target = useRef<EditorSelection | null>(null);
  // Each run has a number, so an answer arriving after Cancel is dropped.
  const run = useRef(0);

  const start = useCallback(
    async (selection: EditorSelection | null) => {
      const text = selection?.text.trim() ?? '';
      if (!selection || !text) {
        toast({ title: 'No text selected', description: 'Please select text to expand.', variant: 'destructive' });
        return;
      }
      if (!textbookId) {
        toast({ title: 'Error', description: 'Textbook ID is missing. Please save the textbook first.', variant: 'destructive' });
        return;
      }
      const id = ++run.current;
      target.current = selection;
      // The selection goes as HTML: Apply puts the answer in its place, so a formula, link or inline code the
      // plain text leaves out would be lost from the book. The engines keep the selection as it is and add after it.
      const originalHtml = selection.html?.trim() || undefined;
      const shown = { original: text, ...(originalHtml ? { originalHtml } : {}) };
      setState({ ...shown, expanded: null });
      // The context comes from GET /api/textbooks/{id}; if that fails, the expansion goes on without it.
      let context: string | undefined;
      try {
        const parsed = parseTextbookContent((await fetchTextbook(textbookId)).content);
        if (parsed.ok) context = paragraphContext(parsed.content, location.current.chapterIndex, location.current.sectionIndex);
      } catch {
        context = undefined;
      }
      try {
        const result = await expandParagraph({ paragraphContent: originalHtml ?? text, textbookId, ...(context ? { context } : {}) });
        if (run.current !== id) return;
        setState({
          ...shown,
          expanded: result.expandedContent,
          note: result.exhausted ? result.note : undefined,
          ...(result.engine ? { engine: result.engine } : {}),
        });
      } catch (err) {
        if (run.current !== id) return;
        setState(null);
        toast({
          title: 'Error expanding text',
          description: err instanceof Error && err.message ? err.message : 'An unknown error occurred',
          variant: 'destructive',
        });
      }
    },
    [textbookId, location],
  );

  const cancel = useCallback(() => {
    run.current++;
    setState(null);
  }, []);

  const apply = useCallback((html: string) => {
    target.current?.replaceWith(html);
    target.current = null;
    setState(null);
    toast({ title: 'Text expanded', description: 'The expanded text replaced your selection.', variant: 'success' });
  }, []);

  return { state, start, cancel, apply };
}
