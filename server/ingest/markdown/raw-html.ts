import { decodeEntities } from '@common/textbook-ops/html';
import type { DocBlock, DocLink } from '@server/core/document-model';
import { isKeptLinkTarget, linkedText, placeAnchors } from '../links';
import { withScript } from '../script-formula';

/**
 * Raw HTML in a Markdown page, read for its text: tags go and their text stays (headings, list
 * items and paragraphs at their block tags), a link keeps its target, an embedded frame (a video,
 * a map, a form) becomes a link to its source, and scripts, styles and comments go whole. It is
 * never printed as source.
 */

const blockTags = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'figure',
  'figcaption',
  'details',
  'summary',
  'blockquote',
  'center',
  'table',
  'tr',
  'td',
  'th',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'hr',
  'br',
  'fieldset',
  'legend',
  'form',
]);

const attr = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined);

/** An embedded frame's source as a web address ("//www.youtube.com/embed/x" is https). */
function frameSource(attrs: string): string | undefined {
  const src = decodeEntities(attr(attrs, 'src') ?? '').trim();
  const href = src.startsWith('//') ? `https:${src}` : src;
  return isKeptLinkTarget(href) ? href : undefined;
}

/**
 * A box a page draws around a notice (`<div class="infobox">`, `warningbox`, `admonition note`, `alert alert-info`): its
 * kind, as the title it has when its text gives none.
 */
const calloutClass = /(?:^|[\s_-])(info|note|tip|hint|important|warning|caution|attention|danger|alert)(?:box)?(?=$|[\s_-])/i;
const calloutTitles: Record<string, string> = {
  info: 'Info',
  note: 'Note',
  tip: 'Tip',
  hint: 'Hint',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  attention: 'Attention',
  danger: 'Danger',
  alert: 'Note',
};
/** A box's title line as its author writes it, alone or opening its text: a few words and "!" or ":" ("Wichtig!", "Info!"). */
const calloutLead = /^(\p{L}[\p{L}'’ -]{0,28}?)\s*[!:]\s*/u;

/**
 * A control that opens and closes the panel after it (a site's accordion: `<button class="accordion">twillo</button>`
 * before `<div class="panel">`), named by its class: its label is the panel's heading, as `<summary>` is a `<details>`'s.
 */
const disclosureClass = /(?:^|[\s_-])(?:accordion|collapsible|collapse|toggle|expand)(?=$|[\s_-])/i;

export interface HtmlBlockOptions {
  /** The level a disclosure's title takes as a heading (one below the heading the HTML sits under); 3 when not known. */
  disclosureLevel?: number;
  /** Filled with the headings made of disclosures' titles (the caller places later disclosures beside them). */
  disclosures?: Set<DocBlock>;
}

/** The text and the link targets of an HTML fragment, as blocks. */
export function htmlBlocks(html: string, options: HtmlBlockOptions = {}): DocBlock[] {
  const blocks: DocBlock[] = [];
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|noscript|template|svg|math)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|noscript|template)\b[^>]*\/>/gi, '');
  let buffer = '';
  let kind: DocBlock['kind'] = 'paragraph';
  let level: number | undefined;
  let links: DocLink[] = [];
  let href: string | undefined;
  let anchorStart = 0;
  // Inline code (<code> outside a <pre>): where the open one starts, and the spans of the block so far.
  let codeStart: number | undefined;
  let code: string[] = [];
  // Open <sup>/<sub> runs: a script is a formula on its base (256<sup>4</sup> is never "2564").
  const scripts: Array<{ start: number; links: number }> = [];
  // Open lists (their tag, and the number an <ol start> gives its first item) and an open table.
  const lists: Array<{ ordered: boolean; start?: number }> = [];
  let table: { rows: string[][]; header: boolean; links: DocLink[] } | undefined;
  let row: string[] | undefined;
  // Open <div>s, each with the notice box it draws (its title, and whether its first paragraph carries it yet).
  const divs: Array<{ title: string; titled: boolean } | undefined> = [];
  const callout = () => [...divs].reverse().find((d) => d !== undefined);
  // Whether the open heading is a disclosure's title.
  let disclosure = false;
  const listItem = (text: string): DocBlock => {
    const list = lists[lists.length - 1];
    const item: DocBlock = { kind: 'list-item', text, depth: Math.max(0, lists.length - 1), ordered: list?.ordered ?? false };
    if (list?.start !== undefined) item.start = list.start;
    if (list) list.start = undefined;
    return item;
  };
  const flush = () => {
    let text = linkedText(buffer);
    const box = kind === 'paragraph' ? callout() : undefined;
    // A notice box's paragraphs are a titled callout: its own title line ("Info!") or its kind gives the title.
    if (box && text && !box.titled) {
      const lead = calloutLead.exec(text);
      if (lead && lead[1].split(/\s+/).length <= 3) {
        box.title = lead[1].trim();
        text = text.slice(lead[0].length).trim();
      }
    }
    if (text) {
      const block: DocBlock =
        kind === 'heading'
          ? { kind, text, level }
          : kind === 'list-item'
            ? listItem(text)
            : kind === 'caption'
              ? { kind, text }
              : box
                ? { kind: 'quote', text, ...(box.titled ? {} : { label: box.title }) }
                : { kind: 'paragraph', text };
      if (box) box.titled = true;
      const placed = placeAnchors(text, links);
      if (placed.length) block.links = placed;
      const spans = code.filter((c) => text.includes(c));
      if (spans.length) block.code = spans;
      blocks.push(block);
      if (disclosure) options.disclosures?.add(block);
    }
    disclosure = false;
    buffer = '';
    links = [];
    code = [];
    codeStart = undefined;
    kind = 'paragraph';
    level = undefined;
  };
  for (const m of cleaned.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    const [, closing, rawTag, attrs, text] = m;
    if (text !== undefined) {
      buffer += decodeEntities(text);
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (tag === 'iframe' || tag === 'embed') {
      if (closing) continue;
      const src = frameSource(attrs);
      if (!src) continue;
      flush();
      const title = linkedText(decodeEntities(attr(attrs, 'title') ?? '')) || src;
      blocks.push({ kind: 'paragraph', text: title, links: [{ text: title, href: src }] });
      continue;
    }
    if (tag === 'sup' || tag === 'sub') {
      if (!closing) scripts.push({ start: buffer.length, links: links.length });
      else {
        const script = scripts.pop();
        if (script && script.links === links.length && href === undefined && script.start <= buffer.length)
          buffer = withScript(buffer.slice(0, script.start), buffer.slice(script.start), tag);
      }
      continue;
    }
    if (tag === 'code' && !table) {
      if (!closing) codeStart = buffer.length;
      else if (codeStart !== undefined) {
        const span = buffer.slice(codeStart).replace(/\s+/g, ' ').trim();
        if (span) code.push(span);
        codeStart = undefined;
      }
      continue;
    }
    if (tag === 'a') {
      if (!closing) {
        const target = decodeEntities(attr(attrs, 'href') ?? '').trim();
        href = isKeptLinkTarget(target) ? target : undefined;
        anchorStart = buffer.length;
      } else {
        const anchor = linkedText(buffer.slice(anchorStart));
        if (href && anchor) links.push({ text: anchor, href });
        href = undefined;
      }
      continue;
    }
    // Inside a table only its rows and cells make structure; any other tag there (a <p>, a <br>, a list) is a space.
    if (table && tag !== 'table' && tag !== 'tr' && tag !== 'td' && tag !== 'th') {
      buffer += ' ';
      continue;
    }
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      if (!closing) {
        kind = 'heading';
        level = Number(heading[1]);
      }
      continue;
    }
    // A disclosure's title (<summary>, an accordion's button) heads the panel it opens; a figure's caption is a caption,
    // never a paragraph of the text (the picture is not kept: the page's warnings name the pictures left out).
    if (tag === 'summary' || (tag === 'button' && disclosureClass.test(attr(attrs, 'class') ?? ''))) {
      flush();
      if (!closing) {
        kind = 'heading';
        level = options.disclosureLevel ?? 3;
        disclosure = true;
      }
      continue;
    }
    if (tag === 'figcaption') {
      flush();
      if (!closing) kind = 'caption';
      continue;
    }
    if (tag === 'li') {
      flush();
      if (!closing) kind = 'list-item';
      continue;
    }
    if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else {
        const start = tag === 'ol' ? Number(attr(attrs, 'start') ?? 1) : 1;
        lists.push({ ordered: tag === 'ol', ...(Number.isInteger(start) && start !== 1 ? { start } : {}) });
      }
      continue;
    }
    // A table keeps its rows and cells (a header row when its first row has <th> cells); a table inside a cell is text.
    if (tag === 'table') {
      if (!closing && !table) {
        flush();
        table = { rows: [], header: false, links: [] };
      } else if (closing && table) {
        const { rows, header, links: cellLinks } = table;
        if (rows.length)
          blocks.push({
            kind: 'table',
            text: rows.map((r) => r.join(' | ')).join('\n'),
            rows,
            header,
            ...(cellLinks.length ? { links: cellLinks } : {}),
          });
        table = undefined;
        buffer = '';
        links = [];
      }
      continue;
    }
    if (table && tag === 'tr') {
      if (!closing) row = [];
      else if (row) {
        if (row.some((c) => c)) table.rows.push(row);
        row = undefined;
      }
      continue;
    }
    if (table && (tag === 'td' || tag === 'th')) {
      if (!closing) {
        buffer = '';
        links = [];
        if (tag === 'th' && table.rows.length === 0) table.header = true;
      } else if (row) {
        const cell = linkedText(buffer);
        row.push(cell);
        table.links.push(...placeAnchors(cell, links));
        buffer = '';
        links = [];
      }
      continue;
    }
    if (tag === 'div') {
      flush();
      if (closing) divs.pop();
      else {
        const kindOf = calloutClass.exec(attr(attrs, 'class') ?? '')?.[1].toLowerCase();
        divs.push(kindOf ? { title: calloutTitles[kindOf], titled: false } : undefined);
      }
      continue;
    }
    // A paragraph inside a list item is the item's text.
    if (tag === 'p' && kind === 'list-item' && !closing && !buffer.trim()) continue;
    if (blockTags.has(tag)) flush();
    // A picture inside a link is the link's anchor: its description stands for it (the picture itself is not kept).
    else if (tag === 'img' && !closing) buffer += href ? ` ${decodeEntities(attr(attrs, 'alt') ?? '')} ` : ' ';
  }
  flush();
  return blocks;
}

/** A Markdown code fence that is raw HTML for the site (Franklin's `~~~` blocks): its content opens with a tag. */
export function isRawHtmlFence(info: string, content: string): boolean {
  return !info.trim() && /^\s*<[a-zA-Z!]/.test(content);
}
