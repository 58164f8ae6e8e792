import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Below 1024 px the table of contents is a slide-in drawer with a dismiss overlay. */
export function TocDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-testid="toc-overlay" className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col gap-3 overflow-y-auto border-r border-slate-200 bg-white p-4 shadow-xl animate-[toc-slide-in_200ms_ease-out] motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">Table of Contents</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-sm p-1 opacity-70 hover:opacity-100" aria-label="Close table of contents">
              <X className="h-4 w-4" />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
