/**
 * A body as stored, shown read-only until the live document has synced: plain HTML (sanitized on every write, see
 * client/features/reader/book-html.tsx), no TipTap. The page then mounts one editor, bound to the live body, instead
 * of a read-only editor first and a live one after. A band the height of the toolbar keeps the text in place when
 * the editor takes over.
 */
export function EditorPreview({ html, toolbar }: { html: string; toolbar: boolean }) {
  return (
    <div className="rounded-md border border-slate-200 dark:border-slate-700" data-testid="content-preview" aria-busy="true">
      {toolbar && <div className="no-print h-[41px] border-b border-slate-200 dark:border-slate-700" aria-hidden />}
      <div className="prose-editor max-w-none px-4 py-3" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
