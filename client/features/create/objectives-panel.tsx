import { Target } from 'lucide-react';
import { CollapsiblePanel } from './collapsible-panel';

export function ObjectivesPanel({ objectives, isOpen, onToggle }: { objectives: string[]; isOpen: boolean; onToggle: () => void }) {
  return (
    <CollapsiblePanel
      title="Learning Objectives"
      icon={<Target className="h-4 w-4" />}
      badge={String(objectives.length)}
      isOpen={isOpen}
      onToggle={onToggle}
      testId="panel-objectives"
    >
      {objectives.length === 0 ? (
        <p className="text-sm text-slate-500">No learning objectives were found in this material.</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {objectives.map((o, i) => (
            <li key={i}>{o}</li>
          ))}
        </ol>
      )}
    </CollapsiblePanel>
  );
}
