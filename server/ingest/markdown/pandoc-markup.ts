/**
 * What Pandoc's own Markdown adds to CommonMark and a textbook cannot print: fenced divs
 * ("::: notes", "::::: columns", "::: {.column width="40%"}" and their closing ":::" lines), the
 * attribute lists after an image, a link or a bracketed span (`![](uml.png){width="80%"}`,
 * `[the notes]{.notes}`). Slides and lecture notes written for Pandoc (a course's Markdown that
 * makes both its slides and its handout) use them on every page. A div's fences are block
 * boundaries and go; its content stays. A span keeps its text; attribute lists go. Fenced code is
 * copied as it is. MyST's directives (":::{note}") are read before this (markdown/myst-directives.ts).
 */

/** Fenced code (also indented in a list item): copied as it is. */
const fencedCode = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;

/** A fenced div's opening or closing line: three or more colons, then nothing, a class name or an attribute list. */
const divFence = /^[ \t]*:{3,}[ \t]*(?:\{[^{}\n]*\}|[\p{L}\d_-]+)?[ \t]*(?::{3,})?[ \t]*$/gmu;

/** One attribute of a list: `.class`, `#id` or `key=value` (quoted or bare). */
const attribute = String.raw`(?:[.#][^\s{}]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s{}"']+))`;
const attributeList = String.raw`\{[ \t]*${attribute}(?:[ \t]+${attribute})*[ \t]*\}`;

/** A bracketed span (one level of brackets inside: a citation) with its attribute list: its text stays. */
const span = new RegExp(String.raw`(?<!!)\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]${attributeList}`, 'g');
/** An attribute list straight after an image or a link's closing parenthesis. */
const afterLink = new RegExp(String.raw`(\]\([^()\s]*(?:\s+"[^"\n]*")?\))${attributeList}`, 'g');

function rewrite(part: string): string {
  return part.replace(divFence, '').replace(afterLink, '$1').replace(span, '$1');
}

/** True when the page has Pandoc markup worth reading (most pages have none: they are left untouched). */
function hasPandocMarkup(text: string): boolean {
  return /^[ \t]*:{3,}/m.test(text) || /[\])]\{[ \t]*[.#\w]/.test(text);
}

/** The page without Pandoc's fenced-div lines and attribute lists; their text stays. */
export function stripPandocMarkup(text: string): string {
  if (!hasPandocMarkup(text)) return text;
  return text
    .split(fencedCode)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part)))
    .join('');
}
