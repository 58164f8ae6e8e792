/**
 * Fidelity measures of the textbook-quality report:
 * is the book's text the source's, to the symbol? Pure functions over the book's material HTML
 * and what the source itself holds (read apart from the product's extractors, in source-marks.ts).
 */
import katex from 'katex';
import { decodeEntities, htmlToText } from '@common/textbook-ops/html';

/**
 * Math glyphs read through the wrong code page: "≠" printed "6=" ("AB 6= BA"), "≤" printed "6"
 * between two single letters ("P(X 6 x)"), the replacement character, the noncharacters U+FFFE and U+FFFF (a font's
 * .notdef glyph as xdvipdfmx maps it), control codes (a glyph its font maps to U+0000), private-use characters (a font's own codes that map to no Unicode character), a letter or digit struck by the
 * negation slash of the relation after it.
 * Each finding with a little context.
 */
export function glyphErrors(text: string): string[] {
  const found: string[] = [];
  const around = (at: number, length: number) => text.slice(Math.max(0, at - 12), at + length + 12).replace(/\s+/g, ' ');
  const patterns = [
    // "x 6= y", "AB 6=BA": a 6 that is no number, before an equals sign.
    /(?<=[\p{L})\]}|]\s?)6=(?=\s?[\p{L}\p{N}(\\])/gu,
    // "X 6 x": a lone 6 between two single-letter variables.
    /(?<![\p{L}\p{N}])\p{L} 6 \p{L}(?![\p{L}\p{N}])/gu,
    /[\uFFFD-\uFFFF]/gu,
    // A control code: a glyph whose font maps it to U+0000 (or to no character at all) left in the text.
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/gu,
    /[\u{E000}-\u{F8FF}\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu,
    // "v\u0338 ≠ 0": TeX's negation slash (U+0338 in a ToUnicode map) put on the letter before its relation, struck out.
    /[\p{L}\p{N}]\u0338/gu,
  ];
  for (const p of patterns) for (const m of text.matchAll(p)) found.push(around(m.index, m[0].length));
  return found;
}

/** The formulas the book stores (inline and display), as LaTeX with their kind. */
export function storedFormulas(html: string): Array<{ latex: string; display: boolean }> {
  return [...html.matchAll(/<(?:span|div) data-type="(inline-math|block-math)" data-latex="([^"]*)"/g)].map((m) => ({
    latex: decodeEntities(m[2]),
    display: m[1] === 'block-math',
  }));
}

/** Stored formulas KaTeX cannot typeset (the reader would show them as red source), with KaTeX's reason. */
export function formulaFailures(html: string): string[] {
  const failures: string[] = [];
  for (const f of storedFormulas(html)) {
    try {
      katex.renderToString(f.latex, { throwOnError: true, displayMode: f.display, strict: 'ignore' });
    } catch (err) {
      failures.push(`${f.latex.slice(0, 80)}: ${err instanceof Error ? err.message.replace(/\s+/g, ' ').slice(0, 80) : String(err)}`);
    }
  }
  return failures;
}

/** The book's paragraphs (`<p>` outside lists and tables) as text. */
function paragraphs(html: string): string[] {
  const outside = html.replace(/<(ul|ol|table|figure)\b[\s\S]*?<\/\1>/g, ' ');
  return [...outside.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => htmlToText(m[1])).filter(Boolean);
}

/** Paragraphs of at least this many words are prose that should end a sentence. */
const proseWords = 6;

/** A display formula of the book: a LaTeX block or a formula kept as a picture (an image that is no captioned figure). */
function startsWithFormula(html: string): boolean {
  if (html.startsWith('<div data-type="block-math"')) return true;
  // A display inside a callout: a line of the box holding one formula set as a display.
  if (/^<p><span data-type="inline-math" data-latex="\\displaystyle\b[^"]*"><\/span><\/p>/.test(html)) return true;
  const img = /^<img\b[^>]*\balt="([^"]*)"[^>]*>\s*(?:<p><em>([\s\S]*?)<\/em><\/p>)?/.exec(html);
  if (!img) return false;
  // A figure's picture carries its caption, printed under it; an equation's carries the formula.
  const caption = img[2] && htmlToText(img[2]);
  return !caption || !decodeEntities(img[1]).startsWith(caption.slice(0, 20));
}
/** A paragraph's closing words as compared: its last five words of letters and digits, lower-cased. */
export function openEndKey(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(-5).join(' ');
}

/** Text that ends without a stop (a letter, a digit, a comma or a dash last) and has words enough to be prose. */
export function endsOpen(text: string): boolean {
  const t = text.trim();
  return /[\p{L}\p{N},\-–]$/u.test(t) && (t.match(/\p{L}+/gu) ?? []).length >= 3;
}

/**
 * A lead-in ending on a comma whose sentence goes on in the list or the program set right after it ("Par exemple," before
 * its items, "... à l'aide du code R suivant," before the listing): the sentence is whole with the block.
 */
function leadsIntoBlock(p: string, next: string): boolean {
  return (/,$/.test(p.trim()) && /^<(?:ol|ul|pre)\b/.test(next)) || leadsIntoTable(next);
}

/**
 * A lead-in naming the table set right after it ("Die Tabelle sollte also folgenden Kopf haben" over its header row): the
 * sentence goes on in the table when what follows the table opens a sentence of its own (a capital, a heading, the end);
 * a sentence cut by a table floated into it goes on in lower case after the table.
 */
function leadsIntoTable(next: string): boolean {
  if (!/^<table><\/table>/.test(next)) return false;
  const after = next.replace(/^<table><\/table>\s*/, '');
  return after === '' || /^<h\d\b/.test(after) || /^<p>[“"‘(]?[\p{Lu}\d]/u.test(after);
}

/**
 * A picture of a whole page the reader could not read in full ("Page 24 as printed: ..."), set after the page's text, and
 * its caption: the reader's, not the source's; the sentence before it goes on in what follows it.
 */
const pagePicture = /^<img\b[^>]*\balt="Page \d+ as printed:[^"]*"[^>]*>\s*(?:<p><em>Page \d+ as printed:[\s\S]*?<\/em><\/p>\s*)?/;

/**
 * A sentence the source closes on its equation without a stop ("Débuter avec le modèle Y = \\(β_{0}\\) + ε", "Extraire
 * SSE(M_0) et d.l.(SSE(M_0)) ⇒ n − 3", "par contre \\(F_{0.05}\\)(1, 12) = 4.75"): after its last word a relation, and after
 * the last relation symbols, figures and single letters only (an inline formula read from its LaTeX, commands aside).
 */
function endsOnEquation(html: string): boolean {
  const text = decodeEntities(
    html
      .replace(
        /<span data-type="inline-math" data-latex="([^"]*)"[^>]*><\/span>/g,
        (_, latex: string) => ` ${latex.replace(/\\[a-zA-Z]+/g, ' ')} `,
      )
      .replace(/<[^>]+>/g, ''),
  ).trim();
  const words = [...text.matchAll(/\p{Ll}{3,}/gu)];
  const tail = words.length ? text.slice(words[words.length - 1].index + words[words.length - 1][0].length) : text;
  const relation = /[=⇒≤≥<>≠≈]/.exec(tail) ? tail.slice(tail.search(/[=⇒≤≥<>≠≈][^=⇒≤≥<>≠≈]*$/) + 1) : undefined;
  return relation !== undefined && /[\p{L}\p{N}]/u.test(relation) && !/\p{L}{2,}/u.test(relation);
}

/** A margin note set beside the text: the sentence it interrupts goes on after it. */
const marginNote = /^<blockquote><p><strong>Note:<\/strong>[\s\S]*?<\/blockquote>\s*/;

/**
 * What the source itself sets without a sentence end, so no cut: a caption ("Figure 2.1: ...", "Algorithm 2 Long-number
 * addition ..."), a notation entry that opens with its formula, a line of code or of an algorithm ("// First S-Box", "for i = 0 ... n − 1 do"), an entry of an acronym or
 * glossary list in title case ("EEPROM Electrically Erasable Programmable Read-Only Memory").
 */
function setWithoutStop(p: string): boolean {
  // An appendix's numbers open with its letter ("Listing A.1 – Code source en R pour l'exemple").
  if (/^(?:figure|fig\.|table|listing|algorithm)\s*(?:[A-Z]\.)?\d+(?:\.\d+)*\b/i.test(p)) return true;
  // A notation entry opens with its formula ("∂²f/∂x² is the second partial derivative of f with respect to x").
  if (/^[\p{Sm}∂∇]/u.test(p)) return true;
  if (/^\s*(?:\/\/|#)|[{};]\s*$|←|\b(?:do|then|end for|end if)$/.test(p)) return true;
  // A whole sentence, then a relation of symbols set after it without a stop ("... to reach equilibrium. ∆G < 0 ⟹ A → B"):
  // the statement is the formula, no word of two letters in it.
  const tail = /[.!?:]\s+([^.!?:]+)$/u.exec(p)?.[1];
  if (tail && /[<>=≤≥≠≈≡⟹⇒→⟶⇔↔∈⊂⊆]/u.test(tail) && !/\p{L}{2,}/u.test(tail)) return true;
  const words = p.match(/\p{L}[\p{L}’'-]*/gu) ?? [];
  return words.filter((w) => /^\p{Ll}/u.test(w)).length < words.length / 3;
}

/**
 * A paragraph closing on a link that shows its own web address after a whole sentence ("... für die Hochschullehre.
 * www.twillo.de") or after a title: the address is the sentence's pointer, set without a stop as addresses are; the
 * sentence is whole.
 */
function addressAfterSentence(html: string): boolean {
  const link = /<a\b[^>]*>([^<]*)<\/a>\s*$/.exec(html.trim());
  if (!link || !/^(?:https?:\/\/|www\.)?[\w-]+(?:\.[\w-]+)+(?:\/\S*)?$/i.test(decodeEntities(link[1]).trim())) return false;
  const before = htmlToText(html.slice(0, link.index)).trim();
  if (/[.!?:)»“”"]$/.test(before)) return true;
  // Or after titles (a list of resources, "Developer Guide Android By Google https://…"): the addresses aside, the words
  // are a title's, mostly capitalised, and no sentence.
  const words = before.replace(/(?:https?:\/\/|www\.)\S+/g, ' ').match(/\p{L}[\p{L}’'-]*/gu) ?? [];
  return words.length > 0 && words.filter((w) => /^\p{Ll}/u.test(w)).length < words.length / 3;
}

/**
 * Paragraphs that stop mid-sentence: prose of six words or more whose last character is a letter,
 * a digit, a comma or a hyphen (a PDF line made a paragraph: "... we" / "need to maximize our
 * entropy"). Not counted: a lead-in whose sentence goes on in the display formula right after it
 * (a margin note between them aside) or in the list or table right after it, a sentence whose stop is inside the formula closing
 * it, a sentence the source closes on its equation without a stop, a lead-in going on past the reader's picture of a page,
 * a web address shown after a whole sentence, and what the source itself sets without a stop (captions, code and
 * algorithm lines, glossary and notation entries, a relation of symbols closing a paragraph after its sentence, a paragraph the source ends there
 * without a stop, given by its closing words in `sourceOpenEnds`, and a row of figures). Returns the findings and how many paragraphs were judged.
 */
export function midSentenceEnds(html: string, sourceOpenEnds: string[] = []): { cut: string[]; judged: number } {
  const open = new Set(sourceOpenEnds);
  // A list, table or figure stays as its empty tag: a lead-in before a list is told by what follows it.
  const outside = html.replace(/<(ul|ol|table|figure)\b[\s\S]*?<\/\1>/g, '<$1></$1>');
  const cut: string[] = [];
  let judged = 0;
  for (const m of outside.matchAll(/<p>([\s\S]*?)<\/p>/g)) {
    const p = htmlToText(m[1]);
    if (!p || p.split(/\s+/).length < proseWords || /^<em>[\s\S]*<\/em>$/.test(m[1].trim())) continue;
    // A row of figures ("0 1 2 3 4 5 6 7 8 9 10", a data file's values) is no prose.
    if ((p.match(/\p{L}{2,}/gu) ?? []).length < 3) continue;
    judged++;
    if (!/[\p{L}\p{N},\-–]$/u.test(p) || setWithoutStop(p) || open.has(openEndKey(p)) || addressAfterSentence(m[1])) continue;
    const next = outside
      .slice(m.index + m[0].length)
      .trimStart()
      .replace(marginNote, '')
      .replace(pagePicture, '')
      // A callout's last line leading into the display set right after the box ("... in the multiple model is").
      .replace(/^<\/blockquote>\s*/, '');
    // A paragraph right before a list is the lead-in its sentence goes on in; one ending on a comma before code too.
    if (startsWithFormula(next) || /^<(?:ul|ol)\b/.test(next) || leadsIntoBlock(p, next)) continue;
    // The sentence's stop set inside the formula that closes it ("... genau dann, wenn \\(\\delta(q_0, w) \\in F.\\)").
    const lastFormula = /<span data-type="inline-math" data-latex="([^"]*)"[^>]*><\/span>\s*$/.exec(m[1].trim());
    if (lastFormula && /[.!?]\s*$/.test(decodeEntities(lastFormula[1]))) continue;
    if (endsOnEquation(m[1])) continue;
    cut.push(`…${p.slice(-50)}`);
  }
  return { cut, judged };
}

/** A running head's key: its words, digits as "#", case and spacing aside. */
const headKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/[^\p{L}#]+/gu, ' ')
    .trim();

/**
 * Running heads (lines the source prints on many pages, digits as "#") found inside the book's
 * paragraphs: each occurrence counts. Heads under three words or twelve letters are too short to
 * tell from prose.
 */
export function runningHeadsInBook(heads: string[], html: string): string[] {
  const keys = [...new Set(heads.map(headKey))].filter((k) => k.split(' ').length >= 3 && k.replace(/[^\p{L}]/gu, '').length >= 12);
  if (keys.length === 0) return [];
  const text = ` ${paragraphs(html).map(headKey).join(' | ')} `;
  const found: string[] = [];
  for (const k of keys) {
    let at = text.indexOf(` ${k} `);
    while (at >= 0) {
      found.push(k);
      at = text.indexOf(` ${k} `, at + k.length);
    }
  }
  return found;
}

/**
 * A link target as compared: no trailing slash, no "www.", scheme aside, case of the host aside; a DOI through either of
 * its resolver's hosts ("dx.doi.org" is the old name of "doi.org": one resource).
 */
export function linkKey(href: string): string {
  return decodeEntities(href)
    .trim()
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/^([^/]+)/, (host) => host.toLowerCase())
    .replace(/^dx\.doi\.org\//, 'doi.org/')
    .replace(/[/#]+$/, '');
}

/** Of the source's link targets (each counted once), those the book links to in its text or its references. */
export function linksKept(
  sourceHrefs: string[],
  html: string,
  referenceUrls: string[] = [],
): { kept: number; total: number; missing: string[] } {
  const source = [...new Set(sourceHrefs.map(linkKey).filter(Boolean))];
  const book = new Set([...[...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]), ...referenceUrls].map(linkKey));
  const missing = source.filter((k) => !book.has(k));
  return { kept: source.length - missing.length, total: source.length, missing };
}

/** The numbers the book's ordered lists start at, in reading order (1 when `start` is absent). */
export function bookListStarts(html: string): number[] {
  return [...html.matchAll(/<ol\b([^>]*)>/g)].map((m) => Number(/\bstart="(-?\d+)"/.exec(m[1])?.[1] ?? 1));
}

/**
 * Ordered lists of the source that do not start at 1 ("5. ..." continuing after a paragraph), and
 * how many of them the book does not start at that number: each source start is matched with one
 * book list of the same start, in order.
 */
export function listStartsDiffering(sourceStarts: number[], html: string): { differing: number; total: number } {
  const wanted = sourceStarts.filter((n) => n !== 1);
  const book = bookListStarts(html);
  let at = 0;
  let differing = 0;
  for (const n of wanted) {
    const i = book.indexOf(n, at);
    if (i < 0) differing++;
    else at = i + 1;
  }
  return { differing, total: wanted.length };
}
