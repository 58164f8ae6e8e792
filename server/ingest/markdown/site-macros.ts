import { takeDefinitions, type MathMacros } from './math-macros';

/**
 * What static-site generators add to Markdown and a textbook cannot use: table-of-contents
 * commands (`\toc`, `{{< toc >}}`, `[TOC]`, kramdown's `{:toc}`), Franklin's `@@name` boxes and
 * LaTeX-style macros the site defines (`\collaps{Title}{body}`, `\note{...}`). A macro loses its
 * name and keeps its text arguments (a title, a body; not a file name or a label); definitions
 * (`\newcommand`) and commands that insert files or cross-references go whole; a definition of a
 * macro for formulas is kept for the formulas (markdown/math-macros.ts).
 */

/** Fenced code (also indented in a list item): copied as it is. */
const fencedCode = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;

/** Lines that are only a table-of-contents command, or kramdown's "* TOC" list with `{:toc}` under it. */
const tocLine = /^[ \t]*(?:\\toc|\\tableofcontents|\[TOC\]|\[\[_TOC_\]\]|\[\[toc\]\]|\{:\s*toc\s*\}|<!--\s*toc\s*-->)[ \t]*$/gim;
const kramdownToc = /^[ \t]*(?:[*+-]|1\.)[ \t]+.*\n[ \t]*\{:\s*toc\s*\}[ \t]*$/gim;
const franklinBox = /^[ \t]*@@[\w-]*[ \t]*$/gm;

/** Macros whose arguments are never text: definitions, labels and references, files to insert. */
const dropped = new Set([
  'newcommand',
  'renewcommand',
  'newenvironment',
  'def',
  'label',
  'ref',
  'eqref',
  'cite',
  'citep',
  'citet',
  'input',
  'textinput',
  'include',
  'output',
  'textoutput',
  'show',
  'plotlyfig',
  'fig',
  'figalt',
  'style',
]);
/** Commands without arguments that only lay out a page. */
const layout = new Set([
  'toc',
  'tableofcontents',
  'maketitle',
  'newpage',
  'clearpage',
  'pagebreak',
  'lineskip',
  'skipline',
  'lskip',
  // Spacing and overlays of slides written in Markdown for Pandoc and Beamer.
  'pause',
  'bigskip',
  'medskip',
  'smallskip',
  'noindent',
  'vfill',
  'hfill',
  'centering',
]);

/** The balanced `{...}` group opening at `at`, or undefined. */
function braceGroup(s: string, at: number): { body: string; end: number } | undefined {
  if (s[at] !== '{') return undefined;
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { body: s.slice(at + 1, i), end: i + 1 };
  }
  return undefined;
}

/**
 * An argument that reads as text: words with spaces, a capitalised word (`\definition{Logarithm}{...}`), or one word of
 * a one-argument macro (`\emph{word}`); never a path, a language name or a key (`\input{julia}{table_code}`).
 */
function isText(arg: string, only: boolean): boolean {
  const a = arg.trim();
  if (!a) return false;
  if (/\s/.test(a) || a.includes('\uE000')) return true;
  return /^\p{Lu}\p{Ll}+[.,;:!?]?$/u.test(a) || (only && /^\p{L}[\p{L}'’-]*[.,;:!?]?$/u.test(a));
}

/** What a sticky pattern matches at `index` (no copy of the rest of the text: pages can be long). */
function at(pattern: RegExp, s: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(s)?.[0];
}

/** Definitions of macros for formulas (not a site's HTML-making macros), kept for the formulas that use them. */
const mathDefinitions = new Set(['newcommand', 'renewcommand', 'providecommand', 'DeclareMathOperator']);

/** Macros in one stretch of Markdown outside fenced code: inline code spans are copied as they are. */
function unwrap(s: string, macros: MathMacros): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '`') {
      const run = at(/`+/y, s, i)!;
      const close = s.indexOf(run, i + run.length);
      const end = close < 0 ? i + run.length : close + run.length;
      out += s.slice(i, end);
      i = end;
      continue;
    }
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    // "\\" ends a line in LaTeX-flavoured pages (Franklin): a space, unless it is a backslash in a word.
    if (s[i + 1] === '\\') {
      const next = s[i + 2];
      out += next === undefined || /\s/.test(next) ? ' ' : '\\\\';
      i += 2;
      continue;
    }
    const name = at(/[A-Za-z]+/y, s, i + 1);
    if (!name) {
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    let j = i + 1 + name.length;
    const args: string[] = [];
    for (;;) {
      // An optional argument ("\newcommand{\x}[2]{...}") is skipped.
      const optional = at(/\[[^\]\n]*\]/y, s, j);
      if (optional && args.length > 0) j += optional.length;
      const group = braceGroup(s, j);
      if (!group) break;
      args.push(group.body);
      j = group.end;
    }
    if (args.length === 0) {
      if (layout.has(name)) i = j;
      else {
        out += s.slice(i, j);
        i = j;
      }
      continue;
    }
    // A macro alone on its lines is a block of its own: its arguments become paragraphs.
    const lineStart = s.lastIndexOf('\n', i - 1) + 1;
    const block = !s.slice(lineStart, i).trim() && at(/[ \t]*(?:\n|$)/y, s, j) !== undefined;
    if (mathDefinitions.has(name) && !/~~~|@@|<[a-z]/i.test(s.slice(i, j))) takeDefinitions(s.slice(i, j), macros);
    const kept = dropped.has(name) ? [] : args.filter((a) => isText(a, args.length === 1)).map((a) => unwrap(a, macros).trim());
    out += block ? `\n\n${kept.join('\n\n')}\n\n` : kept.join(' ');
    i = j;
  }
  return out;
}

/** The page without table-of-contents commands and site macros (fenced code left as it is); macros for formulas go to `macros`. */
export function stripSiteMacros(text: string, macros: MathMacros = new Map()): string {
  return text
    .split(fencedCode)
    .map((part, i) => (i % 2 === 1 ? part : unwrap(part.replace(kramdownToc, '').replace(tocLine, '').replace(franklinBox, ''), macros)))
    .join('');
}

const shortcodeArg = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * A template tag of a static site (`{{< ... >}}`, `{% ... %}`) in place: a video shortcode becomes a
 * link to the video, a figure shortcode its caption; any other tag (a table of contents, an
 * include, a box's opening and closing) goes and the text between a pair stays.
 */
export function siteTag(tag: string): string {
  const video = /^\{\{[<%]\s*(youtube|vimeo)\s+(?:id\s*=\s*)?["']?([\w-]+)["']?/i.exec(tag);
  if (video) {
    const url = video[1].toLowerCase() === 'youtube' ? `https://www.youtube.com/watch?v=${video[2]}` : `https://vimeo.com/${video[2]}`;
    return `[${url}](${url})`;
  }
  if (/^\{\{[<%]\s*figure\b/i.test(tag)) return shortcodeArg(tag, 'caption') ?? shortcodeArg(tag, 'title') ?? '';
  return '';
}
