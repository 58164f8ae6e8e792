const inlineMath = /\\\((.+?)\\\)/g;

/** Bold and italic ranges of a block's text, [start, end) each. */
export interface PlacedMarks {
  strong: Array<[number, number]>;
  emphasis: Array<[number, number]>;
}

/**
 * Spans (`DocBlock.strong`, `DocBlock.emphasis`) placed on a text: each looked for after the one before it; a span may
 * hold a whole formula `\(...\)` (a bold symbol) but never cut one; a span not found (the text was shortened since) is
 * left out.
 */
function place(text: string, spans: readonly string[] | undefined): Array<[number, number]> {
  const placed: Array<[number, number]> = [];
  if (!spans?.length) return placed;
  const maths = [...text.matchAll(inlineMath)].map((m) => [m.index, m.index + m[0].length] as const);
  const cuts = (at: number) => maths.some(([a, b]) => at > a && at < b);
  let from = 0;
  for (const span of spans) {
    if (!span.trim()) continue;
    let at = text.indexOf(span, from);
    while (at >= 0 && (cuts(at) || cuts(at + span.length))) at = text.indexOf(span, at + 1);
    if (at < 0) continue;
    placed.push([at, at + span.length]);
    from = at + span.length;
  }
  return placed;
}

/** A text's bold and italic spans as ranges. */
export function placeMarks(text: string, strong: readonly string[] | undefined, emphasis: readonly string[] | undefined): PlacedMarks {
  return { strong: place(text, strong), emphasis: place(text, emphasis) };
}

/** Ranges moved by `shift` characters (the text they were placed on starts `shift` further on). */
export function shiftMarks(marks: PlacedMarks, shift: number): PlacedMarks {
  const move = (r: Array<[number, number]>) => r.map(([a, b]): [number, number] => [a - shift, b - shift]);
  return { strong: move(marks.strong), emphasis: move(marks.emphasis) };
}

/**
 * [start, end) of a text as HTML: the parts in bold as `<strong>`, in italic as `<em>` (both: `<strong><em>`), each
 * part's text through `plain`.
 */
export function markedHtml(text: string, start: number, end: number, marks: PlacedMarks, plain: (text: string) => string): string {
  const all = [...marks.strong, ...marks.emphasis];
  if (all.length === 0) return plain(text.slice(start, end));
  const cuts = [...new Set([start, end, ...all.flat().filter((at) => at > start && at < end)])].sort((a, b) => a - b);
  const inside = (ranges: Array<[number, number]>, at: number) => ranges.some(([a, b]) => at >= a && at < b);
  let out = '';
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    let html = plain(text.slice(a, b));
    // Spaces at a mark's edge stay outside it, so nothing in bold is a blank.
    if (!text.slice(a, b).trim()) {
      out += html;
      continue;
    }
    if (inside(marks.emphasis, a)) html = `<em>${html}</em>`;
    if (inside(marks.strong, a)) html = `<strong>${html}</strong>`;
    out += html;
  }
  return out;
}
