import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { limits } from '@common/limits';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { generateOutline, newJobId } from './create.api';
import type { GenerateOutlineResponse, PageMode, TextbookContent } from './create.types';
import { materialOf, validateGenerate, type CreationState } from './creation-state';
import { useGenerationProgress } from './use-generation-progress';

/**
 * The generate step and the page mode of docs/product.md: idle -> processing when it
 * starts, processing -> error on failure, error -> idle on Try Again; on
 * success the user is sent on after 2 s.
 */
export function useGenerateOutline(state: CreationState) {
  const [mode, setMode] = useState<PageMode>('idle');
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<GenerateOutlineResponse | null>(null);
  const [outline, setOutline] = useState<TextbookContent | null>(null);
  const [, navigate] = useLocation();
  const navigateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const progress = useGenerationProgress(mode === 'processing' ? jobId : null, result !== null);
  // While the outline assistant is open the user is still working on the outline: the redirect waits.
  const [holdRedirect, setHoldRedirect] = useState(false);
  // The server cannot be reached (restarting): the job goes on there, the page keeps asking and says so.
  const [reconnecting, setReconnecting] = useState(false);
  const target = result ? (result.textbookId ? `/textbook/${result.textbookId}` : '/saved-textbooks') : null;

  useEffect(() => {
    if (!target || holdRedirect) return;
    navigateTimer.current = setTimeout(() => navigate(target), limits.navigateAfterGenerationMs);
    return () => clearTimeout(navigateTimer.current);
  }, [target, holdRedirect, navigate]);

  const mutation = useMutation({
    mutationFn: generateOutline,
    onSuccess: (response) => {
      setReconnecting(false);
      setResult(response);
      setOutline(response.textbookContent);
      if (response.notice) toast({ title: 'Note', description: response.notice });
    },
    onError: (err) => {
      setReconnecting(false);
      toast({ title: 'Error', description: `Failed to generate textbook outline: ${errorMessage(err)}`, variant: 'destructive' });
      setMode('error');
    },
  });

  function start() {
    const problem = validateGenerate(state);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const approvedReferences = state.references.filter((r) => r.approved);
    // The generate step itself refuses too, whatever called it.
    if (state.references.length > 0 && approvedReferences.length === 0) {
      toast({
        title: 'Error',
        description: 'Please approve at least one reference to generate a textbook outline.',
        variant: 'destructive',
      });
      return;
    }
    const id = newJobId();
    setJobId(id);
    setResult(null);
    setMode('processing');
    setReconnecting(false);
    mutation.mutate({
      topic: state.topic.trim(),
      material: materialOf(state),
      approvedReferences,
      jobId: id,
      onReconnecting: setReconnecting,
      length: state.length,
    });
  }

  function retry() {
    setMode('idle');
    setJobId(null);
    mutation.reset();
  }

  return {
    mode,
    start,
    retry,
    isPending: mutation.isPending,
    steps: progress.steps,
    progressDetail: reconnecting ? 'Reconnecting…' : progress.detail,
    notice: result?.notice ?? outline?.notice,
    textbookId: result?.textbookId,
    outline,
    setOutline,
    /** Where the user goes once the outline is made (null before). */
    target,
    holdRedirect,
    setHoldRedirect,
    openNow: () => target && navigate(target),
  };
}
