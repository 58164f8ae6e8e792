import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { blockParagraph, inlineDollarMath as inlineInText } from '../dollar-math';
import { limits } from '../limits';
import type { Block, Inline, ListMarker, TableCell, TextRun } from './book-model';

/**
 * The editor's HTML (sanitized on every write, docs/decisions.md "Sanitize on every write") read into blocks.
 * The parser is forgiving: unclosed tags, inline elements wrapping blocks, text loose between blocks and nesting
 * deeper than any editor makes all come out as well-formed blocks, so every writer gets a valid tree.
 */

/** Deeper than this, nested lists and quotes are read as their text: no format needs more, and recursion stays bounded. */
const maxDepth = 40;
/** The editor's image sources (docs/decisions.md): our own images or raster data URLs. */
const imageSrc = /^(\/api\/images\/\d+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/i;
/** The product's link schemes (docs/product.md); anything else (relative links, javascript:) loses its href. */
const linkHref = /^(https?|ftps?|mailto|tel|callto|sms|cid|xmpp):/i;

type Marks = Omit<TextRun, 'kind' | 'text'>;
type Piece = Inline | { kind: 'image'; src: string; alt: string };

const markOf: Record<string, keyof Marks> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  code: 'code',
  sub: 'sub',
  sup: 'sup',
};

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';
const skipped = new Set(['script', 'style', 'template', 'head', 'title', 'iframe', 'object', 'svg', 'math']);
const blockTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'pre',
  'blockquote',
  'hr',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'figure',
  'figcaption',
  'li',
  'dl',
  'dt',
  'dd',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'main',
  'nav',
]);

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node) || skipped.has(node.name)) return '';
  if (node.name === 'br') return '\n';
  if (node.attribs['data-type'] === 'inline-math' || node.attribs['data-type'] === 'block-math') return node.attribs['data-latex'] ?? '';
  return node.children.map(textOf).join('');
}

/** A formula inside a line; one too long to typeset keeps its source, as code. */
function inlineMath(latex: string, marks: Marks): Piece {
  return latex.length > limits.formulaMaxChars ? { kind: 'text', text: latex, ...marks, code: true } : { kind: 'math', latex };
}

/**
 * Text with the editor's dollar math (`$x^2$`, docs/document-model.md: generated and imported text may carry it)
 * as formulas, by the rules the editor and the reader page apply, so every format shows what they show. Code keeps
 * its dollars.
 */
function pushText(text: string, marks: Marks, out: Piece[]): void {
  const flat = text.replace(/\s+/g, ' ');
  if (marks.code || !flat.includes('$')) {
    out.push({ kind: 'text', text: flat, ...marks });
    return;
  }
  let last = 0;
  for (const m of flat.matchAll(inlineInText)) {
    const latex = (m[1] ?? m[2] ?? '').trim();
    if (!latex || m.index === undefined) continue;
    if (m.index > last) out.push({ kind: 'text', text: flat.slice(last, m.index), ...marks });
    out.push(inlineMath(latex, marks));
    last = m.index + m[0].length;
  }
  if (last < flat.length) out.push({ kind: 'text', text: flat.slice(last), ...marks });
}

/** Collects inline pieces; images found inside text come out as pieces of their own and split the paragraph. */
function collectInline(nodes: readonly ChildNode[], marks: Marks, out: Piece[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      pushText(node.data, marks, out);
      continue;
    }
    if (!isElement(node) || skipped.has(node.name)) continue;
    const name = node.name;
    const type = node.attribs['data-type'];
    if (type === 'inline-math' || type === 'block-math') {
      const latex = (node.attribs['data-latex'] ?? '').trim();
      if (latex) out.push(inlineMath(latex, marks));
    } else if (name === 'br') out.push({ kind: 'break' });
    else if (name === 'img') {
      const src = (node.attribs.src ?? '').trim();
      if (imageSrc.test(src)) out.push({ kind: 'image', src, alt: node.attribs.alt ?? '' });
    } else if (name === 'a') {
      const href = (node.attribs.href ?? '').trim();
      collectInline(node.children, linkHref.test(href) ? { ...marks, href } : marks, out);
    } else if (markOf[name]) collectInline(node.children, { ...marks, [markOf[name]]: true }, out);
    else {
      // A block inside inline content (broken markup): its text joins the line, set off by a space.
      if (blockTags.has(name)) out.push({ kind: 'text', text: ' ', ...marks });
      collectInline(node.children, marks, out);
      if (blockTags.has(name)) out.push({ kind: 'text', text: ' ', ...marks });
    }
  }
}

const sameMarks = (a: TextRun, b: TextRun) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.strike === b.strike &&
  a.code === b.code &&
  a.sub === b.sub &&
  a.sup === b.sup &&
  a.href === b.href;

/** Trims a line of inline content as a browser would and merges neighbouring runs with the same marks. */
export function tidyInline(pieces: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (p.kind === 'text') {
      let text = p.text;
      const previousEndsInSpace = !last || last.kind === 'break' || (last.kind === 'text' && last.text.endsWith(' '));
      if (previousEndsInSpace) text = text.replace(/^ +/, '');
      if (!text) continue;
      if (last?.kind === 'text' && sameMarks(last, p)) out[out.length - 1] = { ...last, text: last.text + text };
      else out.push({ ...p, text });
    } else out.push(p);
  }
  // Trailing spaces and breaks carry nothing.
  while (out.length) {
    const last = out[out.length - 1];
    if (last.kind === 'break') out.pop();
    else if (last.kind === 'text' && /\s$/.test(last.text)) {
      const text = last.text.replace(/\s+$/, '');
      if (text) {
        out[out.length - 1] = { ...last, text };
        break;
      }
      out.pop();
    } else break;
  }
  for (let i = 0; i < out.length; i++) {
    const run = out[i];
    if (run.kind === 'break') {
      const next = out[i + 1];
      if (next?.kind === 'text' && next.text.startsWith(' ')) out[i + 1] = { ...next, text: next.text.replace(/^ +/, '') };
    }
  }
  return out;
}

/** Turns a line of pieces into paragraphs (or headings) and image blocks. */
function emitLine(pieces: Piece[], into: Block[], make: (content: Inline[]) => Block): void {
  let line: Inline[] = [];
  const flush = () => {
    const content = tidyInline(line);
    if (content.length) into.push(make(content));
    line = [];
  };
  for (const p of pieces) {
    if (p.kind === 'image') {
      flush();
      into.push({ kind: 'image', src: p.src, alt: p.alt });
    } else line.push(p);
  }
  flush();
}

const intAttr = (value: string | undefined, max: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
};

function readTable(table: Element, depth: number, minHeading: number): Block | null {
  const rows: TableCell[][] = [];
  const visit = (nodes: readonly ChildNode[]) => {
    for (const n of nodes) {
      if (!isElement(n)) continue;
      if (n.name === 'tr') {
        const cells: TableCell[] = [];
        for (const c of n.children) {
          if (!isElement(c) || (c.name !== 'td' && c.name !== 'th')) continue;
          cells.push({
            header: c.name === 'th',
            colspan: intAttr(c.attribs.colspan, 1000),
            rowspan: intAttr(c.attribs.rowspan, 65534),
            blocks: readBlocks(c.children, depth + 1, minHeading),
          });
        }
        if (cells.length) rows.push(cells);
      } else if (n.name === 'thead' || n.name === 'tbody' || n.name === 'tfoot') visit(n.children);
    }
  };
  visit(table.children);
  return rows.length ? { kind: 'table', rows } : null;
}

function readList(list: Element, depth: number, minHeading: number): Block | null {
  const items: Block[][] = [];
  let loose: ChildNode[] = [];
  const flushLoose = () => {
    const blocks = readBlocks(loose, depth + 1, minHeading);
    if (blocks.length) items.push(blocks);
    loose = [];
  };
  for (const child of list.children) {
    if (isElement(child) && child.name === 'li') {
      flushLoose();
      items.push(readBlocks(child.children, depth + 1, minHeading));
    } else loose.push(child);
  }
  flushLoose();
  if (!items.length) return null;
  const marker = list.name === 'ol' && /^[aAiI]$/.test(list.attribs.type ?? '') ? (list.attribs.type as ListMarker) : undefined;
  return {
    kind: 'list',
    ordered: list.name === 'ol',
    start: list.name === 'ol' ? intAttr(list.attribs.start, 1e6) : 1,
    ...(marker ? { marker } : {}),
    items,
  };
}

/** A display formula; one too long to typeset keeps its source, as a code block. */
function displayMath(latex: string): Block {
  return latex.length > limits.formulaMaxChars ? { kind: 'code', text: latex } : { kind: 'math', latex };
}

/** Reads a sequence of nodes as blocks; loose inline content between blocks becomes paragraphs. */
function readBlocks(nodes: readonly ChildNode[], depth: number, minHeading: number): Block[] {
  const blocks: Block[] = [];
  let pending: Piece[] = [];
  const flush = () => {
    if (pending.length) emitLine(pending, blocks, (content) => ({ kind: 'paragraph', content }));
    pending = [];
  };
  for (const node of nodes) {
    if (!isElement(node)) {
      if (node.type === 'text') collectInline([node], {}, pending);
      continue;
    }
    const name = node.name;
    if (skipped.has(name)) continue;
    const type = node.attribs['data-type'];
    if (type === 'block-math') {
      flush();
      const latex = (node.attribs['data-latex'] ?? '').trim();
      if (latex) blocks.push(displayMath(latex));
      continue;
    }
    if (!blockTags.has(name) || type === 'inline-math') {
      collectInline([node], {}, pending);
      continue;
    }
    flush();
    if (depth >= maxDepth) {
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ kind: 'paragraph', content: [{ kind: 'text', text }] });
      continue;
    }
    if (name === 'p' || name === 'dt' || name === 'dd' || name === 'figcaption' || name === 'caption') {
      // A paragraph holding blocks (broken markup) is read as those blocks.
      const whole = node.children.every((c) => c.type === 'text') ? blockParagraph.exec(textOf(node)) : null;
      if (whole) blocks.push(displayMath(whole[1].trim()));
      else if (node.children.some((c) => isElement(c) && blockTags.has(c.name)))
        blocks.push(...readBlocks(node.children, depth + 1, minHeading));
      else {
        const pieces: Piece[] = [];
        collectInline(node.children, {}, pieces);
        emitLine(pieces, blocks, (content) => ({ kind: 'paragraph', content }));
      }
    } else if (/^h[1-6]$/.test(name)) {
      const level = Math.min(6, Math.max(Number(name[1]), minHeading));
      const pieces: Piece[] = [];
      collectInline(node.children, {}, pieces);
      emitLine(pieces, blocks, (content) => ({ kind: 'heading', level, content }));
    } else if (name === 'ul' || name === 'ol') {
      const list = readList(node, depth, minHeading);
      if (list) blocks.push(list);
    } else if (name === 'table') {
      const table = readTable(node, depth, minHeading);
      if (table) blocks.push(table);
    } else if (name === 'pre') {
      const text = textOf(node).replace(/\n$/, '');
      if (text.trim()) blocks.push({ kind: 'code', text });
    } else if (name === 'blockquote') {
      const inner = readBlocks(node.children, depth + 1, minHeading);
      if (inner.length) blocks.push({ kind: 'quote', blocks: inner });
    } else if (name === 'hr') blocks.push({ kind: 'rule' });
    else blocks.push(...readBlocks(node.children, depth + 1, minHeading));
  }
  flush();
  return blocks;
}

/**
 * Reads editor HTML into blocks. Headings in the text are kept, but never above `minHeading`
 * (a chapter is level 1 and a section level 2, so the text's own headings start at 3).
 */
export function parseEditorHtml(html: string, minHeading = 3): Block[] {
  if (!html || !html.trim()) return [];
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  return readBlocks(doc.children, 0, minHeading);
}
