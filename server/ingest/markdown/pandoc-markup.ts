/**
 * What Pandoc's own Markdown adds to CommonMark and a textbook cannot print: fenced divs
 * ("::: notes", "::::: columns", "::: {.column width="40%"}" and their closing ":::" lines), the
 * attribute lists after an image, a link or a bracketed span (`![](uml.png){width="80%"}`,
 * `[the notes]{.notes}`) and the pauses of a slide (". . ."). Slides and lecture notes written for Pandoc (a course's Markdown that
 * makes both its slides and its handout) use them on every page. A div's fences are block
 * boundaries and go; its content stays. A span keeps its text; attribute lists go. Fenced code is
 * copied as it is. MyST's directives (":::{note}") are read before this (markdown/myst-directives.ts).
 */
import { calloutTitle } from './page-words';

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

/** Pandoc's pause between the steps of a slide: a paragraph of three spaced dots (". . ."), never text. */
const pause = /^[ \t]*\. \. \.[ \t]*$/gm;

function rewrite(part: string): string {
  return part.replace(divFence, '').replace(pause, '').replace(afterLink, '$1').replace(span, '$1');
}

/** A Quarto callout's opening fence: `::: {.callout-note title="..."}` or `::: callout-tip`. */
const calloutFence = /^[ \t]*(:{3,})[ \t]*(?:\{[^{}\n]*?\.callout-(\w+)([^{}\n]*)\}|callout-(\w+))[ \t]*$/;
const anyDivOpen = /^[ \t]*:{3,}[ \t]*(?:\{[^{}\n]*\}|[\p{L}\d_-]+)[ \t]*$/u;
const divClose = /^[ \t]*:{3,}[ \t]*$/;

/**
 * Quarto's callouts ("::: {.callout-important}" over "## Due Date" and its text) are boxes with a title, not sections:
 * each becomes a quotation opening with its title ("[!callout: Due Date]"; the kind's name when it has none), which the
 * reader makes the book's callout. Fenced code inside stays code.
 */
function quartoCallouts(text: string, language: string | undefined): string {
  if (!/callout-\w+/.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = calloutFence.exec(lines[i]);
    if (!open) {
      out.push(lines[i]);
      continue;
    }
    const kind = (open[2] ?? open[4]).toLowerCase();
    let title =
      /\btitle=(?:"([^"\n]*)"|'([^'\n]*)')/
        .exec(open[3] ?? '')
        ?.slice(1)
        .find((t) => t !== undefined) ?? '';
    const body: string[] = [];
    let depth = 1;
    let j = i + 1;
    let inCode = false;
    for (; j < lines.length; j++) {
      if (/^[ \t]*(```|~~~)/.test(lines[j])) inCode = !inCode;
      if (!inCode && anyDivOpen.test(lines[j])) depth++;
      else if (!inCode && divClose.test(lines[j]) && --depth === 0) break;
      body.push(lines[j]);
    }
    // The callout's first heading is its title.
    const first = body.findIndex((l) => l.trim());
    const heading = first >= 0 ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(body[first]) : null;
    if (heading && !title) {
      title = heading[1];
      body.splice(first, 1);
    }
    title ||= calloutTitle(kind, language);
    out.push('', `> [!callout: ${title.replace(/[\]\n]/g, ' ')}]`, ...body.map((l) => (l.trim() ? `> ${l}` : '>')), '');
    i = j;
  }
  return out.join('\n');
}

/** True when the page has Pandoc markup worth reading (most pages have none: they are left untouched). */
function hasPandocMarkup(text: string): boolean {
  return /^[ \t]*:{3,}/m.test(text) || /[\])]\{[ \t]*[.#\w]/.test(text) || /^[ \t]*\. \. \.[ \t]*$/m.test(text);
}

/** The page without Pandoc's fenced-div lines and attribute lists; their text stays. */
export function stripPandocMarkup(source: string, language?: string): string {
  if (!hasPandocMarkup(source)) return source;
  const text = quartoCallouts(source, language);
  return text
    .split(fencedCode)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part)))
    .join('');
}
