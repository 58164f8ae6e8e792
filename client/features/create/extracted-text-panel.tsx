import { FileText } from 'lucide-react';
import { CollapsiblePanel } from './collapsible-panel';

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function ExtractedTextPanel({
  text,
  warnings = [],
  summaries = [],
  isOpen,
  onToggle,
}: {
  text: string;
  /** What the files could not give, shown above the text so a missing page is never a surprise. */
  warnings?: string[];
  /** What was read from slides and scans, so the user knows notes were kept and pages were recognized. */
  summaries?: string[];
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <CollapsiblePanel
      title="Extracted Source Text"
      icon={<FileText className="h-4 w-4" />}
      badge={`${wordCount(text).toLocaleString()} words`}
      isOpen={isOpen}
      onToggle={onToggle}
      testId="panel-extracted-text"
    >
      {summaries.length > 0 && (
        <ul className="mb-2 space-y-1 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-900" data-testid="extract-summaries">
          {summaries.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul
          className="mb-2 space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="extract-warnings"
        >
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm leading-6 dark:bg-slate-950">
        {text}
      </div>
    </CollapsiblePanel>
  );
}
