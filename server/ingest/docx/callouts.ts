/**
 * Callout boxes that pandoc and Quarto write into Word as tables: one column, a title row (a
 * shaded cell, often with a small "note"/"tip"/"important"/"warning"/"caution" icon) over a row
 * holding the box's content, or a single cell, drawn with a thick coloured rule on the left. Read
 * as tables they printed one-column grids (and a list inside one a row of list fragments). Each
 * becomes its content between two marks that the HTML reader turns into the book's callout (a
 * quotation titled by its `label`). A genuine one-column table (a header over a list of items, no
 * accent rule, no icon) is left a table.
 */
import { children, plainParagraph, wordText, type El } from './word-dom';

/** Mark of a callout's start, followed by its title (may be empty), and of its end. */
export const calloutOpen = '\uE000CALLOUT\uE001';
export const calloutClose = '\uE000ENDCALLOUT\uE001';

/** The kind a Quarto callout's icon names ("…/docx/important.png"), when the box carries one. */
function iconKind(cell: El): string | undefined {
  for (const pr of Array.from(cell.getElementsByTagName('pic:cNvPr')).concat(Array.from(cell.getElementsByTagName('wp:docPr')))) {
    const name = `${pr.getAttribute('descr') ?? ''} ${pr.getAttribute('name') ?? ''}`;
    const kind = /\b(note|tip|important|warning|caution)\.(?:png|svg)\b/i.exec(name)?.[1];
    if (kind) return kind.toLowerCase();
  }
  return undefined;
}

/** A left border clearly heavier than the right one: the accent rule of a callout box. */
function accentRule(table: El): boolean {
  const borders = children(children(table, 'w:tblPr')[0], 'w:tblBorders')[0];
  const size = (side: string) => Number(children(borders, `w:${side}`)[0]?.getAttribute('w:sz') ?? 0);
  const left = size('left');
  return left >= 12 && left >= 2 * Math.max(1, size('right'));
}

const shaded = (cell: El) => {
  const fill = children(children(cell, 'w:tcPr')[0], 'w:shd')[0]?.getAttribute('w:fill') ?? '';
  return !!fill && !/^(auto|ffffff)$/i.test(fill);
};

/** Rewrites each callout table of the body into its marked content. */
export function markCallouts(root: El): void {
  const doc = (root as unknown as { ownerDocument: El['ownerDocument'] }).ownerDocument;
  for (const table of Array.from(root.getElementsByTagName('w:tbl'))) {
    // A box in the body (one inside another table stays that table's content).
    if (table.parentNode?.nodeName !== 'w:body') continue;
    const rows = children(table, 'w:tr');
    if (rows.length < 1 || rows.length > 2) continue;
    const cells = rows.map((r) => children(r, 'w:tc'));
    if (cells.some((c) => c.length !== 1)) continue;
    const first = cells[0][0];
    const kind = iconKind(first);
    const accent = accentRule(table);
    if (!kind && !accent) continue;
    let title = '';
    let body: El[] = [first];
    if (rows.length === 2) {
      title = wordText(first);
      // A title row is a short line set apart (shaded, or carrying the icon); else the box is no callout.
      if (title.split(' ').length > 14 || !(shaded(first) || kind)) continue;
      body = [cells[1][0]];
    } else if (kind) title = kind.charAt(0).toUpperCase() + kind.slice(1);
    const parent = table.parentNode;
    if (!parent) continue;
    parent.insertBefore(plainParagraph(doc, `${calloutOpen}${title}`), table);
    for (const cell of body) {
      const content: El[] = [];
      for (let c = cell.firstChild; c; c = c.nextSibling) if (c.nodeName === 'w:p' || c.nodeName === 'w:tbl') content.push(c);
      for (const c of content) parent.insertBefore(c, table);
    }
    parent.insertBefore(plainParagraph(doc, calloutClose), table);
    parent.removeChild(table);
  }
}
