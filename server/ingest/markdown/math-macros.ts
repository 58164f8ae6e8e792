/**
 * Macros a page defines for its formulas (MathJax pages: `$$\newcommand{\R}{\mathbb{R}}$$` at the
 * top; Franklin pages: `\newcommand{\R}{\mathbb R}` lines). Each formula is drawn by KaTeX on its
 * own, so a formula that uses a page macro carries its definition, written as `\def` (KaTeX knows
 * some names, \R among them, and refuses to define them again with \newcommand); a formula that
 * only defined macros is no formula to show.
 */

export type MathMacros = Map<string, string>;

/** The balanced `{...}` group opening at `at`, or undefined. */
function group(s: string, at: number): { body: string; end: number } | undefined {
  if (s[at] !== '{') return undefined;
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return { body: s.slice(at + 1, i), end: i + 1 };
  }
  return undefined;
}

const definition = /\\(newcommand|renewcommand|providecommand|DeclareMathOperator)(\*?)\s*/g;

/**
 * The macro definitions in a piece of LaTeX, added to `macros` (name -> `\def` form), and the
 * LaTeX without them. Only macros named by a control word (`\R`) are read; anything else is left.
 */
export function takeDefinitions(latex: string, macros: MathMacros): string {
  let out = '';
  let last = 0;
  for (const m of latex.matchAll(definition)) {
    const start = m.index ?? 0;
    if (start < last) continue;
    let j = start + m[0].length;
    // The name, braced ({\R}) or bare (\R).
    const braced = group(latex, j);
    const name = braced ? braced.body.trim() : /^\\[A-Za-z]+/.exec(latex.slice(j))?.[0];
    if (!name || !/^\\[A-Za-z]+$/.test(name)) continue;
    j = braced ? braced.end : j + name.length;
    const count = /^\s*\[(\d)\]/.exec(latex.slice(j));
    if (count) j += count[0].length;
    // An optional argument's default ([2][x]) is beyond what is carried: such a definition is left as written.
    if (/^\s*\[/.test(latex.slice(j))) continue;
    const ws = /^\s*/.exec(latex.slice(j))![0].length;
    const body = group(latex, j + ws);
    if (!body) continue;
    const params = Array.from({ length: Number(count?.[1] ?? 0) }, (_, k) => `#${k + 1}`).join('');
    const text = m[1] === 'DeclareMathOperator' ? `\\operatorname${m[2]}{${body.body}}` : body.body;
    macros.set(name, `\\def${name}${params}{${text}}`);
    out += latex.slice(last, start);
    last = body.end;
  }
  return out + latex.slice(last);
}

/** The formula with the definitions of the page macros it uses (and of those they use) before it. */
export function withDefinitions(latex: string, macros: MathMacros): string {
  if (macros.size === 0 || !latex.includes('\\')) return latex;
  const used: string[] = [];
  const visit = (text: string) => {
    for (const m of text.matchAll(/\\[A-Za-z]+/g)) {
      const def = macros.get(m[0]);
      if (def && !used.includes(m[0])) {
        used.push(m[0]);
        visit(def.slice(m[0].length + 4));
      }
    }
  };
  visit(latex);
  // Definitions a macro depends on come first.
  return used.length
    ? `${used
        .reverse()
        .map((n) => macros.get(n))
        .join('')}${latex}`
    : latex;
}
