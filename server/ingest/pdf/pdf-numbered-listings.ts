import type { PdfItem } from './pdf-types';

/**
 * Program listings whose lines carry numbers in the margin (the `listings` package's `numbers=left`, as Sweave notes
 * set their R code): each numbered line is a small figure alone ("3", "4" in \tiny) left of the line's first run, the
 * numbers going up from one line to the next. Such a listing is often set in the text's own proportional type, with
 * each glyph placed alone ("a s . f a c t o r ("), and a line too long for the column is broken onto a row without a
 * number. Its rows read as a listing: the numbers are the listing's ornament, not program text, and are left out; the
 * rows are marked as set in listing type (`mono`); a glyph-by-glyph word is read whole ("as.factor("), and the signs
 * the package typesets for ASCII ones ("<−", "’[,]’") as typed; a broken line's
 * second row goes back to the end of its line, so the listing keeps the program's own lines.
 */
export function readNumberedListings(read: PdfItem[]): PdfItem[] {
  if (!read.some((i) => /^\s*\d{1,4}\s*$/.test(i.str))) return read;
  const items = read.map((i) => ({ ...i }));
  const rows = rowsOf(items);
  const numbered = rows.map((row) => lineNumber(row));
  // At least two numbered rows, each number above the next one: a listing, not a stray figure in the margin.
  const marked = numbered.flatMap((n, r) => (n ? [r] : []));
  const listing = new Set<number>();
  for (let k = 0; k + 1 < marked.length; k++) {
    const [a, b] = [numbered[marked[k]]!, numbered[marked[k + 1]]!];
    const aligned = Math.abs(a.item.x + a.item.width - (b.item.x + b.item.width)) < a.item.size;
    if (b.value > a.value && b.value - a.value <= 3 && aligned && rows[marked[k]][0].y - rows[marked[k + 1]][0].y < 6 * a.size) {
      listing.add(marked[k]);
      listing.add(marked[k + 1]);
    }
  }
  // A listing of one line: its number, and the rest of the line broken onto an indented row under it.
  for (const r of marked) {
    const [n, next] = [numbered[r]!, rows[r + 1]];
    if (
      next &&
      !numbered[r + 1] &&
      rows[r][0].y - next[0].y < 1.6 * n.size &&
      next[0].x > n.left + n.size &&
      next.every((i) => Math.abs(i.size - n.size) <= 0.5)
    )
      listing.add(r);
  }
  if (listing.size === 0) return items;
  const out = new Set(items);
  for (const r of [...listing].sort((a, b) => a - b)) {
    const { item, size, left } = numbered[r]!;
    out.delete(item);
    const line = rows[r].filter((i) => i !== item);
    // Rows under a numbered line with no number of their own, in its type, right of the numbers: the line broken.
    let end = Math.max(...line.map((i) => i.x + i.width));
    const lineY = line[0].y;
    for (let n = r + 1; n < rows.length && !numbered[n] && rows[n][0].y > rows[r][0].y - (n - r + 0.6) * 1.5 * size; n++) {
      const row = rows[n];
      // A broken line's rest is indented (the package's `breakindent`): text back at the left edge is not its.
      if (row[0].x < left + size || row.some((i) => Math.abs(i.size - size) > 0.5)) break;
      const shift = end + 0.5 * size - row[0].x;
      for (const i of row) {
        i.y = lineY;
        i.x += shift;
      }
      end = Math.max(...row.map((i) => i.x + i.width));
      line.push(...row);
    }
    for (const i of line) {
      i.mono = true;
      i.str = asciiProgram(joinSpacedGlyphs(i.str));
    }
  }
  return [...out];
}

/** Items on one baseline, top row first, each row left to right. */
function rowsOf(items: PdfItem[]): PdfItem[][] {
  const rows: PdfItem[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((r) => Math.abs(r[0].y - item.y) < 0.3 * Math.max(r[0].size, item.size));
    if (row) row.push(item);
    else rows.push([item]);
  }
  for (const r of rows) r.sort((a, b) => a.x - b.x);
  return rows;
}

/**
 * A row's line number: its first run is a number alone in type under 0.8 of the next run's, set apart from it (the
 * listing's `numbersep`).
 */
function lineNumber(row: PdfItem[]): { item: PdfItem; value: number; size: number; left: number } | undefined {
  const [first, next] = row;
  if (!next || !/^\s*\d{1,4}\s*$/.test(first.str)) return undefined;
  const size = Math.max(...row.slice(1).map((i) => i.size));
  if (first.size > 0.8 * size || next.x - (first.x + first.width) < 0.2 * size) return undefined;
  return { item: first, value: Number(first.str), size, left: next.x };
}

/**
 * A word whose glyphs a listing placed one by one, read with a space between each ("a s . f a c t o r ( s a p p l y ("):
 * a run of three single glyphs or more, between signs or spaces, with two single letters side by side is one word
 * ("as.factor(sapply(", "wt+d r a t+hp" reads "wt+drat+hp"). Spaced
 * symbols with no such letters ("y ~ x", "5 , 3 , 6") are kept as printed.
 */
export function joinSpacedGlyphs(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\S(?: \S){2,}(?![\p{L}\p{N}])/gu, (run) =>
    /(?:^|\s)\p{L} \p{L}(?:\s|$)/u.test(run) ? run.replace(/ /g, '') : run,
  );
}

/** The typeset forms of a program's ASCII characters (the minus sign of "<-", a curly quote, a math tilde) as typed. */
function asciiProgram(text: string): string {
  return text.replace(/[−–]/g, '-').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/∼/g, '~');
}
