import { lazy, Suspense, type ReactNode } from 'react';
import type { RichTextEditorProps } from './editor-selection';

const loadEditor = () => import('./rich-text-editor');

// TipTap + KaTeX are the heaviest part of the client; they load only when a section opens.
const RichTextEditorModule = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));

/** Starts loading the editor's code without mounting it (while the live document syncs). */
export function preloadRichTextEditor(): void {
  void loadEditor().catch(() => {
    /* the lazy component reports a failure when it mounts */
  });
}

export function LazyRichTextEditor(props: RichTextEditorProps & { editorKey: string; fallback?: ReactNode }) {
  const { editorKey, fallback, ...rest } = props;
  return (
    <Suspense fallback={fallback ?? <p className="py-12 text-center text-slate-500">Loading section content...</p>}>
      <RichTextEditorModule key={editorKey} {...rest} />
    </Suspense>
  );
}
