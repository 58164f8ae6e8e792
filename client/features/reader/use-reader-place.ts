import { useEffect, useMemo, useState } from 'react';
import type { SharedBook } from '@common/share';
import { placeFromHash, type ReaderPlace } from './reader-place';
import { readerBackMatter } from './reader-back-matter';

/** A place that exists in this book, or null. */
function validPlace(place: ReaderPlace | null, book: SharedBook): ReaderPlace | null {
  if (!place) return null;
  if (place.kind === 'references') return book.content.references.length > 0 ? place : null;
  if (place.kind === 'material') return book.materials.some((m) => m.id === place.id) ? place : null;
  if (place.kind === 'back') return readerBackMatter(book)[place.part] ? place : null;
  const chapter = book.content.chapters[place.chapter];
  if (!chapter) return null;
  return place.section === undefined || place.section < chapter.sections.length ? place : { kind: 'chapter', chapter: place.chapter };
}

/**
 * Where the reader is, kept in the address's fragment (#c2-s3): the table of contents is plain
 * links, Back and Forward step through what was read, and a reload stays on the page.
 */
export function useReaderPlace(book: SharedBook): ReaderPlace {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    window.addEventListener('popstate', onChange);
    return () => {
      window.removeEventListener('hashchange', onChange);
      window.removeEventListener('popstate', onChange);
    };
  }, []);
  return useMemo(() => validPlace(placeFromHash(hash), book) ?? { kind: 'chapter', chapter: 0 }, [hash, book]);
}
