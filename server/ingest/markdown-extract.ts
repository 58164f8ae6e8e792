import { decodeEntities } from '@common/textbook-ops/html';
import MarkdownIt, { type Token } from 'markdown-it';
import type { DocBlock, DocLink, ExtractedDocument } from '../core/document-model';
import { cleanText, normalizeCharacters } from '../core/nlp';
import { isSessionHeading } from './session-heading';
import { isKeptLinkTarget, linkedText, placeAnchors, textWithTargets } from './links';
import { hasFrontMatter, takeFrontMatter } from './markdown/front-matter';
import { referenceLine, renderCitations, yamlReferences, type BibEntry } from './markdown/pandoc-citations';
import { katexDisplay, pageMath, takeEnvironments } from './markdown/latex-environments';
import { takeDefinitions, withDefinitions, type MathMacros } from './markdown/math-macros';
import { addSiteMacros, type SiteMacros } from './markdown/site-math-macros';
import { htmlBlocks, isRawHtmlFence } from './markdown/raw-html';
import { siteTag, stripSiteMacros } from './markdown/site-macros';
import { captionMark, takeMystDirectives } from './markdown/myst-directives';
import { openDefinitionFences, takeMkdocsAdmonitions } from './markdown/mkdocs-admonitions';
import { chunkCode } from './markdown/code-chunks';
import { stripPandocMarkup } from './markdown/pandoc-markup';
import { quartoCrossRefs } from './markdown/quarto-crossrefs';
import { bracketDirectives } from './markdown/bracket-directives';
import { hugoShortcodes } from './markdown/hugo-shortcodes';
import { dropLiaScriptMarks } from './markdown/liascript-marks';
import { besideFile } from './markdown/beside-files';
import { detectLanguage } from '../core/nlp/language';
import { pandocScripts, withScript } from './script-formula';

/**
 * A parser for CommonMark with tables; indented code is off (an indented bullet outline in notes is not code).
 * Bare web and e-mail addresses become links; "name.py" and other dotted words do not (fuzzy links are off).
 */
const md = new MarkdownIt({ html: true, linkify: true, typographer: false }).disable('code');
md.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
const liquidNote = /\{%\s*(marginnote|sidenote|marginfigure)\s+(?:'[^']*'|"[^"]*")\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*%\}/g;
const liquidTag = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;
// Kramdown attribute lists ("## Title {#anchor}", "{: .note}") style the page; they are not text.
// Pandoc writes the same lists after headings, with identifiers in any script ("{#définition--fonction-récursive}").
const kramdownAttributes = /\{:?\s*(?:#[^\s{}]+|\.[A-Za-z][\w-]*)(?:\s[^{}]*)?\}|\{:\s*[^{}]*\}/g;
const displayMath = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]/g;
// Private-use characters mark where a margin note or display equation sat (markdown-it replaces NUL).
const placeholder = /\uE000(M|E|N)(\d+)\uE001/g;
// A hard line break (two spaces or a backslash at a line's end) stands as this character while a paragraph's spaces are
// tidied; a paragraph, a list item or a quotation keeps it as a line break, as CommonMark does, anything else as a space.
const hardBreak = '\uE022';
const hardBreaks = / ?\uE022 ?/g;
const keepsLineBreaks = new Set<DocBlock['kind']>(['paragraph', 'list-item', 'quote']);

/** True when a text file is written in Markdown (Quarto and R Markdown pages too): front matter, "#" headings, fenced code, or bullet outlines. */
export function looksLikeMarkdown(text: string, filename = ''): boolean {
  if (/\.(md|markdown|mdown|mkd|qmd|rmd)$/i.test(filename)) return true;
  if (hasFrontMatter(text)) return true;
  const lines = text.split('\n');
  const headings = lines.filter((l) => /^#{1,6}\s+\S/.test(l)).length;
  const fences = lines.filter((l) => /^```/.test(l)).length;
  const nestedBullets = lines.filter((l) => /^\s{2,}[-*+]\s+\S/.test(l)).length;
  return headings >= 2 || fences >= 2 || (headings >= 1 && nestedBullets >= 1) || nestedBullets >= 3;
}

/** Inline `$x^2$` as `\(x^2\)`; a price like "$5 and $10" is left alone (math hugs its dollars). */
function inlineMath(text: string): string {
  return text.replace(/(^|[^\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/g, (whole, before: string, body: string) =>
    /^[\d.,\s]+$/.test(body) ? whole : `${before}\\(${body}\\)`,
  );
}

/** Fenced code and a raw HTML `<pre>` block (a page showing how a formula is typed): their dollars are text, never math. */
const literalBlocks = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$|<pre\b[^>]*>[\s\S]*?<\/pre>)/im;

function outsideLiteral(text: string, rewrite: (part: string) => string): string {
  return text
    .split(literalBlocks)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part)))
    .join('');
}

const inlinePlaceholder = /\uE000I(\d+)\uE001/g;
/** The language mark of an inline code span in MkDocs' highlighting (`#!python print(1)`); a `#!/bin/sh` line is no mark. */
const inlineHighlight = /^#![a-z][\w+#-]*\s+(?=\S)/i;

/**
 * Inline `$...$` formulas taken out before Markdown parsing, as placeholders, so their
 * underscores and asterisks (`$(A^T)_{ij} = a_{ji}$`) are never read as emphasis; fenced
 * code is left as it is.
 */
function protectInlineMath(text: string, formulas: string[]): string {
  return text
    .split(literalBlocks)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : outsideCodeSpans(part, (prose) =>
            prose
              .replace(/(^|[^\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/g, (whole, before: string, body: string) => {
                if (/^[\d.,\s]+$/.test(body)) return whole;
                formulas.push(pageMath(body));
                return `${before}\uE000I${formulas.length - 1}\uE001`;
              })
              // MathJax's own inline delimiters, which Markdown would read as escaped parentheses.
              .replace(/\\\(([\s\S]+?)\\\)/g, (_m, body: string) => {
                formulas.push(pageMath(body.trim()));
                return `\uE000I${formulas.length - 1}\uE001`;
              }),
          ),
    )
    .join('');
}

/**
 * An inline code span (a run of backticks to the next run as long, within one paragraph): what a page teaches to type
 * (`` `$\dfrac{a}{b}$` ``), its dollars never math.
 */
const codeSpan = /(?<![`\\])(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)/g;

function outsideCodeSpans(text: string, rewrite: (prose: string) => string): string {
  const spans: string[] = [];
  const held = text.replace(codeSpan, (span) => `\uE030${spans.push(span) - 1}\uE031`);
  return rewrite(held).replace(/\uE030(\d+)\uE031/g, (_m, n: string) => spans[Number(n)]);
}

/** What an inline run leaves of the Markdown around its text: attribute lists, footnote marks, runs of spaces. */
function tidyInline(text: string): string {
  return text
    .replace(kramdownAttributes, '')
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An inline run's plain text, its links, inline code, bold and italic spans. */
interface InlineParts {
  text: string;
  links: DocLink[];
  code: string[];
  strong?: string[];
  emphasis?: string[];
}

/**
 * An inline run's plain text and its links (Markdown links, autolinks, bare web addresses, `<a href>`); with `breaks`,
 * its hard line breaks marked by `hardBreak` (the block it makes decides what they read as).
 */
function inlineParts(token: Token, formulas: string[], breaks = false): InlineParts {
  let out = '';
  const links: DocLink[] = [];
  const code: string[] = [];
  const strong: string[] = [];
  const emphasis: string[] = [];
  // Open bold and italic runs ("**", "*", "_", <b>, <strong>, <i>, <em>): where their text starts.
  const marks: Array<{ start: number; kind: 'strong' | 'emphasis' }> = [];
  const openMark = (kind: 'strong' | 'emphasis') => marks.push({ start: out.length, kind });
  const closeMark = (kind: 'strong' | 'emphasis') => {
    const at = marks.map((m) => m.kind).lastIndexOf(kind);
    if (at < 0) return;
    const span = tidy(out.slice(marks.splice(at, 1)[0].start));
    if (span) (kind === 'strong' ? strong : emphasis).push(span);
  };
  const open: Array<{ start: number; href?: string }> = [];
  // Open <sup>/<sub> runs: where their text starts, and the links found before them (a linked footnote mark stays text).
  const scripts: Array<{ start: number; links: number; kind: 'sup' | 'sub' }> = [];
  // Code spans stand in the run as placeholders while its Markdown is tidied: a character class `[^0-9]` or an
  // attribute list `{.x}` in code is what the page teaches, never a footnote mark to drop.
  const spans: string[] = [];
  const tidy = (text: string) => tidyInline(text).replace(/\uE020(\d+)\uE021/g, (_m, n: string) => spans[Number(n)]);
  const close = () => {
    const link = open.pop();
    const anchor = link && linkedText(tidy(out.slice(link.start)));
    if (link?.href && anchor && isKeptLinkTarget(link.href)) links.push({ text: anchor, href: link.href.trim() });
    else if (link?.href && anchor) {
      // A file beside the page is not uploaded with it: its path stays after the link's words, as code.
      const file = besideFile(link.href);
      if (file && !anchor.includes(file)) {
        out += ` (${file})`;
        code.push(file);
      }
    }
  };
  for (const child of token.children ?? []) {
    if (child.type === 'text')
      out = pandocScripts(
        out,
        inlineMath(child.content).replace(inlinePlaceholder, (_m, n: string) => `\\(${formulas[Number(n)]}\\)`),
      );
    else if (child.type === 'code_inline') {
      // A language named after "#!" opening the span (MkDocs' inline highlighting: `#!latex $x$`, `#!python len(s)`) says
      // how to colour it; it is no part of what the span shows.
      const shown = child.content.replace(inlineHighlight, '').replace(/\s+/g, ' ');
      out += `\uE020${spans.length}\uE021`;
      spans.push(shown);
      if (shown.trim()) code.push(shown.trim());
    } else if (child.type === 'hardbreak' && breaks) out += hardBreak;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += ' ';
    else if (child.type === 'strong_open' || child.type === 'em_open') openMark(child.type === 'strong_open' ? 'strong' : 'emphasis');
    else if (child.type === 'strong_close' || child.type === 'em_close') closeMark(child.type === 'strong_close' ? 'strong' : 'emphasis');
    else if (child.type === 'link_open') open.push({ start: out.length, href: String(child.attrGet('href') ?? '') });
    else if (child.type === 'link_close') close();
    else if (child.type === 'image') {
      // A picture the page takes from the web cannot be fetched here (no network): its alt text stays, inside the
      // link around it (a linked cover) or as a link to the picture itself. A picture beside the page (a relative
      // path) was not uploaded with it; its alt text is mostly its file's name ("arbre2") and is not printed.
      const alt = tidyInline(child.content ?? '');
      const src = String(child.attrGet('src') ?? '').trim();
      if (!isKeptLinkTarget(src)) continue;
      if (open.length) out += alt;
      else {
        open.push({ start: out.length, href: src });
        out += alt || src;
        close();
      }
    } else if (child.type === 'html_inline') {
      // Tags go and their text stays; <sup>4</sup> is a formula on its base (256^4, never "2564"); an <a href> keeps
      // its target, a <br> is a space.
      const tag = /^<(\/?)([a-zA-Z][\w-]*)([^>]*)>/.exec(child.content);
      const name = tag?.[2].toLowerCase();
      const mark = name === 'b' || name === 'strong' ? 'strong' : name === 'i' || name === 'em' ? 'emphasis' : undefined;
      if (mark && !tag![1]) openMark(mark);
      else if (mark) closeMark(mark);
      else if ((name === 'sup' || name === 'sub') && !tag![1]) scripts.push({ start: out.length, links: links.length, kind: name });
      else if (name === 'sup' || name === 'sub') {
        const script = scripts.pop();
        if (script && script.links === links.length && open.length === 0 && script.start <= out.length)
          out = withScript(out.slice(0, script.start), out.slice(script.start), script.kind);
      } else if (name === 'a' && !tag![1]) open.push({ start: out.length, href: /\bhref\s*=\s*["']([^"']*)["']/i.exec(tag![3])?.[1] });
      else if (name === 'a') close();
      else if (name === 'br') out += ' ';
      else if (name === 'iframe' && !tag![1]) {
        // A frame inside a line of text (a video) becomes a link to its source, as a frame on its own line does.
        const frame = htmlBlocks(child.content)[0];
        if (frame?.links?.length) {
          open.push({ start: out.length, href: frame.links[0].href });
          out += ` ${frame.text} `;
          close();
        }
      }
    }
  }
  return { text: tidy(out), links, code, strong, emphasis };
}

/**
 * The caption of a picture set alone in its paragraph (Pandoc and Quarto make it a figure captioned by its description:
 * "![Histological image of a carcinoma.](./images/carcinoma.jpg){#fig-ductal}") whose file lies beside the page and
 * was not uploaded with it. The caption stays, as the figure's; a description that is one word is its file's name
 * ("arbre2"), no caption.
 */
function figureCaption(token: Token, formulas: string[]): string | undefined {
  const kids = (token.children ?? []).filter((c) => !(c.type === 'softbreak' || (c.type === 'text' && !tidyInline(c.content))));
  const picture = kids[0];
  if (kids.length !== 1 || picture.type !== 'image' || isKeptLinkTarget(String(picture.attrGet('src') ?? '').trim())) return undefined;
  const caption = tidyInline(picture.content ?? '').replace(inlinePlaceholder, (_m, n: string) => `\\(${formulas[Number(n)]}\\)`);
  return caption.split(' ').length >= 2 ? caption : undefined;
}

/**
 * A paragraph that is nothing but code spans (```mysql -u root -p``` on a line of its own, the way many
 * course pages write commands) is a command to type: a code block, one line per span.
 */
function onlyCode(token: Token): boolean {
  const children = token.children ?? [];
  return (
    children.some((c) => c.type === 'code_inline' && c.content.trim()) &&
    children.every(
      (c) => c.type === 'code_inline' || c.type === 'softbreak' || c.type === 'hardbreak' || (c.type === 'text' && !c.content.trim()),
    )
  );
}

function codeSpans(token: Token): string {
  return (token.children ?? [])
    .filter((c) => c.type === 'code_inline' && c.content.trim())
    .map((c) => c.content.trim())
    .join('\n');
}

/** A fence's language: "python", R Markdown's "{r setup, echo=FALSE}" -> "r", Pandoc's "{.yacc size=small}" or "language-python" -> the name. */
function fenceLanguage(info: string): string | undefined {
  return (
    info
      .trim()
      .replace(/^\{/, '')
      .replace(/^\./, '')
      .replace(/^language-/, '')
      .split(/[\s,}]+/)[0] || undefined
  );
}

/** The bare web addresses and e-mail addresses of a plain text, as links in reading order. */
export function bareLinks(text: string): DocLink[] {
  return placeAnchors(text, withBareLinks(text, []));
}

/** The links of a text read from HTML, with its bare web addresses as links too, in reading order. */
function withBareLinks(text: string, links: DocLink[]): DocLink[] {
  const found = links.map((l) => ({ ...l, at: text.indexOf(l.text) }));
  for (const m of md.linkify.match(text) ?? []) {
    if (found.some((l) => l.at >= 0 && m.index < l.at + l.text.length && l.at < m.lastIndex)) continue;
    found.push({ text: m.text, href: m.url, at: m.index });
  }
  return found.sort((a, b) => a.at - b.at).map(({ text: t, href }) => ({ text: t, href }));
}

/** A block read from raw HTML with its inline formulas put back (they were taken out of the whole page). */
function withFormulas(block: DocBlock, formulas: string[]): DocBlock {
  const put = (text: string) => text.replace(inlinePlaceholder, (_m, n: string) => `\\(${formulas[Number(n)]}\\)`);
  return { ...block, text: put(block.text), ...(block.links ? { links: block.links.map((l) => ({ ...l, text: put(l.text) })) } : {}) };
}

/**
 * A list of the page's own contents (pandoc's and many editors' "table of contents": every item a link to a
 * heading of the page, "[Introduction](#introduction)"): the book has its own; the index of its closing token.
 */
function inPageContents(tokens: Token[], open: number): number | undefined {
  let close = open + 1;
  while (close < tokens.length && !(tokens[close].level === tokens[open].level && /_list_close$/.test(tokens[close].type))) close++;
  const items = tokens.slice(open, close).filter((t) => t.type === 'inline');
  if (items.length < 2) return undefined;
  const onlyAnchorLink = (t: Token) => {
    const kids = (t.children ?? []).filter((c) => !(c.type === 'softbreak' || (c.type === 'text' && !c.content.trim())));
    const first = kids[0];
    return (
      first?.type === 'link_open' &&
      String(first.attrGet('href') ?? '').startsWith('#') &&
      kids[kids.length - 1].type === 'link_close' &&
      kids.filter((c) => c.type === 'link_open').length === 1
    );
  };
  return items.every(onlyAnchorLink) ? close : undefined;
}

interface Parsed {
  blocks: DocBlock[];
  title?: string;
  /** The entries of the page's own bibliography (YAML `references:`) that it cites, as reference-list lines. */
  bibliography?: string[];
  /** Pandoc citation keys the page cites without a bibliography to resolve them. */
  unresolvedCitations?: string[];
  /** Macros the formulas use that the page does not define (its site's): read by convention, or left undefined. */
  siteMacros?: SiteMacros;
  /** Quarto cross-references to labels the page does not define, printed as typed. */
  unknownCrossRefs?: string[];
  /** Files the page includes (Hugo's `include` shortcode) that never come with it. */
  includedFiles?: string[];
}

/**
 * Markdown into document-model blocks: headings at their levels, paragraphs, nested lists with
 * their depth, tables, fenced code, quotations, `$$...$$` display math and `$...$` inline math,
 * footnotes as notes, and Jekyll/Tufte margin notes ({% marginnote %}, {% sidenote %}) as
 * margin blocks kept apart from the paragraph they sit in. Front matter (YAML, TOML) is read
 * for its title and never printed; LaTeX display environments are display math; links keep their
 * targets, ordered lists their first number; site macros and table-of-contents commands lose
 * their markup (markdown/site-macros.ts) and raw HTML is read for its text (markdown/raw-html.ts).
 */
export function markdownToBlocks(source: string, companion: BibEntry[] = []): Parsed {
  const page = takeFrontMatter(normalizeCharacters(source).replace(/\r\n?/g, '\n'));
  // A raw HTML <pre> block is preformatted text, as a fence is: its dollars, braces and backslashes are shown, never read.
  // The page's settings that are web addresses ("quiz: https://...") open the page as links, named by their setting.
  const settings = page.links.map((l) => `${l.name.charAt(0).toUpperCase()}${l.name.slice(1).replace(/[_-]+/g, ' ')}: <${l.href}>\n\n`);
  // The lesson's questions and objectives open it, its key points close it, each a list under its name (as the lesson's site shows them).
  const listed = (at: 'start' | 'end') =>
    page.lists
      .filter((l) => l.at === at)
      .map((l) => `${l.label}:\n\n${l.items.map((item) => `- ${item}`).join('\n')}\n\n`)
      .join('');
  let text = (
    settings.join('') +
    listed('start') +
    page.text +
    (page.lists.some((l) => l.at === 'end') ? `\n\n${listed('end')}` : '')
  ).replace(
    /^[ \t]*<pre\b[^>]*>([\s\S]*?)<\/pre>[ \t]*$/gim,
    (_m, body: string) => `\n\`\`\`\n${decodeEntities(body.replace(/<[^>]+>/g, '')).replace(/^\n+|\n+$/g, '')}\n\`\`\`\n`,
  );
  // Quarto's cross-references ("@fig-roc") read as the page numbers its labelled figures, tables and displays.
  // The words the reader writes into the page (a reference's "Figure 2", a box's title) are in the page's language.
  const language = detectLanguage(text.replace(/^[ \t]*(`{3,}|~{3,})[\s\S]*?^[ \t]*\1[ \t]*$/gm, ''));
  const crossRefs = quartoCrossRefs(text, language);
  text = crossRefs.text;
  // MyST's directives ("```{note}", "````{figure} path") are the prose, figures and formulas they hold, not code.
  text = takeMystDirectives(text);
  // MkDocs' boxes ("!!! tip \"Title\"", "??? info", "=== \"Tab\"" over an indented body) are callouts and labelled parts.
  text = takeMkdocsAdmonitions(openDefinitionFences(text));
  // Hugo's boxes are callouts; the files a page includes are named where it shows them.
  const hugo = hugoShortcodes(text, language);
  text = hugo.text;
  // A course tool's bracketed directives ("[SECTION::goal::idea]", "[ENDSECTION]", "[EQ]") are headings, boxes and steps.
  const directives = bracketDirectives(text, language);
  text = directives.text;
  // LiaScript's narrator and animation marks ("--{{0}}--", "{{0-1}}") are a slide show's timing, never text.
  text = outsideLiteral(text, dropLiaScriptMarks);
  // Pandoc's fenced divs ("::: notes") and attribute lists ("{width=80%}") are layout; their text stays.
  text = stripPandocMarkup(text, language);
  // Pandoc's citations ("[@Parr2010, p. 142]") read author-year from the page's bibliography, or as their keys.
  // A bibliography file uploaded beside the page (.bib, CSL-JSON) adds the keys its front matter does not define.
  const own = yamlReferences(page.yaml);
  const ownKeys = new Set(own.map((e) => e.id));
  const citations = renderCitations(text, [...own, ...companion.filter((e) => !ownKeys.has(e.id))]);
  text = citations.text;
  const title = page.title;
  const notes: DocBlock[][] = [];
  text = text.replace(liquidNote, (_m, _kind: string, quoted: string) => {
    // A margin note is HTML: its text is kept with its links; an autolink ("<http://...>") is a link showing its URL.
    const html = quoted
      .slice(1, -1)
      .replace(/\\(['"])/g, '$1')
      .replace(/<((?:https?|ftp):\/\/[^<>\s]+|mailto:[^<>\s]+)>/gi, (_a, url: string) => `<a href="${url}">${url}</a>`)
      // A code span is code, as in a paragraph: its text as typed (no backticks, its "<" no tag).
      .replace(
        /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g,
        (_c, _ticks: string, code: string) =>
          `<code>${code.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`,
      );
    // A blank line in the note (two <br>s: a caption, then its linked picture) parts it into notes of their own; one <br> is a space.
    const pieces = html.split(/(?:<br\s*\/?>\s*){2,}/i).map((piece) => {
      const parts = htmlBlocks(piece.replace(/<br\s*\/?>/gi, ' '));
      const note: DocBlock = { kind: 'margin', text: parts.map((b) => b.text).join(' ') };
      const code = parts.flatMap((b) => b.code ?? []);
      if (code.length) note.code = code;
      const links = placeAnchors(
        note.text,
        withBareLinks(
          note.text,
          parts.flatMap((b) => b.links ?? []),
        ),
      );
      if (links.length) note.links = links;
      return note;
    });
    notes.push(pieces.filter((note) => note.text.trim()));
    return `\uE000M${notes.length - 1}\uE001`;
  });
  // Template tags are the site's (Jekyll's Liquid, Hugo's shortcodes); inside fenced code they are the code's own text
  // (a Vue or Jinja template, "SELECT '{{1}}'"), kept as typed, only a Jekyll page's {% raw %} guards around them go.
  text = text
    .split(literalBlocks)
    .map((part, i) => (i % 2 === 1 ? part.replace(/\{%-?\s*(?:raw|endraw)\s*-?%\}/g, '') : part.replace(liquidTag, siteTag)))
    .join('');
  // "<!explain commands as we go along>" is an HTML bogus comment (no "--"): a note the page's author hid from readers.
  text = outsideLiteral(text, (part) => part.replace(/<![^-[\s>][^>\n]*>/g, ''));
  // Footnote definitions ("[^1]: text") would read as link references: taken out first, kept as notes.
  const footnotes: Array<{ label: string; text: string }> = [];
  text = text.replace(/^\[\^([^\]]+)\]:\s*(.+)$/gm, (_m, label: string, body: string) => {
    footnotes.push({ label, text: body.trim() });
    return `\uE000N${footnotes.length - 1}\uE001`;
  });
  const equations: string[] = [];
  // Macros the page defines for its formulas; a formula that only defines them is none.
  const macros: MathMacros = new Map();
  // Inside a quotation the mark stays on the quotation's line (blank lines would end the quotation before it).
  const equationMark = (latex: string, quoted = false) => {
    const formula = takeDefinitions(pageMath(latex), macros).trim();
    if (!formula) return quoted ? '' : '\n\n';
    equations.push(formula);
    const mark = `\uE000E${equations.length - 1}\uE001`;
    return quoted ? mark : `\n\n${mark}\n\n`;
  };
  // $$...$$ first: an environment inside one is part of that formula.
  // A code span showing how a display is typed (`` `$$x+y$$` `` in a table's cell) stays code.
  text = outsideLiteral(text, (part) =>
    outsideCodeSpans(part, (prose) =>
      prose.replace(displayMath, (whole, dollars: string | undefined, brackets: string | undefined, at: number) => {
        // "\[1\]" is an escaped bracket (pandoc writes them): only a bracket pair holding mathematics is display math.
        if (dollars === undefined && !/\\[a-zA-Z]+|[=^_<>]/.test(brackets ?? '')) return whole;
        // A display inside a quotation or a callout carries the quotation's "> " on each of its lines: they are no part of it.
        const quoted = /^[ \t]*(?:>[ \t]?)+$/.test(prose.slice(prose.lastIndexOf('\n', at - 1) + 1, at));
        const body = dollars ?? brackets ?? '';
        return equationMark(katexDisplay(quoted ? body.replace(/^[ \t]*(?:>[ \t]?)+/gm, '') : body), quoted);
      }),
    ),
  );
  text = takeEnvironments(text, equationMark);
  const formulas: string[] = [];
  text = stripSiteMacros(protectInlineMath(text, formulas), macros);

  const tokens = md.parse(text, {});
  const blocks: DocBlock[] = [];
  // An ordered list's first number, until its first item takes it.
  const lists: Array<{ ordered: boolean; start?: number }> = [];
  let quoteDepth = 0;
  let table: string[][] | undefined;
  let row: string[] | undefined;
  let tableLinks: DocLink[] = [];
  let headerRows = 0;
  let inHead = false;
  let index = 0;
  const push = (block: DocBlock) => blocks.push({ ...block, index: index++ });
  // The headings raw HTML makes of disclosures' titles (an accordion's buttons), by their place in `blocks`.
  const disclosures = new Set<number>();
  // The headings made of short bold lines, by their place in `blocks`.
  const boldTitles = new Set<number>();
  const pushHtml = (html: string) => {
    const made = new Set<DocBlock>();
    for (const b of htmlBlocks(html, { disclosureLevel: disclosureLevel(blocks, disclosures, boldTitles), disclosures: made })) {
      push(withFormulas(b, formulas));
      if (made.has(b)) disclosures.add(blocks.length - 1);
    }
  };

  /**
   * A display: a block of its own, or inside a quotation or a callout a line of the box holding the formula set as a
   * display (a quotation holds text only, and an equation block after it would end the box). A numbered display
   * (`\tag`, which only a display takes) stays a block.
   */
  const display = (latex: string): DocBlock =>
    quoteDepth > 0 && !/\\tag\b/.test(latex)
      ? { kind: 'quote', text: `\\(\\displaystyle ${latex.replace(/\s*\n\s*/g, ' ').trim()}\\)` }
      : { kind: 'equation', text: latex, latex };

  /** A paragraph's text with its margin notes and display equations taken out as blocks of their own. */
  const emit = (
    raw: string,
    make: (text: string) => DocBlock,
    links: DocLink[] = [],
    code: string[] = [],
    marks: Pick<InlineParts, 'strong' | 'emphasis'> = {},
  ) => {
    const margins: DocBlock[] = [];
    let eq: string | undefined;
    const clean = raw
      .replace(placeholder, (_m, kind: string, n: string) => {
        if (kind === 'M') margins.push(...notes[Number(n)]);
        else if (kind === 'N')
          margins.push({ kind: 'note', text: inlineMath(footnotes[Number(n)].text), label: footnotes[Number(n)].label });
        else eq = equations[Number(n)];
        return ' ';
      })
      .replace(/\s+/g, ' ')
      .trim();
    if (eq !== undefined && !clean.replaceAll(hardBreak, '')) push(display(eq));
    else if (clean.replaceAll(hardBreak, '')) {
      const block = make(clean);
      const lineBreak = keepsLineBreaks.has(block.kind) ? '\n' : ' ';
      const broken = (text: string) => text.replace(hardBreaks, lineBreak).trim();
      block.text = broken(block.text);
      const placed = placeAnchors(
        block.text,
        links.map((l) => ({ ...l, text: broken(l.text) })),
      );
      if (placed.length) block.links = placed;
      const spans = code.map(broken).filter((c) => block.text.includes(c));
      if (spans.length) block.code = spans;
      if (block.kind !== 'heading' && block.kind !== 'caption')
        for (const kind of ['strong', 'emphasis'] as const) {
          const found = (marks[kind] ?? []).map(broken).filter((m) => block.text.includes(m));
          if (found.length) block[kind] = found;
        }
      push(block);
      if (eq !== undefined) push(display(eq));
    }
    for (const m of margins) if (m.text) push(m);
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.type) {
      case 'heading_open': {
        const inline = tokens[i + 1];
        const level = Number(t.tag.slice(1));
        const parts = inline.type === 'inline' ? inlineParts(inline, formulas) : { text: '', links: [], code: [] };
        emit(
          parts.text,
          (h) => ({
            kind: 'heading',
            text: h,
            level,
            ...(isSessionHeading(h) ? { session: true } : {}),
          }),
          parts.links,
        );
        i += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const contentsEnd = lists.length === 0 && quoteDepth === 0 ? inPageContents(tokens, i) : undefined;
        if (contentsEnd !== undefined) {
          i = contentsEnd;
          break;
        }
        // "5." opening a list: markdown-it gives the number as the list's start.
        const start = t.type === 'ordered_list_open' ? Number(t.attrGet('start') ?? 1) : 1;
        lists.push({ ordered: t.type === 'ordered_list_open', ...(Number.isInteger(start) && start !== 1 ? { start } : {}) });
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'blockquote_open':
        quoteDepth++;
        break;
      case 'blockquote_close':
        quoteDepth--;
        break;
      case 'paragraph_open': {
        const inline = tokens[i + 1];
        const parts: InlineParts = inline.type === 'inline' ? inlineParts(inline, formulas, true) : { text: '', links: [], code: [] };
        const { text: content, links, code } = parts;
        if (table) break;
        if (lists.length) {
          const list = lists[lists.length - 1];
          const start = list.start;
          list.start = undefined;
          emit(
            content,
            (p) => ({
              // A list inside a quotation or a callout is the quotation's (its items keep their depth).
              kind: quoteDepth > 0 ? 'quote' : 'list-item',
              text: p,
              depth: lists.length - 1,
              ordered: list.ordered,
              ...(start !== undefined ? { start } : {}),
            }),
            links,
            code,
            parts,
          );
        } else if (quoteDepth > 0) emit(content, calloutQuote, links, code, parts);
        else if (onlyCode(inline)) push({ kind: 'code', text: codeSpans(inline) });
        else if (content.startsWith(captionMark))
          emit(content.slice(captionMark.length).trim(), (p) => ({ kind: 'caption', text: p }), links, code);
        else {
          const caption = figureCaption(inline, formulas);
          if (caption) push({ kind: 'caption', text: caption });
          else if (isBoldTitle(inline, content) && tokens[i + 3] && tokens[i + 3].type !== 'heading_open') {
            // A short line all in bold over the text that follows stands for a heading one below the page's own.
            emit(content, (h) => ({ kind: 'heading', text: h, level: boldTitleLevel(blocks, disclosures, boldTitles) }), links);
            boldTitles.add(blocks.length - 1);
          } else emit(content, (p) => ({ kind: 'paragraph', text: p }), links, code, parts);
        }
        i += 2;
        break;
      }
      case 'html_block':
        pushHtml(t.content);
        break;
      case 'fence':
        if (t.markup.startsWith('~') && isRawHtmlFence(t.info, t.content)) pushHtml(t.content);
        else {
          // An R Markdown or Quarto chunk is its code without its option lines.
          const code = chunkCode(t.info, t.content);
          if (code?.trim())
            push({
              kind: 'code',
              // A fence the reader's first pass did not see (one never closed runs to the end of the page): the formulas
              // that pass took out are put back as they were typed, never left as marks.
              text: code
                .replace(/\n$/, '')
                .replace(/\uE000([IE])(\d+)\uE001/g, (_m, kind: string, n: string) =>
                  kind === 'I' ? `$${formulas[Number(n)]}$` : `$$${equations[Number(n)]}$$`,
                ),
              ...(fenceLanguage(t.info) ? { language: fenceLanguage(t.info) } : {}),
              // A listing inside a quotation or a callout is the box's, where the page sets it.
              ...(quoteDepth > 0 ? { boxed: true } : {}),
            });
        }
        break;
      case 'table_open':
        table = [];
        headerRows = 0;
        break;
      case 'thead_open':
        inHead = true;
        break;
      case 'thead_close':
        inHead = false;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (table && row) {
          table.push(row);
          if (inHead) headerRows++;
        }
        row = undefined;
        break;
      case 'inline':
        if (row) {
          const cell = inlineParts(t, formulas);
          row.push(cell.text);
          tableLinks.push(...placeAnchors(cell.text, cell.links));
        }
        break;
      case 'table_close':
        if (table && table.length)
          push({
            kind: 'table',
            text: table.map((r) => r.join(' ')).join('\n'),
            rows: table,
            header: headerRows > 0,
            ...(tableLinks.length ? { links: tableLinks } : {}),
          });
        table = undefined;
        tableLinks = [];
        break;
      default:
        break;
    }
  }
  // Macros the page's site defines for all its pages (a Jupyter Book's `_config.yml`): read by their usual meaning.
  const site = addSiteMacros(blocks.flatMap(formulasOf), macros);
  return {
    blocks: macros.size ? blocks.map((b) => withPageMacros(b, macros)) : blocks,
    title,
    ...(site.assumed.size || site.unknown.length ? { siteMacros: site } : {}),
    ...(citations.cited.length ? { bibliography: citations.cited.map(referenceLine) } : {}),
    ...(citations.unresolved.length ? { unresolvedCitations: citations.unresolved } : {}),
    ...(crossRefs.unknown.length ? { unknownCrossRefs: crossRefs.unknown } : {}),
    ...(hugo.missing.length || directives.missing.length
      ? { includedFiles: [...hugo.missing, ...directives.missing.filter((f) => !hugo.missing.includes(f))] }
      : {}),
  };
}

/**
 * The level a disclosure's title in raw HTML takes: one below the section it sits in. A heading after the last
 * disclosure and deeper than it is inside that disclosure's panel (its "<h4>"), so the next disclosure is its sibling.
 */
function disclosureLevel(blocks: DocBlock[], disclosures: Set<number>, boldTitles: Set<number>): number {
  let latest: number | undefined;
  // The shallowest heading since the last disclosure.
  let shallowest = Infinity;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b.kind !== 'heading') continue;
    const level = b.level ?? 1;
    // The disclosures under a bold title are its parts.
    if (latest === undefined && boldTitles.has(i)) return Math.min(6, level + 1);
    if (disclosures.has(i)) return shallowest > level ? level : Math.min(6, shallowest + 1);
    latest ??= level;
    shallowest = Math.min(shallowest, level);
  }
  return Math.min(6, (latest ?? 1) + 1);
}

/**
 * A paragraph that is one run of bold ("**Allgemeine Suchmaschinen**", "<b>...</b>"), short, opening with no small
 * letter and ending in no stop, colon or comma: a title the page sets in bold instead of marking it as a heading (a
 * bold sentence is emphasis, and a bold run-in label ends in a colon).
 */
function isBoldTitle(token: Token, text: string): boolean {
  const kids = (token.children ?? []).filter((c) => !(c.type === 'softbreak' || (c.type === 'text' && !c.content.trim())));
  if (kids.length < 3) return false;
  const opens = (c: Token) => c.type === 'strong_open' || (c.type === 'html_inline' && /^<(?:b|strong)\b[^>]*>$/i.test(c.content));
  const closes = (c: Token) => c.type === 'strong_close' || (c.type === 'html_inline' && /^<\/(?:b|strong)\s*>$/i.test(c.content));
  if (!opens(kids[0]) || !closes(kids[kids.length - 1]) || kids.slice(1, -1).some((c) => opens(c) || closes(c))) return false;
  const words = text.split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    words.length <= 12 &&
    text.length <= 100 &&
    /\p{L}/u.test(text) &&
    !/^[\p{Ll}]/u.test(text) &&
    !/[.!?:;,…]$/.test(text)
  );
}

/** A bold title's level: one below the page's last heading of its own (not a bold title, not a disclosure's). */
function boldTitleLevel(blocks: DocBlock[], disclosures: Set<number>, boldTitles: Set<number>): number {
  for (let i = blocks.length - 1; i >= 0; i--)
    if (blocks[i].kind === 'heading' && !disclosures.has(i) && !boldTitles.has(i)) return Math.min(6, (blocks[i].level ?? 1) + 1);
  return 2;
}

/** The LaTeX of a block's formulas: its display, its inline formulas (in its text and its table's cells). */
function formulasOf(block: DocBlock): string[] {
  const inline = (text: string) => [...text.matchAll(/\\\((.+?)\\\)/g)].map((m) => m[1]);
  return [
    ...(block.kind === 'equation' && block.latex ? [block.latex] : []),
    ...inline(block.text),
    ...(block.rows ?? []).flat().flatMap(inline),
  ];
}

/** A block whose formulas use the page's macros, with their definitions (KaTeX draws each formula alone). */
function withPageMacros(block: DocBlock, macros: MathMacros): DocBlock {
  const inline = (text: string) =>
    text.replace(/\\\((.+?)\\\)/g, (whole, latex: string) => {
      const full = withDefinitions(latex, macros);
      return full === latex ? whole : `\\(${full}\\)`;
    });
  if (block.kind === 'equation' && block.latex) return { ...block, latex: withDefinitions(block.latex, macros) };
  const out: DocBlock = { ...block, text: inline(block.text) };
  if (block.rows) out.rows = block.rows.map((r) => r.map(inline));
  if (block.links) out.links = block.links.map((l) => ({ ...l, text: inline(l.text) }));
  return out;
}

export interface MarkdownOptions {
  /** The entries of a bibliography file uploaded with the page (server/ingest/bibliography/companion.ts). */
  bibliography?: BibEntry[];
}

export function extractMarkdown(text: string, filename: string, options: MarkdownOptions = {}): ExtractedDocument {
  const { blocks, title, bibliography, unresolvedCitations, siteMacros, unknownCrossRefs, includedFiles } = markdownToBlocks(
    text,
    options.bibliography,
  );
  const uploadedWith = (options.bibliography?.length ?? 0) > 0;
  const warnings: string[] = [];
  if (unresolvedCitations?.length)
    warnings.push(
      `${unresolvedCitations.length === 1 ? 'a citation was' : `${unresolvedCitations.length} citations were`} not resolved (${uploadedWith ? `the bibliography uploaded with the page does not hold ${unresolvedCitations.length === 1 ? 'it' : 'them'}` : 'no bibliography came with the page'}): ${unresolvedCitations.join(', ')} ${unresolvedCitations.length === 1 ? 'is' : 'are'} printed as ${unresolvedCitations.length === 1 ? 'its key' : 'their keys'}`,
    );
  if (unknownCrossRefs?.length)
    warnings.push(
      `the page refers to ${unknownCrossRefs.length === 1 ? 'a label' : `${unknownCrossRefs.length} labels`} it does not define (another page's): ${unknownCrossRefs.join(', ')} ${unknownCrossRefs.length === 1 ? 'is' : 'are'} printed as typed`,
    );
  if (includedFiles?.length)
    warnings.push(
      `${includedFiles.length === 1 ? 'a file' : `${includedFiles.length} files`} the page includes from beside it ${includedFiles.length === 1 ? 'was' : 'were'} not uploaded with it and ${includedFiles.length === 1 ? 'is' : 'are'} not in the book (a note marks the place): ${includedFiles.join(', ')}`,
    );
  if (siteMacros?.assumed.size)
    warnings.push(
      `the formulas use macros the page does not define (its site defines them): ${[...siteMacros.assumed].map(([name, meaning]) => `${name} is read as ${meaning}`).join(', ')}`,
    );
  if (siteMacros?.unknown.length)
    warnings.push(
      `the formulas use macros defined nowhere on the page: ${siteMacros.unknown.join(', ')}; the formulas using them show their source`,
    );
  const missing = localPictures(text);
  if (missing.length)
    warnings.push(
      `${missing.length === 1 ? 'a picture' : `${missing.length} pictures`} the page shows from files beside it ${missing.length === 1 ? 'was' : 'were'} not uploaded with it and ${missing.length === 1 ? 'is' : 'are'} not in the book: ${missing.join(', ')}`,
    );
  return {
    ...(bibliography?.length ? { bibliography } : {}),
    ...(warnings.length ? { warnings } : {}),
    filename,
    mime: 'text/markdown',
    // The plain text keeps each link's address after its anchor (references are often links).
    text: cleanText(
      blocks
        .map((b) => (b.kind === 'table' ? (b.rows ?? []).map((r) => r.join(' | ')).join('\n') : textWithTargets(b.text, b.links)))
        .join('\n\n'),
    ),
    blocks,
    title: title ?? blocks.find((b) => b.kind === 'heading')?.text,
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'markdown' : 'none',
  };
}

/** The pictures a page shows from files beside it (a relative path, in Markdown or an <img>), outside code; once each. */
function localPictures(text: string): string[] {
  const prose = text.replace(/^[ \t]*(```|~~~)[\s\S]*?^[ \t]*\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const paths = [
    ...[...prose.matchAll(/!\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"'\n]*["'])?\s*\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]),
  ];
  return [...new Set(paths.filter((p) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(p)))];
}

/** GitHub's alert kinds ("> [!NOTE]") and their titles. */
const alertTitles: Record<string, string> = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' };

/**
 * A quotation's paragraph; one opening with an alert ("[!NOTE] Be careful") or a Quarto callout's title
 * (markdown/pandoc-markup.ts writes it "[!callout: Due Date]") is a titled callout: the title is its label.
 */
function calloutQuote(text: string): DocBlock {
  const alert = /^\[!(note|tip|important|warning|caution)\]\s*/i.exec(text);
  if (alert) return { kind: 'quote', text: text.slice(alert[0].length), label: alertTitles[alert[1].toLowerCase()] };
  const callout = /^\[!callout: ([^\]\n]*)\]\s*/.exec(text);
  if (callout) return { kind: 'quote', text: text.slice(callout[0].length) || callout[1], label: callout[1] };
  return { kind: 'quote', text };
}
