import { captionStart } from './pdf-geometry';
import { continuesUrl } from './pdf-join';
import type { BodyStats } from './pdf-stats';
import type { PdfLine } from './pdf-types';

/**
 * A caption in body type says so by its punctuation ("Figure 2.2: ...", "Figure 3.1.: ..." as some classes number it);
 * "Figure 5.1 illustrates ..." is a sentence.
 */
const punctuatedCaption = /^(?:figure|fig\.|table|listing|algorithm)\s*[A-Z]?\d+(?:\.\d+)*[a-z]?\s*(?:\.:|[:.])(?:\s|$)/i;

/** An algorithm float's caption as the algorithmic packages set it: "Algorithm 8 Evaluation phase of a DPA", no colon. */
const algorithmCaption = /^Algorithm\s+\d+(?:\.\d+)*:?\s+[\p{Lu}\p{N}]/u;

/** A figure's number alone on a line ("Figure 10.5."): the end of a sentence that refers to it, broken before it, not a caption. */
const bareLabel = /^(?:figure|fig\.|table|tab\.)\s*[A-Z]?\d+(?:\.\d+)*[a-z]?\.?\s*$/i;

export function isCaptionLine(line: PdfLine, body: BodyStats): boolean {
  // At the column's left edge, so a float's caption never runs on at the end of the paragraph it interrupts.
  if (algorithmCaption.test(line.text) && line.x0 - line.columnLeft < 0.5 * line.size) return true;
  if (!captionStart.test(line.text) || bareLabel.test(line.text)) return false;
  return punctuatedCaption.test(line.text) || line.size < body.size - 0.4 || line.font !== body.font;
}
export const bullet = /^[•◦▪‣∙·■□►\-–—*]\s+/;
/** An ordered item's mark: "1." "2)" "(a)" "b)" "(iv)". */
const ordinal = /^(?:\d{1,2}[.)]|\((?:[a-z]|[ivx]{1,5}|\d{1,2})\)|[a-z]\))\s+(?=\S)/;

/**
 * The labels of a word processor's outline list below its numbers ("a." then "i."): a lower-case letter or a lower-case
 * roman numeral, its stop, a space. No sentence opens a line so (an abbreviation's stop is followed by its next letter).
 */
const outlineLabel = /^([a-z]|[ivxl]{2,6})\.\s+(?=\S)/;

const romanDigits: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };
/** The value of a lower-case roman numeral written the usual way ("iv" 4, "xii" 12), undefined for any other letters. */
export function romanValue(s: string): number | undefined {
  if (!/^(?:xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/.test(s) || s === '') return undefined;
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const d = romanDigits[s[k]];
    const next = romanDigits[s[k + 1]] ?? 0;
    n += d < next ? -d : d;
  }
  return n;
}

/**
 * A line that starts a list item, and its text: a bullet's mark goes; "1." items are numbered by
 * the list itself (`number`: the item's own, so a list that goes on after a paragraph starts where the source has it); lettered items ("(a) Calculate ...") keep their letter, which the text refers to
 * ("from part (a)").
 */
export function listItemStart(
  text: string,
): { text: string; ordered: boolean; number?: number; marker?: 'a' | 'i'; label?: string } | undefined {
  if (bullet.test(text)) return { text: text.replace(bullet, ''), ordered: false };
  const label = outlineLabel.exec(text);
  if (label) {
    const roman = romanValue(label[1]);
    return roman
      ? { text: text.slice(label[0].length), ordered: true, number: roman, marker: 'i', label: label[1] }
      : { text: text.slice(label[0].length), ordered: true, number: label[1].charCodeAt(0) - 96, marker: 'a', label: label[1] };
  }
  const mark = ordinal.exec(text)?.[0];
  if (!mark) return undefined;
  return /^\d/.test(mark) ? { text: text.slice(mark.length), ordered: true, number: parseInt(mark, 10) } : { text, ordered: false };
}

/** A legend's entry: a mark or a few words, a colon set apart by spaces, and what it means ("UM : unit missing"). */
const legendEntry = /^[^\s:.,;!?]+(?: [^\s:.,;!?]+){0,4} : \S/u;
export const isLegendEntry = (text: string) => legendEntry.test(text);

/** A line opening with a short label and its colon ("Instructor: ...", "Office hours: ..."). */
const labelled = /^\p{Lu}[\p{L}'’-]*(?: [\p{L}'’-]+){0,2}: \S/u;

/**
 * Whether `line` starts a new paragraph after `prev`. `measure`: the right edge the open paragraph's lines reach (a
 * definition set in a narrower box ends every line before the column's edge, and is not a paragraph per line).
 */
/**
 * A line opening on a formula (a function applied, "P(♠ and ace), so ...", or inline mathematics): it may go on with the
 * sentence above, which ended early because the formula, set unbroken, did not fit after its last word.
 */
const startsWithFormula = /^(?:\p{L}\(|\\\()/u;

/** A line opening on an ordered item's label: "2." "(b)" "c." "iv.". */
export const opensOnLabel = (text: string) => ordinal.test(text) || outlineLabel.test(text);

/** The next line's first word would have fit at the end of `prev`, in its column. */
export function endsShort(prev: PdfLine, line: PdfLine): boolean {
  const nextWord = line.text.split(' ')[0] ?? '';
  return prev.columnRight - prev.x1 > (nextWord.length + 1) * 0.55 * line.size + 0.5 * line.size;
}

export function startsNewParagraph(inListItem: boolean, prev: PdfLine, line: PdfLine, body: BodyStats, measure?: number): boolean {
  const lineGap = body.lineGap;
  // The rest of the same line, past a formula that split it in two.
  if (prev.page === line.page && prev.column === line.column && Math.abs(prev.y - line.y) < 0.3 * line.size && line.x0 > prev.x1)
    return false;
  // A web address broken at a slash goes on in the next line, in its own (smaller typewriter) type: "Solution:
  // http://thinkpython2.com/code/" over "spiral.py.".
  const sameColumn = prev.page === line.page && prev.column === line.column && prev.y - line.y > 0;
  const addressGoesOn =
    continuesUrl(prev.text, line.text) || (!!prev.mono && /^\S+[-/._~=&?#]$/.test(prev.text.trim()) && /^[\w%./-]/.test(line.text.trim()));
  if (sameColumn && line.mono && addressGoesOn && prev.y - line.y < 1.6 * lineGap) return false;
  // So do names in typewriter type that end the sentence of a full line before ("It is often used in" / "your_name or
  // airspeed_of_unladen_swallow.").
  const namesEndSentence =
    !/[.?!:;]["”’)]?$/.test(prev.text) &&
    prev.columnRight - prev.x1 < 1.5 * prev.size &&
    /[\p{L}\d]\.$/u.test(line.text.trim()) &&
    !/[=()[\]{}#]|>>>/.test(line.text);
  if (sameColumn && line.mono && namesEndSentence && prev.y - line.y < 1.6 * lineGap) return false;
  if (Math.abs(prev.size - line.size) > 0.6) return true;
  if (isCaptionLine(line, body) || bullet.test(line.text)) return true;
  // A numbered or lettered item after a finished sentence ("... suggest?" / "(b) To get ...").
  if (ordinal.test(line.text) && /[.?!:;)]["”’]?$/.test(prev.text)) return true;
  // An outline's lettered or roman item after a line that ended early ("Week-10 (Java Functional Console Programming)" /
  // "a. Java OOP-I").
  if (outlineLabel.test(line.text) && (/[.?!:;)]["”’]?$/.test(prev.text) || endsShort(prev, line))) return true;
  // A short line wholly in bold under a finished sentence in the text face, or one that is a sentence of its own, is a
  // title on a line of its own (a theorem box's "Proposition 1." set at the indent of the list item before it, after a
  // formula that ends the item without a stop), not the next line of that item. A sentence cut after a word goes on in
  // its bold words ("... we will define the" / "Equilibrium Constant K."). A theorem's head whose name follows its bold
  // label in brackets in the text face ("Proposition 2 (L'inégalité triangulaire).") is such a title too.
  const boldHead = line.bold || (line.lead?.face === 'bold' && /^\s*\([^()]+\)\s*\.$/u.test(line.text.slice(line.lead.text.length)));
  if (
    boldHead &&
    !prev.bold &&
    (/[.?!:]["”’)]?$/.test(prev.text) || (/\.$/.test(line.text.trim()) && !/\p{L}{2,}$/u.test(prev.text.trim()))) &&
    line.columnRight - line.x1 > 0.4 * (line.columnRight - line.columnLeft)
  )
    return true;
  // Labelled lines one under the other ("Office: Room 204" / "Office hours: Tuesdays ..."): each its own line; so are the
  // entries of a legend ("○ : Sho agrees with the answer." / "× : Sho thinks it is incorrect.", "purple marker : ..."), the
  // line above ending short of the column's edge.
  if (labelled.test(prev.text) && labelled.test(line.text)) return true;
  if (legendEntry.test(prev.text) && legendEntry.test(line.text) && prev.x1 < prev.columnRight - 2 * prev.size) return true;
  const endsHyphen = /-$/.test(prev.text);
  // A line ends early on purpose when the next line's first word would have fit after it
  // (works for justified and ragged-right text alike).
  // A long line reaching the right edge the paragraph's lines (and the next line) reach is full in a narrower measure.
  const edge = measure !== undefined && prev.page === line.page && prev.column === line.column ? Math.max(measure, line.x1) : undefined;
  const right = edge !== undefined && prev.text.length >= 40 && edge - prev.x1 < 1.5 ? prev.x1 : prev.columnRight;
  const room = right - prev.x1;
  const nextWord = line.text.split(' ')[0] ?? '';
  const endedEarly = room > (nextWord.length + 1) * 0.55 * line.size + 0.5 * line.size;
  // A sentence that goes on in lower case on the next line did not end its paragraph ("... indicate if" / "changes were
  // made"), when its line is most of the measure long (a short "a: Aristotle" over "b: Beyoncé" is a list of its own); so
  // does an aside in brackets ("... A[g] = ∫ Ric_g dvol_g" / "(i.e. R_μν = 0) a ses symétries"), not an item "(a) ...".
  // Ragged-right lines in a measure narrower than the column (beside a figure) are most of their own measure long.
  const ownRight = edge !== undefined && edge < right ? edge : right;
  const goesOn =
    !/[.?!:;,]["”’)]?$/.test(prev.text) &&
    (/^\p{Ll}/u.test(line.text) || startsWithFormula.test(line.text) || (/^\(\p{Ll}/u.test(line.text) && !ordinal.test(line.text))) &&
    prev.x1 - prev.columnLeft > 0.7 * (ownRight - prev.columnLeft);
  // In a list, a line that ended early under a line opening on an item's label ("1. Course Plan" / "2. Grading System",
  // "a. Algorithm Basics" / "b. Flowgorithm") is the item before it, whole: the next item starts here.
  // (Room against the column: a one-line item is its own measure.)
  if (inListItem && !endsHyphen && endsShort(prev, line) && opensOnLabel(line.text)) return true;
  if (endedEarly && !endsHyphen && !goesOn && !(inListItem && !/[.?!:;]$/.test(prev.text))) return true;
  const movedOn = prev.page !== line.page || prev.column !== line.column;
  // A sentence may run on into the next column or page; a finished one there starts a new paragraph.
  if (movedOn && /[.?!:]["”’)]?$/.test(prev.text) && prev.font !== line.font) return true;
  const indent = line.x0 - line.columnLeft;
  // A paragraph's first line is indented: further in than the line before it (a paragraph set
  // indented as a whole, under a list item, keeps its lines at one indent).
  const further = line.x0 - prev.x0 > 0.7 * line.size || prev.page !== line.page || prev.column !== line.column;
  // A definition list's entry ("3DES Three DES in ... m = 112 or" / "m = 168 (for 2-key and 3-key 3DES).") goes on
  // indented under its term: the line before filled the measure from the column's left edge without ending a sentence,
  // on the same page or the one before.
  // In ragged-right type the line before ends anywhere: a sentence going on in lower case under a line set at the column's
  // edge is a hanging indent too (a syllabus's "Week 1: Why ecologists count, and what can go" / "wrong when ...").
  const hangs =
    prev.x0 - prev.columnLeft < 0.7 * prev.size &&
    !/[.?!:]["”’)]?$/.test(prev.text) &&
    ((prev.columnRight - prev.x1 < 1.5 && prev.text.length >= 40) ||
      (/^\p{Ll}/u.test(line.text) && prev.x1 - prev.columnLeft > 0.6 * (prev.columnRight - prev.columnLeft) && !isCaptionLine(prev, body)));
  // A list item's wrapped lines are indented under its text, not a new paragraph.
  if (!inListItem && !hangs && further && indent > 0.7 * line.size && indent < 6 * line.size) return true;
  if (prev.page === line.page && prev.column === line.column) {
    const gap = prev.y - line.y;
    // TeX sets a line further down when a glyph of the line above hangs deep (a tilde under a vector, a sum's limits in
    // the text): a line filling the measure without ending its sentence goes on below it, up to twice the line's space.
    const filled = Math.abs(prev.columnRight - prev.x1) < 1.5 && !/[.?!:;]["”’)]?$/.test(prev.text) && !prev.mono && !line.mono;
    if (filled && /[\p{L}\p{N}]/u.test(line.text) && gap > 0 && gap < 2.05 * lineGap) return false;
    if (gap > lineGap * 1.45 * (line.size / Math.max(1, prev.size)) || gap < 0) return true;
  }
  return false;
}

/**
 * A line that is only a glyph or two of mathematics (no word, no equation number), or a short
 * formula in smaller type (the denominator of a fraction in the text).
 */
function isFragment(line: PdfLine, body: BodyStats): boolean {
  const visible = line.text.replace(/\s/g, '');
  if (line.region || line.isMargin || line.isNote || visible.length === 0 || /^\(\d/.test(visible)) return false;
  // Accents set on their own baseline over a letter of the line below ("ˆ ˆ ˆ" of f̂₁, f̂₂, f̂₃): spacing modifier letters, not words.
  if (/^(?:[\u02B0-\u02FF^~`´¨¯˙˜→]|\p{M})+$/u.test(visible)) return true;
  const math = line.math ?? 0;
  // The glyphs set, its scripts read as inline LaTeX aside ("∂\(f^{3}\)", a fraction's numerator, is three glyphs).
  const glyphs = visible.replace(/\\[()]|[{}^_]/g, '').replace(/\\[a-zA-Z]+/g, '·');
  // Mathematics set in the text's italic (Palatino, Times) has no math font: small type without a word is enough.
  if (glyphs.length <= 8 && line.size < 0.9 * body.size && (math >= 0.5 || !/\p{L}{3}/u.test(glyphs))) return true;
  if (visible.length > 3 || /\p{L}{2}/u.test(visible)) return false;
  return math >= 0.5 || !/\p{L}/u.test(visible);
}

/**
 * A piece of a line's inline mathematics set on its own baseline: a tall bracket of \left[ ... \right],
 * a sum sign over a formula in the text, an accented letter. It sits within a text line's width,
 * within a line's height of it; read as a line of its own it would split the paragraph around it.
 */
export function isMathFragment(lines: PdfLine[], i: number, body: BodyStats): boolean {
  const line = lines[i];
  if (!isFragment(line, body)) return false;
  // The last line of a paragraph ("10." under "... a luck value between 8 and") sits at the column's left edge one line
  // below the text: it is the text's own line, not a glyph of its mathematics.
  const above = lines[i - 1];
  if (
    above &&
    above.page === line.page &&
    above.column === line.column &&
    Math.abs(above.y - line.y - body.lineGap) < 0.15 * body.lineGap &&
    line.x0 - line.columnLeft < line.size &&
    Math.abs(above.x0 - line.x0) < line.size
  )
    return false;
  // A text line split in pieces around a tall formula spans them all: the evaluation bar's "J=0" between "... e^{…}" and
  // ", ce qui permet les" is within it.
  const span = (k: number) => {
    const other = lines[k];
    let [x0, x1] = [other.x0, other.x1];
    for (const d of [-2, -1, 1, 2]) {
      const piece = lines[k + d];
      if (!piece || piece === line || piece.region || piece.page !== other.page || piece.column !== other.column) continue;
      if (Math.abs(piece.y - other.y) < 0.3 * other.size && !isFragment(piece, body))
        [x0, x1] = [Math.min(x0, piece.x0), Math.max(x1, piece.x1)];
    }
    return { x0, x1 };
  };
  const near = (k: number) => {
    const other = lines[k];
    if (!other || other.region || isFragment(other, body) || other.page !== line.page || Math.abs(other.y - line.y) >= 1.5 * body.lineGap)
      return false;
    const { x0, x1 } = span(k);
    return line.x0 >= x0 - line.size && line.x1 <= x1 + line.size;
  };
  let before = i - 1;
  while (before >= 0 && isFragment(lines[before], body)) before--;
  let after = i + 1;
  while (after < lines.length && isFragment(lines[after], body)) after++;
  return near(before) || near(after);
}
