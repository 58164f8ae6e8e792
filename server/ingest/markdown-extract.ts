import MarkdownIt, { type Token } from 'markdown-it';
import type { DocBlock, ExtractedDocument } from '../core/document-model';
import { cleanText, normalizeCharacters } from '../core/nlp';
import { isSessionHeading } from './session-heading';

/** A parser for CommonMark with tables; indented code is off (an indented bullet outline in notes is not code). */
const md = new MarkdownIt({ html: true, linkify: false, typographer: false }).disable('code');

const frontMatter = /^\uFEFF?---\s*\n([\s\S]*?)\n(---|\.\.\.)\s*(\n|$)/;
const liquidNote = /\{%\s*(marginnote|sidenote|marginfigure)\s+(?:'[^']*'|"[^"]*")\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*%\}/g;
const liquidTag = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;
// Kramdown attribute lists ("## Title {#anchor}", "{: .note}") style the page; they are not text.
const kramdownAttributes = /\{:?\s*(?:#[\w:-]+|\.[A-Za-z][\w-]*)(?:\s[^{}]*)?\}|\{:\s*[^{}]*\}/g;
const displayMath = /\$\$([\s\S]+?)\$\$/g;
// Private-use characters mark where a margin note or display equation sat (markdown-it replaces NUL).
const placeholder = /\uE000(M|E|N)(\d+)\uE001/g;

/** True when a text file is written in Markdown: front matter, "#" headings, fenced code, or bullet outlines. */
export function looksLikeMarkdown(text: string, filename = ''): boolean {
  if (/\.(md|markdown|mdown|mkd)$/i.test(filename)) return true;
  if (frontMatter.test(text)) return true;
  const lines = text.split('\n');
  const headings = lines.filter((l) => /^#{1,6}\s+\S/.test(l)).length;
  const fences = lines.filter((l) => /^```/.test(l)).length;
  const nestedBullets = lines.filter((l) => /^\s{2,}[-*+]\s+\S/.test(l)).length;
  return headings >= 2 || fences >= 2 || (headings >= 1 && nestedBullets >= 1) || nestedBullets >= 3;
}

function stripHtml(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** Inline `$x^2$` as `\(x^2\)`; a price like "$5 and $10" is left alone (math hugs its dollars). */
function inlineMath(text: string): string {
  return text.replace(/(^|[^\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/g, (whole, before: string, body: string) =>
    /^[\d.,\s]+$/.test(body) ? whole : `${before}\\(${body}\\)`,
  );
}

const inlinePlaceholder = /\uE000I(\d+)\uE001/g;

/**
 * Inline `$...$` formulas taken out before Markdown parsing, as placeholders, so their
 * underscores and asterisks (`$(A^T)_{ij} = a_{ji}$`) are never read as emphasis; fenced
 * code is left as it is.
 */
function protectInlineMath(text: string, formulas: string[]): string {
  return text
    .split(/(^```[\s\S]*?^```)/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/(^|[^\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/g, (whole, before: string, body: string) => {
            if (/^[\d.,\s]+$/.test(body)) return whole;
            formulas.push(body);
            return `${before}\uE000I${formulas.length - 1}\uE001`;
          }),
    )
    .join('');
}

function inlineText(token: Token, formulas: string[]): string {
  let out = '';
  for (const child of token.children ?? []) {
    if (child.type === 'text')
      out += inlineMath(child.content).replace(inlinePlaceholder, (_m, n: string) => `\\(${formulas[Number(n)]}\\)`);
    else if (child.type === 'code_inline') out += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += ' ';
    else if (child.type === 'html_inline') {
      // <sup>4</sup> keeps its text; other tags go.
      continue;
    } else if (child.type === 'image') out += child.content ? '' : '';
  }
  return out
    .replace(kramdownAttributes, '')
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A paragraph that is nothing but code spans (```mysql -u root -p``` on a line of its own, the way many
 * course pages write commands) is a command to type: a code block, one line per span.
 */
function onlyCode(token: Token): boolean {
  const children = token.children ?? [];
  return (
    children.some((c) => c.type === 'code_inline' && c.content.trim()) &&
    children.every(
      (c) => c.type === 'code_inline' || c.type === 'softbreak' || c.type === 'hardbreak' || (c.type === 'text' && !c.content.trim()),
    )
  );
}

function codeSpans(token: Token): string {
  return (token.children ?? [])
    .filter((c) => c.type === 'code_inline' && c.content.trim())
    .map((c) => c.content.trim())
    .join('\n');
}

interface Parsed {
  blocks: DocBlock[];
  title?: string;
}

/**
 * Markdown into document-model blocks: headings at their levels, paragraphs, nested lists with
 * their depth, tables, fenced code, quotations, `$$...$$` display math and `$...$` inline math,
 * footnotes as notes, and Jekyll/Tufte margin notes ({% marginnote %}, {% sidenote %}) as
 * margin blocks kept apart from the paragraph they sit in. Front matter is read for its title
 * and never printed.
 */
export function markdownToBlocks(source: string): Parsed {
  let text = normalizeCharacters(source).replace(/\r\n?/g, '\n');
  let title: string | undefined;
  const fm = frontMatter.exec(text);
  if (fm) {
    title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(fm[1])?.[1];
    text = text.slice(fm[0].length);
  }
  const notes: string[] = [];
  text = text.replace(liquidNote, (_m, _kind: string, quoted: string) => {
    notes.push(
      // An autolink ("<http://...>") is the note's URL, not a tag to strip.
      stripHtml(
        quoted
          .slice(1, -1)
          .replace(/\\(['"])/g, '$1')
          .replace(/<((?:https?|ftp):\/\/[^<>\s]+|mailto:[^<>\s]+)>/gi, '$1'),
      )
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return `\uE000M${notes.length - 1}\uE001`;
  });
  text = text.replace(liquidTag, '');
  // Footnote definitions ("[^1]: text") would read as link references: taken out first, kept as notes.
  const footnotes: Array<{ label: string; text: string }> = [];
  text = text.replace(/^\[\^([^\]]+)\]:\s*(.+)$/gm, (_m, label: string, body: string) => {
    footnotes.push({ label, text: body.trim() });
    return `\uE000N${footnotes.length - 1}\uE001`;
  });
  const equations: string[] = [];
  text = text.replace(displayMath, (_m, body: string) => {
    equations.push(body.trim());
    return `\n\n\uE000E${equations.length - 1}\uE001\n\n`;
  });
  const formulas: string[] = [];
  text = protectInlineMath(text, formulas);

  const tokens = md.parse(text, {});
  const blocks: DocBlock[] = [];
  const lists: Array<{ ordered: boolean }> = [];
  let quoteDepth = 0;
  let table: string[][] | undefined;
  let row: string[] | undefined;
  let headerRows = 0;
  let inHead = false;
  let index = 0;
  const push = (block: DocBlock) => blocks.push({ ...block, index: index++ });

  /** A paragraph's text with its margin notes and display equations taken out as blocks of their own. */
  const emit = (raw: string, make: (text: string) => DocBlock) => {
    const margins: DocBlock[] = [];
    let eq: string | undefined;
    const clean = raw
      .replace(placeholder, (_m, kind: string, n: string) => {
        if (kind === 'M') margins.push({ kind: 'margin', text: notes[Number(n)] });
        else if (kind === 'N')
          margins.push({ kind: 'note', text: inlineMath(footnotes[Number(n)].text), label: footnotes[Number(n)].label });
        else eq = equations[Number(n)];
        return ' ';
      })
      .replace(/\s+/g, ' ')
      .trim();
    if (eq !== undefined && !clean) push({ kind: 'equation', text: eq, latex: eq });
    else if (clean) {
      push(make(clean));
      if (eq !== undefined) push({ kind: 'equation', text: eq, latex: eq });
    }
    for (const m of margins) if (m.text) push(m);
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.type) {
      case 'heading_open': {
        const inline = tokens[i + 1];
        const level = Number(t.tag.slice(1));
        emit(inline.type === 'inline' ? inlineText(inline, formulas) : '', (h) => ({
          kind: 'heading',
          text: h,
          level,
          ...(isSessionHeading(h) ? { session: true } : {}),
        }));
        i += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: t.type === 'ordered_list_open' });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'blockquote_open':
        quoteDepth++;
        break;
      case 'blockquote_close':
        quoteDepth--;
        break;
      case 'paragraph_open': {
        const inline = tokens[i + 1];
        const content = inline.type === 'inline' ? inlineText(inline, formulas) : '';
        if (table) break;
        if (lists.length) {
          const list = lists[lists.length - 1];
          emit(content, (p) => ({ kind: 'list-item', text: p, depth: lists.length - 1, ordered: list.ordered }));
        } else if (quoteDepth > 0) emit(content, (p) => ({ kind: 'quote', text: p }));
        else if (onlyCode(inline)) push({ kind: 'code', text: codeSpans(inline) });
        else emit(content, (p) => ({ kind: 'paragraph', text: p }));
        i += 2;
        break;
      }
      case 'fence':
        if (t.content.trim())
          push({ kind: 'code', text: t.content.replace(/\n$/, ''), ...(t.info.trim() ? { language: t.info.trim().split(/\s+/)[0] } : {}) });
        break;
      case 'table_open':
        table = [];
        headerRows = 0;
        break;
      case 'thead_open':
        inHead = true;
        break;
      case 'thead_close':
        inHead = false;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (table && row) {
          table.push(row);
          if (inHead) headerRows++;
        }
        row = undefined;
        break;
      case 'inline':
        if (row) row.push(inlineText(t, formulas));
        break;
      case 'table_close':
        if (table && table.length)
          push({ kind: 'table', text: table.map((r) => r.join(' ')).join('\n'), rows: table, header: headerRows > 0 });
        table = undefined;
        break;
      default:
        break;
    }
  }
  return { blocks, title };
}

export function extractMarkdown(text: string, filename: string): ExtractedDocument {
  const { blocks, title } = markdownToBlocks(text);
  return {
    filename,
    mime: 'text/markdown',
    text: cleanText(blocks.map((b) => (b.kind === 'table' ? (b.rows ?? []).map((r) => r.join(' | ')).join('\n') : b.text)).join('\n\n')),
    blocks,
    title: title ?? blocks.find((b) => b.kind === 'heading')?.text,
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'markdown' : 'none',
  };
}
