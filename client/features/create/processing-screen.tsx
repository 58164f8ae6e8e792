import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import type { ProgressStep, TextbookContent } from './create.types';

function StepIcon({ status }: { status: ProgressStep['status'] }) {
  if (status === 'complete') return <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden />;
  if (status === 'in-progress') return <Loader2 className="h-5 w-5 animate-spin text-indigo-600" aria-hidden />;
  return <Circle className="h-5 w-5 text-slate-300 dark:text-slate-600" aria-hidden />;
}

/** The processing screen of docs/product.md: six steps with status and progress, and the wait message. */
export interface OutlineReady {
  content: TextbookContent;
  /** True while the assistant is open: the redirect waits for it. */
  held: boolean;
  onOpenNow: () => void;
}

/** The outline as soon as it exists: chapters and their sections, so the assistant's edits are visible. */
function OutlinePreview({ ready }: { ready: OutlineReady }) {
  return (
    <section
      aria-label="Your textbook outline"
      className="space-y-3 rounded-md border border-emerald-200 bg-emerald-50/50 p-4 dark:border-emerald-900 dark:bg-emerald-950/30"
    >
      <h3 className="font-semibold">{ready.content.title || 'Your textbook outline'}</h3>
      <ol
        className="max-h-80 list-decimal space-y-1 overflow-y-auto pl-6 text-sm"
        data-testid="outline-preview"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must be reachable by keyboard to scroll it
        tabIndex={0}
        aria-label="Chapters and sections"
      >
        {ready.content.chapters.map((c, i) => (
          <li key={c.id ?? i}>
            <span className="font-medium">{c.title}</span>
            {c.sections.length > 0 && (
              <ul className="list-disc pl-5 text-slate-600 dark:text-slate-300">
                {c.sections.map((s, j) => (
                  <li key={s.id ?? j}>{s.title}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-slate-600 dark:text-slate-300" data-testid="redirect-status">
          {ready.held ? 'The assistant is open: your textbook opens when you close it.' : 'Opening your textbook...'}
        </span>
        <button
          type="button"
          onClick={ready.onOpenNow}
          className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700"
        >
          Open textbook now
        </button>
      </div>
    </section>
  );
}

export function ProcessingScreen({
  steps,
  detail,
  notice,
  ready,
}: {
  steps: ProgressStep[];
  detail?: string;
  notice?: string;
  ready?: OutlineReady;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Generating Your Textbook</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ol className="space-y-4" aria-label="Generation progress">
          {steps.map((step) => (
            <li key={step.label} data-testid="progress-step" data-status={step.status} className="space-y-1.5">
              <div className="flex items-center gap-3">
                <StepIcon status={step.status} />
                <span className={cn('flex-1 text-sm', step.status === 'pending' ? 'text-slate-500 dark:text-slate-400' : 'font-medium')}>
                  {step.label}
                </span>
                <span className="text-xs tabular-nums text-slate-500">{step.progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={step.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={step.progress}
                className="ml-8 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-[width] duration-500',
                    step.status === 'complete' ? 'bg-emerald-500' : 'bg-indigo-500',
                  )}
                  style={{ width: `${step.progress}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
        {detail && (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="progress-detail">
            {detail}
          </p>
        )}
        {notice && (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            data-testid="generation-notice"
          >
            {notice}
          </p>
        )}
        {ready && <OutlinePreview ready={ready} />}
        <p className="text-center text-sm text-slate-500 dark:text-slate-400">
          This may take a few minutes. Please don&apos;t close this page.
        </p>
      </CardContent>
    </Card>
  );
}
