import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { toast } from '@client/components/ui/toast-store';
import { ApiError } from '@client/lib/api';
import { saveFailureDescription } from '../textbook/save-conflict';
import { patchTextbook, textbookKey } from '../textbook/textbook.api';
import { expandChapter, generateSection } from './ai-tools.api';
import { approvedReferences, sectionContext } from './expansion-context';
import { acceptedContent, chapterProposal, sectionProposal, undoneContent, type Proposal } from './proposal';

export type ExpansionBusy = 'chapter' | 'section' | 'saving' | null;

/**
 * A refusal the server explains is shown as is (422: too little text; 409: someone typed in the
 * part being expanded, so nothing changed); anything else gets the spec's retry message.
 */
function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && (err.status === 422 || err.status === 409) ? err.serverMessage : fallback;
}

/**
 * Chapter and section expansion as proposals: the server answers the expanded part
 * without saving it, the user reviews it paragraph by paragraph and accepts all or some of it,
 * and the accepted book is saved through PATCH against the revision the proposal was made from
 * (what others typed meanwhile is merged), as one described version that the toast's Undo
 * takes back.
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
  const [proposal, setProposal] = useState<Proposal | null>(null);

  const missingId = () =>
    toast({ title: 'Error', description: 'Textbook ID is missing. Please save the textbook first.', variant: 'destructive' });

  const save = useCallback(
    async (book: TextbookContent, revision: number, description: string) => {
      const res = await patchTextbook(textbookId!, book, revision, description);
      const parsed = parseTextbookContent(res.content);
      const saved = parsed.ok ? parsed.content : book;
      const savedRevision = typeof res.revision === 'number' ? res.revision : revision + 1;
      onContentSaved(saved, savedRevision);
      await queryClient.invalidateQueries({ queryKey: textbookKey(textbookId!) });
      return { saved, savedRevision };
    },
    [textbookId, onContentSaved, queryClient],
  );

  const runChapter = useCallback(
    async (chapterIndex: number) => {
      if (!textbookId) return missingId();
      if (!content.chapters[chapterIndex] || busy) return;
      setBusy('chapter');
      try {
        const latest = (await beforeRun?.()) || content;
        const chapter = latest.chapters[chapterIndex] ?? content.chapters[chapterIndex];
        const result = await expandChapter({ textbookId, chapterIndex, chapterTitle: chapter.title, chapterContent: chapter.content });
        setProposal(
          chapterProposal({
            proposed: result.textbookContent,
            revision: result.revision,
            chapterBefore: chapter,
            chapterIndex,
            ...(result.note ? { note: result.note } : {}),
            ...(result.engine ? { engine: result.engine } : {}),
          }),
        );
      } catch (err) {
        toast({ title: 'Error', description: failureText(err, 'Failed to expand chapter. Please try again.'), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [textbookId, content, busy, beforeRun],
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
          toast({
            title: 'Nothing more to add',
            description: withoutTitle(result.note ?? 'Your sources have nothing more on this section.'),
          });
          return;
        }
        setProposal(
          sectionProposal({
            proposed: result.textbookContent,
            revision: result.revision,
            chapterBefore: chapter,
            chapterIndex,
            sectionIndex,
            ...(result.note ? { note: result.note } : {}),
            ...(result.engine ? { engine: result.engine } : {}),
          }),
        );
      } catch (err) {
        toast({ title: 'Error', description: failureText(err, 'Failed to expand section. Please try again.'), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [textbookId, content, busy, beforeRun],
  );

  const undo = useCallback(
    async (accepted: Proposal, saved: TextbookContent, savedRevision: number) => {
      try {
        await save(undoneContent(saved, accepted), savedRevision, `Undid: ${accepted.description}`);
        toast({ title: 'Undone', description: `${accepted.description}: taken back.`, variant: 'success' });
      } catch (err) {
        toast({ title: 'Undo Failed', description: saveFailureDescription(err, 'Could not undo the expansion.'), variant: 'destructive' });
      }
    },
    [save],
  );

  const accept = useCallback(
    async (declined: ReadonlySet<string>) => {
      if (!proposal || !textbookId || busy) return;
      setBusy('saving');
      const current = proposal;
      try {
        const { saved, savedRevision } = await save(acceptedContent(current, declined), current.revision, current.description);
        setProposal(null);
        const title = current.kind === 'chapter' ? 'Chapter Expanded' : 'Section Expanded';
        toast({
          title,
          description: `${current.description}.`,
          variant: 'success',
          duration: 10_000,
          action: { label: 'Undo', onClick: () => void undo(current, saved, savedRevision) },
        });
      } catch (err) {
        const fallback =
          current.kind === 'chapter' ? 'Failed to expand chapter. Please try again.' : 'Failed to expand section. Please try again.';
        toast({ title: 'Error', description: saveFailureDescription(err, fallback), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [proposal, textbookId, busy, save, undo],
  );

  const discard = useCallback(() => setProposal(null), []);

  return { busy, runChapter, runSection, proposal, accept, discard };
}

/** The server's note says "Nothing more to add: everything ..."; under a toast titled so, the description starts at "Everything". */
export function withoutTitle(note: string): string {
  const rest = note.replace(/^Nothing more to add:\s*/i, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
