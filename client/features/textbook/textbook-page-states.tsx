import { AlertCircle, FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, Spinner } from '@client/components/ui/card';

function StatePanel({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
          {icon}
          <h1 className="text-xl font-semibold">{title}</h1>
          {children}
          <Link href="/saved-textbooks" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Back to My Textbooks
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

const errorIcon = <AlertCircle className="h-10 w-10 text-red-500" aria-hidden />;

export function InvalidTextbookId() {
  return (
    <StatePanel icon={errorIcon} title="Invalid Textbook ID">
      <p className="text-sm text-slate-600 dark:text-slate-300">The address does not name a textbook.</p>
    </StatePanel>
  );
}

export function TextbookLoading() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <Spinner />
      <p className="text-slate-600 dark:text-slate-300">Loading textbook...</p>
    </div>
  );
}

export function TextbookLoadError({ message }: { message: string }) {
  return (
    <StatePanel icon={errorIcon} title="Error Loading Textbook">
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
    </StatePanel>
  );
}

export function MissingTextbookContent() {
  return (
    <StatePanel icon={<FileWarning className="h-10 w-10 text-amber-500" aria-hidden />} title="Missing Textbook Content">
      <p className="text-sm text-slate-600 dark:text-slate-300">This textbook has no content yet.</p>
    </StatePanel>
  );
}

export function TextbookParseError({ reason }: { reason: string }) {
  return (
    <StatePanel icon={errorIcon} title="Error Parsing Textbook">
      <p className="text-sm text-slate-600 dark:text-slate-300">The stored content could not be read: {reason}</p>
    </StatePanel>
  );
}
