import { BookOpen } from 'lucide-react';
import { useReducer } from 'react';
import { toast } from '../components/ui/toast-store';
import { creationReducer, initialCreationState } from '../features/create/creation-state';
import { CreationForm } from '../features/create/creation-form';
import type { TextbookContent } from '../features/create/create.types';
import { GenerationError } from '../features/create/generation-error';
import { HowItWorks } from '../features/create/how-it-works';
import { OutlineAssistant } from '../features/create/outline-assistant';
import { ProcessingScreen } from '../features/create/processing-screen';
import { useGenerateOutline } from '../features/create/use-generate-outline';
import { patchTextbook } from '../features/textbook/textbook.api';

/** Create textbook: idle shows the form, processing the progress, error the retry card. */
export function HomePage() {
  const [state, dispatch] = useReducer(creationReducer, initialCreationState);
  const generation = useGenerateOutline(state);

  function onOutlineUpdated(content: TextbookContent) {
    generation.setOutline(content);
    // The textbook is already stored; a change made here must reach it, not vanish with the redirect.
    if (generation.textbookId) {
      patchTextbook(generation.textbookId, content).catch(() =>
        toast({ title: 'Update Failed', description: 'Could not update the textbook content. Please try again.', variant: 'destructive' }),
      );
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-12 px-4 py-10">
      <header className="flex flex-col items-center gap-3 text-center">
        <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg" aria-hidden>
          <BookOpen className="h-9 w-9" />
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">AI-Powered Textbook Generator</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-300">
          Turn your course materials into a structured textbook: upload documents or type your content, approve the references, and generate
          chapters and sections grounded in your own material.
        </p>
      </header>

      {generation.mode === 'idle' && (
        <CreationForm state={state} dispatch={dispatch} onGenerate={generation.start} isGenerating={generation.isPending} />
      )}
      {generation.mode === 'processing' && (
        <ProcessingScreen
          steps={generation.steps}
          detail={generation.progressDetail}
          notice={generation.notice}
          ready={
            generation.outline && generation.target
              ? { content: generation.outline, held: generation.holdRedirect, onOpenNow: generation.openNow }
              : undefined
          }
        />
      )}
      {generation.mode === 'error' && <GenerationError onRetry={generation.retry} />}

      <HowItWorks />

      <OutlineAssistant
        topic={state.topic.trim()}
        content={generation.outline}
        textbookId={generation.textbookId}
        onContentUpdated={onOutlineUpdated}
        onOpenChange={generation.setHoldRedirect}
      />
    </div>
  );
}
