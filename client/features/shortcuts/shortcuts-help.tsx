import { lazy, Suspense, useEffect, useState } from 'react';
import { isTypingTarget } from './shortcut-list';

// The dialog's code is loaded on the first "?": no page waits for it.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/** Listens for "?" (outside fields and the editor) and opens the keyboard shortcut list. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
