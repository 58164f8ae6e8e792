/**
 * A document's title typed without the Title style: its first line, set apart from the body in capitals ("FONDAMENTI DI
 * SVILUPPO WEB", typed so or by the capitals formatting) or in a larger size, above everything else. It titles the book over the file's name;
 * read as a paragraph, the book was named by its file and its one chapter by a frequent pair of words.
 */
import { child, W, type El } from './word-dom';

/** Whether a style, or one it is based on, sets its text in capitals (w:caps), by style id. */
function capsStyles(stylesXml: string | undefined): (id: string) => boolean {
  const own = new Map<string, { caps?: boolean; basedOn?: string }>();
  for (const m of (stylesXml ?? '').matchAll(/<w:style\b[^>]*w:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
    const caps = /<w:caps(?:\s+w:val="([^"]*)")?\s*\/>/.exec(/<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(m[2])?.[1] ?? '');
    own.set(m[1], {
      ...(caps ? { caps: !/^(0|false|off)$/i.test(caps[1] ?? 'true') } : {}),
      basedOn: /<w:basedOn w:val="([^"]+)"/.exec(m[2])?.[1],
    });
  }
  return (id) => {
    for (let at: string | undefined = id, i = 0; at && i < 10; i++) {
      const s = own.get(at);
      if (s?.caps !== undefined) return s.caps;
      at = s?.basedOn;
    }
    return false;
  };
}

const textOf = (el: El) =>
  Array.from(el.getElementsByTagName('w:t'))
    .map((t) => t.textContent ?? '')
    .join('');
const styleOf = (p: El) => child(child(p, 'w:pPr'), 'w:pStyle')?.getAttribute('w:val') ?? '';

/** The style id the visible title is given; the reader maps it as it maps Word's Title style. */
export const visibleTitleStyle = 'TsTitle';

/**
 * Marks the visible title: the body's first line with text, when no paragraph is in the Title style and that line is
 * no heading, short (at most 12 words), ends no sentence, has text after it, and all its letters show as capitals or it
 * is set larger than the body (`larger`: the size headings' reading, docx/prepare.ts).
 */
export function markVisibleTitle(
  body: El,
  stylesXml: string | undefined,
  titleIds: Set<string>,
  taken: (p: El) => boolean,
  larger: (p: El) => boolean,
): void {
  const paragraphs = Array.from(body.getElementsByTagName('w:p'));
  if (paragraphs.some((p) => titleIds.has(styleOf(p)))) return;
  const lines = paragraphs.filter((p) => p.parentNode === body && textOf(p).trim());
  const first = lines[0];
  if (!first || lines.length < 2 || paragraphs.indexOf(first) > paragraphs.indexOf(lines[1]) || taken(first)) return;
  // Nothing but blank paragraphs before it (no table, no picture).
  for (let n = body.firstChild; n && n !== first; n = n.nextSibling) {
    if (n.nodeName === 'w:tbl' || (n.nodeName === 'w:p' && n.getElementsByTagName('w:drawing').length)) return;
  }
  const text = textOf(first).replace(/\s+/g, ' ').trim();
  if (text.split(' ').length > 12 || /[.,;:!?]$/.test(text) || !/\p{L}{2}/u.test(text)) return;
  const caps = capsStyles(stylesXml);
  const paragraphCaps = caps(styleOf(first));
  const runs = Array.from(first.getElementsByTagName('w:r')).filter((r) => /\p{L}/u.test(textOf(r)));
  const shown = runs.every((r) => {
    const rPr = child(r, 'w:rPr');
    const own = child(rPr, 'w:caps');
    const on = own
      ? !/^(0|false|off)$/i.test(own.getAttribute('w:val') ?? 'true')
      : caps(child(rPr, 'w:rStyle')?.getAttribute('w:val') ?? '') || paragraphCaps;
    return on || !/\p{Ll}/u.test(textOf(r));
  });
  // At least four letters: an abbreviation alone ("USA") is not a title line.
  if (!(shown && (text.match(/\p{L}/gu) ?? []).length >= 4) && !larger(first)) return;
  let pPr = child(first, 'w:pPr');
  if (!pPr) {
    pPr = first.ownerDocument.createElementNS(W, 'w:pPr');
    first.insertBefore(pPr, first.firstChild);
  }
  for (const s of Array.from(pPr.getElementsByTagName('w:pStyle'))) pPr.removeChild(s);
  const style = first.ownerDocument.createElementNS(W, 'w:pStyle');
  style.setAttribute('w:val', visibleTitleStyle);
  pPr.insertBefore(style, pPr.firstChild);
}
