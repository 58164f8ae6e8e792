import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TextbookContent } from '@common/textbook';
import { toast } from '@client/components/ui/toast-store';
import { ApiError } from '@client/lib/api';
import { textbookKey } from '../textbook/textbook.api';
import { expandChapter, generateSection } from './ai-tools.api';
import { approvedReferences, sectionContext } from './expansion-context';

export type ExpansionBusy = 'chapter' | 'section' | null;

/**
 * A refusal the server explains is shown as is (422: too little text; 409: someone typed in the
 * part being expanded, so nothing changed); anything else gets the spec's retry message.
 */
function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && (err.status === 422 || err.status === 409) ? err.serverMessage : fallback;
}

/**
 * Chapter and section expansion. The server stores the result
 * through the normal save path and answers the saved book, which replaces the
 * working copy; the textbook query is refetched as after any toolkit change.
 */
export function useStructureExpansion(opts: {
  textbookId: number | undefined;
  content: TextbookContent;
  onContentSaved: (content: TextbookContent, revision: number) => void;
  /** Stores what was typed first, so the server expands what the user sees; answers the stored content when it can. */
  beforeRun?: () => Promise<TextbookContent | void>;
}) {
  const { textbookId, content, onContentSaved, beforeRun } = opts;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ExpansionBusy>(null);

  const missingId = () =>
    toast({ title: 'Error', description: 'Textbook ID is missing. Please save the textbook first.', variant: 'destructive' });

  const runChapter = useCallback(
    async (chapterIndex: number) => {
      if (!textbookId) return missingId();
      if (!content.chapters[chapterIndex] || busy) return;
      setBusy('chapter');
      try {
        const latest = (await beforeRun?.()) || content;
        const chapter = latest.chapters[chapterIndex] ?? content.chapters[chapterIndex];
        const result = await expandChapter({ textbookId, chapterIndex, chapterTitle: chapter.title, chapterContent: chapter.content });
        onContentSaved(result.textbookContent, result.revision);
        await queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
        toast({
          title: 'Chapter Expanded',
          description: result.note ?? `"${chapter.title}" now has ${result.expandedChapter.sections.length} sections.`,
          variant: 'success',
        });
      } catch (err) {
        toast({ title: 'Error', description: failureText(err, 'Failed to expand chapter. Please try again.'), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [textbookId, content, busy, beforeRun, onContentSaved, queryClient],
  );

  const runSection = useCallback(
    async (chapterIndex: number, sectionIndex: number) => {
      if (!textbookId) return missingId();
      if (!content.chapters[chapterIndex]?.sections[sectionIndex] || busy) return;
      setBusy('section');
      const section = content.chapters[chapterIndex].sections[sectionIndex];
      try {
        const latest = (await beforeRun?.()) || content;
        const chapter = latest.chapters[chapterIndex] ?? content.chapters[chapterIndex];
        const result = await generateSection({
          textbookId,
          chapterIndex,
          sectionIndex,
          chapterTitle: chapter.title,
          sectionTitle: chapter.sections[sectionIndex]?.title ?? section.title,
          context: sectionContext(latest, chapterIndex, sectionIndex),
          references: approvedReferences(latest),
        });
        if (result.exhausted || !result.textbookContent || result.revision === undefined) {
          toast({ title: 'Nothing more to add', description: result.note ?? 'Your sources have nothing more on this section.' });
          return;
        }
        onContentSaved(result.textbookContent, result.revision);
        await queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
        toast({ title: 'Section Expanded', description: `"${section.title}" was expanded from your sources.`, variant: 'success' });
      } catch (err) {
        toast({ title: 'Error', description: failureText(err, 'Failed to expand section. Please try again.'), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [textbookId, content, busy, beforeRun, onContentSaved, queryClient],
  );

  return { busy, runChapter, runSection };
}
