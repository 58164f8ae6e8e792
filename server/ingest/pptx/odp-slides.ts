import type { DocLink } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';
import type { ReadSlide } from './pptx-deck';
import type { SlideItem, SlideParagraph } from './pptx-slide';
import { descendants, kids, local, path, type XmlEl } from './pptx-xml';

/**
 * An OpenDocument presentation's pages (content.xml: draw:page in order) as the slides the deck
 * composer reads (pptx-deck.ts): frames by their presentation class (title, subtitle, outline,
 * notes), text boxes and shapes with text, lists with their nesting, tables, and pictures with
 * their title or description as alt text. Positions are read in hundredths of a millimetre.
 */

const units: Record<string, number> = { cm: 1000, mm: 100, in: 2540, pt: 2540 / 72, pc: 2540 / 6, px: 2540 / 96 };

function length(value: string | null): number | undefined {
  const m = value && /^(-?[\d.]+)\s*(cm|mm|in|pt|pc|px)?$/.exec(value.trim());
  return m ? Number(m[1]) * (units[m[2] ?? 'cm'] ?? 1000) : undefined;
}

const tidy = (s: string) => normalizeCharacters(s).replace(/\s+/g, ' ').trim();

/** A text:p's text: spans, spaces (text:s), tabs and line breaks, and links (text:a). */
function paragraphText(p: XmlEl, links: DocLink[]): string {
  let out = '';
  for (let i = 0; i < p.childNodes.length; i++) {
    const c = p.childNodes[i];
    if (c.nodeType === 3) out += c.textContent ?? '';
    if (c.nodeType !== 1) continue;
    const el = c as XmlEl;
    const name = local(el);
    if (name === 's') out += ' '.repeat(Math.min(50, Number(el.getAttribute('text:c') ?? 1) || 1));
    else if (name === 'tab' || name === 'line-break') out += ' ';
    else if (name === 'a') {
      const text = paragraphText(el, links);
      const href = el.getAttribute('xlink:href') ?? '';
      if (/^(https?:|mailto:)/i.test(href) && text.trim()) links.push({ text: tidy(text), href });
      out += text;
    } else if (name === 'span') out += paragraphText(el, links);
  }
  return out;
}

/** The paragraphs of a text box, lists flattened with their level (list items are bullets). */
function paragraphsOf(box: XmlEl, level = -1, out: SlideParagraph[] = []): SlideParagraph[] {
  for (const el of kids(box)) {
    const name = local(el);
    if (name === 'p' || name === 'h') {
      const links: DocLink[] = [];
      const text = tidy(paragraphText(el, links));
      if (text) out.push({ text, level: Math.max(0, level), bullet: level >= 0, ordered: false, links });
    } else if (name === 'list') paragraphsOf(el, level + 1, out);
    else if (name === 'list-item' || name === 'list-header') paragraphsOf(el, level, out);
  }
  return out;
}

function boxOf(el: XmlEl) {
  return {
    x: length(el.getAttribute('svg:x')) ?? 0,
    y: length(el.getAttribute('svg:y')) ?? 0,
    w: length(el.getAttribute('svg:width')) ?? 0,
    h: length(el.getAttribute('svg:height')) ?? 0,
  };
}

function readFrame(frame: XmlEl, out: SlideItem[]): void {
  const klass = frame.getAttribute('presentation:class') ?? '';
  if (/^(date-time|footer|header|page-number|page)$/.test(klass)) return;
  const box = boxOf(frame);
  const image = kid(frame, 'image');
  if (image) {
    const alt = tidy(path(frame, 'desc')?.textContent ?? '') || tidy(path(frame, 'title')?.textContent ?? '');
    const href = image.getAttribute('xlink:href');
    if (href && !/^[a-z]+:/i.test(href)) out.push({ kind: 'picture', part: href.replace(/^\.\//, ''), alt: alt || undefined, ...box });
    return;
  }
  const table = kid(frame, 'table');
  if (table) {
    const rows = descendants(table, 'table-row')
      .map((tr) =>
        kids(tr, 'table-cell').map((tc) =>
          tidy(
            kids(tc, 'p')
              .map((p) => paragraphText(p, []))
              .join(' '),
          ),
        ),
      )
      .filter((r) => r.some(Boolean));
    if (rows.length) out.push({ kind: 'table', rows, ...box });
    return;
  }
  const textBox = kid(frame, 'text-box');
  if (!textBox) return;
  const role = klass === 'title' ? 'title' : klass === 'subtitle' ? 'subtitle' : klass === 'outline' ? 'body' : 'box';
  const paragraphs = paragraphsOf(textBox);
  // An outline frame's top-level paragraphs are bullets too.
  if (role === 'body') for (const p of paragraphs) p.bullet = true;
  if (paragraphs.length) out.push({ kind: 'text', role, paragraphs, size: 18, ...box });
}

const kid = (el: XmlEl, name: string) => kids(el, name)[0];

function readShapes(parent: XmlEl, out: SlideItem[]): void {
  for (const el of kids(parent)) {
    const name = local(el);
    if (name === 'frame') readFrame(el, out);
    else if (name === 'g') readShapes(el, out);
    else if (name === 'custom-shape' || name === 'rect' || name === 'ellipse') {
      const paragraphs = paragraphsOf(el);
      if (paragraphs.length) out.push({ kind: 'text', role: 'box', paragraphs, size: 18, ...boxOf(el) });
    }
  }
}

/** The pages of content.xml in order, as slides with all their shapes (the title among them) and their notes (presentation:notes). */
export function odpSlides(content: XmlEl): Array<Omit<ReadSlide, 'title'>> {
  const presentation = path(content, 'body', 'presentation');
  if (!presentation) return [];
  return kids(presentation, 'page').map((page, i) => {
    const items: SlideItem[] = [];
    readShapes(page, items);
    const notesPage = kid(page, 'notes');
    const notes = notesPage
      ? kids(notesPage, 'frame')
          .filter((f) => f.getAttribute('presentation:class') === 'notes')
          .flatMap((f) => (kid(f, 'text-box') ? paragraphsOf(kid(f, 'text-box')!).map((p) => p.text) : []))
      : [];
    return { number: i + 1, items, notes };
  });
}
