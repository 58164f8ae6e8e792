/**
 * Writing LaTeX from pieces (PDF scripts, Word equations) without producing source KaTeX cannot
 * read: a control word never runs into a following letter ("\times" + "n" is "\times n", not the
 * unknown "\timesn"), and a base never carries two superscripts or two subscripts.
 */

/** Concatenates LaTeX fragments, with a space wherever a control word would otherwise run into a following letter. */
export function joinLatex(...parts: string[]): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    out += /\\[a-zA-Z]+$/.test(out) && /^[a-zA-Z]/.test(part) ? ` ${part}` : part;
  }
  return out;
}

/** The end of the token starting at `i`: a braced group, a control word or symbol, or one character. */
function tokenEnd(latex: string, i: number): number {
  const ch = latex[i];
  if (ch === '{') {
    let depth = 0;
    for (let j = i; j < latex.length; j++) {
      if (latex[j] === '\\') j++;
      else if (latex[j] === '{') depth++;
      else if (latex[j] === '}' && --depth === 0) return j + 1;
    }
    return latex.length;
  }
  if (ch === '\\') {
    const word = /^\\[a-zA-Z]+/.exec(latex.slice(i));
    return word ? i + word[0].length : Math.min(latex.length, i + 2);
  }
  return i + (latex.codePointAt(i)! > 0xffff ? 2 : 1);
}

/**
 * The same LaTeX with an empty base `{}` before a second superscript or subscript of one base
 * ("x^{d}_{p}^{p}" -> "x^{d}_{p}{}^{p}"), inside groups too: KaTeX refuses a double script.
 */
export function withoutDoubleScripts(latex: string): string {
  let out = '';
  let seen = '';
  let i = 0;
  while (i < latex.length) {
    const ch = latex[i];
    if (ch === ' ') {
      out += ch;
      i++;
      continue;
    }
    if (ch === '^' || ch === '_') {
      if (seen.includes(ch)) {
        out += '{}';
        seen = '';
      }
      seen += ch;
      out += ch;
      i++;
      while (latex[i] === ' ') i++;
      if (i >= latex.length) break;
      const end = tokenEnd(latex, i);
      const arg = latex.slice(i, end);
      out += arg.startsWith('{') ? `{${withoutDoubleScripts(arg.slice(1, -1))}}` : arg;
      i = end;
      continue;
    }
    const end = tokenEnd(latex, i);
    const token = latex.slice(i, end);
    out += token.startsWith('{') && token.endsWith('}') ? `{${withoutDoubleScripts(token.slice(1, -1))}}` : token;
    // A prime is part of its base's script ("f'^{2}" is f with a prime and a square).
    if (token !== "'") seen = '';
    i = end;
  }
  return out;
}
