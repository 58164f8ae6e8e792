import type { DocBlock } from '../core/document-model';

/** A line of a program (R, Python, shell) or its comment, as pasted into a word processor. */
export function looksLikeCode(text: string): boolean {
  const t = text.trim();
  return (
    /^(#|\/\/|>\s)/.test(t) ||
    /<-|->|==|!=|[{};$]|\w\(.*\)\s*$|^[\w.$[\]]+\s*=\s*\S/.test(t) ||
    // A call continued on the next line: "plot(y ~ x, data = d,".
    /^[\w.]+\(.*,\s*$/.test(t) ||
    // A bare identifier in camelCase or with underscores ("xSequence", "datum_predict").
    /^[a-z]+(?:[A-Z_][a-zA-Z0-9_]*)+$/.test(t)
  );
}

/** A bare name on its own line ("predictions"): code when it sits between lines of code (R prints it). */
const bareName = /^[A-Za-z_.][\w.$]*$/;

/**
 * Runs of three or more paragraphs that are lines of a program (a script pasted into Word, one line
 * per paragraph) become one code block each, so the book shows them as code, not as prose or
 * headings. Shorter runs stay paragraphs: one line with a "<-" in a sentence is not a program.
 */
export function mergeCodeRuns(blocks: DocBlock[]): DocBlock[] {
  const isLine = (b: DocBlock | undefined) => b?.kind === 'paragraph' && looksLikeCode(b.text);
  const out: DocBlock[] = [];
  let i = 0;
  while (i < blocks.length) {
    if (!isLine(blocks[i])) {
      out.push(blocks[i++]);
      continue;
    }
    let j = i + 1;
    while (
      j < blocks.length &&
      (isLine(blocks[j]) || (blocks[j].kind === 'paragraph' && bareName.test(blocks[j].text.trim()) && isLine(blocks[j + 1])))
    )
      j++;
    // A bare name ending the run (R printing a value) belongs to it too.
    if (j < blocks.length && blocks[j].kind === 'paragraph' && bareName.test(blocks[j].text.trim())) j++;
    if (j - i >= 3) {
      const lines = blocks.slice(i, j);
      out.push({ ...lines[0], kind: 'code', text: lines.map((b) => b.text).join('\n') });
    } else out.push(...blocks.slice(i, j));
    i = j;
  }
  return out;
}
