/**
 * MyST's directives (Jupyter Book, TeachBooks, Sphinx course pages): a fence whose info is a name in
 * braces, "```{note}", "````{figure} path", ":::{admonition} Title", with ":key: value" option lines
 * at the top of its body. Read as code they printed their options and hid their prose in a listing.
 * Each becomes the Markdown it stands for: an admonition a callout with its title (an exercise too, titled "Exercise: ..."), another directive its title (bold) and body, a figure or an
 * embedded page its caption (a caption block; a link when its source is a web address), `{math}` display math,
 * `{code-cell}` and `{code-block}` code in their language; contents and bibliography commands go.
 * An unknown directive keeps its body. Fences of other kinds (```python, ```{r}) are left as they are.
 */

/**
 * Opens the caption of a figure whose picture lies beside the page (not uploaded with it): the Markdown reader makes the
 * paragraph it opens a caption, not a paragraph of the text.
 */
export const captionMark = '\uE000CAPTION\uE001';

const opening = /^([ \t]*)(`{3,}|~{3,}|:{3,})\{([a-zA-Z][\w:-]*)\}[ \t]*(.*)$/;
const anyFence = /^[ \t]*(`{3,}|~{3,})/;

const pictures = new Set(['figure', 'image', 'iframe-figure', 'iframe', 'video', 'youtube']);
const code = new Set(['code-cell', 'code-block', 'code', 'sourcecode', 'literalinclude']);
/** Sphinx's admonitions: boxes with a title (their kind's name when they have none). */
const admonitions = new Set([
  'admonition',
  'note',
  'tip',
  'hint',
  'important',
  'warning',
  'caution',
  'attention',
  'danger',
  'error',
  'seealso',
]);
const dropped = new Set(['toctree', 'tableofcontents', 'bibliography', 'glossary-index', 'raw', 'only']);
/** Executable cells of R Markdown and Quarto ("```{r}", "```{python}"): code, which the fence reader already handles. */
const cellLanguages = /^(?:r|python|julia|bash|sh|sql|ojs|mermaid|dot|stan|rcpp|js|javascript|ocaml)$/i;

function closes(line: string, fence: string): boolean {
  const t = line.trim();
  return t.length >= fence.length && t === fence[0].repeat(t.length);
}

/** One directive's Markdown, given its name, argument and body (options already taken off). */
function rewrite(name: string, arg: string, body: string, options: Map<string, string>): string {
  const lower = name.toLowerCase();
  if (dropped.has(lower)) return '';
  if (lower === 'math') return `$$\n${body.trim()}\n$$`;
  if (code.has(lower)) return `\`\`\`${arg.split(/\s+/)[0] ?? ''}\n${body.replace(/\n+$/, '')}\n\`\`\``;
  if (pictures.has(lower)) {
    const caption = body.trim() || options.get('alt') || '';
    const web = /^https?:\/\/\S+$/.test(arg) ? arg : undefined;
    if (web) return caption ? `${caption} (<${web}>)` : `<${web}>`;
    return caption && `${captionMark}${caption}`;
  }
  const title = arg.trim();
  // An exercise (sphinx-exercise's "{exercise} Title") is a box titled "Exercise: Title", never a heading of the page.
  const exercise = lower === 'exercise';
  if (admonitions.has(lower) || exercise) {
    // A box with a title, as a Quarto callout is (the reader makes the quotation the book's callout).
    const named = lower.charAt(0).toUpperCase() + lower.slice(1);
    const label = (exercise && title ? `${named}: ${title}` : title || named).replace(/[\]\n]/g, ' ');
    return [
      '',
      `> [!callout: ${label}]`,
      '>',
      ...body
        .trim()
        .split('\n')
        .map((l) => (l.trim() ? `> ${l}` : '>')),
      '',
    ].join('\n');
  }
  return [title ? `**${title}**` : '', body.trim()].filter(Boolean).join('\n\n');
}

/** The page with every MyST directive turned into the Markdown it stands for (recursively: a note may hold a figure). */
export function takeMystDirectives(text: string): string {
  if (!/^[ \t]*(?:`{3,}|~{3,}|:{3,})\{/m.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = opening.exec(lines[i]);
    if (!m || (m[2][0] !== ':' && cellLanguages.test(m[3]))) {
      // Another fence is copied whole, so a directive shown inside a listing stays shown.
      const other = anyFence.exec(lines[i]);
      out.push(lines[i]);
      if (other) {
        while (++i < lines.length && !closes(lines[i], other[1])) out.push(lines[i]);
        if (i < lines.length) out.push(lines[i]);
      }
      continue;
    }
    const [, indent, fence, name, arg] = m;
    const body: string[] = [];
    while (++i < lines.length && !closes(lines[i], fence))
      body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i]);
    const options = new Map<string, string>();
    // Options come first: ":key: value" lines, or a YAML block between "---" lines.
    if (body[0]?.trim() === '---') {
      const end = body.indexOf('---', 1);
      if (end > 0) body.splice(0, end + 1);
    }
    while (body.length && /^:[\w-]+:/.test(body[0].trim())) {
      const [, key, value] = /^:([\w-]+):\s*(.*)$/.exec(body.shift()!.trim())!;
      options.set(key, value);
    }
    const inner = takeMystDirectives(body.join('\n'));
    out.push(
      '',
      ...rewrite(name, arg, inner, options)
        .split('\n')
        .map((l) => (l ? indent + l : l)),
      '',
    );
  }
  return out.join('\n');
}
