/**
 * Front matter of a Markdown page: YAML between `---` lines (Jekyll, Hugo, R Markdown), TOML
 * between `+++` lines (Hugo, Franklin), and Franklin's `@def name = value` lines. It is the
 * site's settings, never text; its `title` is the document's title. A setting whose value is a
 * web address (Jekyll's `quiz: https://...`, a `slides:` link) is a resource of the page, kept as
 * a link. A lesson's questions, objectives and key points listed there are its text (`lists`).
 */

const yaml = /^\uFEFF?---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const toml = /^\uFEFF?\+\+\+[ \t]*\n([\s\S]*?)\n\+\+\+[ \t]*(?:\n|$)/;
/**
 * YAML settings with only their closing `---` (a course generator's task pages open "title: ..." / "stage: beta" / `---`):
 * two or more `name: value` lines, one of them its `title`. Read as Markdown they would be one setext heading made of the
 * settings.
 */
const bareYaml = /^\uFEFF?(?=(?:[A-Za-z][\w-]*:[^\n]*\n)*title:)((?:[A-Za-z][\w-]*:[ \t]*\S[^\n]*\n){2,40})---[ \t]*(?:\n|$)/;
/** Franklin's page variables, one a line, anywhere on the page (usually at its top). */
const franklinDef = /^@def\s+([A-Za-z_]\w*)\s*=\s*(.*)$/gm;

/** True when the text opens with YAML or TOML front matter. */
export function hasFrontMatter(text: string): boolean {
  return yaml.test(text) || toml.test(text);
}

/** A quoted or bare value without its quotes ("Networks", 'Networks', Networks). */
function unquote(value: string): string {
  const v = value.trim().replace(/\s+#.*$/, '');
  const quoted = /^"((?:[^"\\]|\\.)*)"$|^'([^']*)'$/.exec(v);
  if (quoted) return (quoted[1] ?? quoted[2] ?? '').replace(/\\(["\\])/g, '$1').trim();
  return v.replace(/^["']|["']$/g, '').trim();
}

/** Top-level settings of YAML (`name: value`) or TOML (`name = value`) whose value is a web address. */
function linkSettings(body: string, separator: ':' | '='): FrontMatterLink[] {
  const line = separator === ':' ? /^([A-Za-z][\w-]*):[ \t]*(.+?)[ \t]*$/gm : /^([A-Za-z][\w-]*)[ \t]*=[ \t]*(.+?)[ \t]*$/gm;
  return [...body.matchAll(line)].map((m) => ({ name: m[1], href: unquote(m[2]) })).filter((s) => /^https?:\/\/[^\s<>"]+$/i.test(s.href));
}

/**
 * Settings that hold the lesson's own teaching text as a list (The Carpentries' lesson template: the questions an
 * episode answers and its objectives, shown above it, and its key points, shown below it), by their names.
 */
const teachingLists: Record<string, { label: string; at: 'start' | 'end' }> = {
  questions: { label: 'Questions', at: 'start' },
  objectives: { label: 'Objectives', at: 'start' },
  learning_objectives: { label: 'Objectives', at: 'start' },
  keypoints: { label: 'Key points', at: 'end' },
  key_points: { label: 'Key points', at: 'end' },
};

export interface FrontMatterList {
  label: string;
  at: 'start' | 'end';
  items: string[];
}

/** Top-level YAML settings of those names whose value is a list of strings ("- \"What is a repository?\""). */
function listSettings(body: string): FrontMatterList[] {
  const out: FrontMatterList[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const key = /^([A-Za-z][\w-]*):[ \t]*$/.exec(lines[i]);
    const kind = key ? teachingLists[key[1].toLowerCase()] : undefined;
    if (!kind) continue;
    const items: string[] = [];
    while (i + 1 < lines.length && /^[ \t]*-[ \t]+\S/.test(lines[i + 1])) items.push(unquote(lines[++i].replace(/^[ \t]*-[ \t]+/, '')));
    if (items.some(Boolean)) out.push({ ...kind, items: items.filter(Boolean) });
  }
  return out;
}

export interface FrontMatterLink {
  name: string;
  href: string;
}

/** The page without its front matter, the title it names and the web addresses its settings give. */
export function takeFrontMatter(text: string): {
  text: string;
  title?: string;
  links: FrontMatterLink[];
  lists: FrontMatterList[];
  yaml?: string;
} {
  let title: string | undefined;
  let rest = text;
  const y = yaml.exec(rest) ?? bareYaml.exec(rest);
  const t = y ? null : toml.exec(rest);
  const links = y ? linkSettings(y[1], ':') : t ? linkSettings(t[1], '=') : [];
  const lists = y ? listSettings(y[1]) : [];
  if (y) {
    const line = /^title:\s*(.+?)\s*$/m.exec(y[1]);
    title = line ? unquote(line[1]) : undefined;
    rest = rest.slice(y[0].length);
  } else if (t) {
    const line = /^title\s*=\s*(.+?)\s*$/m.exec(t[1]);
    title = line ? unquote(line[1]) : undefined;
    rest = rest.slice(t[0].length);
  }
  rest = rest.replace(franklinDef, (_m, name: string, value: string) => {
    if (name === 'title' && !title) title = unquote(value);
    return '';
  });
  return { text: rest, title: title || undefined, links, lists, ...(y ? { yaml: y[1] } : {}) };
}
