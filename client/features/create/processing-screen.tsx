import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import type { ProgressStep } from './create.types';

function StepIcon({ status }: { status: ProgressStep['status'] }) {
  if (status === 'complete') return <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden />;
  if (status === 'in-progress') return <Loader2 className="h-5 w-5 animate-spin text-indigo-600" aria-hidden />;
  return <Circle className="h-5 w-5 text-slate-300 dark:text-slate-600" aria-hidden />;
}

/** The processing screen of spec 2: six steps with status and progress, and the wait message. */
export function ProcessingScreen({ steps, detail, notice }: { steps: ProgressStep[]; detail?: string; notice?: string }) {
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
                <span className={cn('flex-1 text-sm', step.status === 'pending' ? 'text-slate-400 dark:text-slate-500' : 'font-medium')}>{step.label}</span>
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
                  className={cn('h-full rounded-full transition-[width] duration-500', step.status === 'complete' ? 'bg-emerald-500' : 'bg-indigo-500')}
                  style={{ width: `${step.progress}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
        {detail && <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="progress-detail">{detail}</p>}
        {notice && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="generation-notice">
            {notice}
          </p>
        )}
        <p className="text-center text-sm text-slate-500 dark:text-slate-400">This may take a few minutes. Please don&apos;t close this page.</p>
      </CardContent>
    </Card>
  );
}
