import type { PdfItem, PdfMark } from './pdf-types';

/**
 * LaTeX sets `\_` in the text's own type (OT1 Computer Modern has no underscore glyph) as a short rule on the baseline,
 * with a little room on both sides; pdf.js reads the line as one run of text with a space where the rule is drawn
 * ("named test abs n" for `test\_abs\_n`, "get solution" for `get\_solution`). A space between two word characters
 * with such a rule under it, placed in proportion to the run's characters as links are (pdf-links.ts), is the
 * underscore. The rule is short (an underscore's width, under half an em) and lies on the baseline: an underline drawn
 * under words is as long as they are and lies below it.
 */
export function withDrawnUnderscores(item: PdfItem, rules: readonly PdfMark[]): PdfItem {
  if (!item.str.includes(' ') || item.mono) return item;
  const chars = [...item.str];
  const step = item.width / chars.length;
  const under = rules.filter(
    (r) =>
      r.x1 - r.x0 < 0.5 * item.size &&
      r.x0 >= item.x &&
      r.x1 <= item.x + item.width &&
      r.y0 >= item.y - 0.1 * item.size &&
      r.y0 <= item.y + 0.15 * item.size,
  );
  if (!under.length) return item;
  for (const rule of under) {
    const centre = (rule.x0 + rule.x1) / 2;
    let best = -1;
    for (let k = 1; k < chars.length - 1; k++) {
      if (chars[k] !== ' ' || !/[\p{L}\p{N}]/u.test(chars[k - 1]) || !/[\p{L}\p{N}]/u.test(chars[k + 1])) continue;
      const at = item.x + (k + 0.5) * step;
      if (Math.abs(at - centre) < 2 * step && (best < 0 || Math.abs(at - centre) < Math.abs(item.x + (best + 0.5) * step - centre)))
        best = k;
    }
    if (best >= 0) chars[best] = '_';
  }
  const str = chars.join('');
  return str === item.str ? item : { ...item, str };
}
