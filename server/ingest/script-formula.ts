/**
 * A superscript or subscript run (Markdown's `256<sup>4</sup>`, Pandoc's `256^4^`, Word's raised or lowered text)
 * as an inline formula on its base, so the book prints 256 raised to the 4th and never "2564". The book's text
 * holds no character marks, so a script is a formula: `\(256^{4}\)`, `\(x_{i}\)`, `\(1^{\text{st}}\)`.
 */

const plainArgument = /^(?:[0-9+\-−=().,*′']+|[A-Za-z])$/;

function argument(body: string): string {
  if (plainArgument.test(body)) return body;
  const escaped = body.replace(/[\\^~]/g, '').replace(/[{}$&#%_]/g, (c) => `\\${c}`);
  return `\\text{${escaped}}`;
}

/** `before` (the text up to the script) with the script `body` attached to its last number or single letter. */
export function withScript(before: string, body: string, kind: 'sup' | 'sub'): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return before;
  // A long run or one holding a formula already is not a script (a footnote's text set small): it stays text.
  if (text.length > 24 || text.includes('\\(')) return before + body;
  const base = /(?:^|[^\p{L}\p{N}\\])(\d+(?:[.,]\d+)*|[A-Za-z])$/u.exec(before)?.[1] ?? '';
  const head = before.slice(0, before.length - base.length);
  return `${head}\\(${base || '{}'}${kind === 'sup' ? '^' : '_'}{${argument(text)}}\\)`;
}

/** `before` and a run of plain text, with Pandoc's `^4^` and `~2~` in the run as formulas (`~~struck~~` and a lone `^` stay). */
export function pandocScripts(before: string, text: string): string {
  if (!/[\^~]/.test(text)) return before + text;
  let out = before;
  let last = 0;
  for (const m of text.matchAll(/(?<![~\\])(\^|~)((?:[^\s^~\\{}$]|\\ )+)\1(?!~)/g)) {
    out = withScript(out + text.slice(last, m.index), m[2].replace(/\\ /g, ' '), m[1] === '^' ? 'sup' : 'sub');
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}
