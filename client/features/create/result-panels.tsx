import type { Dispatch } from 'react';
import type { CreationAction, CreationState } from './creation-state';
import { EmbeddingStatus } from './embedding-status';
import { ExtractedTextPanel } from './extracted-text-panel';
import { ObjectivesPanel } from './objectives-panel';
import { OffTopicFiles } from './off-topic-files';
import { ReferencesPanel } from './references-panel';
import { SuggestionsPanel } from './suggestions-panel';

/** The four collapsible panels of docs/product.md, each shown once it has something to hold. */
export function ResultPanels({ state, dispatch }: { state: CreationState; dispatch: Dispatch<CreationAction> }) {
  const hasExtraction = state.hasExtracted;
  const hasReferences = state.references.length > 0 || state.hasPreviewedReferences;
  if (!hasExtraction && !hasReferences && state.extractedText === '') return null;
  return (
    <div className="space-y-3" aria-label="Analysis results">
      <OffTopicFiles
        files={state.offTopicFiles}
        onLeaveOut={(filename) => {
          const index = state.files.findIndex((f) => f.name === filename);
          if (index >= 0) dispatch({ type: 'removeFile', index });
          else dispatch({ type: 'keepFile', filename });
        }}
        onKeep={(filename) => dispatch({ type: 'keepFile', filename })}
      />
      {state.removedSinceExtraction.length > 0 && (
        <p role="status" className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700" data-testid="preview-stale">
          The text and objectives below still include {state.removedSinceExtraction.join(', ')}. Preview Extracted Content again to see them
          without {state.removedSinceExtraction.length === 1 ? 'it' : 'them'}; the book is made from the files listed above.
        </p>
      )}
      {state.extractedText !== '' && (
        <ExtractedTextPanel
          text={state.extractedText}
          warnings={state.extractWarnings}
          summaries={state.extractSummaries}
          isOpen={state.open.text}
          onToggle={() => dispatch({ type: 'togglePanel', panel: 'text' })}
        />
      )}
      {state.sourceIds.length > 0 && <EmbeddingStatus sourceIds={state.sourceIds} />}
      {hasExtraction && (
        <ObjectivesPanel
          objectives={state.objectives}
          isOpen={state.open.objectives}
          onToggle={() => dispatch({ type: 'togglePanel', panel: 'objectives' })}
        />
      )}
      {hasExtraction && (
        <SuggestionsPanel
          suggestions={state.suggestions}
          isOpen={state.open.suggestions}
          onToggle={() => dispatch({ type: 'togglePanel', panel: 'suggestions' })}
        />
      )}
      {(hasReferences || hasExtraction) && (
        <ReferencesPanel
          references={state.references}
          sources={state.referenceSources}
          isOpen={state.open.references}
          onToggle={() => dispatch({ type: 'togglePanel', panel: 'references' })}
          onToggleReference={(index) => dispatch({ type: 'toggleReference', index })}
        />
      )}
    </div>
  );
}
