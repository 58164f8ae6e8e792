/**
 * Answer boxes of a Word worksheet: a shaded or framed area left for the reader's own writing, drawn as a run of body
 * paragraphs sharing one shading (or border), all empty but for a short prompt set in the box ("Notieren Sie Ihre
 * Überlegungen hier", "Your answer"). Read as text, the prompt was a sentence of the worksheet between its parts and the
 * space to write vanished. Each box becomes one marked paragraph: its prompt, if any, read as a blank to fill in (as a
 * PDF's answer box is). A shaded paragraph holding text of its own (a notice, a bold title bar) is no answer box.
 */
import { child, children, plainParagraph, wordText, type El } from './word-dom';

/** Mark of an answer box's paragraph, followed by the box's prompt (may be empty). */
export const answerMark = '\uE000ANSWER\uE001';

const isOn = (el: El | undefined) => !!el && !/^(0|false|off)$/i.test(el.getAttribute('w:val') ?? 'true');

/** What sets a paragraph apart as part of a box: its shading's fill, or its borders; undefined when it has neither. */
function boxLook(p: El): string | undefined {
  const pPr = child(p, 'w:pPr');
  const fill = child(pPr, 'w:shd')?.getAttribute('w:fill') ?? '';
  if (fill && !/^(auto|ffffff)$/i.test(fill)) return `fill:${fill.toLowerCase()}`;
  const borders = child(pPr, 'w:pBdr');
  const sides = ['top', 'left', 'bottom', 'right'].filter((s) => {
    const v = child(borders, `w:${s}`)?.getAttribute('w:val');
    return v && v !== 'nil' && v !== 'none';
  });
  return sides.length === 4 ? 'border' : undefined;
}

/** Whether the paragraph's words are all bold (a title bar, not a prompt). */
function allBold(p: El): boolean {
  const runs = children(p, 'w:r').filter((r) => /[\p{L}\p{N}]/u.test(wordText(r)));
  return runs.length > 0 && runs.every((r) => isOn(child(child(r, 'w:rPr'), 'w:b')));
}

/** A picture or shape the paragraph anchors: it stays where it is, whatever box it sits in. */
const holdsDrawing = (p: El) => p.getElementsByTagName('w:drawing').length > 0 || p.getElementsByTagName('w:pict').length > 0;

/** Rewrites each answer box of the body into one marked paragraph (pictures anchored in it stay after it). */
export function markAnswerBoxes(body: El): void {
  const doc = (body as unknown as { ownerDocument: El['ownerDocument'] }).ownerDocument;
  const runs: El[][] = [];
  let run: El[] = [];
  let look: string | undefined;
  for (let c = body.firstChild; c; c = c.nextSibling) {
    const own = c.nodeName === 'w:p' ? boxLook(c) : undefined;
    if (own && own === look) run.push(c);
    else {
      if (run.length) runs.push(run);
      run = own ? [c] : [];
    }
    look = own;
  }
  if (run.length) runs.push(run);
  for (const box of runs) {
    const texts = box.map(wordText);
    const written = texts.filter(Boolean);
    // Room to write (an empty line), and at most a short prompt on the box's first line.
    if (written.length === texts.length || written.length > 1 || (written.length === 1 && !texts[0])) continue;
    const prompt = written[0] ?? '';
    if (prompt && (prompt.split(' ').length > 12 || /[.!?]$/.test(prompt) || allBold(box[0]))) continue;
    body.insertBefore(plainParagraph(doc, `${answerMark}${prompt}`), box[0]);
    for (const p of box) if (!holdsDrawing(p)) body.removeChild(p);
  }
}
