import { materialTypeLabel } from '../materials-viewer/educational-material';
import type { SharedBook } from '@common/share';
import { cn } from '@client/lib/cn';
import { readerBackMatter } from './reader-back-matter';
import { placeToHash, type ReaderPlace } from './reader-place';

const linkClass = (isCurrent: boolean) =>
  cn(
    'block rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
    isCurrent ? 'bg-indigo-50 font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-slate-800 dark:text-slate-200',
  );

/**
 * The book's chapters as links, the current chapter's sections under it (a 100-chapter book stays a
 * short list), the glossary and the index, then the shared materials and the references.
 */
export function ReaderToc({ book, place, onNavigate }: { book: SharedBook; place: ReaderPlace; onNavigate?: () => void }) {
  const current = place.kind === 'chapter' ? place.chapter : null;
  const backMatter = readerBackMatter(book);
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-0.5">
        {book.content.chapters.map((chapter, c) => (
          <li key={chapter.id ?? c}>
            <a
              href={placeToHash({ kind: 'chapter', chapter: c })}
              aria-current={current === c ? 'page' : undefined}
              className={linkClass(current === c)}
              onClick={onNavigate}
            >
              <span className="tabular-nums text-slate-600 dark:text-slate-400">{c + 1}.</span> {chapter.title}
            </a>
            {current === c && chapter.sections.length > 0 && (
              <ol className="ml-5 mt-0.5 flex flex-col gap-0.5 border-l border-slate-200 pl-2 dark:border-slate-700">
                {chapter.sections.map((section, s) => (
                  <li key={section.id ?? s}>
                    <a
                      href={placeToHash({ kind: 'chapter', chapter: c, section: s })}
                      className={linkClass(place.kind === 'chapter' && place.section === s)}
                      onClick={onNavigate}
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {(['glossary', 'index'] as const).map((part) => {
        const page = backMatter[part];
        if (!page) return null;
        const isCurrent = place.kind === 'back' && place.part === part;
        return (
          <a
            key={part}
            href={placeToHash({ kind: 'back', part })}
            aria-current={isCurrent ? 'page' : undefined}
            className={linkClass(isCurrent)}
            onClick={onNavigate}
          >
            {page.title}
          </a>
        );
      })}
      {book.materials.length > 0 && (
        <section aria-labelledby="reader-materials-heading">
          <h2
            id="reader-materials-heading"
            className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
          >
            Practice materials
          </h2>
          <ul className="flex flex-col gap-0.5">
            {book.materials.map((m) => {
              const isCurrent = place.kind === 'material' && place.id === m.id;
              return (
                <li key={m.id}>
                  <a
                    href={placeToHash({ kind: 'material', id: m.id })}
                    aria-current={isCurrent ? 'page' : undefined}
                    className={linkClass(isCurrent)}
                    onClick={onNavigate}
                  >
                    {m.title}
                    <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">({materialTypeLabel(m.contentType)})</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {book.content.references.length > 0 && (
        <a
          href={placeToHash({ kind: 'references' })}
          aria-current={place.kind === 'references' ? 'page' : undefined}
          className={linkClass(place.kind === 'references')}
          onClick={onNavigate}
        >
          References
        </a>
      )}
    </div>
  );
}
