import { BookMarked } from 'lucide-react';
import { CollapsiblePanel } from './collapsible-panel';
import type { Reference, ReferenceSourceReport } from './create.types';
import { ReferenceItem } from './reference-item';

export interface ReferencesPanelProps {
  references: Reference[];
  sources: ReferenceSourceReport[];
  isOpen: boolean;
  onToggle: () => void;
  onToggleReference: (index: number) => void;
}

/** The academic references with their 'n / m approved' badge. */
export function ReferencesPanel({ references, sources, isOpen, onToggle, onToggleReference }: ReferencesPanelProps) {
  const approved = references.filter((r) => r.approved).length;
  const used = sources.filter((s) => s.isOk);
  const failed = sources.filter((s) => !s.isOk);
  return (
    <CollapsiblePanel
      title="Academic References"
      icon={<BookMarked className="h-4 w-4" />}
      badge={`${approved} / ${references.length} approved`}
      isOpen={isOpen}
      onToggle={onToggle}
      testId="panel-references"
    >
      {sources.length > 0 && (
        <div className="mb-3 space-y-0.5 text-xs text-slate-500 dark:text-slate-400" data-testid="reference-sources">
          {used.length > 0 && <p>Searched: {used.map((s) => s.name).join(', ')}</p>}
          {failed.length > 0 && (
            <p className="text-amber-700 dark:text-amber-400">
              Unavailable: {failed.map((s) => (s.detail ? `${s.name} (${s.detail})` : s.name)).join(', ')}
            </p>
          )}
        </div>
      )}
      {references.length === 0 ? (
        <p className="text-sm text-slate-500">No references found yet. Use Preview Academic References to search for some.</p>
      ) : (
        <ul className="max-h-[32rem] space-y-2 overflow-y-auto">
          {references.map((r, i) => (
            <ReferenceItem key={`${i}-${r.title}`} reference={r} onToggle={() => onToggleReference(i)} />
          ))}
        </ul>
      )}
    </CollapsiblePanel>
  );
}
