import { AlertTriangle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { ConflictChoice, ContentConflict } from './content-merge';

function Version({ heading, html, isTitle }: { heading: string; html: string | null; isTitle: boolean }) {
  return (
    <div className="min-w-0 flex-1 rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{heading}</p>
      {html === null ? (
        <p className="text-sm italic text-slate-500">Deleted by a collaborator</p>
      ) : isTitle ? (
        <p className="text-sm">{html}</p>
      ) : (
        // Both sides are stored content the server has sanitized (or the editor's own output).
        <div className="prose-editor max-h-72 min-h-0 overflow-y-auto text-sm" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </div>
  );
}

/** A true conflict (same section changed on both sides): both texts, nothing dropped until the user picks. */
export function ConflictPanel({
  conflicts,
  onResolve,
}: {
  conflicts: ContentConflict[];
  onResolve: (key: string, choice: ConflictChoice) => void;
}) {
  if (conflicts.length === 0) return null;
  return (
    <section
      aria-label="Editing conflicts"
      className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <div className="flex items-center gap-2">
        <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden />
        <h3 className="font-semibold">Someone else changed the same text while you were editing</h3>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Autosave is paused. Choose which version to keep; keeping both places theirs after yours.
      </p>
      {conflicts.map((c) => (
        <div key={c.key} className="space-y-2" data-testid="conflict">
          <p className="text-sm font-medium">
            {c.label} {c.field === 'title' ? '(title)' : ''}
          </p>
          <div className="flex flex-col gap-3 md:flex-row">
            <Version heading="Your version" html={c.mine} isTitle={c.field === 'title'} />
            <Version heading="Their version" html={c.theirs} isTitle={c.field === 'title'} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onResolve(c.key, 'mine')}>
              Keep mine
            </Button>
            <Button size="sm" variant="outline" onClick={() => onResolve(c.key, 'theirs')}>
              Keep theirs
            </Button>
            {c.theirs !== null && (
              <Button size="sm" variant="outline" onClick={() => onResolve(c.key, 'both')}>
                Keep both
              </Button>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
