import type { PdfPage } from './pdf-types';

/**
 * A slide built up over several pages (Beamer's \pause, \uncover, overlays): each page prints the page before it again, in
 * the same places, and adds to it; the last page is the whole slide. The steps before it are left out, so the slide is read
 * once: read as pages, its text was printed three times over, and a line printed at one place on half the deck's pages was
 * taken for furniture and lost. Only wide pages (slides) are steps; a page that prints anything the next page does not (a
 * word, a drawing, a link), or prints it elsewhere, is a slide of its own.
 */
export function dropOverlaySteps(pages: PdfPage[]): PdfPage[] {
  return pages.filter((page, i) => {
    const next = pages[i + 1];
    return !(next && wide(page) && wide(next) && stepOf(page, next));
  });
}

const wide = (page: PdfPage) => page.width > 1.15 * page.height;

/** Near enough to be the same place: the same run set again lands within a hair of where it was. */
const near = (a: number, b: number) => Math.abs(a - b) < 0.5;

function stepOf(page: PdfPage, next: PdfPage): boolean {
  if (page.unreadable || next.unreadable || !near(page.width, next.width) || !near(page.height, next.height)) return false;
  const items = page.items.filter((it) => it.str.trim());
  if (!items.length) return false;
  // A run of the step is a run of the next page at its place, or the start of a longer one (a line that goes on as the
  // slide is uncovered: "Sei f ... = ..." then "Sei f ... = ... Diese Funktion ist unstetig an der Stelle").
  const printed = items.every((it) =>
    next.items.some((n) => near(n.x, it.x) && near(n.y, it.y) && n.str.trimEnd().startsWith(it.str.trimEnd())),
  );
  if (!printed) return false;
  const marks = (page.marks ?? []).every((m) =>
    (next.marks ?? []).some((n) => n.kind === m.kind && near(n.x0, m.x0) && near(n.y0, m.y0) && near(n.x1, m.x1) && near(n.y1, m.y1)),
  );
  const links = (page.links ?? []).every((l) => (next.links ?? []).some((n) => n.href === l.href));
  return marks && links;
}
