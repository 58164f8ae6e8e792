import { Check, CloudOff, Eye, Loader2 } from 'lucide-react';

/**
 * Where this user's edits are (docs/product.md "Typing in the editor autosaves"): connecting,
 * being sent, with the server (which stores them within seconds), or kept on this device while
 * offline until the connection comes back.
 */
export type SaveStatus = 'connecting' | 'saving' | 'saved' | 'offline' | 'read-only';

export function saveStatusOf(
  live: { connected: boolean; ready: boolean; unsynced: number; unstored: boolean; readOnly: boolean } | null,
): SaveStatus {
  if (!live || (!live.ready && live.connected)) return 'connecting';
  if (live.readOnly) return 'read-only';
  if (!live.connected) return live.ready ? 'offline' : 'connecting';
  // Saved once the database holds this browser's edits, not merely the server's memory.
  return live.unsynced > 0 || live.unstored ? 'saving' : 'saved';
}

/** The visible autosave state, in the editor card's header. */
export function SaveStatusIndicator({ status, pending }: { status: SaveStatus; pending: number }) {
  const label = {
    connecting: 'Connecting...',
    saving: 'Saving...',
    saved: 'Saved',
    offline: pending > 0 ? 'Offline - edits kept on this device' : 'Offline',
    'read-only': 'Read only',
  }[status];
  const icon = {
    connecting: <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />,
    saving: <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />,
    saved: <Check className="h-3.5 w-3.5" aria-hidden />,
    offline: <CloudOff className="h-3.5 w-3.5" aria-hidden />,
    'read-only': <Eye className="h-3.5 w-3.5" aria-hidden />,
  }[status];
  const tone = status === 'offline' ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-400';
  return (
    <span
      className={`no-print inline-flex items-center gap-1.5 text-xs font-medium ${tone}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      {icon}
      {label}
    </span>
  );
}
