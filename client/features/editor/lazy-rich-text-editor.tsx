import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './editor-selection';

// TipTap + KaTeX are the heaviest part of the client; they load only when a section opens.
const RichTextEditorModule = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export function LazyRichTextEditor(props: RichTextEditorProps & { editorKey: string }) {
  const { editorKey, ...rest } = props;
  return (
    <Suspense fallback={<p className="py-12 text-center text-slate-500">Loading section content...</p>}>
      <RichTextEditorModule key={editorKey} {...rest} />
    </Suspense>
  );
}
