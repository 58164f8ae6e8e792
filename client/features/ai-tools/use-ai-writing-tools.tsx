import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { TextbookContent } from '@common/textbook';
import type { EditorSelection } from '../editor/editor-selection';
import { ExpandChip } from './expand-chip';
import { ExpansionFooter } from './expansion-footer';
import { ProposalDialog } from './proposal-dialog';
import { TextExpansionDialog } from './text-expansion-dialog';
import { useParagraphExpansion, type EditorLocation } from './use-paragraph-expansion';
import { useStructureExpansion } from './use-structure-expansion';

export interface AiWritingTools {
  /** For the workspace's editor footer slot: rendered with the current chapter and section. */
  editorFooter: (location: EditorLocation) => ReactNode;
  onSelectionChange: (selection: EditorSelection | null) => void;
  /** The floating chip and the expansion dialog. */
  overlay: ReactNode;
}

/** The AI writing tools of the textbook view: selection chip and dialog, chapter and section expansion. */
export function useAiWritingTools(opts: {
  textbookId: number | undefined;
  content: TextbookContent;
  onContentSaved: (content: TextbookContent, revision: number) => void;
  beforeRun?: () => Promise<TextbookContent | void>;
}): AiWritingTools {
  const [selection, setSelection] = useState<EditorSelection | null>(null);
  const [isChipHidden, setIsChipHidden] = useState(false);
  const location = useRef<EditorLocation>({ chapterIndex: null, sectionIndex: null });
  const paragraph = useParagraphExpansion(opts.textbookId, location);
  const structure = useStructureExpansion(opts);

  const onSelectionChange = useCallback((next: EditorSelection | null) => {
    setSelection(next);
    setIsChipHidden(false);
  }, []);
  const onLocation = useCallback((next: EditorLocation) => {
    const moved = next.chapterIndex !== location.current.chapterIndex || next.sectionIndex !== location.current.sectionIndex;
    location.current = next;
    // Another chapter or section means another editor: the old selection no longer exists.
    if (moved) setSelection(null);
  }, []);
  const dismissChip = useCallback(() => setIsChipHidden(true), []);
  const { start } = paragraph;
  const expandSelection = useCallback(() => {
    setIsChipHidden(true);
    void start(selection);
  }, [start, selection]);

  const editorFooter = (at: EditorLocation) => (
    <ExpansionFooter
      textbookId={opts.textbookId}
      content={opts.content}
      chapterIndex={at.chapterIndex}
      sectionIndex={at.sectionIndex}
      busy={structure.busy}
      onLocation={onLocation}
      onExpandSelection={expandSelection}
      onExpandChapter={(ci) => void structure.runChapter(ci)}
      onExpandSection={(ci, si) => void structure.runSection(ci, si)}
    />
  );
  const overlay = (
    <>
      <ExpandChip selection={isChipHidden || paragraph.state ? null : selection} onExpand={expandSelection} onDismiss={dismissChip} />
      <TextExpansionDialog state={paragraph.state} onCancel={paragraph.cancel} onApply={paragraph.apply} />
      <ProposalDialog
        proposal={structure.proposal}
        busy={structure.busy === 'saving'}
        onAccept={(declined) => void structure.accept(declined)}
        onDiscard={structure.discard}
      />
    </>
  );
  return { editorFooter, onSelectionChange, overlay };
}
