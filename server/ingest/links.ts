import type { DocLink } from '../core/document-model';
import { normalizeCharacters } from '../core/nlp';

/** The targets a document's link may keep (docs/document-model.md): web pages and e-mail addresses. */
const keptTarget = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i;

export function isKeptLinkTarget(href: string): boolean {
  return keptTarget.test(href.trim());
}

/** A link's anchor as it reads in the block's text (characters normalized, spaces collapsed, as the readers do with text). */
export function linkedText(raw: string): string {
  return normalizeCharacters(raw).replace(/\s+/g, ' ').trim();
}

/**
 * The links whose anchors the block's final text holds, in reading order, each found after the
 * previous one (the contract of `DocBlock.links`); a link whose anchor was lost (an equation,
 * a footnote mark) or whose target is no kept scheme is left out.
 */
export function placeAnchors(text: string, links: readonly DocLink[]): DocLink[] {
  const kept: DocLink[] = [];
  let from = 0;
  for (const link of links) {
    if (!link.text || !isKeptLinkTarget(link.href)) continue;
    const at = text.indexOf(link.text, from);
    if (at < 0) continue;
    kept.push({ text: link.text, href: link.href.trim() });
    from = at + link.text.length;
  }
  return kept;
}

/** A block's text with each link's target written after its anchor when the anchor does not show it (for readers of plain text, such as references). */
export function textWithTargets(text: string, links: readonly DocLink[] | undefined): string {
  if (!links?.length) return text;
  let out = '';
  let from = 0;
  for (const link of links) {
    const at = text.indexOf(link.text, from);
    if (at < 0) continue;
    const end = at + link.text.length;
    const target = link.href.replace(/^mailto:/i, '');
    out += text.slice(from, end) + (link.text.includes(target) ? '' : ` (${link.href})`);
    from = end;
  }
  return out + text.slice(from);
}
