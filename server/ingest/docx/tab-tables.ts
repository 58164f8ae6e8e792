import type { DocBlock } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';

/**
 * The two columns of a paragraph typed as one row of a table: a short first column, then a tab (or
 * two or more spaces lining the text up, as in a monospaced font) and the second ("^ <tab> Matches the beginning of a line").
 * Undefined for any other paragraph.
 */
export function tabCells(text: string): [string, string] | undefined {
  const parts = text.trim().split(/[ \u00a0]*\t[ \u00a0\t]*|[ \u00a0]{2,}/);
  if (parts.length !== 2) return undefined;
  const [first, second] = parts.map((p) => normalizeCharacters(p).replace(/\s+/g, ' ').trim());
  // Two spaces after a full stop end a sentence; they do not line up a column. A pattern ("*?", ".") is no sentence.
  if (!first || !second || first.length > 40 || (/\p{L}{2}/u.test(first) && /[.?!]$/.test(first)) || !/\p{L}{2}/u.test(second))
    return undefined;
  return [first, second];
}

/** A paragraph's two columns, and whether the first is set in a monospaced font (a pattern, a command). */
export interface TabRow {
  cells: [string, string];
  codeFirst: boolean;
}

/**
 * Three or more consecutive paragraphs typed as rows of two columns are the table they line up as (no header row). When
 * every row's first column is set in a monospaced font ("^", "\s", "[a-z]" of a regular-expression guide), that column
 * is code, as the source shows it.
 */
export function tabAlignedTables(blocks: DocBlock[], rows: Map<DocBlock, TabRow>): DocBlock[] {
  const out: DocBlock[] = [];
  for (let i = 0; i < blocks.length;) {
    let j = i;
    while (j < blocks.length && rows.has(blocks[j])) j++;
    if (j - i >= 3) {
      const run = blocks.slice(i, j).map((b) => rows.get(b)!);
      const cells = run.map((r) => [...r.cells]);
      const code = run.every((r) => r.codeFirst) ? { codeColumns: [0] } : {};
      out.push({ kind: 'table', text: cells.map((r) => r.join(' | ')).join('\n'), rows: cells, header: false, ...code });
      i = j;
    } else out.push(blocks[i++]);
  }
  return out;
}
