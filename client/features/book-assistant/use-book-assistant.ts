import { useCallback, useRef, useState } from 'react';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { askOutlineAssistant } from '../create/create.api';
import type { ChatMessage } from '../create/create.types';
import { saveFailureDescription } from '../textbook/save-conflict';
import { patchTextbook } from '../textbook/textbook.api';
import { diffOutline, outlineChanged, type OutlineEntry } from './outline-diff';

/** A change the assistant proposed and the user has not applied yet. */
export interface Proposal {
  before: TextbookContent;
  after: TextbookContent;
  /** The revision the assistant read: applying merges against it, so edits made meanwhile survive. */
  revision: number;
  outline: OutlineEntry[];
  message: string;
}

/** The last applied change, kept so it can be undone. */
export interface AppliedChange {
  before: TextbookContent;
  revision: number;
  message: string;
}

export interface BookAssistantOptions {
  textbookId: number;
  topic: string;
  content: TextbookContent;
  revision: number;
  onContentSaved: (content: TextbookContent, revision: number) => void;
  /** Saves pending typing first, so the assistant reads what is on screen. */
  beforeRun?: () => Promise<TextbookContent | void>;
}

export const bookAssistantGreeting =
  "Ask me to change this book's outline (add, remove, rename, move, split or merge chapters and sections) or ask a question about its material. You will see the new table of contents before anything changes.";

/**
 * The outline assistant on the textbook page: asks the server with the saved book and its
 * sources, shows the proposed outline beside the current one, and applies or undoes it
 * through the one save path (each change is a version collaborators receive).
 */
export function useBookAssistant({ textbookId, topic, content, revision, onContentSaved, beforeRun }: BookAssistantOptions) {
  const [messages, setMessages] = useState<ChatMessage[]>([{ role: 'assistant', content: bookAssistantGreeting }]);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [applied, setApplied] = useState<AppliedChange | null>(null);
  const [busy, setBusy] = useState<'asking' | 'applying' | 'undoing' | null>(null);
  const latest = useRef({ content, revision });
  latest.current = { content, revision };

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (!message || busy) return false;
      setMessages((m) => [...m, { role: 'user', content: message }]);
      setBusy('asking');
      try {
        await beforeRun?.();
        const { content: before, revision: readRevision } = latest.current;
        const res = await askOutlineAssistant({ message, topic, textbookContent: before, textbookId });
        setMessages((m) => [...m, { role: 'assistant', content: res.message }]);
        if (res.updatedContent) {
          const outline = diffOutline(before, res.updatedContent);
          const changed = outlineChanged(outline) || JSON.stringify(before.chapters) !== JSON.stringify(res.updatedContent.chapters);
          setProposal(changed ? { before, after: res.updatedContent, revision: readRevision, outline, message: res.message } : null);
        }
      } catch (err) {
        toast({ title: 'Error', description: `Failed to communicate with AI assistant: ${errorMessage(err)}`, variant: 'destructive' });
      } finally {
        setBusy(null);
      }
      return true;
    },
    [beforeRun, busy, textbookId, topic],
  );

  const save = useCallback(
    async (next: TextbookContent, baseRevision: number, description: string) => {
      const res = await patchTextbook(textbookId, next, baseRevision, description);
      const parsed = parseTextbookContent(res.content);
      const saved = parsed.ok ? parsed.content : next;
      const savedRevision = typeof res.revision === 'number' ? res.revision : baseRevision + 1;
      onContentSaved(saved, savedRevision);
      return { saved, savedRevision };
    },
    [onContentSaved, textbookId],
  );

  const apply = useCallback(async () => {
    if (!proposal || busy) return;
    setBusy('applying');
    try {
      const { savedRevision } = await save(proposal.after, proposal.revision, `Outline assistant: ${proposal.message.slice(0, 120)}`);
      setApplied({ before: proposal.before, revision: savedRevision, message: proposal.message });
      setProposal(null);
      toast({ title: 'Outline Updated', description: 'The textbook outline has been updated.', variant: 'success' });
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: saveFailureDescription(err, `Could not update the textbook structure. ${errorMessage(err)}`),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }, [busy, proposal, save]);

  const undo = useCallback(async () => {
    if (!applied || busy) return;
    setBusy('undoing');
    try {
      // Against the applied revision: what others saved after it is merged in, not overwritten.
      await save(applied.before, applied.revision, 'Undo outline assistant change');
      setApplied(null);
      toast({ title: 'Change Undone', description: 'The outline is back as it was.', variant: 'success' });
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: saveFailureDescription(err, `Could not undo the change. ${errorMessage(err)}`),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }, [applied, busy, save]);

  const discard = useCallback(() => setProposal(null), []);

  return { messages, proposal, applied, busy, send, apply, undo, discard };
}
