/**
 * Glyphs a ToUnicode map names U+0000 in a font that gives no glyph names (a browser's print of a notebook: composite
 * TrueType fonts, subset, no 'post' names, no GSUB). Its ligatures ("ffi" in "Afficher", "fi" in "filtre") and
 * contextual letters (the "f" before "t" of "shifté") are unread. A glyph is one and the same text everywhere it is
 * drawn, so each glyph (font and code) is read from the document's own words: the ligature that turns the most of the
 * words it stands in into words the document prints in full elsewhere ("filtre", "vérifier" set in another font), when
 * no other reading does as well. A glyph no word settles stays unread (U+FFFD, the page named in the warning).
 */
import { codeKey } from './pdf-actual-text';
import type { PdfItem, PdfPage } from './pdf-types';

/** What a nameless glyph can stand for: the Latin ligatures, and a letter drawn in a contextual form. */
const candidates = ['fi', 'fl', 'ff', 'ffi', 'ffl', 'ft', 'st', 'f', 't', 'i', 'l'];

/** Placeholders for nameless glyphs while the pages are read: plane 15's private use area, never in a text font's words. */
const first = 0xf0000;
const isPlaceholder = (cp: number) => cp >= first && cp < first + 0xfffd;
export const placeholderPattern = /[\u{F0000}-\u{FFFFD}]/gu;
const hasPlaceholder = /[\u{F0000}-\u{FFFFD}]/u;

/** The document's register of nameless glyphs: a placeholder character for each font and code. */
export class NamelessGlyphs {
  private readonly byKey = new Map<string, string>();
  /** The text the file itself gives glyphs (ActualText, by code key: pdf-actual-text.ts), once read. */
  actualText?: ReadonlyMap<string, string>;

  /** A glyph's reading: the file's ActualText for it, else its placeholder until the words read it. */
  read(font: string, code: number): string | undefined {
    return this.actualText?.get(codeKey(code)) ?? this.placeholder(font, code);
  }

  /** The placeholder for the glyph of `code` in font `font` (the same for every page). */
  placeholder(font: string, code: number): string | undefined {
    const key = `${font}\u0001${code}`;
    let ch = this.byKey.get(key);
    if (!ch) {
      if (this.byKey.size >= 0xfffd) return undefined;
      ch = String.fromCodePoint(first + this.byKey.size);
      this.byKey.set(key, ch);
    }
    return ch;
  }

  get size(): number {
    return this.byKey.size;
  }
}

/** Letters and placeholders; an elision's apostrophe parts its words ("l'" + "effet"). */
const wordPattern = /[\p{L}\u{F0000}-\u{FFFFD}]+/gu;

/** The words of a page, runs set edge to edge joined (a ligature drawn as a run of its own: "A" + ffi + "cher"). */
function pageWords(items: PdfItem[]): string[] {
  let text = '';
  let prev: PdfItem | undefined;
  for (const item of items) {
    const touching =
      prev !== undefined && Math.abs(item.y - prev.y) < 0.3 * prev.size && Math.abs(item.x - (prev.x + prev.width)) < 0.3 * prev.size;
    text += (touching ? '' : ' ') + item.str;
    prev = item;
  }
  return text.match(wordPattern) ?? [];
}

const placeholdersOf = (word: string) => [...new Set([...word].filter((c) => isPlaceholder(c.codePointAt(0)!)))];

/**
 * The readings of the placeholders: each placeholder settled by the words it stands in, those that hold another
 * placeholder read once that one is settled (two rounds and more, "a" + f + fi + "cher").
 */
export function settleNamelessGlyphs(words: string[]): Map<string, string> {
  const known = new Set(words.filter((w) => placeholdersOf(w).length === 0 && !w.includes('\uFFFD')).map((w) => w.toLowerCase()));
  // A word of three letters or more besides its glyphs is evidence; "a" + one glyph is not.
  const open = words.filter((w) => placeholdersOf(w).length > 0 && (w.match(/\p{L}/gu) ?? []).length >= 3);
  const settled = new Map<string, string>();
  const readWith = (word: string, ch: string, reading: string) =>
    [...word].map((c) => (c === ch ? reading : (settled.get(c) ?? c))).join('');
  for (let changed = true; changed;) {
    changed = false;
    const pending = new Set(open.flatMap(placeholdersOf).filter((ch) => !settled.has(ch)));
    for (const ch of pending) {
      // The words it stands in whose other placeholders are settled: their reading depends on this one alone.
      const own = open.filter((w) => w.includes(ch) && placeholdersOf(w).every((c) => c === ch || settled.has(c)));
      if (own.length === 0) continue;
      const scores = candidates.map((reading) => {
        const read = own.map((w) => readWith(w, ch, reading).toLowerCase());
        return { reading, hits: read.filter((w) => known.has(w)).length };
      });
      const best = Math.max(...scores.map((s) => s.hits));
      const winners = scores.filter((s) => s.hits === best);
      if (best === 0 || winners.length > 1) continue;
      settled.set(ch, winners[0].reading);
      changed = true;
    }
    // A word whose glyphs are all read is a word of the document too ("l'e" + f + "fet" read, "E" + ff + "et" is "Effet").
    for (const w of open)
      if (placeholdersOf(w).every((c) => settled.has(c)))
        known.add(
          [...w]
            .map((c) => settled.get(c) ?? c)
            .join('')
            .toLowerCase(),
        );
  }
  return settled;
}

/**
 * Reads the placeholders of the pages' runs: settled ones become their letters, the rest U+FFFD; each page's count of
 * unread glyphs (`unmappedGlyphs`) loses those settled, and `inferredGlyphs` counts them for the reading warning.
 */
export function readNamelessGlyphs(pages: PdfPage[], glyphs: NamelessGlyphs): PdfPage[] {
  if (glyphs.size === 0) return pages;
  const settled = settleNamelessGlyphs(pages.flatMap((p) => pageWords(p.items)));
  return pages.map((page) => {
    let read = 0;
    let unread = 0;
    const items = page.items.map((item) => {
      if (!hasPlaceholder.test(item.str)) return item;
      const str = item.str.replace(placeholderPattern, (c) => {
        const reading = settled.get(c);
        if (reading) read++;
        else unread++;
        return reading ?? '\uFFFD';
      });
      return { ...item, str };
    });
    if (read === 0 && unread === 0) return page;
    const left = Math.max(0, (page.unmappedGlyphs ?? 0) - read);
    return { ...page, items, unmappedGlyphs: left || undefined, inferredGlyphs: read || undefined };
  });
}
