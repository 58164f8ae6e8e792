import type { DocBlock } from '@server/core/document-model';
import { escapeHtml } from '@common/textbook-ops/html';
import { linkRel, linkTarget } from '@common/link-rules';
import { placeLinks, type PlacedLink } from './inline-links';
import { codedHtml, placeCode } from './inline-code';
import { markedHtml, placeMarks, shiftMarks, type PlacedMarks } from './inline-marks';
import { formulaPictureAlt, looksGarbled, tablePictureAlt, undescribedFigureAlt } from '@common/book-render/alt-text';

/** Options for turning document-model blocks into the editor's HTML. */
export interface RenderOptions {
  /** sha256 -> URL of stored images; a figure without one keeps its caption only. */
  imageUrls?: Record<string, string>;
}

const inlineMath = /\\\((.+?)\\\)/g;

/**
 * Text with the block's links (`DocBlock.links`, placed by placeLinks) as `<a href>`, with the
 * attributes the editor and the sanitizer give every link, so a stored body reads back unchanged;
 * its inline code (`DocBlock.code`, placed by placeCode) as `<code>`; its bold and italic
 * (`DocBlock.strong`, `DocBlock.emphasis`, placed by placeMarks) as `<strong>` and `<em>`.
 */
function linkedHtml(
  text: string,
  links: readonly PlacedLink[],
  code: ReadonlyArray<readonly [number, number]> = [],
  marks: PlacedMarks = { strong: [], emphasis: [] },
): string {
  const plain = (s: string, at: number) => markedHtml(text, at, at + s.length, marks, inlineHtml);
  const part = (start: number, end: number) => codedHtml(text, start, end, code, plain);
  if (links.length === 0) return part(0, text.length);
  let out = '';
  let last = 0;
  for (const link of links) {
    out += part(last, link.start);
    out += `<a href="${escapeHtml(link.href)}" target="${linkTarget}" rel="${linkRel}">${part(link.start, link.end)}</a>`;
    last = link.end;
  }
  return out + part(last, text.length);
}

/** A block's text as HTML with its links, inline code, bold and italic. */
function textHtml(block: DocBlock): string {
  const marks = placeMarks(block.text, block.strong, block.emphasis);
  return linkedHtml(block.text, placeLinks([block.text], block.links), placeCode(block.text, block.code), marks);
}

/** An entry of a list of definitions: its term in bold, then the definition with its links, inline code and marks. */
function definitionHtml(block: DocBlock, term: string): string {
  const rest = block.text.slice(term.length);
  const marks = shiftMarks(placeMarks(block.text, block.strong, block.emphasis), term.length);
  return `<strong>${inlineHtml(term)}</strong>${linkedHtml(rest, placeLinks([rest], block.links), placeCode(rest, block.code), marks)}`;
}

/**
 * A text with its own line breaks (verse set line by line, a Markdown hard break in a paragraph or a list item); a
 * line break inside a tag or an inline formula `\(...\)` is the formula's.
 */
function lineBrokenHtml(block: DocBlock): string {
  return textHtml(block).replace(/(<[^>]*>|\\\([\s\S]*?\\\))|\n/g, (_m, kept?: string) => kept ?? '<br>');
}

/** Escapes text and turns inline `\(latex\)` into the editor's inline math nodes. */
export function inlineHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(inlineMath)) {
    out += escapeHtml(text.slice(last, m.index));
    out += `<span data-type="inline-math" data-latex="${escapeHtml(m[1].trim())}"></span>`;
    last = (m.index ?? 0) + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The number an ordered list opens with, when the source's list does not start at 1, and its letters or numerals. */
const startAttr = (item: DocBlock) =>
  (item.ordered && item.start !== undefined && Number.isInteger(item.start) && item.start !== 1 && item.start >= 0
    ? ` start="${item.start}"`
    : '') + (item.ordered && item.marker && /^[aAiI]$/.test(item.marker) ? ` type="${item.marker}"` : '');

function renderList(items: DocBlock[]): string {
  // Consecutive items with depths become nested lists; a level is never skipped (a jump of two nests one).
  let html = '';
  // Each open list and, for a numbered one, the number its next item would show.
  const open: Array<{ tag: 'ul' | 'ol'; next: number; marker: string }> = [];
  // A run that opens on a deeper level (the sub-items going on under a picture) sets that level as its first.
  let base = Math.max(0, items[0]?.depth ?? 0);
  for (const item of items) {
    base = Math.min(base, Math.max(0, item.depth ?? 0));
    const depth = Math.max(0, Math.min((item.depth ?? 0) - base, open.length));
    const tag = item.ordered ? 'ol' : 'ul';
    while (open.length > depth + 1) html += `</li></${open.pop()!.tag}>`;
    // The same level switching between bullets and numbers starts a new list.
    if (open.length === depth + 1 && open[depth].tag !== tag) html += `</li></${open.pop()!.tag}>`;
    // A number that does not follow on (a new list right after another, "5." after an interruption), or other labels, open a list of their own.
    if (
      open.length === depth + 1 &&
      item.ordered &&
      ((item.start !== undefined && item.start !== open[depth].next) || (item.marker ?? '') !== open[depth].marker)
    )
      html += `</li></${open.pop()!.tag}>`;
    if (open.length === depth + 1) {
      html += '</li>';
      open[depth].next++;
    } else {
      html += `<${tag}${startAttr(item)}>`;
      open.push({ tag, next: (item.ordered ? (item.start ?? 1) : 1) + 1, marker: (item.ordered && item.marker) || '' });
    }
    html += `<li><p>${item.term && item.text.startsWith(item.term) ? definitionHtml(item, item.term) : lineBrokenHtml(item)}</p>`;
  }
  while (open.length) html += `</li></${open.pop()!.tag}>`;
  return html;
}

function renderTable(block: DocBlock, options: RenderOptions): string {
  const rows = block.rows ?? [];
  if (rows.length === 0) {
    // A table whose columns could not be read is kept as its picture (PDF), with its caption.
    const img = renderImage(block, options, block.caption || tablePictureAlt);
    if (img) return `${block.caption ? `<p><em>${inlineHtml(block.caption)}</em></p>` : ''}${img}`;
    return block.text ? `<p>${inlineHtml(block.text)}</p>` : '';
  }
  const width = Math.max(...rows.map((r) => r.length));
  // Links are listed over the cells in reading order.
  const placed = placeLinks(rows.flat(), block.links);
  let cellIndex = 0;
  const cells = (row: string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, i) => {
      const text = row[i] ?? '';
      const piece = i < row.length ? cellIndex++ : -1;
      const own = placed.filter((l) => l.piece === piece);
      // A column the source sets in a monospaced font (a pattern, a command) is inline code, as typed.
      if (text && block.codeColumns?.includes(i)) return `<${tag}><p><code>${escapeHtml(text)}</code></p></${tag}>`;
      // A cell of several paragraphs (a label and its explanation) keeps them: a line each.
      return `<${tag}><p>${linkedHtml(text, own).replaceAll('\n', '</p><p>')}</p></${tag}>`;
    }).join('');
  const [first, ...rest] = rows;
  const head = block.header ? `<tr>${cells(first, 'th')}</tr>` : '';
  const body = (block.header ? rest : rows).map((r) => `<tr>${cells(r, 'td')}</tr>`).join('');
  const caption = block.caption ? `<p><em>${inlineHtml(block.caption)}</em></p>` : '';
  return `${caption}<table><tbody>${head}${body}</tbody></table>`;
}

function renderImage(block: DocBlock, options: RenderOptions, alt: string, longest = 300): string {
  const url = block.image ? options.imageUrls?.[block.image.sha256] : undefined;
  return url ? `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt.slice(0, longest))}" />` : '';
}

/**
 * A quotation or a callout box (a Word callout, a titled note): its title (`label`) in bold, then its paragraphs, its
 * list items (quote blocks with a `depth`) as a list, and the listings set inside it.
 */
function renderQuote(run: DocBlock[]): string {
  let html = run[0].label ? `<p><strong>${inlineHtml(run[0].label)}</strong></p>` : '';
  for (let i = 0; i < run.length; i++) {
    if (run[i].kind === 'code') {
      html += renderOne(run[i], {});
      continue;
    }
    if (run[i].depth === undefined) {
      if (run[i].text && !(i === 0 && run[i].text === run[i].label)) html += `<p>${lineBrokenHtml(run[i])}</p>`;
      continue;
    }
    const items: DocBlock[] = [];
    while (i < run.length && run[i].depth !== undefined) items.push({ ...run[i++], kind: 'list-item' });
    i--;
    html += renderList(items);
  }
  return `<blockquote>${html}</blockquote>`;
}

function renderOne(block: DocBlock, options: RenderOptions): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${lineBrokenHtml(block)}</p>`;
    case 'table':
      return renderTable(block, options);
    case 'figure': {
      const caption = block.caption ?? block.text;
      // Never "Figure": the caption, the picture's own description, or a plain statement that the source gives none
      // (exports look further).
      const img = renderImage(block, options, caption || block.alt || undescribedFigureAlt);
      return `${img}${caption ? `<p><em>${inlineHtml(caption)}</em></p>` : ''}`;
    }
    case 'equation': {
      if (block.latex) return `<div data-type="block-math" data-latex="${escapeHtml(block.latex)}"></div>`;
      // A formula cropped from a PDF reads back as symbol soup ("( ) N! N! ln(W) = ..."): not alt text.
      // A formula's alt text is the formula: a derivation of several rows is read whole, not cut after 300 characters.
      const img = renderImage(block, options, block.text && !looksGarbled(block.text) ? block.text : formulaPictureAlt, 4000);
      if (img) return `${img}${block.label ? `<p>${escapeHtml(block.label)}</p>` : ''}`;
      return block.text ? `<p>${inlineHtml(block.text)}${block.label ? ` ${escapeHtml(block.label)}` : ''}</p>` : '';
    }
    case 'code':
      // A listing's caption ("Listing 2.1 – ...") is printed under it, as a figure's is.
      return `<pre><code${block.language ? ` class="language-${escapeHtml(block.language.replace(/[^\w-]/g, ''))}"` : ''}>${escapeHtml(block.text)}</code></pre>${block.caption ? `<p><em>${inlineHtml(block.caption)}</em></p>` : ''}`;
    case 'quote':
      return `<blockquote><p>${lineBrokenHtml(block)}</p></blockquote>`;
    case 'margin':
      // A callout with a title of its own ("Due Date") is labelled by it.
      return `<blockquote><p><strong>${block.label ? escapeHtml(block.label) : 'Note'}:</strong> ${textHtml(block)}</p></blockquote>`;
    case 'exercise':
      return `<p><strong>Exercise${block.label ? ` ${escapeHtml(block.label)}` : ''}.</strong> ${textHtml(block)}</p>`;
    case 'caption':
      return `<p><em>${textHtml(block)}</em></p>`;
    case 'table-row':
      return `<p>${textHtml(block)}</p>`;
    // An index term is for the book's index (its apparatus), never body text or a note.
    case 'index-term':
    default:
      return '';
  }
}

/**
 * Document-model blocks as the editor's HTML, in reading order: paragraphs, nested lists,
 * tables, figures with captions, display and inline math, code, quotations, margin notes
 * (kept apart as a note) and exercises; footnotes gathered at the end. Headings are the
 * caller's (it knows the level they take in the book); bibliography entries are references,
 * not text.
 */
export function renderBlocks(blocks: DocBlock[], options: RenderOptions = {}): string {
  let html = '';
  const notes: DocBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind === 'list-item') {
      const run: DocBlock[] = [];
      while (i < blocks.length && blocks[i].kind === 'list-item') run.push(blocks[i++]);
      i--;
      html += renderList(run);
    } else if (block.kind === 'quote') {
      // One quotation or callout box: a quote block and the untitled ones after it.
      const run: DocBlock[] = [block];
      // A listing set inside the box (`boxed`) stays in it, in its place.
      const inBox = (b: DocBlock) => (b.kind === 'quote' && !b.label) || (b.kind === 'code' && b.boxed);
      while (i + 1 < blocks.length && inBox(blocks[i + 1])) run.push(blocks[++i]);
      html += renderQuote(run);
    } else if (block.kind === 'note') notes.push(block);
    else if (block.kind !== 'heading' && block.kind !== 'bibliography') html += renderOne(block, options);
  }
  if (notes.length) html += `<h4>Notes</h4><ol>${notes.map((n) => `<li><p>${textHtml(n)}</p></li>`).join('')}</ol>`;
  return html;
}
