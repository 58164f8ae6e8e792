import { X } from 'lucide-react';
import { dismissToast, useToastState } from './toast-store';

/**
 * The live region is always in the page, empty between messages: screen readers only announce
 * changes to a region they already know, so one mounted together with its message is missed.
 */
export function Toaster() {
  const item = useToastState();
  const tone =
    item?.variant === 'destructive'
      ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
      : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
  // Top centre under the header: clear of the floating chat button (bottom right), form actions and file controls.
  return (
    <div
      className="no-print fixed left-1/2 top-20 z-[100] w-[360px] max-w-[calc(100vw-2rem)] -translate-x-1/2"
      role="region"
      aria-label="Notifications"
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {item && (
          <div data-testid="toast" className={`relative rounded-lg border p-4 pr-8 shadow-lg ${tone}`}>
            <div className="text-sm font-semibold" data-testid="toast-title">
              {item.title}
            </div>
            {item.description && (
              <div className="mt-1 text-sm opacity-90" data-testid="toast-description">
                {item.description}
              </div>
            )}
            {item.action && (
              <button
                type="button"
                className="mt-2 rounded border border-current px-2 py-0.5 text-sm font-medium"
                onClick={() => {
                  dismissToast(item.id);
                  item.action?.onClick();
                }}
              >
                {item.action.label}
              </button>
            )}
            <button
              type="button"
              aria-label="Dismiss"
              className="absolute right-2 top-2 rounded p-1 opacity-60 hover:opacity-100"
              onClick={() => dismissToast(item.id)}
            >
              <X className="h-4 w-4" />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
