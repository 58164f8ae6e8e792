/**
 * MkDocs' boxes (Python-Markdown's admonitions and pymdownx's details and tabs, as Material for MkDocs course sites write
 * them): a line `!!! tip "Title"` (`???` folded, `???+` open) or `=== "Tab"` over a body indented by four spaces. Read as
 * Markdown, the marker line was printed as text and the indented body ran into it as one paragraph: its lists, tables and
 * listings flattened into a line. Each box becomes a callout with its title (the box kind's name when it has none), as a
 * Quarto callout is; a tab becomes its label in bold over its body. Boxes nest (a tab inside an example).
 */

const box = /^([ \t]*)(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+(?!")[\w-]+)*(?:[ \t]+"([^"\n]*)")?[ \t]*$/;
const tab = /^([ \t]*)===\+?[ \t]+"([^"\n]*)"[ \t]*$/;
const fence = /^[ \t]*(`{3,}|~{3,})/;

/** A line's indentation in columns, a tab counting four. */
const width = (indent: string) => indent.replace(/\t/g, '    ').length;

/** The line without `columns` of its indentation (tabs counting four). */
function dedent(line: string, columns: number): string {
  let at = 0;
  let taken = 0;
  while (at < line.length && taken < columns && (line[at] === ' ' || line[at] === '\t')) {
    taken += line[at] === '\t' ? 4 : 1;
    at++;
  }
  return line.slice(at);
}

/** The page with its MkDocs boxes and tabs turned into callouts and labelled parts (recursively; `inBox` inside a box). */
export function takeMkdocsAdmonitions(text: string, inBox = false): string {
  if (!/^[ \t]*(?:!!!|\?\?\?|===)/m.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A listing is copied whole: a box shown inside one stays shown.
    const open = fence.exec(line);
    if (open) {
      out.push(line);
      while (++i < lines.length && !lines[i].trim().startsWith(open[1])) out.push(lines[i]);
      if (i < lines.length) out.push(lines[i]);
      continue;
    }
    const boxed = box.exec(line);
    const tabbed = boxed ? null : tab.exec(line);
    const m = boxed ?? tabbed;
    if (!m) {
      out.push(line);
      continue;
    }
    const indent = m[1];
    const inner = width(indent) + 4;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j];
      if (l.trim() && width(/^[ \t]*/.exec(l)![0]) < inner) break;
      body.push(dedent(l, inner));
    }
    while (body.length && !body[body.length - 1].trim()) body.pop();
    // A marker with nothing indented under it is text as written.
    if (!body.length) {
      out.push(line);
      continue;
    }
    i = j - 1;
    const content = takeMkdocsAdmonitions(body.join('\n'), inBox || !tabbed).split('\n');
    let rewritten: string[];
    const kind = m[3];
    const label = tabbed ? m[2].trim() : (m[4]?.trim() || kind.charAt(0).toUpperCase() + kind.slice(1)).replace(/[\]\n]/g, ' ');
    // Inside a box, a box is its title in bold over its body: the book's callouts do not nest, and a quotation inside a
    // quotation would hand the outer box's last words to the inner one.
    if (tabbed || inBox) rewritten = ['', `**${label}**`, '', ...content, ''];
    else {
      rewritten = ['', `> [!callout: ${label}]`, '>', ...content.map((l) => (l.trim() ? `> ${l}` : '>')), ''];
    }
    out.push(...rewritten.map((l) => (l ? indent + l : l)));
  }
  return out.join('\n');
}

/**
 * A listing opened on a definition's line ("Markdown" / ": ```latex", as MkDocs' and pandoc's definition lists allow): the
 * fence on a line of its own. Left after the colon it was no fence, and its closing line opened one that swallowed the rest.
 */
export function openDefinitionFences(text: string): string {
  return text.replace(/^([ \t]*):[ \t]+(`{3,}|~{3,})(?=[^`\n]*$)/gm, '$1$2');
}
