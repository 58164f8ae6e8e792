import { versionOutline } from './version-outline';

/** The content structure outline of a version: title, chapter titles with section counts, or a placeholder. */
export function VersionOutlineView({ content }: { content: unknown }) {
  const outline = versionOutline(content);
  return (
    <div data-testid="version-outline" className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      {outline.title ? <p className="mb-2 font-semibold">{outline.title}</p> : null}
      {outline.kind === 'placeholder' ? (
        <p className="italic text-slate-500">{outline.message}</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5">
          {outline.chapters.map((c, i) => (
            <li key={i}>
              <span>{c.title}</span>{' '}
              <span className="text-slate-500">
                ({c.sectionCount} {c.sectionCount === 1 ? 'section' : 'sections'})
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
