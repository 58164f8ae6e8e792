import { Lightbulb } from 'lucide-react';
import { CollapsiblePanel } from './collapsible-panel';

export function SuggestionsPanel({ suggestions, isOpen, onToggle }: { suggestions: string[]; isOpen: boolean; onToggle: () => void }) {
  return (
    <CollapsiblePanel
      title="AI Content Suggestions"
      icon={<Lightbulb className="h-4 w-4" />}
      badge={String(suggestions.length)}
      isOpen={isOpen}
      onToggle={onToggle}
      testId="panel-suggestions"
    >
      {suggestions.length === 0 ? (
        <p className="text-sm text-slate-500">No suggestions for this material.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {suggestions.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
      )}
    </CollapsiblePanel>
  );
}
