import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressSteps } from '@common/limits';
import { json, mockFetch } from '@client/test/render';
import { initialSteps, stepsFromJob, tickSimulated } from './generation-progress';
import { useGenerationProgress } from './use-generation-progress';

describe('simulated progress', () => {
  it('starts with the first of six steps in progress', () => {
    const steps = initialSteps();
    expect(steps.map((s) => s.label)).toEqual([...progressSteps]);
    expect(steps.map((s) => s.status)).toEqual(['in-progress', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('adds 10% per tick and hands over to the next step at 100', () => {
    let steps = initialSteps();
    for (let i = 0; i < 9; i++) steps = tickSimulated(steps);
    expect(steps[0]).toMatchObject({ status: 'in-progress', progress: 90 });
    steps = tickSimulated(steps);
    expect(steps[0]).toMatchObject({ status: 'complete', progress: 100 });
    expect(steps[1]).toMatchObject({ status: 'in-progress', progress: 0 });
    for (let i = 0; i < 100; i++) steps = tickSimulated(steps);
    expect(steps.every((s) => s.status === 'complete' && s.progress === 100)).toBe(true);
  });

  it('maps a job stage and percent onto the steps', () => {
    const steps = stepsFromJob({ status: 'running', stage: 2, percent: 45 });
    expect(steps.map((s) => s.status)).toEqual(['complete', 'complete', 'in-progress', 'pending', 'pending', 'pending']);
    expect(steps[2].progress).toBe(45);
    expect(stepsFromJob({ status: 'done', stage: 5, percent: 100 }).every((s) => s.status === 'complete')).toBe(true);
  });
});

describe('useGenerationProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks the simulation every 600 ms while the job endpoint answers 404', async () => {
    const calls = mockFetch({});
    const { result } = renderHook(() => useGenerationProgress('job-abcdef12', false));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current.steps[0]).toMatchObject({ status: 'in-progress', progress: 10 });
    await act(() => vi.advanceTimersByTimeAsync(600 * 10));
    expect(result.current.steps[0].status).toBe('complete');
    expect(result.current.steps[1]).toMatchObject({ status: 'in-progress', progress: 10 });
    expect(calls.filter((c) => c.key === 'GET /api/generation-jobs/job-abcdef12').length).toBeGreaterThanOrEqual(10);
  });

  it('shows the real stage once the job answers and stops simulating', async () => {
    let job: unknown = null;
    mockFetch({
      'GET /api/generation-jobs/job-abcdef12': () => (job ? json(job) : json({ message: 'Not found', code: 'NOT_FOUND' }, 404)),
    });
    const { result } = renderHook(() => useGenerationProgress('job-abcdef12', false));
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(result.current.steps[0].progress).toBe(20);

    job = { jobId: 'job-abcdef12', status: 'running', stage: 3, percent: 40, message: 'Ranking 120 chunks' };
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current.steps.map((s) => s.status)).toEqual(['complete', 'complete', 'complete', 'in-progress', 'pending', 'pending']);
    expect(result.current.steps[3].progress).toBe(40);
    expect(result.current.detail).toBe('Ranking 120 chunks');
    // The server still says 40%: the simulation must not push it further.
    await act(() => vi.advanceTimersByTimeAsync(1800));
    expect(result.current.steps[3].progress).toBe(40);
  });

  it('marks every step complete when the generation finished', async () => {
    mockFetch({});
    const { result, rerender } = renderHook(({ done }) => useGenerationProgress('job-abcdef12', done), { initialProps: { done: false } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    rerender({ done: true });
    expect(result.current.steps.every((s) => s.status === 'complete' && s.progress === 100)).toBe(true);
  });
});
