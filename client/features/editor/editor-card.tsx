import { useEffect, useMemo, type ReactNode } from 'react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type { Doc } from 'yjs';
import { bodyFieldOf } from '@common/live-document';
import type { TextbookContent } from '@common/textbook';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import type { EditorSelection, LiveBinding } from './editor-selection';
import { EditorPreview } from './editor-preview';
import { LazyRichTextEditor, preloadRichTextEditor } from './lazy-rich-text-editor';

/** What the card needs of the textbook's live document (client/features/collaboration/use-live-document.ts). */
export interface LiveEditing {
  doc: Doc;
  provider: HocuspocusProvider;
  user: { name: string; color: string; id?: number };
  /** Synced once: until then the body shows read-only from the stored HTML. */
  ready: boolean;
  readOnly: boolean;
}

export interface EditorCardProps {
  content: TextbookContent;
  selectedChapter: number | null;
  selectedSection: number | null;
  textbookId: number;
  onEdit?: (chapterIndex: number, sectionIndex: number | null, html: string) => void;
  /** The live document the body binds to, when the page has one; null while the page's live document is opened. */
  live?: LiveEditing | null;
  /** Shown in the header's right corner (the autosave state). */
  status?: ReactNode;
  /** Above the editor. */
  banner?: ReactNode;
  extraToolbar?: ReactNode;
  /** Bottom-right actions of the card (the AI expand button, docs/decisions.md). */
  footer?: ReactNode;
  onSelectionChange?: (selection: EditorSelection | null) => void;
}

/** The card title of docs/product.md: the chapter title, or 'chapter title - section title'. */
export function editorCardTitle(content: TextbookContent, chapterIndex: number | null, sectionIndex: number | null): string | null {
  if (chapterIndex === null) return null;
  const chapter = content.chapters[chapterIndex];
  if (!chapter) return null;
  if (sectionIndex === null) return chapter.title;
  const section = chapter.sections[sectionIndex];
  return section ? `${chapter.title} - ${section.title}` : chapter.title;
}

function Placeholder({ text }: { text: string }) {
  return <p className="py-16 text-center text-slate-500 dark:text-slate-400">{text}</p>;
}

export function EditorCard({
  content,
  selectedChapter,
  selectedSection,
  textbookId,
  onEdit,
  status,
  banner,
  extraToolbar,
  footer,
  onSelectionChange,
  live,
}: EditorCardProps) {
  const chapter = selectedChapter === null ? undefined : content.chapters[selectedChapter];
  const section = chapter && selectedSection !== null ? chapter.sections[selectedSection] : undefined;
  const title = editorCardTitle(content, selectedChapter, selectedSection);
  const bodyId = section ? section.id : chapter?.sections.length === 0 ? chapter.id : undefined;
  // One binding per body, kept while the document's counters change, so the editor is not rebuilt.
  const doc = live?.doc;
  const provider = live?.provider;
  const userName = live?.user.name;
  const userColor = live?.user.color;
  const userId = live?.user.id;
  const binding = useMemo<LiveBinding | undefined>(
    () =>
      doc && provider && bodyId && userName && userColor
        ? { doc, provider, field: bodyFieldOf(bodyId), user: { name: userName, color: userColor, id: userId } }
        : undefined,
    [doc, provider, bodyId, userName, userColor, userId],
  );
  const isLive = Boolean(binding && live?.ready);
  // The editor's code loads while the live document syncs, so the editor mounts once, bound, right after. It starts
  // once the stored body has been painted and the browser is idle (three seconds at most), so neither the first paint nor
  // the page's largest one shares the network or the main thread with the editor's 200 KB.
  // `null` (not `undefined`): the page has a live document that is still being opened; the body waits for it too,
  // rather than mounting an editor that the live one replaces a moment later.
  const opening = live === null;
  const waiting = (Boolean(binding) && !isLive) || opening;
  useEffect(() => {
    if (!waiting) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(preloadRichTextEditor, { timeout: 3000 });
      else timer = setTimeout(preloadRichTextEditor, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [waiting]);

  let body: ReactNode;
  if (!chapter || selectedChapter === null) {
    body = <Placeholder text="Select a chapter to view content" />;
  } else if (chapter.sections.length > 0 && !section) {
    body = <Placeholder text="Select a section to view content" />;
  } else {
    const html = section ? section.content : chapter.content;
    // One editor per chapter/section, keyed by its stable id, so each has its own undo history.
    const key = section ? `s:${section.id ?? `${selectedChapter}.${selectedSection}`}` : `c:${chapter.id ?? selectedChapter}`;
    const editable = binding ? isLive && !live?.readOnly : true;
    // Before the first sync: the stored HTML, read-only, without an editor (nothing typed is lost); then one editor
    // bound to the body's fragment.
    const preview = binding || opening ? <EditorPreview html={html} toolbar={!live?.readOnly} /> : undefined;
    body = waiting ? (
      preview
    ) : (
      <LazyRichTextEditor
        editorKey={`${key}:${isLive ? 'live' : 'local'}`}
        fallback={preview}
        content={html}
        textbookId={textbookId}
        onChange={(next) => onEdit?.(selectedChapter, section ? selectedSection : null, next)}
        extraToolbar={extraToolbar}
        onSelectionChange={onSelectionChange}
        live={isLive ? binding : undefined}
        editable={editable}
      />
    );
  }

  return (
    <Card data-testid="editor-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2" className="text-xl leading-snug">
            {title ?? 'Content'}
          </CardTitle>
          {status}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {banner}
        {body}
        {footer && <div className="flex justify-end gap-2">{footer}</div>}
      </CardContent>
    </Card>
  );
}
