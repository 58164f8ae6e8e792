/**
 * Executable code chunks of R Markdown and Quarto ("```{r}", "```{python label, echo=FALSE}"): Quarto writes their options
 * as "#|" comment lines at the chunk's top ("#| echo: false", "#| fig-height: 6"), settings for the renderer that no page
 * shows. The book keeps a chunk's code whole (hidden or not: the code of an assignment is the instructor's material) without
 * those lines; a chunk of options only (one repeating another chunk's output by `ref.label`) is no code.
 */

/** A fence's info string that opens an executable chunk: a language name in braces ("{r}", "{python setup}"). */
const executable = /^\s*\{\s*[A-Za-z][\w-]*(?:[\s,}]|$)/;
/** A Quarto option line: "#|" then a key (also "//|" and "--|" in languages with other comments). */
const optionLine = /^\s*(?:#|\/\/|--)\|/;

/** The code of a chunk without its option lines; undefined when nothing but options is left. */
export function chunkCode(info: string, content: string): string | undefined {
  if (!executable.test(info)) return content;
  const lines = content.split('\n');
  let first = 0;
  while (first < lines.length && optionLine.test(lines[first])) first++;
  const code = lines
    .slice(first)
    .join('\n')
    .replace(/^\s*\n/, '');
  return code.trim() ? code : undefined;
}
