import { useMutation } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { extractText, previewReferences } from './create.api';
import { materialOf, validateExtraction, type CreationAction, type CreationState } from './creation-state';

/** The form's two analysis calls: extract-text and preview-references, with the spec's toasts. */
export function useMaterialActions(state: CreationState, dispatch: Dispatch<CreationAction>) {
  const extraction = useMutation({
    mutationFn: extractText,
    onSuccess: (response) => dispatch({ type: 'extracted', response }),
    onError: (err) => toast({ title: 'Error', description: `Failed to extract text: ${errorMessage(err)}`, variant: 'destructive' }),
  });

  const references = useMutation({
    mutationFn: previewReferences,
    onSuccess: (response) => dispatch({ type: 'referencesPreviewed', response }),
    onError: (err) => toast({ title: 'Error', description: `Failed to preview references: ${errorMessage(err)}`, variant: 'destructive' }),
  });

  function runExtraction() {
    const problem = validateExtraction(state);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    extraction.mutate({ material: materialOf(state), topic: state.topic });
  }

  /** Preview Academic References (fresh search) or Get New References (enhance the current list). */
  function runReferencePreview(isEnhancing: boolean) {
    const topic = state.topic.trim();
    if (!topic) {
      toast({ title: 'Validation Error', description: 'Please enter a topic', variant: 'destructive' });
      return;
    }
    const shouldEnhance = isEnhancing && state.references.length > 0;
    toast(
      shouldEnhance
        ? { title: 'Enhancing References', description: 'Improving your references and looking for new ones...' }
        : { title: 'Finding References', description: 'Searching for academic references on this topic...' },
    );
    references.mutate({ topic, material: materialOf(state), existingReferences: shouldEnhance ? state.references : undefined });
  }

  return {
    runExtraction,
    runReferencePreview,
    isExtracting: extraction.isPending,
    isFindingReferences: references.isPending,
  };
}
