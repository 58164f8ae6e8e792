import { BookOpen, ListTree, Moon, Printer, Sun } from 'lucide-react';
import { ReaderCredits } from './reader-credits';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { licenseInfo } from '@common/book-render/license';
import type { ReaderUnitsHtml } from '@common/book-render/reader-html';
import { limits } from '@common/limits';
import type { SharedBook } from '@common/share';
import type { TextbookLicense } from '@common/textbook';
import { useTheme } from '@client/app/theme';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { EducationalContentViewer } from '../materials-viewer/educational-content-viewer';
import { TocDrawer } from '../textbook/toc-drawer';
import { useMediaQuery } from '../textbook/use-media-query';
import { ReaderBackMatterPage, readerBackMatter } from './reader-back-matter';
import { ReaderChapter, sectionElementId } from './reader-chapter';
import { placeToHash, type ReaderPlace } from './reader-place';
import { ReaderReferences } from './reader-references';
import { buildReaderIndex, searchBook } from './reader-search';
import { ReaderSearchResults } from './reader-search-results';
import { ReaderToc } from './reader-toc';
import { useReaderPlace } from './use-reader-place';
import { useSearchHighlight } from './use-search-highlight';
import './reader.css';

const resultLimit = 50;
const noUnits: ReaderUnitsHtml = { chapters: [] };

function ChapterPager({ book, chapter }: { book: SharedBook; chapter: number }) {
  const previous = book.content.chapters[chapter - 1];
  const next = book.content.chapters[chapter + 1];
  // After the last chapter, the glossary (or the index) follows.
  const back = readerBackMatter(book);
  const after = next ? null : back.glossary ? ('glossary' as const) : back.index ? ('index' as const) : null;
  if (!previous && !next && !after) return null;
  const link = 'rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <nav aria-label="Chapters" className="mt-10 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      {previous ? (
        <a href={placeToHash({ kind: 'chapter', chapter: chapter - 1 })} className={link}>
          ← Previous: {previous.title}
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a href={placeToHash({ kind: 'chapter', chapter: chapter + 1 })} className={link}>
          Next: {next.title} →
        </a>
      )}
      {after && (
        <a href={placeToHash({ kind: 'back', part: after })} className={link}>
          Next: {back[after]!.title} →
        </a>
      )}
    </nav>
  );
}

/** The page the place names: a chapter, a shared material or the references. */
function PlaceContent({ book, place, numbered }: { book: SharedBook; place: ReaderPlace; numbered: ReaderUnitsHtml }) {
  if (place.kind === 'material') {
    const material = book.materials.find((m) => m.id === place.id);
    return material ? <EducationalContentViewer material={material} /> : null;
  }
  if (place.kind === 'references') return <ReaderReferences references={book.content.references} />;
  if (place.kind === 'back') return <ReaderBackMatterPage book={book} part={place.part} />;
  const chapter = book.content.chapters[place.chapter];
  if (!chapter) return <p>This textbook has no chapters yet.</p>;
  return (
    <>
      <ReaderChapter
        chapter={chapter}
        index={place.chapter}
        numbered={numbered.chapters[place.chapter]}
        glossaryTerms={readerBackMatter(book).terms}
      />
      <ChapterPager book={book} chapter={place.chapter} />
    </>
  );
}

/** The licence the owner chose, linked to its terms where it has them. */
function ReaderLicense({ license }: { license: TextbookLicense }) {
  const { name, url } = licenseInfo[license];
  if (!url) return <span>{name}.</span>;
  return (
    <span>
      Licence:{' '}
      <a href={url} rel="license noopener noreferrer" target="_blank" className="underline">
        {name}
      </a>
      .
    </span>
  );
}

/**
 * The reader page of a shared textbook (docs/product.md, "Reader link"): read-only, no account,
 * no app navigation. One chapter at a time on screen; printing lays out the whole book.
 */
export function ReaderView({ book }: { book: SharedBook }) {
  const place = useReaderPlace(book);
  const { theme, toggleTheme } = useTheme();
  const isWide = useMediaQuery(`(min-width: ${limits.mobileDrawerBreakpointPx}px)`);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [highlight, setHighlight] = useState('');
  const [isPrintingBook, setIsPrintingBook] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const title = book.content.title || book.topic;

  const index = useMemo(() => buildReaderIndex(book.content), [book.content]);
  // Numbered by the server (common/book-render/reader-prepared.ts); without it, the stored text as it is.
  const numbered: ReaderUnitsHtml = book.reader?.units ?? noUnits;
  const hits = useMemo(() => searchBook(index, book.materials, deferredQuery, resultLimit), [index, book.materials, deferredQuery]);

  useEffect(() => {
    document.title = `${title} (read-only)`;
  }, [title]);

  // A new page starts at its top, or at the section chosen, or at the figure, equation... a cross-reference names.
  useEffect(() => {
    const target =
      place.kind === 'chapter' && place.target
        ? document.getElementById(place.target)
        : place.kind === 'chapter' && place.section !== undefined
          ? document.getElementById(sectionElementId(place.chapter, place.section))
          : null;
    if (target) target.scrollIntoView?.({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [place]);

  useSearchHighlight(contentRef, highlight, place);

  // Printing a chapter prints the book: every chapter, each on a new page. A material prints alone.
  useEffect(() => {
    const before = () => {
      if (place.kind !== 'material') flushSync(() => setIsPrintingBook(true));
    };
    const after = () => setIsPrintingBook(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [place.kind]);

  const search = (
    <div role="search" className="flex flex-col gap-3">
      <label htmlFor="reader-search" className="sr-only">
        Search this book
      </label>
      <Input
        id="reader-search"
        type="search"
        placeholder="Search this book..."
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          if (!e.target.value.trim()) setHighlight('');
        }}
        autoComplete="off"
      />
    </div>
  );
  const navigate = () => setIsDrawerOpen(false);
  const credits = book.content.credits?.length ? <ReaderCredits lines={book.content.credits} /> : null;
  const contents = (
    <>
      {credits}
      {search}
      {query.trim() ? (
        <ReaderSearchResults
          hits={hits}
          limit={resultLimit}
          onChoose={() => {
            setHighlight(query);
            navigate();
          }}
        />
      ) : (
        <ReaderToc book={book} place={place} onNavigate={navigate} />
      )}
    </>
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow focus:ring-2 focus:ring-indigo-500"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to the text
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
          {!isWide && (
            <Button variant="ghost" size="icon" aria-label="Open table of contents" onClick={() => setIsDrawerOpen(true)}>
              <ListTree className="h-5 w-5" aria-hidden />
            </Button>
          )}
          <BookOpen className="h-5 w-5 shrink-0 text-indigo-600" aria-hidden />
          <h1 className="min-w-0 truncate text-lg font-semibold">{title}</h1>
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            Read-only
          </span>
          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={() => window.print()} aria-label="Print">
              <Printer className="h-4 w-4" aria-hidden /> <span className="hidden sm:inline">Print</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={toggleTheme}
              aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            >
              {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6">
        {isWide && (
          <aside className="no-print sticky top-20 max-h-[calc(100vh-6rem)] w-72 shrink-0 overflow-y-auto">
            <nav aria-label="Table of contents" className="flex flex-col gap-3">
              {contents}
            </nav>
          </aside>
        )}
        {!isWide && (
          <TocDrawer open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <nav aria-label="Table of contents" className="flex flex-col gap-3">
              {contents}
            </nav>
          </TocDrawer>
        )}
        <main id="main-content" tabIndex={-1} lang={book.content.language ?? 'en'} className="min-w-0 max-w-3xl flex-1 focus:outline-none">
          <div ref={contentRef}>
            {isPrintingBook ? (
              <>
                <p className="reader-print-title hidden text-4xl font-bold print:block">{title}</p>
                {book.content.credits?.map((line, i) => (
                  <p key={i} className="hidden print:block">
                    {line}
                  </p>
                ))}
                {book.content.chapters.map((chapter, c) => (
                  <ReaderChapter
                    key={chapter.id ?? c}
                    chapter={chapter}
                    index={c}
                    numbered={numbered.chapters[c]}
                    glossaryTerms={readerBackMatter(book).terms}
                  />
                ))}
                <ReaderBackMatterPage book={book} part="glossary" />
                <ReaderBackMatterPage book={book} part="index" />
                {book.content.references.length > 0 && <ReaderReferences references={book.content.references} />}
              </>
            ) : (
              <PlaceContent book={book} place={place} numbered={numbered} />
            )}
          </div>
        </main>
      </div>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        A read-only copy shared by its author with Textbook Studio.{' '}
        <ReaderLicense license={book.content.license ?? 'all-rights-reserved'} />
      </footer>
    </div>
  );
}
