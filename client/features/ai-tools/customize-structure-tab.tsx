import { useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { customizeExamples, restructuredDescription } from '@common/ai-tools';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { diffOutline, type OutlineEntry } from '../book-assistant/outline-diff';
import { ProposedOutline } from '../book-assistant/proposed-outline';
import { Button } from '@client/components/ui/button';
import { Label, Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { saveFailureDescription } from '../textbook/save-conflict';
import { patchTextbook, textbookKey } from '../textbook/textbook.api';
import { customizeStructure } from './ai-tools.api';

export interface CustomizeStructureTabProps {
  textbookId: number;
  content: TextbookContent;
  onContentSaved: (content: TextbookContent, revision: number) => void;
}

/** A restructuring shown before it is saved. */
interface Preview {
  /** The book the restructuring was made from: what Undo puts back. */
  before: TextbookContent;
  content: TextbookContent;
  revision: number;
  summary: string;
  guidance: string;
  outline: OutlineEntry[];
}

/**
 * The Academic Toolkit's Customize Structure tab: guidance, optional reference document,
 * examples. The restructured table of contents is shown first; Apply saves exactly that
 * (merged against the revision it was made from, so typing meanwhile survives).
 */
export function CustomizeStructureTab({ textbookId, content, onContentSaved }: CustomizeStructureTabProps) {
  const queryClient = useQueryClient();
  const [guidance, setGuidance] = useState('');
  const [originalDocument, setOriginalDocument] = useState('');
  const [isRunning, setIsRunning] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const isBlank = guidance.trim() === '';

  /** Saves `next` against `revision` as a described version; answers the saved revision. */
  async function saveVersion(next: TextbookContent, revision: number, description: string): Promise<number> {
    const res = await patchTextbook(textbookId, next, revision, description);
    const parsed = parseTextbookContent(res.content);
    const saved = typeof res.revision === 'number' ? res.revision : revision + 1;
    onContentSaved(parsed.ok ? parsed.content : next, saved);
    await queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
    return saved;
  }

  /** One click takes the restructuring back, as a described version of its own. */
  async function undo(applied: Preview, savedRevision: number) {
    const description = restructuredDescription(applied.guidance);
    try {
      await saveVersion(applied.before, savedRevision, `Undid: ${description}`);
      toast({ title: 'Undone', description: `${description}: taken back.`, variant: 'success' });
    } catch (err) {
      toast({
        title: 'Undo Failed',
        description: saveFailureDescription(err, 'Could not undo the restructuring.'),
        variant: 'destructive',
      });
    }
  }

  async function applyPreview() {
    if (!preview || isRunning) return;
    setIsRunning(true);
    try {
      const applied = preview;
      const savedRevision = await saveVersion(applied.content, applied.revision, restructuredDescription(applied.guidance));
      toast({
        title: 'Textbook Structure Updated',
        description: applied.summary,
        variant: 'success',
        duration: 10_000,
        action: { label: 'Undo', onClick: () => void undo(applied, savedRevision) },
      });
      setPreview(null);
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: saveFailureDescription(err, 'Could not update the textbook structure. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setIsRunning(false);
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isRunning) return;
    if (isBlank) {
      toast({
        title: 'Guidance Required',
        description: 'Please provide instructions on how to customize the textbook structure.',
        variant: 'destructive',
      });
      return;
    }
    setIsRunning(true);
    try {
      const result = await customizeStructure({
        textbookId,
        userGuidance: guidance.trim(),
        ...(originalDocument.trim() ? { originalDocument } : {}),
        preview: true,
      });
      const next = result.textbookContent as TextbookContent;
      setPreview({
        before: content,
        content: next,
        revision: result.revision,
        summary: result.summary,
        guidance: guidance.trim(),
        outline: diffOutline(content, next),
      });
    } catch (err) {
      toast({
        title: 'Customization Failed',
        description: err instanceof Error && err.message ? err.message : 'Failed to customize textbook structure',
        variant: 'destructive',
      });
    } finally {
      setIsRunning(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Customize structure">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Describe how the {content.chapters.length}-chapter textbook should be organized. Content is only moved, regrouped and retitled,
        never deleted.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="customize-guidance">Guidance</Label>
        <Textarea
          id="customize-guidance"
          aria-required="true"
          value={guidance}
          onChange={(e) => setGuidance(e.target.value)}
          placeholder="For example: make a 10-week syllabus"
          disabled={isRunning}
        />
      </div>
      <div className="flex flex-wrap gap-2" aria-label="Example instructions">
        {customizeExamples.map((example) => (
          <Button key={example} type="button" variant="outline" size="sm" disabled={isRunning} onClick={() => setGuidance(example)}>
            {example}
          </Button>
        ))}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="customize-document">Reference document (optional)</Label>
        <Textarea
          id="customize-document"
          value={originalDocument}
          onChange={(e) => setOriginalDocument(e.target.value)}
          placeholder="Paste a syllabus or outline, one topic per line (for example: Week 1: Introduction)"
          disabled={isRunning}
          className="min-h-[120px]"
        />
      </div>
      <Button type="submit" disabled={isBlank || isRunning}>
        <Wand2 className="h-4 w-4" aria-hidden />
        {isRunning ? 'Restructuring Textbook...' : 'Apply Customization'}
      </Button>
      {preview && (
        <section aria-label="Restructuring preview" className="space-y-3 rounded-md border border-indigo-200 p-3 dark:border-indigo-900">
          <h4 className="text-sm font-semibold">New table of contents</h4>
          <p className="text-sm text-slate-600 dark:text-slate-300">{preview.summary}</p>
          <ProposedOutline outline={preview.outline} />
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => void applyPreview()} disabled={isRunning}>
              Apply this structure
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setPreview(null)} disabled={isRunning}>
              Discard
            </Button>
          </div>
        </section>
      )}
    </form>
  );
}
