import { useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TextbookContent } from '../../../common/textbook';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { textbookKey } from '../textbook/textbook.api';
import { customizeStructure } from './ai-tools.api';

/** Spec 2: the five example instructions; each fills the guidance. */
export const customizeExamples = [
  'Follow my class outline with weekly topics',
  'Make a 10-week syllabus',
  'Reorganize chapters chronologically',
  'Make the structure more application-focused',
  'Split into beginner, intermediate and advanced',
] as const;

export interface CustomizeStructureTabProps {
  textbookId: number;
  content: TextbookContent;
  onContentSaved: (content: TextbookContent, revision: number) => void;
}

/** The Academic Toolkit's Customize Structure tab (spec 2, 5, 8): guidance, optional reference document, examples. */
export function CustomizeStructureTab({ textbookId, content, onContentSaved }: CustomizeStructureTabProps) {
  const queryClient = useQueryClient();
  const [guidance, setGuidance] = useState('');
  const [originalDocument, setOriginalDocument] = useState('');
  const [isRunning, setIsRunning] = useState(false);
  const isBlank = guidance.trim() === '';

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isRunning) return;
    if (isBlank) {
      toast({ title: 'Guidance Required', description: 'Please provide instructions on how to customize the textbook structure.', variant: 'destructive' });
      return;
    }
    setIsRunning(true);
    try {
      const result = await customizeStructure({
        textbookId,
        userGuidance: guidance.trim(),
        ...(originalDocument.trim() ? { originalDocument } : {}),
      });
      onContentSaved(result.textbookContent, result.revision);
      await queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
      toast({ title: 'Textbook Structure Updated', description: result.summary, variant: 'success' });
    } catch (err) {
      toast({ title: 'Customization Failed', description: err instanceof Error && err.message ? err.message : 'Failed to customize textbook structure', variant: 'destructive' });
    } finally {
      setIsRunning(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Customize structure">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Describe how the {content.chapters.length}-chapter textbook should be organized. Content is only moved, regrouped and retitled, never deleted.
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
    </form>
  );
}
