import { limits, progressSteps } from '@common/limits';
import type { GenerationJobResponse, ProgressStep } from './create.types';

/** Six steps, the first in progress from the start. */
export function initialSteps(): ProgressStep[] {
  return progressSteps.map((label, i) => ({ label, status: i === 0 ? 'in-progress' : 'pending', progress: 0 }));
}

/**
 * docs/product.md, the simulated display: each tick the current step gains 10%; at 100
 * it becomes complete and the next step becomes in-progress.
 */
export function tickSimulated(steps: ProgressStep[]): ProgressStep[] {
  const current = steps.findIndex((s) => s.status === 'in-progress');
  if (current < 0) return steps;
  const progress = Math.min(100, steps[current].progress + limits.progressTickPercent);
  return steps.map((s, i) => {
    if (i === current) return progress >= 100 ? { ...s, status: 'complete', progress: 100 } : { ...s, progress };
    if (i === current + 1 && progress >= 100) return { ...s, status: 'in-progress', progress: 0 };
    return s;
  });
}

/** The server's stage and percent, shown as the same six steps. */
export function stepsFromJob(job: Pick<GenerationJobResponse, 'status' | 'stage' | 'percent'>): ProgressStep[] {
  if (job.status === 'done') return completeSteps();
  const stage = Math.max(0, Math.min(progressSteps.length - 1, job.stage));
  const percent = Math.max(0, Math.min(100, job.percent));
  return progressSteps.map((label, i) => {
    if (i < stage) return { label, status: 'complete', progress: 100 };
    if (i === stage) return { label, status: 'in-progress', progress: percent };
    return { label, status: 'pending', progress: 0 };
  });
}

export function completeSteps(): ProgressStep[] {
  return progressSteps.map((label) => ({ label, status: 'complete', progress: 100 }));
}
