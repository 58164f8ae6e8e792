import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { isMac, shortcuts } from './shortcut-list';

/** The list of keyboard shortcuts ("?" opens it). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mod = isMac() ? 'Cmd' : 'Ctrl';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Press ? outside a text field to see this list again.</DialogDescription>
        </DialogHeader>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3 font-medium">
                Keys
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Action
              </th>
              <th scope="col" className="py-1 font-medium">
                Where
              </th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map((s) => (
              <tr key={s.does} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <td className="whitespace-nowrap py-1.5 pr-3">
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' + '}
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                        {k === 'mod' ? mod : k}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-1.5 pr-3">{s.does}</td>
                <td className="py-1.5 text-slate-600 dark:text-slate-400">{s.where}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
