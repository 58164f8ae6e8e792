import { decodeEntities } from '@common/textbook-ops/html';
import type { DocBlock, DocLink } from '../../core/document-model';
import { isKeptLinkTarget, linkedText, placeAnchors } from '../links';

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

/** The text and the link targets of an HTML fragment, as blocks. */
export function htmlBlocks(html: string): DocBlock[] {
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
  let listDepth = 0;
  const flush = () => {
    const text = linkedText(buffer);
    if (text) {
      const block: DocBlock =
        kind === 'heading'
          ? { kind, text, level }
          : kind === 'list-item'
            ? { kind, text, depth: Math.max(0, listDepth - 1), ordered: false }
            : { kind: 'paragraph', text };
      const placed = placeAnchors(text, links);
      if (placed.length) block.links = placed;
      blocks.push(block);
    }
    buffer = '';
    links = [];
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
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      if (!closing) {
        kind = 'heading';
        level = Number(heading[1]);
      }
      continue;
    }
    if (tag === 'li') {
      flush();
      if (!closing) kind = 'list-item';
      continue;
    }
    if (tag === 'ul' || tag === 'ol') listDepth = Math.max(0, listDepth + (closing ? -1 : 1));
    if (tag === 'td' || tag === 'th') {
      buffer += ' ';
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
