/**
 * A course tool's bracketed directives (the sedrila task pages' `[SECTION::goal::idea]` ... `[ENDSECTION]`,
 * `[WARNING]` ... `[ENDWARNING]`, `[HINT::Titel]`, `[EQ]`, `[TERMREF::Unicode]`, `[INCLUDE::file.md]`) are markup the
 * site renders, never words of the page, so none is printed. A directive stands on a line of its own, in capitals, and a
 * block directive is closed by `[END<NAME>]` on a later line:
 * - a section's kind names it: a goal, objective or summary is a box titled with its kind, any other kind (background,
 *   instructions, submission) a heading one level above the page's own headings, so they nest under it;
 * - any other block is a box of the kind its name says (a warning, a hint's tip, a note), titled with its argument;
 * - an include names a file that lies beside the page and never comes with it: a box says so where the page shows it, and
 *   the reader's warning names it (as markdown/hugo-shortcodes.ts does);
 * - a bare marker opening a line (`[EQ] Treffen Sie ...`) numbers a step the student answers: a numbered item, counted per
 *   marker through the page as the site counts them;
 * - an inline directive with an argument reads as its argument (`[TERMREF::Unicode]` "Unicode"), a web address as a link.
 * Fenced code keeps its brackets; a page that defines the name as a link reference (`[EQ]: https://...`) keeps its links.
 */
import { pageWords, type PageWords } from './page-words';

export interface DirectivePage {
  text: string;
  /** Files the page includes that were not uploaded with it, in order, once each. */
  missing: string[];
}

const fencedCode = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;
const name = String.raw`[A-Z][A-Z0-9_]+`;
const openLine = new RegExp(String.raw`^[ \t]*\[(${name})(?:::([^\]\n]*))?\][ \t]*$`);
const closeLine = new RegExp(String.raw`^[ \t]*\[END(${name})\][ \t]*$`);
const marker = new RegExp(String.raw`^([ \t]*)\[(${name})\][ \t]+(?=\S)`);
const inline = new RegExp(String.raw`\[(${name})::([^\]\n]+)\](?![(\[:])`, 'g');
const boxSections = /^(?:goal|goals|objectives?|aims?|outcomes?|summary|abstract)$/i;

function capitalized(word: string): string {
  const w = word.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function boxKind(directive: string): string {
  const d = directive.toLowerCase();
  if (/^(?:warn|warning|attention)$/.test(d)) return 'warning';
  if (/^(?:danger|caution|error)$/.test(d)) return 'caution';
  if (/^(?:hint|tip|help)$/.test(d)) return 'tip';
  if (/^important$/.test(d)) return 'important';
  return 'note';
}

const quoted = (title: string) => title.replace(/"/g, "'").trim();

/** The names the page closes with `[END<NAME>]`: only those open blocks. */
function closedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const close = closeLine.exec(line);
    if (close) names.add(close[1]);
  }
  return names;
}

function includeBox(file: string, w: PageWords, inBox: boolean): string {
  const sentence = w.fileShownHere.replace('{file}', `\`${file}\``);
  return inBox ? `\n${sentence}\n` : `\n::: {.callout-warning title="${quoted(w.fileNotUploaded)}"}\n${sentence}\n:::\n`;
}

export function bracketDirectives(source: string, language?: string): DirectivePage {
  if (!/^[ \t]*\[[A-Z][A-Z0-9_]+(?:::[^\]\n]*)?\]/m.test(source)) return { text: source, missing: [] };
  const parts = source.split(fencedCode);
  const prose = parts.filter((_p, i) => i % 2 === 0).join('\n');
  const closed = closedNames(prose);
  // A page naming no block and no marker it closes is no course tool's page (a "[TODO]" line of its own is left alone).
  if (!closed.size && !/^[ \t]*\[[A-Z][A-Z0-9_]+::[^\]\n]*\][ \t]*$/m.test(prose)) return { text: source, missing: [] };
  const references = new Set([...prose.matchAll(/^[ \t]{0,3}\[([^\]\n]+)\]:/gm)].map((m) => m[1]));
  const w = pageWords(language);
  const levels = [...prose.matchAll(/^(#{1,6})[ \t]+\S/gm)].map((m) => m[1].length);
  const sectionLevel = Math.max(1, Math.min(...levels, 3) - 1);
  const missing: string[] = [];
  const counts = new Map<string, number>();
  // The blocks open at this point: a heading section closes with no fence, a box with its callout's.
  const open: Array<{ name: string; box: boolean }> = [];
  const rewrite = (part: string) =>
    part
      .split('\n')
      .map((line) => {
        const close = closeLine.exec(line);
        if (close && open.some((o) => o.name === close[1])) {
          while (open.length) {
            const o = open.pop()!;
            if (o.name === close[1]) return o.box ? ':::\n' : '';
          }
        }
        const opening = openLine.exec(line);
        if (opening && !references.has(opening[1])) {
          const [, directive, args = ''] = opening;
          const [first = '', ...rest] = args.split('::');
          const inBox = open.some((o) => o.box);
          if (/^INCLUDE$/.test(directive) && first.trim()) {
            const file = args.trim();
            if (!missing.includes(file)) missing.push(file);
            return includeBox(file, w, inBox);
          }
          if (closed.has(directive)) {
            if (directive === 'SECTION' && first.trim() && !boxSections.test(first.trim())) {
              open.push({ name: directive, box: false });
              return `\n${'#'.repeat(sectionLevel)} ${capitalized(first)}\n`;
            }
            const label = directive === 'SECTION' ? capitalized(first) : capitalized(directive);
            const argument = directive === 'SECTION' ? rest.join(' ') : args.replace(/::/g, ' ');
            const kind = directive === 'SECTION' ? 'important' : boxKind(directive);
            open.push({ name: directive, box: true });
            const title = directive === 'SECTION' || !argument.trim() ? label : `${label}: ${argument.trim()}`;
            return `\n::: {.callout-${kind} title="${quoted(title)}"}`;
          }
          // A lone directive line no block closes and no include: its argument is its text, else it goes.
          return args.trim() ? args.replace(/::/g, ' ') : '';
        }
        const step = marker.exec(line);
        if (step && !references.has(step[2])) {
          const n = (counts.get(step[2]) ?? 0) + 1;
          counts.set(step[2], n);
          return `\n${step[1]}${n}. ${line.slice(step[0].length)}`;
        }
        return line;
      })
      .join('\n')
      .replace(inline, (whole, directive: string, args: string) => {
        if (references.has(`${directive}::${args}`)) return whole;
        const value = args.trim();
        if (/^(?:https?|ftp):\/\/\S+$/i.test(value)) return `<${value}>`;
        return value.replace(/::/g, ' ');
      });
  const text = parts.map((part, i) => (i % 2 === 1 ? part : rewrite(part))).join('');
  return { text, missing };
}
