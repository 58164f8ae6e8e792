import type { GenerationReport } from '@common/textbook';

/** What the generation shortened or left out, chapter by chapter, under the book's notice (nothing when it kept everything). */
export function GenerationReportDetails({ report }: { report?: GenerationReport }) {
  const condensed = report?.condensed ?? [];
  const leftOut = report?.leftOut ?? [];
  if (condensed.length === 0 && leftOut.length === 0) return null;
  return (
    <details className="mb-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-medium">What the book shortened or left out</summary>
      {condensed.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {condensed.map((c, i) => (
            <li key={i}>
              {c.chapter}: {c.keptWords.toLocaleString('en')} of {c.sourceWords.toLocaleString('en')} words kept
            </li>
          ))}
        </ul>
      )}
      {leftOut.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {leftOut.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
