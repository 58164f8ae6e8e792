import type { DocBlock } from '@server/core/document-model';
import { escapeHtml } from '@common/textbook-ops/html';

/** Options for turning document-model blocks into the editor's HTML. */
export interface RenderOptions {
  /** sha256 -> URL of stored images; a figure without one keeps its caption only. */
  imageUrls?: Record<string, string>;
}

const inlineMath = /\\\((.+?)\\\)/g;

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

function renderList(items: DocBlock[]): string {
  // Consecutive items with depths become nested lists; a level is never skipped (a jump of two nests one).
  let html = '';
  const open: Array<'ul' | 'ol'> = [];
  for (const item of items) {
    const depth = Math.max(0, Math.min(item.depth ?? 0, open.length));
    const tag = item.ordered ? 'ol' : 'ul';
    while (open.length > depth + 1) html += `</li></${open.pop()}>`;
    // The same level switching between bullets and numbers starts a new list.
    if (open.length === depth + 1 && open[depth] !== tag) html += `</li></${open.pop()}>`;
    if (open.length === depth + 1) html += '</li>';
    else {
      html += `<${tag}>`;
      open.push(tag);
    }
    html += `<li><p>${inlineHtml(item.text)}</p>`;
  }
  while (open.length) html += `</li></${open.pop()}>`;
  return html;
}

function renderTable(block: DocBlock, options: RenderOptions): string {
  const rows = block.rows ?? [];
  if (rows.length === 0) {
    // A table whose columns could not be read is kept as its picture (PDF), with its caption.
    const img = renderImage(block, options, block.caption ?? 'Table');
    if (img) return `${block.caption ? `<p><em>${inlineHtml(block.caption)}</em></p>` : ''}${img}`;
    return block.text ? `<p>${inlineHtml(block.text)}</p>` : '';
  }
  const width = Math.max(...rows.map((r) => r.length));
  const cells = (row: string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, i) => `<${tag}><p>${inlineHtml(row[i] ?? '')}</p></${tag}>`).join('');
  const [first, ...rest] = rows;
  const head = block.header ? `<tr>${cells(first, 'th')}</tr>` : '';
  const body = (block.header ? rest : rows).map((r) => `<tr>${cells(r, 'td')}</tr>`).join('');
  const caption = block.caption ? `<p><em>${inlineHtml(block.caption)}</em></p>` : '';
  return `${caption}<table><tbody>${head}${body}</tbody></table>`;
}

function renderImage(block: DocBlock, options: RenderOptions, alt: string): string {
  const url = block.image ? options.imageUrls?.[block.image.sha256] : undefined;
  return url ? `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt.slice(0, 300))}" />` : '';
}

function renderOne(block: DocBlock, options: RenderOptions): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${inlineHtml(block.text)}</p>`;
    case 'table':
      return renderTable(block, options);
    case 'figure': {
      const caption = block.caption ?? block.text;
      const img = renderImage(block, options, caption || 'Figure');
      return `${img}${caption ? `<p><em>${inlineHtml(caption)}</em></p>` : ''}`;
    }
    case 'equation': {
      if (block.latex) return `<div data-type="block-math" data-latex="${escapeHtml(block.latex)}"></div>`;
      const img = renderImage(block, options, block.text || 'Equation');
      if (img) return `${img}${block.label ? `<p>${escapeHtml(block.label)}</p>` : ''}`;
      return block.text ? `<p>${inlineHtml(block.text)}${block.label ? ` ${escapeHtml(block.label)}` : ''}</p>` : '';
    }
    case 'code':
      return `<pre><code${block.language ? ` class="language-${escapeHtml(block.language.replace(/[^\w-]/g, ''))}"` : ''}>${escapeHtml(block.text)}</code></pre>`;
    case 'quote':
      return `<blockquote><p>${inlineHtml(block.text)}</p></blockquote>`;
    case 'margin':
      return `<blockquote><p><strong>Note:</strong> ${inlineHtml(block.text)}</p></blockquote>`;
    case 'exercise':
      return `<p><strong>Exercise${block.label ? ` ${escapeHtml(block.label)}` : ''}.</strong> ${inlineHtml(block.text)}</p>`;
    case 'caption':
      return `<p><em>${inlineHtml(block.text)}</em></p>`;
    case 'table-row':
      return `<p>${inlineHtml(block.text)}</p>`;
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
    } else if (block.kind === 'note') notes.push(block);
    else if (block.kind !== 'heading' && block.kind !== 'bibliography') html += renderOne(block, options);
  }
  if (notes.length) html += `<h4>Notes</h4><ol>${notes.map((n) => `<li><p>${inlineHtml(n.text)}</p></li>`).join('')}</ol>`;
  return html;
}
