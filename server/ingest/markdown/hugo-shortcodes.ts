/**
 * Hugo shortcodes that hold the page's content, read before the other site tags go (markdown/site-macros.ts):
 * a theme's box (`{{< hint type=note >}} ... {{< /hint >}}`, also `alert`, `notice`, `admonition`, `callout`) is a
 * callout of the book, written as Quarto's callout div so one reader makes both (markdown/pandoc-markup.ts); a file the
 * page includes (`{{< include file="code/main.c" >}}`, `readfile`) lies beside the page and never comes with it: a
 * visible callout names it where the page shows it, and the reader's warning names it, never dropped in silence.
 * A heading over nothing but the theme's table of contents (`## Contents` then `{{< toc >}}`) goes with it.
 */
import { pageWords } from './page-words';

export interface HugoPage {
  text: string;
  /** Files the page includes that were not uploaded with it, in order, once each. */
  missing: string[];
}

const fencedCode = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;
const boxOpen = /^[ \t]*\{\{[<%][ \t]*(hint|alert|notice|admonition|callout)\b([^\n]*?)[>%]\}\}[ \t]*$/gim;
const boxClose = /^[ \t]*\{\{[<%][ \t]*\/[ \t]*(?:hint|alert|notice|admonition|callout)[ \t]*[>%]\}\}[ \t]*$/gim;
const include = /\{\{[<%][ \t]*(?:include|readfile|include-code|code-file)\b([^\n]*?)[>%]\}\}/gi;
const tocHeading = /^#{1,6}[ \t]+[^\n]+\n+[ \t]*\{\{[<%][ \t]*toc[ \t]*[>%]\}\}[ \t]*\n(?=\s*(?:#{1,6}[ \t]|$))/gim;

/** A shortcode's argument: `name="value"`, `name=value`, or its first quoted or bare positional value. */
function argument(args: string, name: string): string | undefined {
  const named = new RegExp(String.raw`\b${name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>%]+))`).exec(args);
  if (named) return named.slice(1).find((v) => v !== undefined);
  return undefined;
}

function positional(args: string): string | undefined {
  const first = /^\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=>%]+)(?=\s|$))/.exec(args);
  return first?.slice(1).find((v) => v !== undefined);
}

/** A box's kind as the callout kinds Quarto names (note, tip, warning, caution, important). */
function calloutKind(type: string | undefined): string {
  const t = (type ?? 'note').toLowerCase();
  if (/^(?:warn|warning)$/.test(t)) return 'warning';
  if (/^(?:danger|error|caution)$/.test(t)) return 'caution';
  if (/^(?:tip|ok|success)$/.test(t)) return 'tip';
  if (/^important$/.test(t)) return 'important';
  return 'note';
}

export function hugoShortcodes(source: string, language?: string): HugoPage {
  const w = pageWords(language);
  if (!/\{\{[<%]/.test(source)) return { text: source, missing: [] };
  const missing: string[] = [];
  const rewrite = (part: string) =>
    part
      .replace(tocHeading, '')
      .replace(boxOpen, (_m, _name: string, args: string) => {
        const title = argument(args, 'title');
        return `::: {.callout-${calloutKind(argument(args, 'type') ?? positional(args))}${title ? ` title="${title.replace(/"/g, "'")}"` : ''}}`;
      })
      .replace(boxClose, ':::')
      .replace(include, (whole, args: string) => {
        const file = argument(args, 'file') ?? argument(args, 'path') ?? positional(args);
        if (!file) return whole;
        if (!missing.includes(file)) missing.push(file);
        return `\n\n::: {.callout-warning title="${w.fileNotUploaded}"}\n${w.fileShownHere.replace('{file}', `\`${file}\``)}\n:::\n\n`;
      });
  const text = source
    .split(fencedCode)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part)))
    .join('');
  return { text, missing };
}
