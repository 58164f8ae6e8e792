/**
 * Quarto's cross-references: a page labels its figures (`![caption](path){#fig-name}`, a chunk's `#| label: fig-name`),
 * tables (`: caption {#tbl-name}`, `#| label: tbl-name`), displays (`$$ ... $$ {#eq-name}`) and sections
 * (`## Title {#sec-name}`), and its text refers to them as `@fig-name`, `[@eq-name]` or `-@fig-name` (the number
 * alone). Quarto prints them numbered per page in reading order ("Figure 2", "Equation 3", "Section ..."); the keys
 * printed as typed point nowhere. Each reference reads as Quarto numbers it, each labelled caption opens with its
 * number and each labelled display carries it as `\tag{n}`, so the book's own numbering keeps them and links the
 * reference to its target. A section is named by its title (the book numbers its sections itself).
 *
 * A chunk's figure (`#| fig-cap:`) is drawn when the page is rendered and is never uploaded with it: its caption is
 * kept as a caption saying the code above draws it, as a picture not uploaded keeps its caption.
 */

import { captionMark } from './myst-directives';
import { pageWords, type PageWords } from './page-words';

export interface QuartoRefs {
  text: string;
  /** Referenced labels the page does not define (another chapter's), printed as typed. */
  unknown: string[];
}

type Kind = 'fig' | 'tbl' | 'eq' | 'sec';

const labelled = /\{#(?:fig|tbl|eq|sec)-|^[ \t]*(?:#|\/\/|--)\|[ \t]*label:[ \t]*["']?(?:fig|tbl)-/m;
const fenceOpen = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const executable = /^\s*\{\s*[A-Za-z][\w-]*(?:[\s,}]|$)/;
const option = /^[ \t]*(?:#|\/\/|--)\|[ \t]*([\w-]+):[ \t]*(.*)$/;
const optionItem = /^[ \t]*(?:#|\/\/|--)\|[ \t]+-[ \t]*(.*)$/;
/** A label's name after its kind: letters, digits, "_" and inner "-" (`fig-knearest`, `eq-log-likelihood`). */
const name = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?`;
const sectionLine = new RegExp(String.raw`^(#{1,6}[ \t]+)(.*?)[ \t]*\{[^{}\n]*#(sec-${name})[^{}\n]*\}[ \t]*$`, 'u');
const figurePicture = new RegExp(
  String.raw`!\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\](\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))\{([^{}\n]*#(fig-${name})[^{}\n]*)\}`,
  'gu',
);
const figureDiv = new RegExp(String.raw`^[ \t]*:{3,}[ \t]*\{[^{}\n]*#(fig-${name})[^{}\n]*\}`, 'u');
const tableCaption = new RegExp(String.raw`^([ \t]*):[ \t]+(.*?)[ \t]*\{[^{}\n]*#(tbl-${name})[^{}\n]*\}[ \t]*$`, 'u');
const tableDiv = new RegExp(String.raw`^[ \t]*:{3,}[ \t]*\{[^{}\n]*#(tbl-${name})[^{}\n]*\}`, 'u');
/** The closing "$$" of a display and its label, also inside a quotation ("> $$ {#eq-name}"). */
const displayLabel = new RegExp(String.raw`\$\$[ \t]*\{[^{}\n]*#(eq-${name})[^{}\n]*\}[ \t]*$`, 'u');
const reference = new RegExp(String.raw`(?<![\p{L}\p{N}_@.\\/:=])(-?)@((fig|tbl|eq|sec)-${name})`, 'giu');
const bracketedRefs = new RegExp(String.raw`\[((?:[ \t]*-?@(?:fig|tbl|eq|sec)-${name}[ \t]*;?)+)\](?![(\[:{])`, 'giu');

/** A YAML scalar as written on an option line: quotes taken off, a double-quoted string's escapes read. */
function scalar(value: string): string {
  const v = value.trim();
  const double = /^"((?:[^"\\]|\\.)*)"$/.exec(v);
  if (double) return double[1].replace(/\\(["\\])/g, '$1');
  const single = /^'((?:[^']|'')*)'$/.exec(v);
  if (single) return single[1].replace(/''/g, "'");
  return v;
}

const plainTitle = (title: string) =>
  title
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();

/** The page with its labelled captions and displays numbered and its cross-references read (fenced code untouched). */
export function quartoCrossRefs(source: string, language?: string): QuartoRefs {
  if (!labelled.test(source) && !/@(?:fig|tbl|eq|sec)-/i.test(source)) return { text: source, unknown: [] };
  const w = pageWords(language);
  const numbers = new Map<string, string>();
  const count: Record<Kind, number> = { fig: 0, tbl: 0, eq: 0, sec: 0 };
  const number = (kind: Kind, label: string) => {
    const n = String(++count[kind]);
    if (!numbers.has(label)) numbers.set(label, n);
    return n;
  };
  const lines = source.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = fenceOpen.exec(line);
    if (fence) {
      // A fence and its content as they are; a chunk's figure or table caption after its closing line.
      const closing = new RegExp(String.raw`^[ \t]*${fence[2][0] === '`' ? '`' : '~'}{${fence[2].length},}[ \t]*$`);
      let end = i + 1;
      while (end < lines.length && !closing.test(lines[end])) end++;
      out.push(...lines.slice(i, end + 1));
      if (executable.test(fence[3])) {
        const caption = chunkCaption(lines.slice(i + 1, end), number, w);
        if (caption) out.push('', `${fence[1]}${captionMark}${caption}`, '');
      }
      i = end;
      continue;
    }
    const section = sectionLine.exec(line);
    if (section) numbers.set(section[3], `“${plainTitle(section[2])}”`);
    const div = figureDiv.exec(line) ?? tableDiv.exec(line);
    if (div) number(div[1].startsWith('fig') ? 'fig' : 'tbl', div[1]);
    const table = tableCaption.exec(line);
    if (table) {
      out.push(`${table[1]}${w.table} ${number('tbl', table[3])}: ${table[2]}`);
      continue;
    }
    const display = displayLabel.exec(line);
    let text = display ? `${line.slice(0, display.index).replace(/[ \t]*$/, '')} \\tag{${number('eq', display[1])}}$$` : line;
    text = text.replace(figurePicture, (_m, alt: string, target: string, attributes: string, label: string) => {
      const n = number('fig', label);
      return `![${w.figure} ${n}${alt.trim() ? `: ${alt}` : ''}]${target}{${attributes}}`;
    });
    out.push(text);
  }
  const unknown = new Set<string>();
  const read = (suppress: boolean, label: string) => {
    const kind = label.slice(0, label.indexOf('-')).toLowerCase() as Kind;
    const key = `${kind}${label.slice(kind.length)}`;
    const n = numbers.get(key);
    if (n === undefined) {
      unknown.add(`@${label}`);
      return undefined;
    }
    if (kind === 'sec') return suppress ? n : `${w.section} ${n}`;
    if (kind === 'eq') return suppress ? `(${n})` : `${w.equation} (${n})`;
    return suppress ? n : `${kind === 'fig' ? w.figure : w.table} ${n}`;
  };
  const prose = (part: string) =>
    part
      .replace(bracketedRefs, (whole, inner: string) => {
        const items = inner
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => read(s.startsWith('-'), s.replace(/^-?@/, '')));
        return items.every((s) => s !== undefined) ? items.join(', ') : whole;
      })
      .replace(reference, (whole, dash: string, label: string) => read(dash === '-', label) ?? whole);
  const text = out
    .join('\n')
    .split(/(^[ \t]*(?:`{3,}|~{3,})[\s\S]*?^[ \t]*(?:`{3,}|~{3,})[ \t]*$|`[^`\n]+`)/m)
    .map((part, i) => (i % 2 === 1 ? part : prose(part)))
    .join('');
  // A page that labels nothing is no Quarto page: its "@sec-team" is a handle, not a reference.
  return { text, unknown: numbers.size ? [...unknown] : [] };
}

/** A chunk's figure or table caption from its options ("#| label: fig-roc", "#| fig-cap: ..."), numbered when labelled. */
function chunkCaption(body: string[], number: (kind: Kind, label: string) => string, w: PageWords): string | undefined {
  const options = new Map<string, string>();
  let key = '';
  for (const line of body) {
    const item = optionItem.exec(line);
    if (item && key) {
      // A list of captions (one per figure the chunk draws).
      const earlier = options.get(key);
      options.set(key, earlier ? `${earlier}; ${scalar(item[1])}` : scalar(item[1]));
      continue;
    }
    const pair = option.exec(line);
    if (!pair) break;
    key = pair[1];
    options.set(key, scalar(pair[2]));
  }
  const label = options.get('label') ?? '';
  for (const kind of ['fig', 'tbl'] as const) {
    const caption = options.get(`${kind}-cap`);
    const numbered = label.startsWith(`${kind}-`);
    if (!caption && !numbered) continue;
    const word = kind === 'fig' ? w.figure : w.table;
    const by = kind === 'fig' ? w.drawnByCode : w.madeByCode;
    const head = numbered ? `${word} ${number(kind, label)} (${by})` : `${word} ${by}`;
    return caption ? `${head}: ${caption}` : head;
  }
  return undefined;
}
