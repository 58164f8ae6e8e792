import { escapeHtml } from '@common/textbook-ops/html';

const inlineMath = /\\\((.+?)\\\)/g;

/** The formulas `\(...\)` of a text as [start, end) ranges. */
function formulas(text: string): Array<[number, number]> {
  return [...text.matchAll(inlineMath)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * A block's inline code (`DocBlock.code`) placed on its text: each span looked for after the one before it, never
 * inside or across a formula; a span not found (the text was shortened since) is left out.
 */
export function placeCode(text: string, code: readonly string[] | undefined): Array<[number, number]> {
  const placed: Array<[number, number]> = [];
  if (!code?.length) return placed;
  const maths = formulas(text);
  let from = 0;
  for (const span of code) {
    if (!span.trim()) continue;
    let at = text.indexOf(span, from);
    while (at >= 0 && maths.some(([a, b]) => at < b && at + span.length > a)) at = text.indexOf(span, at + 1);
    if (at < 0) continue;
    placed.push([at, at + span.length]);
    from = at + span.length;
  }
  return placed;
}

/** [start, end) of the text as HTML: its code ranges (clipped to it) as `<code>`, the rest through `plain` (given where it starts). */
export function codedHtml(
  text: string,
  start: number,
  end: number,
  code: ReadonlyArray<readonly [number, number]>,
  plain: (text: string, at: number) => string,
): string {
  let out = '';
  let last = start;
  for (const [a, b] of code) {
    const [from, to] = [Math.max(a, start), Math.min(b, end)];
    if (from >= to) continue;
    out += plain(text.slice(last, from), last) + `<code>${escapeHtml(text.slice(from, to))}</code>`;
    last = to;
  }
  return out + plain(text.slice(last, end), last);
}
