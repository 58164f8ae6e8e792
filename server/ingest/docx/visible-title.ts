/**
 * A document's title typed without the Title style: its first line, set apart from the body in capitals ("FONDAMENTI DI
 * SVILUPPO WEB", typed so or by the capitals formatting) or in a larger size, above everything else. It titles the book over the file's name;
 * read as a paragraph, the book was named by its file and its one chapter by a frequent pair of words.
 */
import { styleTable, upChain, type WordStyle } from './style-chain';
import { child, isOn, paragraphStyle, setParagraphStyle, textOf, type El } from './word-dom';

/** The style id the visible title is given; the reader maps it as it maps Word's Title style. */
export const visibleTitleStyle = 'TsTitle';

/**
 * Marks the visible title: the body's first line with text, when no paragraph is in the Title style and that line is
 * no heading, short (at most 12 words), ends no sentence, has text after it, and all its letters show as capitals or it
 * is set larger than the body (`larger`: the size headings' reading, docx/prepare.ts).
 */
export function markVisibleTitle(
  body: El,
  styles: WordStyle[],
  titleIds: Set<string>,
  taken: (p: El) => boolean,
  larger: (p: El) => boolean,
): void {
  const paragraphs = Array.from(body.getElementsByTagName('w:p'));
  if (paragraphs.some((p) => titleIds.has(paragraphStyle(p)))) return;
  const lines = paragraphs.filter((p) => p.parentNode === body && textOf(p).trim());
  const first = lines[0];
  if (!first || lines.length < 2 || paragraphs.indexOf(first) > paragraphs.indexOf(lines[1]) || taken(first)) return;
  // Nothing but blank paragraphs before it (no table, no picture).
  for (let n = body.firstChild; n && n !== first; n = n.nextSibling) {
    if (n.nodeName === 'w:tbl' || (n.nodeName === 'w:p' && n.getElementsByTagName('w:drawing').length)) return;
  }
  const text = textOf(first).replace(/\s+/g, ' ').trim();
  if (text.split(' ').length > 12 || /[.,;:!?]$/.test(text) || !/\p{L}{2}/u.test(text)) return;
  // Whether a style, or one it is based on, sets its text in capitals (w:caps), by style id.
  const table = styleTable(styles);
  const caps = (id: string) => upChain(table, id, (s) => s.caps) ?? false;
  const paragraphCaps = caps(paragraphStyle(first));
  const runs = Array.from(first.getElementsByTagName('w:r')).filter((r) => /\p{L}/u.test(textOf(r)));
  const shown = runs.every((r) => {
    const rPr = child(r, 'w:rPr');
    const own = child(rPr, 'w:caps');
    const on = own ? isOn(own) : caps(child(rPr, 'w:rStyle')?.getAttribute('w:val') ?? '') || paragraphCaps;
    return on || !/\p{Ll}/u.test(textOf(r));
  });
  // At least four letters: an abbreviation alone ("USA") is not a title line.
  if (!(shown && (text.match(/\p{L}/gu) ?? []).length >= 4) && !larger(first)) return;
  setParagraphStyle(first, visibleTitleStyle);
}
