import { PencilLine } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { GatheredExercise } from '@common/book-render/exercise-list';
import type { TextbookContent } from '@common/textbook';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { placeOfAnchor, type BookPlace } from './back-matter-entries';

const placeButton = 'rounded px-1 text-left text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
const entry = 'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

/**
 * The exercises standing in the chapters' text, gathered per chapter as the reader and the exports print them at
 * each chapter's end (common/book-render/exercise-list.ts): an entry under the contents, a dialog listing them by
 * chapter, each a button that opens the part of the book it stands in, and whether the book has its solution.
 */
export function ExerciseEntries({ content, onSelectPlace }: { content: TextbookContent; onSelectPlace: (place: BookPlace) => void }) {
  const [open, setOpen] = useState(false);
  // Whether there can be any: a paragraph opening "Exercise 2.1" or "Exercise." (cheap; the book is read when opened).
  const hasAny = useMemo(
    () => content.chapters.some((c) => [c.content, ...c.sections.map((s) => s.content)].some((h) => /<p>(?:<strong>)?Exercise\b/.test(h))),
    [content],
  );
  const [exercises, setExercises] = useState<GatheredExercise[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void Promise.all([import('@common/book-render/book-document'), import('@common/book-render/cross-refs')]).then(
      ([{ buildBookDocument }, { crossReferenceBook }]) => {
        if (!live) return;
        const doc = buildBookDocument({ topic: content.title, content, authors: [], date: '1970-01-01', crossReferences: false });
        setExercises(crossReferenceBook(doc).stats.exercises);
      },
    );
    return () => {
      live = false;
    };
  }, [content, open]);
  if (!hasAny) return null;
  const go = (anchor: string) => {
    const place = placeOfAnchor(anchor);
    if (!place) return;
    setOpen(false);
    onSelectPlace(place);
  };
  const chapters = [...new Set((exercises ?? []).map((e) => e.chapter))];
  return (
    <section aria-label="Exercises" className="pt-1">
      <button type="button" className={entry} onClick={() => setOpen(true)}>
        <PencilLine className="h-4 w-4 text-slate-500" aria-hidden />
        Exercises
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Exercises</DialogTitle>
          </DialogHeader>
          {exercises && !exercises.length && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No exercises stand in the chapters&apos; text (an &quot;Exercises&quot; part of a chapter already gathers its own).
            </p>
          )}
          {chapters.map((c) => (
            <div key={c} className="text-sm">
              <h3 className="font-semibold">{content.chapters[c]?.title}</h3>
              <ul className="flex flex-col gap-1">
                {exercises!
                  .filter((e) => e.chapter === c)
                  .map((e) => (
                    <li key={`${e.unitAnchor}-${e.label}`}>
                      Exercise {e.label}{' '}
                      <button type="button" className={placeButton} onClick={() => go(e.unitAnchor)}>
                        ({e.unitTitle})
                      </button>
                      {e.hasSolution && ' · with a solution in the book'}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </DialogContent>
      </Dialog>
    </section>
  );
}
