/**
 * The headings a LaTeX source declares (\chapter ... \paragraph, starred or not), read from the
 * source itself, so a PDF compiled from it without bookmarks can be checked against what its
 * author wrote. Follows \input, \include and \subfile; ignores comments and the preamble.
 */
import { greekLetter } from '@server/core/nlp/tex-greek';

const levels: Record<string, number> = { part: 0, chapter: 1, section: 2, subsection: 3, subsubsection: 4, paragraph: 5 };

function stripComments(tex: string): string {
  return tex.replace(/(^|[^\\])%.*$/gm, '$1');
}

/** The argument in braces starting at `open` (the index of "{"), braces balanced. */
function braced(tex: string, open: number): { text: string; end: number } | undefined {
  if (tex[open] !== '{') return undefined;
  let depth = 0;
  for (let i = open; i < tex.length; i++) {
    if (tex[i] === '\\') {
      i++;
      continue;
    }
    if (tex[i] === '{') depth++;
    else if (tex[i] === '}' && --depth === 0) return { text: tex.slice(open + 1, i), end: i + 1 };
  }
  return undefined;
}

/** A heading's LaTeX as the reader sees it: commands dropped, their arguments kept, Greek letters as letters. */
export function latexText(tex: string): string {
  return tex
    .replace(/\\texorpdfstring\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{(?:[^{}]|\{[^{}]*\})*\}/g, '$1')
    .replace(/\\\\(\[[^\]]*\])?/g, ' ')
    .replace(
      /\\([a-zA-Z]+)/g,
      (_m, name: string) =>
        greekLetter(name) ?? (/^(large|Large|LARGE|huge|Huge|small|footnotesize|normalsize|bf|it|em|rm|sf|tt)$/.test(name) ? ' ' : ''),
    )
    .replace(/\\([#&%$_{}])/g, '$1')
    .replace(/``|''/g, '"')
    .replace(/--/g, '–')
    .replace(/[{}$~]/g, ' ')
    .replace(/\\[ ,;!]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LatexHeadings {
  title?: string;
  headings: Array<{ title: string; level: number }>;
}

/**
 * Reads the headings of `main` (a path), loading files through `read` (undefined when a file is missing).
 * `\part` of the exam class is a question part, not a heading.
 */
export function latexHeadings(main: string, read: (path: string) => string | undefined): LatexHeadings {
  const dir = (p: string) => p.replace(/[^/]*$/, '');
  const source = read(main) ?? '';
  const isExam = /\\documentclass(\[[^\]]*\])?\{exam\}/.test(source);
  const expand = (path: string, depth: number): string => {
    let tex = stripComments(read(path) ?? '');
    // A subfile is a document of its own: only its body counts.
    if (depth > 0) tex = tex.replace(/^[\s\S]*?\\begin\{document\}/, '').replace(/\\end\{document\}[\s\S]*$/, '');
    if (depth > 4) return tex;
    return tex.replace(/\\(input|include|subfile)\s*\{([^}]+)\}/g, (_m, _cmd, name: string) => {
      const base = name.startsWith('/') ? name : `${dir(path)}${name}`;
      const file = /\.tex$/.test(base) ? base : `${base}.tex`;
      // Subfiles are resolved from the including file's folder; \input from the main file's.
      return ` ${expand(file, depth + 1) || expand(`${dir(main)}${name.replace(/\.tex$/, '')}.tex`, depth + 1)} `;
    });
  };
  const all = expand(main, 0);
  const titleAt = /\\title\s*(\[[^\]]*\])?\s*(?=\{)/.exec(all);
  const title = titleAt ? braced(all, titleAt.index + titleAt[0].length)?.text : undefined;
  const body = all.replace(/^[\s\S]*?\\begin\{document\}/, '');
  const headings: LatexHeadings['headings'] = [];
  const command = /\\(part|chapter|section|subsection|subsubsection|paragraph)\*?\s*(\[[^\]]*\])?\s*(?=\{)/g;
  for (const m of body.matchAll(command)) {
    if (m[1] === 'part' && isExam) continue;
    const arg = braced(body, m.index + m[0].length);
    const text = arg && latexText(arg.text);
    if (text) headings.push({ title: text, level: levels[m[1]] });
  }
  return { title: title ? latexText(title) : undefined, headings };
}
