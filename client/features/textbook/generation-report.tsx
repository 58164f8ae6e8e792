import type { GenerationReport } from '@common/textbook';
import { pageRangeText } from '@common/page-ranges';

/** Where a file's note falls in the book: "in “Overview”: pages 2–5; in “Methods”: page 6". */
function chapterPlaces(chapters: NonNullable<GenerationReport['fromFiles']>[number]['chapters']): string {
  return chapters.map((c) => `in “${c.chapter}”: ${pageRangeText(c.pages)}`).join('; ');
}

/**
 * What the generation shortened or left out, chapter by chapter, and what the files could not give as text (the pages
 * and why, with the chapters those pages are in), under the book's notice; nothing when it kept everything.
 */
export function GenerationReportDetails({ report }: { report?: GenerationReport }) {
  const condensed = report?.condensed ?? [];
  const leftOut = report?.leftOut ?? [];
  const fromFiles = report?.fromFiles ?? [];
  if (condensed.length === 0 && leftOut.length === 0 && fromFiles.length === 0) return null;
  return (
    <details className="mb-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-medium">
        {fromFiles.length > 0 ? 'What the book shortened, left out or could not read' : 'What the book shortened or left out'}
      </summary>
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
      {fromFiles.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 pl-5" aria-label="What the files could not give as text">
          {fromFiles.map((f, i) => (
            <li key={i}>
              {f.file}: {f.note}
              {(f.chapters ?? []).length > 0 && <span className="text-slate-600 dark:text-slate-300"> — {chapterPlaces(f.chapters)}</span>}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
