import sanitize from 'sanitize-html';
import { sourceKeyPattern, typedByPattern } from '@common/block-provenance';

/** The spec's link schemes (section 5). */
export const allowedLinkSchemes = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'];

// Images only from our own /api/images/ or raster data URLs; never SVG.
const imageSrc = /^(\/api\/images\/\d+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/i;

/** Whether an image source may be stored (the same rule the sanitizer applies to <img>). */
export function isAllowedImageSrc(src: string): boolean {
  return imageSrc.test(src);
}

/** Only TipTap's math nodes carry data-type and data-latex; anything else loses both. */
function mathAttributes(attribs: sanitize.Attributes, type: string): sanitize.Attributes {
  if (attribs['data-type'] === type) return attribs;
  const { 'data-type': _type, 'data-latex': _latex, ...rest } = attribs;
  return rest;
}

/** The stored provenance of a block (common/block-provenance.ts): kept only when well formed. */
const provenance = ['data-src', 'data-by'];
function provenanceAttributes(attribs: sanitize.Attributes): sanitize.Attributes {
  const { 'data-src': src, 'data-by': by, ...rest } = attribs;
  return {
    ...rest,
    ...(src && sourceKeyPattern.test(src) ? { 'data-src': src } : {}),
    ...(by && typedByPattern.test(by) ? { 'data-by': by } : {}),
  };
}
const keepProvenance: sanitize.Transformer = (tagName, attribs) => ({ tagName, attribs: provenanceAttributes(attribs) });

/** The editor's allowlist: what TipTap's starter kit, link, image and math produce. */
const options: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'sub',
    'sup',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'class', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', ...provenance],
    p: provenance,
    li: provenance,
    blockquote: provenance,
    table: provenance,
    // TipTap's mathematics nodes: <span data-type="inline-math" data-latex="...">, <div data-type="block-math" ...>.
    span: ['data-type', 'data-latex'],
    div: ['data-type', 'data-latex', ...provenance],
    code: ['class'],
    pre: ['class', ...provenance],
    // An ordered list's first number and its labels (letters or roman numerals, as the editor's list keeps them).
    ol: ['start', { name: 'type', multiple: false, values: ['1', 'a', 'A', 'i', 'I'] }],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: allowedLinkSchemes,
  allowedSchemesByTag: { img: ['data'] },
  // Classes only where the editor makes them, and never layout ones: a pasted "fixed inset-0 z-50"
  // would let a collaborator lay a fake screen over the app.
  allowedClasses: {
    code: ['language-*'],
    pre: ['language-*'],
    a: ['link', 'underline', 'text-*', 'font-*', 'decoration-*', 'underline-offset-*', 'hover:*', 'cursor-pointer'],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageSrc.test(frame.attribs.src ?? ''),
  transformTags: {
    span: (tagName, attribs) => ({ tagName, attribs: mathAttributes(attribs, 'inline-math') }),
    div: (tagName, attribs) => ({ tagName, attribs: provenanceAttributes(mathAttributes(attribs, 'block-math')) }),
    p: keepProvenance,
    li: keepProvenance,
    blockquote: keepProvenance,
    table: keepProvenance,
    img: keepProvenance,
    pre: keepProvenance,
    // Links open in a new tab without leaking the opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return sanitize(html, options);
}

/** Titles and reference fields are plain text: no tags at all survive. */
export function sanitizePlainText(text: string): string {
  if (!text) return '';
  // Without '<' or '&' there is no markup or entity to remove; skipping the parser keeps 2,000 titles cheap.
  if (!/[<&]/.test(text)) return text;
  return sanitize(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}
