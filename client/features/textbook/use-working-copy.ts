import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseTextbookContent, type TextbookContent } from '../../../common/textbook';
import { toast } from '../../components/ui/toast-store';
import { mergeContent, resolveConflict, reuseUnchanged, type ConflictChoice, type ContentConflict } from './content-merge';
import { patchTextbook, saveConflictOf, textbookKey } from './textbook.api';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'error';

export interface WorkingCopy {
  content: TextbookContent;
  /** The server's content as last seen (the merge base). */
  base: TextbookContent;
  revision: number;
  status: SaveStatus;
  conflicts: ContentConflict[];
}

// Autosave a moment after typing stops; retry while offline.
export const autosaveDelayMs = 800;
const offlineRetryMs = 5000;

function contentOf(raw: unknown, fallback: TextbookContent): TextbookContent {
  const parsed = parseTextbookContent(raw);
  return parsed.ok ? parsed.content : fallback;
}

function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * The local working copy of a textbook and its autosave (docs/decisions.md "Saving, versions and
 * conflicts"): edits apply locally at once, are saved with baseRevision after a pause, and
 * whatever the server merged in comes back without disturbing what is being typed. A true
 * conflict keeps both texts until the user chooses.
 */
export function useWorkingCopy(textbookId: number, initial: { content: TextbookContent; revision: number }) {
  const queryClient = useQueryClient();
  const [copy, setCopy] = useState<WorkingCopy>(() => ({
    content: initial.content,
    base: initial.content,
    revision: initial.revision,
    status: 'saved',
    conflicts: [],
  }));
  const ref = useRef(copy);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isSaving = useRef(false);

  const commit = useCallback((next: WorkingCopy) => {
    ref.current = next;
    setCopy(next);
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    const start = ref.current;
    if (start.status === 'conflict' || start.status === 'saved' || isSaving.current) return;
    isSaving.current = true;
    const sent = start.content;
    commit({ ...start, status: 'saving' });
    try {
      const res = await patchTextbook(textbookId, sent, start.revision, undefined, 'changes');
      // No content in the answer: the server stored exactly what was sent.
      const server = res.content === undefined ? sent : reuseUnchanged(sent, contentOf(res.content, sent));
      const now = ref.current;
      // Typing that happened while the request was out is rebased onto what the server stored.
      const typedMeanwhile = now.content !== sent;
      const content = typedMeanwhile ? mergeContent(sent, now.content, server).content : server;
      const revision = typeof res.revision === 'number' ? res.revision : now.revision + 1;
      commit({ content, base: server, revision, status: typedMeanwhile ? 'pending' : 'saved', conflicts: [] });
      queryClient.setQueryData(textbookKey(textbookId), { ...res, content: server, revision });
      // No toast for a routine autosave: the "Saved" indicator says it, and a toast would cover controls.
    } catch (err) {
      const now = ref.current;
      const conflict = saveConflictOf(err);
      if (conflict) {
        const theirs = contentOf(conflict.content, now.base);
        const merged = mergeContent(start.base, now.content, theirs);
        const hasConflicts = merged.conflicts.length > 0;
        commit({
          content: merged.content,
          base: theirs,
          revision: conflict.revision,
          status: hasConflicts ? 'conflict' : 'pending',
          conflicts: merged.conflicts,
        });
      } else if (isNetworkFailure(err)) {
        commit({ ...now, status: 'offline' });
      } else {
        commit({ ...now, status: 'error' });
        toast({ title: 'Update Failed', description: 'Could not save your changes. Please try again.', variant: 'destructive' });
      }
    } finally {
      isSaving.current = false;
    }
    const after = ref.current;
    if (after.status === 'pending') timer.current = setTimeout(() => void flush(), autosaveDelayMs);
    if (after.status === 'offline') timer.current = setTimeout(() => void flush(), offlineRetryMs);
  }, [commit, queryClient, textbookId]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), autosaveDelayMs);
  }, [flush]);

  /** Replaces the HTML of a chapter (sectionIndex null) or a section. */
  const editContent = useCallback(
    (chapterIndex: number, sectionIndex: number | null, html: string) => {
      const now = ref.current;
      const chapter = now.content.chapters[chapterIndex];
      if (!chapter) return;
      const nextChapter =
        sectionIndex === null
          ? { ...chapter, content: html }
          : { ...chapter, sections: chapter.sections.map((s, i) => (i === sectionIndex ? { ...s, content: html } : s)) };
      const chapters = now.content.chapters.map((c, i) => (i === chapterIndex ? nextChapter : c));
      const status: SaveStatus = now.status === 'conflict' ? 'conflict' : now.status === 'offline' ? 'offline' : 'pending';
      commit({ ...now, content: { ...now.content, chapters }, status });
      if (status === 'pending') schedule();
    },
    [commit, schedule],
  );

  /** Content the server stored meanwhile (a collaborator, the toolkit, a refetch): merged in by id. */
  const receive = useCallback(
    (incoming: TextbookContent, revision: number) => {
      const now = ref.current;
      if (revision <= now.revision) return;
      const theirs = reuseUnchanged(now.base, incoming);
      if (now.content === now.base) {
        commit({ ...now, content: theirs, base: theirs, revision, status: now.status === 'offline' ? 'saved' : now.status });
        return;
      }
      const merged = mergeContent(now.base, now.content, theirs);
      const conflicts = [...now.conflicts.filter((c) => !merged.conflicts.some((m) => m.key === c.key)), ...merged.conflicts];
      commit({ content: merged.content, base: theirs, revision, status: conflicts.length > 0 ? 'conflict' : now.status, conflicts });
    },
    [commit],
  );

  const resolve = useCallback(
    (key: string, choice: ConflictChoice) => {
      const now = ref.current;
      const conflict = now.conflicts.find((c) => c.key === key);
      if (!conflict) return;
      const conflicts = now.conflicts.filter((c) => c.key !== key);
      commit({
        ...now,
        content: resolveConflict(now.content, conflict, choice),
        conflicts,
        status: conflicts.length > 0 ? 'conflict' : 'pending',
      });
      if (conflicts.length === 0) schedule();
    },
    [commit, schedule],
  );

  const retry = useCallback(() => {
    const now = ref.current;
    if (now.status === 'error' || now.status === 'offline') {
      commit({ ...now, status: 'pending' });
      void flush();
    }
  }, [commit, flush]);

  useEffect(() => {
    const onOnline = () => retry();
    // Leaving with unsaved text asks first; the save itself cannot outlive the page (5 MB bodies exceed keepalive).
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (ref.current.status !== 'saved') e.preventDefault();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [retry]);

  // Navigating away inside the app saves what is pending instead of dropping it.
  useEffect(
    () => () => {
      if (ref.current.status === 'pending') void flush();
      else clearTimeout(timer.current);
    },
    [flush],
  );

  return { copy, editContent, receive, resolve, retry, flushNow: flush };
}
