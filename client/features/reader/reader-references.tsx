import type { Reference } from '@common/textbook';

/** Only web addresses become links: a reference's url field is plain text as far as the server is concerned. */
const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url);

/** The references the author approved, as a plain bibliography. */
export function ReaderReferences({ references }: { references: readonly Reference[] }) {
  return (
    <article className="reader-chapter" aria-labelledby="reader-references-title">
      <h2 id="reader-references-title" className="mb-4 text-3xl font-bold">
        References
      </h2>
      <ol className="list-decimal space-y-3 pl-6">
        {references.map((r, i) => (
          <li key={i}>
            {r.authors && <span>{r.authors}</span>}
            {r.year !== '' && <span> ({r.year})</span>}
            {(r.authors || r.year !== '') && '. '}
            <cite className="font-medium not-italic">{r.title || `Reference ${i + 1}`}</cite>
            {r.publisher && <span>. {r.publisher}</span>}
            {r.url && !isWebAddress(r.url) && <span>. {r.url}</span>}
            {isWebAddress(r.url) && (
              <>
                {'. '}
                <a
                  href={r.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-indigo-700 underline dark:text-indigo-300"
                >
                  {r.url}
                </a>
              </>
            )}
            {r.description && !r.title && <p className="text-sm text-slate-600 dark:text-slate-300">{r.description}</p>}
          </li>
        ))}
      </ol>
    </article>
  );
}
