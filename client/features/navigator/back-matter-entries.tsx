import { BookA, ListTree } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { backMatterTitles, glossaryOf, indexOf, type GlossaryEntry, type IndexEntry } from '@common/book-render/back-matter';
import { inlineText } from '@common/book-render/book-model';
import type { TextbookContent } from '@common/textbook';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@client/components/ui/dialog';

/** A chapter (section undefined: its own text) or one of its sections. */
export interface BookPlace {
  chapter: number;
  section?: number;
}

/** "ch3s2" -> chapter 2, section 1 (zero-based), as the back matter names places. */
export function placeOfAnchor(anchor: string): BookPlace | null {
  const m = /^ch(\d+)(?:s(\d+))?$/.exec(anchor);
  if (!m) return null;
  return { chapter: Number(m[1]) - 1, ...(m[2] ? { section: Number(m[2]) - 1 } : {}) };
}

const placeButton = 'rounded px-1 text-left text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/**
 * The book's glossary and index in the workspace, as the reader and the exports show them (built from the chapters
 * as they are now, common/book-render/back-matter.ts): an entry each under the contents, a dialog listing it, and
 * every place a button that opens that part of the book.
 */
export function BackMatterEntries({ content, onSelectPlace }: { content: TextbookContent; onSelectPlace: (place: BookPlace) => void }) {
  const [open, setOpen] = useState<'glossary' | 'index' | null>(null);
  // Whether there can be any: key-term lists or index words (cheap; the whole book is read only when a list is opened).
  const hasAny = useMemo(
    () =>
      (content.indexTerms?.length ?? 0) > 0 ||
      content.chapters.some(
        (c) => /<h\d>Key Terms<\/h\d>/i.test(c.content) || c.sections.some((x) => /<h\d>Key Terms<\/h\d>/i.test(x.content)),
      ),
    [content],
  );
  // Read when a list is opened, with the book reader loaded then (the workspace does not carry the HTML parser otherwise).
  const [back, setBack] = useState<{ glossary: GlossaryEntry[]; index: IndexEntry[] } | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void import('@common/book-render/book-document').then(({ buildBookDocument }) => {
      if (!live) return;
      const doc = buildBookDocument({ topic: content.title, content, authors: [], date: '1970-01-01' });
      const chapters = doc.chapters.filter((c) => !c.backMatter);
      const glossary = glossaryOf(chapters, doc.language);
      setBack({ glossary, index: indexOf(chapters, [...glossary.map((g) => g.term), ...(content.indexTerms ?? [])], doc.language) });
    });
    return () => {
      live = false;
    };
  }, [content, open]);
  if (!hasAny) return null;
  const titles = backMatterTitles(content.language ?? 'en');
  const go = (anchor: string) => {
    const place = placeOfAnchor(anchor);
    if (!place) return;
    setOpen(null);
    onSelectPlace(place);
  };
  const entry = 'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <section aria-label="Back matter" className="border-t border-slate-200 pt-3 dark:border-slate-700">
      <button type="button" className={entry} onClick={() => setOpen('glossary')}>
        <BookA className="h-4 w-4 text-slate-500" aria-hidden />
        {titles.glossary}
      </button>
      <button type="button" className={entry} onClick={() => setOpen('index')}>
        <ListTree className="h-4 w-4 text-slate-500" aria-hidden />
        {titles.index}
      </button>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{open === 'index' ? titles.index : titles.glossary}</DialogTitle>
          </DialogHeader>
          {back && !back[open === 'index' ? 'index' : 'glossary'].length && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {open === 'index'
                ? 'No index entries: no key term or index word of the material occurs in the text.'
                : 'No glossary entries: no key term is defined by a whole sentence.'}
            </p>
          )}
          {back && open === 'glossary' && (
            <dl className="flex flex-col gap-3 text-sm">
              {back.glossary.map((g) => (
                <div key={g.anchor}>
                  <dt className="font-semibold">{g.term}</dt>
                  <dd>
                    {inlineText(g.definition)}{' '}
                    <button type="button" className={placeButton} onClick={() => go(g.definedIn.anchor)}>
                      ({g.definedIn.title})
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {back && open === 'index' && (
            <ul className="flex flex-col gap-1.5 text-sm">
              {back.index.map((e) => (
                <li key={e.term}>
                  <span className="font-semibold">{e.term}</span>:{' '}
                  {e.places.map((p, i) => (
                    <span key={p.anchor}>
                      {i > 0 && '; '}
                      <button type="button" className={placeButton} onClick={() => go(p.anchor)}>
                        {p.title}
                      </button>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
