import { creditParts } from '@common/book-render/credits';

/** The material's own title-page lines (course, authors, date) over the reader's contents, as on a title page; a web address in them is a link. */
export function ReaderCredits({ lines }: { lines: string[] }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="reader-credits">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {creditParts(line).map((part, k) =>
            part.href ? (
              <a key={k} href={part.href} rel="noopener noreferrer" target="_blank" className="underline">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </span>
      ))}
    </p>
  );
}
