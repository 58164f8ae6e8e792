/** Where the reader is: a chapter (and a section in it), a shared material, or the references. */
export type ReaderPlace =
  /** `target`: the anchor of a numbered figure, equation, exercise... a cross-reference leads to (common/book-render/cross-refs.ts). */
  | { kind: 'chapter'; chapter: number; section?: number; target?: string }
  | { kind: 'material'; id: number }
  | { kind: 'references' }
  /** The book's glossary or index, after its last chapter. */
  | { kind: 'back'; part: 'glossary' | 'index' };

/**
 * The place as the address's fragment, so a reload or a shared address opens the same page: #c3, #c3-s2,
 * #c3/ch3-fig-3-1, #m14, #references, #glossary, #index.
 */
export function placeToHash(place: ReaderPlace): string {
  if (place.kind === 'material') return `#m${place.id}`;
  if (place.kind === 'references') return '#references';
  if (place.kind === 'back') return `#${place.part}`;
  const page = place.section === undefined ? `#c${place.chapter + 1}` : `#c${place.chapter + 1}-s${place.section + 1}`;
  return place.target ? `${page}/${place.target}` : page;
}

export function placeFromHash(hash: string): ReaderPlace | null {
  if (hash === '#references') return { kind: 'references' };
  if (hash === '#glossary' || hash === '#index') return { kind: 'back', part: hash === '#glossary' ? 'glossary' : 'index' };
  const material = /^#m(\d{1,9})$/.exec(hash);
  if (material) return { kind: 'material', id: Number(material[1]) };
  const chapter = /^#c(\d{1,5})(?:-s(\d{1,5}))?(?:\/([A-Za-z][A-Za-z0-9-]{0,99}))?$/.exec(hash);
  if (!chapter || Number(chapter[1]) < 1) return null;
  const section = chapter[2] && Number(chapter[2]) >= 1 ? Number(chapter[2]) - 1 : undefined;
  return {
    kind: 'chapter',
    chapter: Number(chapter[1]) - 1,
    ...(section !== undefined ? { section } : {}),
    ...(chapter[3] ? { target: chapter[3] } : {}),
  };
}

export const samePlace = (a: ReaderPlace, b: ReaderPlace) => placeToHash(a) === placeToHash(b);
