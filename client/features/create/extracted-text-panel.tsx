import { FileText } from 'lucide-react';
import { CollapsiblePanel } from './collapsible-panel';

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function ExtractedTextPanel({ text, isOpen, onToggle }: { text: string; isOpen: boolean; onToggle: () => void }) {
  return (
    <CollapsiblePanel
      title="Extracted Source Text"
      icon={<FileText className="h-4 w-4" />}
      badge={`${wordCount(text).toLocaleString()} words`}
      isOpen={isOpen}
      onToggle={onToggle}
      testId="panel-extracted-text"
    >
      <div className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm leading-6 dark:bg-slate-950">
        {text}
      </div>
    </CollapsiblePanel>
  );
}
