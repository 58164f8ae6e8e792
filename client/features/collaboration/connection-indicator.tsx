import { Wifi, WifiOff } from 'lucide-react';
import { cn } from '@client/lib/cn';

/**
 * Whether edits reach collaborators right now; offline, that edits are kept and will merge. On a phone it says it in
 * one word in a box of fixed width, so the row beside it does not rewrap (and move the page) when the state changes.
 */
export function ConnectionIndicator({ connected, keptOffline = false }: { connected: boolean; keptOffline?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="connection-indicator"
      data-connected={connected ? 'true' : 'false'}
      className={cn(
        'inline-flex w-32 items-center gap-2 rounded-md px-3 py-1.5 text-sm sm:w-auto',
        connected
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
          : 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
      )}
    >
      {connected ? <Wifi className="h-4 w-4" aria-hidden /> : <WifiOff className="h-4 w-4" aria-hidden />}
      <span>
        <span className="sm:hidden">{connected ? 'Connected' : 'Offline'}</span>
        <span className="hidden sm:inline">
          {connected ? 'Connected to collaboration server' : "Offline - Changes won't sync with collaborators"}
        </span>
        {!connected && keptOffline && (
          <span className="block text-xs" data-testid="offline-kept">
            Your edits are kept on this device and merge when you reconnect.
          </span>
        )}
      </span>
    </div>
  );
}
