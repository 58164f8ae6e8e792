import { Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import type { TextbookContent } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { plainText } from './expansion-context';
import type { ExpansionBusy } from './use-structure-expansion';
import type { EditorLocation } from './use-paragraph-expansion';

export interface ExpansionFooterProps {
  textbookId: number | undefined;
  content: TextbookContent;
  chapterIndex: number | null;
  sectionIndex: number | null;
  busy: ExpansionBusy;
  onLocation: (location: EditorLocation) => void;
  onExpandSelection: () => void;
  onExpandChapter: (chapterIndex: number) => void;
  onExpandSection: (chapterIndex: number, sectionIndex: number) => void;
}

/** True for a chapter the spec lets the user expand: it has content and no sections. */
export function canExpandChapter(content: TextbookContent, chapterIndex: number | null): boolean {
  const chapter = chapterIndex === null ? undefined : content.chapters[chapterIndex];
  return !!chapter && chapter.sections.length === 0 && plainText(chapter.content).length > 0;
}

/** The editor card's bottom-right AI actions: expand the selection, the chapter (when allowed) or the section. */
export function ExpansionFooter(props: ExpansionFooterProps) {
  const { textbookId, content, chapterIndex, sectionIndex, busy, onLocation } = props;
  useEffect(() => {
    onLocation({ chapterIndex, sectionIndex });
  }, [chapterIndex, sectionIndex, onLocation]);

  const chapter = chapterIndex === null ? undefined : content.chapters[chapterIndex];
  const section = chapter && sectionIndex !== null ? chapter.sections[sectionIndex] : undefined;
  if (!chapter) return null;
  // Disabled without a textbook id or while a request runs.
  const isDisabled = !textbookId || busy !== null;
  return (
    <div className="no-print flex flex-wrap justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={!textbookId}
        onClick={props.onExpandSelection}
        title="Expand the selected text with your sources"
      >
        <Sparkles className="h-4 w-4" aria-hidden /> AI Expand
      </Button>
      {canExpandChapter(content, chapterIndex) && (
        <Button size="sm" disabled={isDisabled} onClick={() => chapterIndex !== null && props.onExpandChapter(chapterIndex)}>
          {busy === 'chapter' ? 'Expanding Chapter...' : 'Expand Chapter'}
        </Button>
      )}
      {section && (
        <Button
          size="sm"
          disabled={isDisabled}
          onClick={() => chapterIndex !== null && sectionIndex !== null && props.onExpandSection(chapterIndex, sectionIndex)}
        >
          {busy === 'section' ? 'Expanding Section...' : 'Expand Section'}
        </Button>
      )}
    </div>
  );
}
