import type { DocBlock, DocLink } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';
import type { PdfItem, PdfLink } from './pdf-types';

interface AnnotationLike {
  subtype?: string;
  url?: string;
  unsafeUrl?: string;
  rect?: number[];
}

// A host name ending in a top-level domain, then a path: "csun.edu/heart". A file name ("notes.pdf", "chapter2.html")
// ends in its extension, which no domain is named after.
const bareHost = /^(?:[a-z0-9-]+\.)+([a-z]{2,24})(?:[/?#]\S*)?$/i;
const fileEnding = /^(?:pdf|html?|tex|txt|md|png|jpe?g|gif|svg|docx?|pptx?|xlsx?|csv|zip|py|r|rmd|qmd|ipynb|js|css)$/i;

/**
 * Only web and mail links are kept (docs/document-model.md): a `javascript:` or `file:` target is never a link. A target
 * typed without its scheme ("csun.edu/heart") is the web page viewers open for it.
 */
export function usableHref(href: string | undefined): string | undefined {
  const h = href?.trim();
  if (!h) return undefined;
  if (/^(?:https?:\/\/\S+|mailto:\S+@\S+)$/i.test(h)) return h;
  const host = bareHost.exec(h);
  const first = h.split(/[/?#]/)[0];
  if (host && !fileEnding.test(first.slice(first.lastIndexOf('.') + 1)) && !h.includes('..')) return `https://${h}`;
  return undefined;
}

/**
 * The words of an item under [x0, x1], pdf.js giving each character an even share of the run's width: a word counts when
 * most of its characters lie inside (proportional widths are off by a character or so at the rectangle's edges).
 */
function wordsWithin(item: PdfItem, x0: number, x1: number): string {
  const chars = [...item.str];
  if (chars.length === 0 || item.width <= 0) return '';
  const step = item.width / chars.length;
  const words: string[] = [];
  let at = 0;
  for (const token of item.str.split(/(\s+)/)) {
    const n = [...token].length;
    if (token.trim()) {
      const within = [...token].map((_, i) => {
        const mid = item.x + (at + i + 0.5) * step;
        return mid >= x0 && mid <= x1;
      });
      if (within.filter(Boolean).length >= n / 2) {
        // Punctuation outside the rectangle ("list," of a link on "list") is the sentence's, not the anchor's.
        let [from, to] = [0, n];
        const chars = [...token];
        // Only an opening bracket or quote before it: a "." or ":" opening the second line of a wrapped address is the address's.
        while (from < to - 1 && !within[from] && /[([{“‘"'«]/u.test(chars[from])) from++;
        while (to > from + 1 && !within[to - 1] && /[\p{P}]/u.test(chars[to - 1])) to--;
        words.push(chars.slice(from, to).join(''));
      }
    }
    at += n;
  }
  return words.join(' ');
}

/** Whether a line's items hold a letter or a digit between x0 and x1 (each character an even share of its run's width). */
function wordsBeside(line: PdfItem[], x0: number, x1: number): boolean {
  return line.some((item) => {
    const chars = [...item.str];
    const step = item.width / Math.max(1, chars.length);
    return chars.some((c, i) => {
      const mid = item.x + (i + 0.5) * step;
      return mid > x0 && mid < x1 && /[\p{L}\p{N}]/u.test(c);
    });
  });
}

/**
 * The word printed next to an edge of a rectangle on its line, left of it (`before`) or right of it (each character an
 * even share of its run's width), when it stands within a space or so of the edge: a word across a column gap is
 * another text's. A punctuation mark after the anchor ("HEART.") is a word here too.
 */
function wordNextTo(line: PdfItem[], edge: number, side: 'before' | 'after'): string | undefined {
  const chars = line
    .flatMap((item) => {
      const cs = [...item.str];
      const step = item.width / Math.max(1, cs.length);
      return cs.map((c, i) => ({ c, x0: item.x + i * step, x1: item.x + (i + 1) * step, size: item.size }));
    })
    .filter((ch) => (side === 'before' ? ch.x0 + ch.x1 < 2 * edge : ch.x0 + ch.x1 > 2 * edge))
    .sort((a, b) => (side === 'before' ? b.x0 - a.x0 : a.x0 - b.x0));
  let word = '';
  let reach = edge;
  for (const ch of chars) {
    if (/\s/.test(ch.c)) {
      if (word) break;
      continue;
    }
    const gap = side === 'before' ? reach - ch.x1 : ch.x0 - reach;
    // Inside a word its letters touch; the first letter may stand a space or so from the rectangle.
    if (gap > (word ? 0.2 : 1.5) * ch.size) break;
    word = side === 'before' ? ch.c + word : word + ch.c;
    reach = side === 'before' ? ch.x0 : ch.x1;
  }
  return word || undefined;
}

/**
 * The page's link annotations (URI actions) with the text under each rectangle, in reading order. A link that wraps over
 * two lines comes as one rectangle per line with one target: the pieces are one anchor.
 */
export function pageLinks(annotations: AnnotationLike[], items: PdfItem[], origin: { x: number; y: number }): PdfLink[] {
  const out: PdfLink[] = [];
  const areas = annotations
    .filter((a) => a.subtype === 'Link' && a.rect?.length === 4)
    .map((a) => {
      const [ax0, ay0, ax1, ay1] = a.rect!;
      return {
        href: usableHref(a.url ?? a.unsafeUrl),
        x0: Math.min(ax0, ax1) - origin.x,
        x1: Math.max(ax0, ax1) - origin.x,
        y0: Math.min(ay0, ay1) - origin.y,
        y1: Math.max(ay0, ay1) - origin.y,
      };
    })
    .filter((a) => a.href)
    .sort((a, b) => b.y1 - a.y1 || a.x0 - b.x0);
  const onLine = (area: { y0: number; y1: number }) =>
    items.filter((i) => {
      const middle = i.y + 0.3 * i.size;
      return middle >= area.y0 - 1 && middle <= area.y1 + 1;
    });
  for (const area of areas) {
    const line = onLine(area);
    const under = line.filter((i) => i.x < area.x1 && i.x + i.width > area.x0).sort((a, b) => b.y - a.y || a.x - b.x);
    let text = under
      .map((i) => wordsWithin(i, area.x0 - 0.5, area.x1 + 0.5))
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    // A printed address or e-mail is the anchor up to its end, never the word run on after it ("...@cs.bham.ac.uk—thanks").
    const target = area.href!.replace(/^mailto:/i, '');
    if (text.length > target.length && text.includes(target)) text = target;
    // The sentence's full stop or comma right after an anchor ("... Download here.") is the sentence's.
    text = text.replace(/(?<=\S)\s?[.,;:]$/, '');
    const last = out[out.length - 1];
    // A wrapped anchor goes on at the next line's start (its first piece may run past the rectangle into the margin); two
    // anchors with one target on neighbouring lines ("[HTML format] compiled" / "... in the GitHub repository") are two links.
    const wraps = !wordsBeside(line, -Infinity, area.x0 - 0.5);
    if (last && last.href === area.href && area.y1 < last.y && wraps) {
      // The next line of a wrapped anchor: how its lines join is decided with the block's text (attachLinks).
      last.text = `${last.text}\n${text}`;
      last.y = area.y0;
      last.after = wordNextTo(line, area.x1, 'after');
      continue;
    }
    const before = wordNextTo(line, area.x0, 'before');
    const after = wordNextTo(line, area.x1, 'after');
    out.push({ text, href: area.href!, y: area.y0, ...(before ? { before } : {}), ...(after ? { after } : {}) });
  }
  return out;
}

/** Text as the blocks hold it: characters normalised as the extractor does (a TeX "˜" in an address is "~"). */
const squash = (text: string) => normalizeCharacters(text).replace(/\s+/g, ' ').trim();

/**
 * Gives each link to the block whose text holds its anchor, looking from the block of its page onwards (a paragraph that
 * starts on the page before carries the page it started on), in reading order: links stay in the order of the text.
 */
export function attachLinks(blocks: DocBlock[], links: Array<PdfLink & { page: number }>): number {
  let attached = 0;
  let cursor = 0;
  for (const link of links) {
    // An anchor over two lines reads as the block joined them: a broken word rejoined or not. Spaces are compared apart
    // (pdf.js and the line reader space "∀x: Calgary" differently): the anchor is the block's own text it covers.
    // An address printed as the anchor is found by its target too (a character of the printed anchor misread at a line break).
    const printed = printedForms(link.href).filter((p) => squash(link.text).replace(/\s/g, '').length >= p.length - 2);
    const forms = [...new Set([link.text.replace(/-\n/g, ''), link.text, ...printed])].map(compact).filter(Boolean);
    let found: { block: number; at: number; text: string } | undefined;
    // First the block where the anchor stands between the words printed beside it on its lines (a heading of the same
    // words above the sentence that links them is another place on the page); then, those words read otherwise (a
    // footnote mark dropped, a word rejoined), the first block that holds it.
    const beside: [string, string] | undefined = link.before || link.after ? [compact(link.before), compact(link.after)] : undefined;
    for (const around of beside ? [beside, undefined] : [undefined])
      // From the block of the link before onwards first; then anywhere on its pages (a footnote or a reference list is
      // read after the paragraphs of its page).
      for (const from of [cursor, 0])
        for (let i = from; i < blocks.length && !found; i++) {
          const b = blocks[i];
          // A reference list's entries all carry the page the list starts on.
          const reach = b.kind === 'bibliography' ? Infinity : 1;
          if (b.kind === 'equation' || b.page === undefined || b.page > link.page || b.page < link.page - reach) continue;
          const hit = locate(squash(b.text), forms, b.links ?? [], around);
          if (hit) found = { block: i, ...hit };
        }
    if (!found) continue;
    const block = blocks[found.block];
    const text = squash(block.text);
    // Links stay in the order of the block's text.
    const list = [...(block.links ?? []), { text: found.text, href: link.href }];
    const at = new Map<DocLink, number>(list.map((l) => [l, l === list[list.length - 1] ? found.at : text.indexOf(l.text)]));
    block.links = list.sort((a, b) => at.get(a)! - at.get(b)!);
    cursor = found.block;
    attached++;
  }
  return attached;
}

/** How a link's own target may be printed in the text: as it is, without its trailing slash, scheme or "mailto:". */
function printedForms(href: string): string[] {
  const bare = href.replace(/^mailto:/i, '');
  const noSlash = bare.replace(/\/$/, '');
  return [bare, noSlash, noSlash.replace(/^https?:\/\//i, '')];
}

/** Text without its spaces, characters normalised: how anchors and the words beside them are compared. */
const compact = (text: string | undefined) => (text ? squash(text).replace(/\s/g, '') : '');

/**
 * Where one of the anchor's forms (without spaces) occurs in a text, as the text's own words, not inside an anchor
 * already there; with `around`, only where the text has those words (without spaces) next to it.
 */
function locate(text: string, forms: string[], taken: DocLink[], around?: [string, string]): { at: number; text: string } | undefined {
  const chars: string[] = [];
  const pos: number[] = [];
  for (let i = 0; i < text.length; i++)
    if (!/\s/.test(text[i])) {
      chars.push(text[i]);
      pos.push(i);
    }
  const compactText = chars.join('');
  const busy = taken.map((l) => text.indexOf(l.text)).filter((i) => i >= 0);
  for (const form of forms) {
    for (let k = compactText.indexOf(form); k >= 0; k = compactText.indexOf(form, k + 1)) {
      const start = pos[k];
      if (busy.includes(start)) continue;
      // Characters are placed by an even share of their run's width: the words beside may be off by a character or two.
      const end = k + form.length;
      const [before, after] = around ?? ['', ''];
      if (!compactText.slice(Math.max(0, k - before.length - 2), k).includes(before)) continue;
      if (!compactText.slice(end, end + after.length + 2).includes(after)) continue;
      return { at: start, text: text.slice(start, pos[k + form.length - 1] + 1) };
    }
  }
  return undefined;
}
