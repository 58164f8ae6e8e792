import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { materialContentTypes, materialTypeLabels, type MaterialContentType } from '@common/materials';
import type { Chapter } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { educationalContentEvent, type EducationalContentEventDetail } from '../materials-viewer/use-educational-materials';
import { createMaterial, materialsKey } from './materials.api';

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900';

const wholeBook = 'all';

/**
 * Generates a quiz, assessment, lesson plan or homework for one chapter or the
 * whole book. The stored result is announced with the spec's
 * 'educationalContentGenerated' event, so the navigator and viewer show it.
 */
export function MaterialsGenerator({ textbookId, chapters }: { textbookId: number; chapters: readonly Chapter[] }) {
  const [contentType, setContentType] = useState<MaterialContentType>('quiz');
  const [scope, setScope] = useState<string>(chapters.length > 0 ? '0' : wholeBook);
  const queryClient = useQueryClient();
  const typeId = useId();
  const scopeId = useId();
  // A chapter removed since it was chosen falls back to the whole book.
  const chapterIndex = scope === wholeBook || Number(scope) >= chapters.length ? undefined : Number(scope);

  const generate = useMutation({
    mutationFn: () => createMaterial(textbookId, contentType, chapterIndex),
    onSuccess: (material) => {
      const detail: EducationalContentEventDetail = { textbookId, content: material };
      window.dispatchEvent(new CustomEvent(educationalContentEvent, { detail }));
      void queryClient.invalidateQueries({ queryKey: materialsKey(textbookId) });
      toast({
        title: `${materialTypeLabels[material.contentType]} Generated`,
        description: `"${material.title}" was added to Educational Materials.`,
        variant: 'success',
      });
    },
    onError: (err) => {
      toast({
        title: 'Error',
        description: `Failed to generate ${materialTypeLabels[contentType].toLowerCase()}: ${errorMessage(err, 'Please try again.')}`,
        variant: 'destructive',
      });
    },
  });

  const label = materialTypeLabels[contentType];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Generate Educational Materials</CardTitle>
        <CardDescription>Quizzes, assessments, lesson plans and homework built from this textbook's own text.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={typeId}>Material type</Label>
          <select
            id={typeId}
            className={selectClass}
            value={contentType}
            disabled={generate.isPending}
            onChange={(e) => setContentType(e.target.value as MaterialContentType)}
          >
            {materialContentTypes.map((t) => (
              <option key={t} value={t}>
                {materialTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={scopeId}>Covering</Label>
          <select
            id={scopeId}
            className={selectClass}
            value={chapterIndex === undefined ? wholeBook : String(chapterIndex)}
            disabled={generate.isPending}
            onChange={(e) => setScope(e.target.value)}
          >
            <option value={wholeBook}>Whole textbook</option>
            {chapters.map((c, i) => (
              <option key={c.id ?? i} value={String(i)}>{`Chapter ${i + 1}: ${c.title}`}</option>
            ))}
          </select>
        </div>
        <Button className="w-full" disabled={generate.isPending} aria-busy={generate.isPending} onClick={() => generate.mutate()}>
          {generate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Sparkles className="h-4 w-4" aria-hidden />}
          {generate.isPending ? `Generating ${label}...` : `Generate ${label}`}
        </Button>
      </CardContent>
    </Card>
  );
}
