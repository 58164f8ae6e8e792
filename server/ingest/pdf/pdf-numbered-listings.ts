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
  const lines: PdfItem[][] = [];
  // The listing's left edge: a line indented deep in it may still break onto a row nearer the edge than its own start.
  const left = Math.min(...[...listing].map((r) => numbered[r]!.left));
  for (const r of [...listing].sort((a, b) => a - b)) {
    const { item, size } = numbered[r]!;
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
    lines.push(line);
  }
  const listed = lines.flat();
  const column = fixedColumn(listed);
  for (const i of listed) {
    i.mono = true;
    i.str = asciiProgram(joinSpacedGlyphs(column ? columnSpaces(i, column) : i.str));
  }
  // In fixed columns, runs less than half a column apart are one word (a string's quote and its text, set in two
  // colours): a space there would be pdf.js's, not the program's.
  if (column)
    for (const line of lines)
      line.reduce((prev, i) => {
        if (i.x - (prev.x + prev.width) >= 0.5 * column || i.y !== prev.y) return i;
        prev.str += i.str;
        prev.width = i.x + i.width - prev.x;
        out.delete(i);
        return prev;
      });
  return [...out];
}

/**
 * The width of a listing's columns when it is set in fixed columns (the `listings` package's default, `columns=fixed`:
 * each word's glyphs spread over a box of one `basewidth` a glyph, so narrow glyphs stand apart and pdf.js puts a space
 * between them, "a s . f a c t o r (" and "data $Surname"). The runs of such a listing start on a grid of columns: the
 * width near the package's default `basewidth` (0.6em) whose grid their starts fit best, when they fit it well; undefined for a listing in `flexible` columns (set at
 * the glyphs' own widths) or one that shows no glyph spaced apart.
 */
function fixedColumn(items: PdfItem[]): number | undefined {
  if (!items.some((i) => joinSpacedGlyphs(i.str) !== i.str || /\p{L} [$@.]\p{L}/u.test(i.str))) return undefined;
  const runs = items.filter((i) => i.str.trim());
  const size = runs[0]?.size;
  if (runs.length < 8 || !size) return undefined;
  let best = { column: 0, fit: 0 };
  for (let column = 0.57 * size; column <= 0.65 * size; column += 0.001 * size) {
    const [re, im] = runs.reduce(
      ([re, im], i) => [re + Math.cos((2 * Math.PI * i.x) / column), im + Math.sin((2 * Math.PI * i.x) / column)],
      [0, 0],
    );
    const fit = Math.hypot(re, im) / runs.length;
    if (fit > best.fit) best = { column, fit };
  }
  return best.fit >= 0.35 ? best.column : undefined;
}

/**
 * A run of a listing in fixed columns with only the spaces its columns hold: the run spans one column a glyph and one a
 * space (less a little glue at each end), so the columns its width takes beyond its glyphs are its real spaces. The
 * spaces pdf.js put between glyphs standing apart are dropped; where the run keeps some, those beside an operator or
 * after a comma or a comment's "#" are the ones typed ("par(mfrow =", "Fare + Embarked").
 */
export function columnSpaces(item: Pick<PdfItem, 'str' | 'width'>, column: number): string {
  const glyphs = [...item.str.replace(/ /g, '')].length;
  const spaces = item.str.split(' ').length - 1;
  if (spaces === 0 || glyphs < 2) return item.str;
  const typed = Math.max(0, Math.min(spaces, Math.round(item.width / column + 0.25) - glyphs));
  if (typed === spaces) return item.str;
  const chars = [...item.str];
  const at = chars.flatMap((c, k) => (c === ' ' ? [k] : []));
  const operator = /[=+~<>*\/|&!^−∼-]/;
  const score = (k: number) =>
    (operator.test(chars[k - 1] ?? '') || operator.test(chars[k + 1] ?? '') ? 2 : 0) + (/[,#]/.test(chars[k - 1] ?? '') ? 1 : 0);
  const keep = new Set(at.sort((a, b) => score(b) - score(a) || a - b).slice(0, typed));
  return chars.filter((c, k) => c !== ' ' || keep.has(k)).join('');
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
