import { placeToHash } from './reader-place';
import type { SearchHit } from './reader-search';

/** What a search found, in reading order, each with the words in context; choosing one opens that page. */
export function ReaderSearchResults({ hits, limit, onChoose }: { hits: readonly SearchHit[]; limit: number; onChoose: () => void }) {
  return (
    <section aria-label="Search results" className="flex flex-col gap-2">
      <p role="status" className="px-2 text-sm text-slate-700 dark:text-slate-300">
        {hits.length === 0
          ? 'Nothing in this book matches.'
          : hits.length >= limit
            ? `The first ${limit} places that match:`
            : `${hits.length} ${hits.length === 1 ? 'place matches' : 'places match'}:`}
      </p>
      <ol className="flex flex-col gap-1">
        {hits.map((hit) => (
          <li key={placeToHash(hit.place)}>
            <a
              href={placeToHash(hit.place)}
              onClick={onChoose}
              className="block rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span className="block font-medium text-slate-900 dark:text-slate-100">
                {hit.label}
                {hit.count > 1 && <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-400">({hit.count} times)</span>}
              </span>
              <span className="block text-slate-700 dark:text-slate-300">
                {hit.before}
                <mark className="rounded bg-amber-200 px-0.5 text-slate-900">{hit.match}</mark>
                {hit.after}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
