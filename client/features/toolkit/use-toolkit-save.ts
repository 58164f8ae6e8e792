import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { toast } from '@client/components/ui/toast-store';
import { saveFailureDescription } from '../textbook/save-conflict';
import { patchTextbook, textbookKey } from '../textbook/textbook.api';
import { versionsKey } from '../versions/versions.api';

export interface ToolkitProps {
  textbookId: number;
  topic: string;
  /** The page's working copy: every toolkit edit starts from it. */
  content: TextbookContent;
  revision: number;
  onContentSaved: (content: TextbookContent, revision: number) => void;
}

export interface ToastText {
  title: string;
  description?: string;
}

export interface SaveRequest {
  /** Builds the new content from the newest content; null when its target is gone. */
  edit: (content: TextbookContent) => TextbookContent | null;
  /** What the version history says about this change. */
  description: string;
  success: ToastText;
  failure: ToastText;
}

/**
 * Saves a toolkit edit: applied to the working copy, sent with
 * baseRevision through the one save path (PATCH), handed back to the page,
 * then the textbook and its history are fetched again.
 */
export function useToolkitSave({ textbookId, content, revision, onContentSaved }: ToolkitProps) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  // The newest props, so a save started from a stale closure still edits the current book.
  const latest = useRef({ content, revision });
  latest.current = { content, revision };

  const save = useCallback(
    async (request: SaveRequest): Promise<boolean> => {
      const { content: current, revision: base } = latest.current;
      const next = request.edit(current);
      if (!next) {
        toast({ ...request.failure, variant: 'destructive' });
        return false;
      }
      setIsSaving(true);
      try {
        const res = await patchTextbook(textbookId, next, base, request.description);
        const parsed = parseTextbookContent(res.content);
        const saved = parsed.ok ? parsed.content : next;
        const savedRevision = typeof res.revision === 'number' ? res.revision : base + 1;
        latest.current = { content: saved, revision: savedRevision };
        onContentSaved(saved, savedRevision);
        toast({ ...request.success, variant: 'success' });
        return true;
      } catch (err) {
        const description = saveFailureDescription(err, request.failure.description ?? '');
        toast({ ...request.failure, ...(description ? { description } : {}), variant: 'destructive' });
        return false;
      } finally {
        setIsSaving(false);
        void queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
        void queryClient.invalidateQueries({ queryKey: versionsKey(textbookId) });
      }
    },
    [onContentSaved, queryClient, textbookId],
  );

  return { save, isSaving };
}
