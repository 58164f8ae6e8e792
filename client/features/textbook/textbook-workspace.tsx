import { ListTree, Lightbulb, Quote } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { limits } from '@common/limits';
import type { TextbookContent } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { EditorCard, type LiveEditing } from '../editor/editor-card';
import type { EditorSelection } from '../editor/editor-selection';
import { materialKey, type EducationalMaterial } from '../materials-viewer/educational-material';
import { EducationalContentViewer } from '../materials-viewer/educational-content-viewer';
import { SourcesPanel } from '../provenance/sources-panel';
import { BackMatterEntries, type BookPlace } from '../navigator/back-matter-entries';
import { ExerciseEntries } from '../navigator/exercise-entries';
import { TextbookNavigator } from '../navigator/textbook-navigator';
import { useNavigator } from '../navigator/use-navigator';
import { TocDrawer } from './toc-drawer';
import { useMediaQuery } from './use-media-query';

export interface TextbookWorkspaceProps {
  textbookId: number;
  title: string;
  content: TextbookContent;
  materials: readonly EducationalMaterial[];
  onEdit?: (chapterIndex: number, sectionIndex: number | null, html: string) => void;
  /** The textbook's live document: the editor binds the selected body to it. */
  live?: LiveEditing | null;
  /** The autosave state, shown in the editor card's header. */
  status?: ReactNode;
  /** Shown above the editor. */
  banner?: ReactNode;
  /** Slots for the AI tools: toolbar controls, the card's bottom-right, the selection. */
  extraToolbar?: ReactNode;
  /** A node, or a function of the selected chapter and section (the AI expansion buttons depend on them). */
  editorFooter?: ReactNode | ((location: { chapterIndex: number | null; sectionIndex: number | null }) => ReactNode);
  onSelectionChange?: (selection: EditorSelection | null) => void;
  /** Told whenever the selection moves (both indexes, docs/product.md). */
  onSelect?: (chapterIndex: number, sectionIndex: number | null) => void;
  /** Buttons for the shown educational item (delete). */
  materialActions?: (material: EducationalMaterial) => ReactNode;
  /** Side cards (collaborators, materials generator): a third column when wide, under the editor otherwise. */
  side?: ReactNode;
}

/**
 * The reader/editor workspace of docs/product.md: table of contents beside (or, narrow, over) the content.
 * One grid so nothing waits on a taller neighbour: from 1280 px the side cards are a third column
 * beside the editor; from 1024 px they sit under the editor, beside each other; narrower, stacked.
 */
export function TextbookWorkspace(props: TextbookWorkspaceProps) {
  const {
    textbookId,
    title,
    content,
    materials,
    onEdit,
    live,
    status,
    banner,
    extraToolbar,
    editorFooter,
    onSelectionChange,
    onSelect,
    materialActions,
    side,
  } = props;
  const isWide = useMediaQuery(`(min-width: ${limits.mobileDrawerBreakpointPx}px)`);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [material, setMaterial] = useState<EducationalMaterial | null>(null);
  const [showSources, setShowSources] = useState(false);

  const navigator = useNavigator(content.chapters, (sel) => {
    // Choosing a chapter or section brings the editor back in place of an educational item.
    setMaterial(null);
    onSelect?.(sel.chapterIndex, sel.sectionIndex);
  });
  const { selectSection, clearSelection } = navigator;

  // A chosen chapter shows its first section. A chapter that gains sections while chosen
  // (Expand Chapter, a collaborator's save) moves to its first one instead of 'Select a section to view content'.
  const { selectedChapter, selectedSection } = navigator.state;
  const chosenHasSections = selectedChapter !== null && (content.chapters[selectedChapter]?.sections.length ?? 0) > 0;
  useEffect(() => {
    if (selectedChapter !== null && selectedSection === null && chosenHasSections) selectSection(selectedChapter, 0);
  }, [selectedChapter, selectedSection, chosenHasSections, selectSection]);

  const chooseSection = useCallback(
    (chapterIndex: number, sectionIndex: number) => {
      selectSection(chapterIndex, sectionIndex);
      setIsDrawerOpen(false);
    },
    [selectSection],
  );

  const chooseMaterial = useCallback(
    (m: EducationalMaterial) => {
      clearSelection();
      setMaterial(m);
      setIsDrawerOpen(false);
    },
    [clearSelection],
  );

  // A chosen item that has since been replaced (same title + type) shows its newest version; a deleted one leaves the view.
  const shownMaterial = material ? (materials.find((m) => materialKey(m) === materialKey(material)) ?? null) : null;

  // A place the glossary or the index points at: a section, or a chapter (its first section, or the chapter itself).
  const choosePlace = useCallback(
    (place: BookPlace) => {
      const sections = content.chapters[place.chapter]?.sections.length ?? 0;
      if (place.section !== undefined || sections > 0) chooseSection(place.chapter, place.section ?? 0);
      else {
        setMaterial(null);
        if (selectedChapter !== place.chapter) navigator.toggleChapter(place.chapter);
        setIsDrawerOpen(false);
      }
    },
    [content.chapters, chooseSection, selectedChapter, navigator],
  );

  const navigatorPanel = (
    <>
      <TextbookNavigator
        title={title}
        chapters={content.chapters}
        navigator={navigator}
        materials={materials}
        selectedMaterialKey={shownMaterial ? materialKey(shownMaterial) : null}
        onSelectSection={chooseSection}
        onSelectMaterial={chooseMaterial}
      />
      <BackMatterEntries content={content} onSelectPlace={choosePlace} />
      <ExerciseEntries content={content} onSelectPlace={choosePlace} />
    </>
  );

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-6 xl:grid-cols-[15rem_minmax(0,1fr)_17rem] xl:gap-5">
      {isWide ? (
        <aside
          aria-label="Table of contents"
          className="no-print sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 lg:col-start-1 lg:row-span-2 lg:row-start-1 xl:row-span-1 dark:border-slate-800 dark:bg-slate-900"
        >
          {navigatorPanel}
        </aside>
      ) : (
        <>
          <Button
            variant="outline"
            className="no-print self-start"
            aria-label="Open table of contents"
            onClick={() => setIsDrawerOpen(true)}
          >
            <ListTree className="h-4 w-4" aria-hidden /> Contents
          </Button>
          <TocDrawer open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            {navigatorPanel}
          </TocDrawer>
        </>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-4 lg:col-start-2 lg:row-start-1">
        {shownMaterial ? (
          <EducationalContentViewer material={shownMaterial} actions={materialActions?.(shownMaterial)} textbookId={textbookId} />
        ) : (
          <EditorCard
            content={content}
            selectedChapter={navigator.state.selectedChapter}
            selectedSection={navigator.state.selectedSection}
            textbookId={textbookId}
            onEdit={onEdit}
            live={live}
            status={
              <div className="flex items-center gap-2">
                {status}
                <Button
                  variant="outline"
                  size="sm"
                  className="no-print"
                  aria-pressed={showSources}
                  onClick={() => setShowSources((v) => !v)}
                >
                  <Quote className="h-4 w-4" aria-hidden /> Sources
                </Button>
              </div>
            }
            banner={banner}
            extraToolbar={extraToolbar}
            footer={
              typeof editorFooter === 'function'
                ? editorFooter({ chapterIndex: navigator.state.selectedChapter, sectionIndex: navigator.state.selectedSection })
                : editorFooter
            }
            onSelectionChange={onSelectionChange}
          />
        )}
        <Card className="no-print">
          <CardContent className="flex items-start gap-3 pt-6">
            <Lightbulb className="mt-0.5 h-5 w-5 shrink-0 text-amber-500" aria-hidden />
            <div>
              <h3 className="font-semibold">Editing Tips</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Select a section from the navigation panel to edit it. Changes save automatically a moment after you stop typing. Write math
                between dollar signs: $x^2$ inline, $$x^2$$ on its own line for a block.
              </p>
            </div>
          </CardContent>
        </Card>
      </div>
      {(side || showSources) && (
        <div className="no-print grid min-w-0 content-start items-start gap-4 sm:grid-cols-2 lg:col-start-2 lg:row-start-2 xl:col-start-3 xl:row-start-1 xl:grid-cols-1">
          {showSources && (
            <SourcesPanel
              textbookId={textbookId}
              chapterIndex={navigator.state.selectedChapter}
              sectionIndex={navigator.state.selectedSection}
              onGoToSection={selectSection}
            />
          )}
          {side}
        </div>
      )}
    </div>
  );
}
