import { useEffect, useRef, useState } from 'react';
import { limits } from '@common/limits';
import { fetchGenerationJob } from './create.api';
import type { ProgressStep } from './create.types';
import { completeSteps, initialSteps, stepsFromJob, tickSimulated } from './generation-progress';

/**
 * The processing screen's steps. While a job runs, GET /api/generation-jobs/{jobId}
 * is polled every 600 ms; until it first answers with the job
 * (404, no endpoint, network trouble) the spec's simulated ticker moves instead.
 * Once real progress arrived it is kept, so the display never jumps back to simulation.
 */
export function useGenerationProgress(jobId: string | null, isFinished: boolean): { steps: ProgressStep[]; detail?: string } {
  const [steps, setSteps] = useState<ProgressStep[]>(initialSteps);
  const [detail, setDetail] = useState<string | undefined>();
  const hasRealProgress = useRef(false);

  useEffect(() => {
    if (!jobId || isFinished) return;
    hasRealProgress.current = false;
    setSteps(initialSteps());
    setDetail(undefined);
    let isActive = true;
    let inFlight = false;
    const timer = setInterval(() => {
      if (!hasRealProgress.current) setSteps(tickSimulated);
      // One poll at a time: a slow server must not pile up requests.
      if (inFlight) return;
      inFlight = true;
      void fetchGenerationJob(jobId).then((job) => {
        inFlight = false;
        if (!isActive || !job || (job.jobId && job.jobId !== jobId)) return;
        hasRealProgress.current = true;
        setSteps(stepsFromJob(job));
        setDetail(job.message);
      });
    }, limits.progressTickMs);
    return () => {
      isActive = false;
      clearInterval(timer);
    };
  }, [jobId, isFinished]);

  useEffect(() => {
    if (isFinished) setSteps(completeSteps());
  }, [isFinished]);

  return { steps, detail };
}
