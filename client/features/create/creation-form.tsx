import { BookOpenCheck, Library, Loader2, RefreshCw, Search, Sparkles } from 'lucide-react';
import { useState, type Dispatch, type DragEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Label } from '@client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/toast-store';
import { cn } from '@client/lib/cn';
import type { InputMode } from './create.types';
import { BookLengthChoice } from './book-length-choice';
import { canGenerate, type CreationAction, type CreationState } from './creation-state';
import { DirectInput } from './direct-input';
import { FilePicker } from './file-picker';
import { fileKind, invalidFileFormatMessage } from './file-types';
import { ResultPanels } from './result-panels';
import { useMaterialActions } from './use-material-actions';

export interface CreationFormProps {
  state: CreationState;
  dispatch: Dispatch<CreationAction>;
  onGenerate: () => void;
  isGenerating: boolean;
}

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/** The creation form of docs/product.md: topic, material (files or typed), analysis panels and the generate step. */
export function CreationForm({ state, dispatch, onGenerate, isGenerating }: CreationFormProps) {
  const actions = useMaterialActions(state, dispatch);
  const [fileError, setFileError] = useState<string | undefined>();
  const [isDragging, setIsDragging] = useState(false);

  function addFiles(files: File[]) {
    const accepted = files.filter((f) => fileKind(f) !== null);
    if (accepted.length < files.length) {
      setFileError(invalidFileFormatMessage);
      toast({ title: 'Error', description: invalidFileFormatMessage, variant: 'destructive' });
    } else {
      setFileError(undefined);
    }
    if (accepted.length > 0) dispatch({ type: 'addFiles', files: accepted });
  }

  function onDrop(e: DragEvent<HTMLFormElement>) {
    if (!hasFiles(e)) return;
    e.preventDefault();
    setIsDragging(false);
    dispatch({ type: 'mode', value: 'file' });
    addFiles(Array.from(e.dataTransfer.files));
  }

  const isBusy = actions.isExtracting || actions.isFindingReferences;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a New Textbook</CardTitle>
        <CardDescription>
          Give a topic and your course materials; preview what was found, approve references, then generate.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Create textbook"
          className={cn(
            'space-y-5 rounded-lg transition-shadow',
            isDragging && 'ring-2 ring-indigo-500 ring-offset-4 dark:ring-offset-slate-900',
          )}
          onSubmit={(e) => e.preventDefault()}
          onDragOver={(e) => {
            if (!hasFiles(e)) return;
            e.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setIsDragging(false);
          }}
          onDrop={onDrop}
        >
          <div className="space-y-1.5">
            <Label htmlFor="topic">Topic Name</Label>
            <Input
              id="topic"
              value={state.topic}
              placeholder="e.g., Introduction to Machine Learning"
              onChange={(e) => dispatch({ type: 'topic', value: e.target.value })}
            />
          </div>

          <Tabs value={state.mode} onValueChange={(v) => dispatch({ type: 'mode', value: v as InputMode })}>
            <TabsList className="w-full">
              <TabsTrigger value="file" className="flex-1">
                Upload Files
              </TabsTrigger>
              <TabsTrigger value="direct" className="flex-1">
                Enter Directly
              </TabsTrigger>
            </TabsList>
            <TabsContent value="file">
              <FilePicker
                files={state.files}
                error={fileError}
                onPick={addFiles}
                onRemove={(index) => dispatch({ type: 'removeFile', index })}
              />
            </TabsContent>
            <TabsContent value="direct">
              <DirectInput
                content={state.directContent}
                chapterTitle={state.chapterTitle}
                onContentChange={(value) => dispatch({ type: 'directContent', value })}
                onChapterTitleChange={(value) => dispatch({ type: 'chapterTitle', value })}
              />
            </TabsContent>
          </Tabs>

          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={actions.runExtraction} disabled={isBusy}>
              {actions.isExtracting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Search className="h-4 w-4" aria-hidden />}
              {state.mode === 'file' ? 'Preview Extracted Content' : 'Analyze & Preview Content'}
            </Button>
            <Button variant="outline" onClick={() => actions.runReferencePreview(false)} disabled={isBusy}>
              {actions.isFindingReferences ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <Library className="h-4 w-4" aria-hidden />
              )}
              Preview Academic References
            </Button>
            {state.references.length > 0 && (
              <Button variant="outline" onClick={() => actions.runReferencePreview(true)} disabled={isBusy}>
                <RefreshCw className="h-4 w-4" aria-hidden />
                Get New References
              </Button>
            )}
          </div>

          <ResultPanels state={state} dispatch={dispatch} />

          <BookLengthChoice value={state.length} onChange={(value) => dispatch({ type: 'length', value })} />

          <Button className="w-full" size="lg" onClick={onGenerate} disabled={!canGenerate(state, isGenerating)}>
            {isGenerating ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Sparkles className="h-4 w-4" aria-hidden />}
            Generate Textbook Outline
          </Button>
          {state.references.length > 0 && !state.references.some((r) => r.approved) && (
            <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
              <BookOpenCheck className="h-3.5 w-3.5" aria-hidden />
              Approve at least one reference to generate the outline.
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
