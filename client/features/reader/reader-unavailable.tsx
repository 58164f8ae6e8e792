import { LinkIcon, RefreshCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** A revoked, replaced or mistyped link: said plainly, with nothing that asks for an account. */
export function ReaderUnavailable() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <LinkIcon className="mx-auto mb-4 h-10 w-10 text-slate-500" aria-hidden />
        <h1 className="mb-2 text-2xl font-bold">This link is no longer available</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The textbook's author may have turned this link off or replaced it with a new one. Ask them for the current link.
        </p>
      </div>
    </main>
  );
}

/** Any other failure (the server busy or unreachable): the link may well work on a second try. */
export function ReaderLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-2 text-2xl font-bold">The textbook could not be loaded</h1>
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{message}</p>
        <Button onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Try again
        </Button>
      </div>
    </main>
  );
}
