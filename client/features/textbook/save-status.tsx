import { AlertTriangle, Check, CloudOff, Loader2, Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { SaveStatus } from './use-working-copy';

const labels: Record<SaveStatus, string> = {
  saved: 'Saved',
  pending: 'Unsaved changes',
  saving: 'Saving...',
  offline: 'Offline',
  conflict: 'Conflict',
  error: 'Save failed',
};

/** The visible autosave state: saving, saved, offline, conflict. */
export function SaveStatusIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const icon = {
    saved: <Check className="h-3.5 w-3.5" aria-hidden />,
    pending: <Pencil className="h-3.5 w-3.5" aria-hidden />,
    saving: <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />,
    offline: <CloudOff className="h-3.5 w-3.5" aria-hidden />,
    conflict: <AlertTriangle className="h-3.5 w-3.5" aria-hidden />,
    error: <AlertTriangle className="h-3.5 w-3.5" aria-hidden />,
  }[status];
  const tone =
    status === 'conflict' || status === 'error'
      ? 'text-red-600 dark:text-red-400'
      : status === 'offline'
        ? 'text-amber-600 dark:text-amber-400'
        : 'text-slate-500 dark:text-slate-400';
  return (
    <span
      className={`no-print inline-flex items-center gap-1.5 text-xs font-medium ${tone}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      {icon}
      {labels[status]}
      {(status === 'error' || status === 'offline') && (
        <Button variant="link" size="sm" className="h-auto px-1 text-xs" onClick={onRetry}>
          Retry
        </Button>
      )}
    </span>
  );
}
