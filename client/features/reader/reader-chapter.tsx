import { useLayoutEffect, useRef } from 'react';
import type { ReaderUnitsHtml } from '@common/book-render/reader-html';
import { chapterSourcesLine } from '@common/book-render/chapter-sources';
import type { Chapter } from '@common/textbook';
import { BookHtml } from './book-html';
import { linkGlossaryTerms } from './glossary-links';

export const sectionElementId = (chapter: number, section: number) => `reader-c${chapter + 1}-s${section + 1}`;

/**
 * One chapter with all its sections, as it reads and as it prints (each chapter starts a new page); `numbered`: its
 * text with numbers and cross-reference links where they change it (common/book-render/reader-html.ts);
 * `glossaryTerms`: the first use of each links to the glossary.
 */
export function ReaderChapter({
  chapter,
  index,
  numbered,
  glossaryTerms = [],
}: {
  chapter: Chapter;
  index: number;
  numbered?: ReaderUnitsHtml['chapters'][number];
  glossaryTerms?: string[];
}) {
  const headingId = `reader-c${index + 1}-title`;
  const sourcesLine = chapterSourcesLine(chapter.sourceFiles);
  const ref = useRef<HTMLElement>(null);
  // After the text is in place (children's effects run first): the first use of each glossary term links to the glossary.
  useLayoutEffect(() => {
    if (ref.current) linkGlossaryTerms(ref.current, glossaryTerms, '#glossary');
  }, [chapter, numbered, glossaryTerms]);
  return (
    <article ref={ref} className="reader-chapter" aria-labelledby={headingId}>
      <p className="text-sm font-medium uppercase tracking-wide text-indigo-700 dark:text-indigo-300">Chapter {index + 1}</p>
      <h2 id={headingId} className="mb-4 text-3xl font-bold">
        {chapter.title}
      </h2>
      {sourcesLine && (
        <p data-testid="reader-chapter-sources" className="-mt-2 mb-4 text-sm italic text-slate-600 dark:text-slate-400">
          {sourcesLine}
        </p>
      )}
      {chapter.content && <BookHtml html={numbered?.content ?? chapter.content} />}
      {chapter.sections.map((section, s) => (
        <section
          key={section.id ?? s}
          id={sectionElementId(index, s)}
          aria-labelledby={`${sectionElementId(index, s)}-title`}
          className="mt-8"
        >
          <h3 id={`${sectionElementId(index, s)}-title`} className="mb-2 text-2xl font-semibold">
            {section.title}
          </h3>
          <BookHtml html={numbered?.sections[s] ?? section.content} />
        </section>
      ))}
    </article>
  );
}
