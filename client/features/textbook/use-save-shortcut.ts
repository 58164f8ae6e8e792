import { useEffect, useRef } from 'react';
import { toast } from '@client/components/ui/toast-store';
import type { LiveDocument } from '../collaboration/use-live-document';

/**
 * Ctrl+S (Cmd+S on a Mac) on the textbook page stores the live document now and says so, instead of the
 * browser's "Save page as". Typing is saved on its own a moment after it pauses; this is for the habit.
 */
export function useSaveShortcut(live: LiveDocument | null): void {
  const ref = useRef(live);
  ref.current = live;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      const current = ref.current;
      if (!current?.connected) {
        toast({
          title: 'Offline: not saved to the server yet',
          description: 'Your edits are kept on this device and saved when you reconnect.',
          variant: 'destructive',
        });
        return;
      }
      void current
        .flush()
        .then(() => toast({ title: 'Saved', description: 'Your changes are stored.', variant: 'success', duration: 2000 }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
