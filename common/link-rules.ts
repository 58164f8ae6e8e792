/** The spec's link schemes (section 5); the server's sanitizer allows the same list. */
export const allowedLinkSchemes = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const;

/** Links open in a new tab without handing the page to the target. */
export const linkTarget = '_blank';
export const linkRel = 'noopener noreferrer nofollow';

export type LinkDecision =
  { action: 'cancel' } | { action: 'remove' } | { action: 'set'; href: string } | { action: 'refuse'; scheme: string };

const schemePattern = /^([a-z][a-z0-9+.-]*):/i;
// Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
const invisible = /[\u0000-\u0020\u007f-\u009f\u200b-\u200d\ufeff]/g;

export function schemeOf(url: string): string | null {
  const m = schemePattern.exec(url.replace(invisible, ''));
  return m ? m[1].toLowerCase() : null;
}

export function isAllowedLink(url: string): boolean {
  const scheme = schemeOf(url.trim());
  if (scheme === null) return !url.trim().startsWith('//');
  return (allowedLinkSchemes as readonly string[]).includes(scheme);
}

/**
 * What the link prompt's answer means: cancel (null) does nothing, an empty value
 * removes the link, any other value sets it if its scheme is allowed. A bare address such as
 * "example.org" becomes https; a relative path or #anchor stays as typed.
 */
export function decideLink(answer: string | null): LinkDecision {
  if (answer === null) return { action: 'cancel' };
  const value = answer.trim();
  if (value === '') return { action: 'remove' };
  const scheme = schemeOf(value);
  if (scheme !== null) {
    if ((allowedLinkSchemes as readonly string[]).includes(scheme)) return { action: 'set', href: value };
    // "localhost:3000" and "example.org:8080/x" look like schemes but are host:port.
    if (/^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+):\d+(\/|$)/i.test(value)) return { action: 'set', href: `https://${value}` };
    return { action: 'refuse', scheme };
  }
  if (value.startsWith('//')) return { action: 'set', href: `https:${value}` };
  if (/^[/#?.]/.test(value)) return { action: 'set', href: value };
  return { action: 'set', href: `https://${value}` };
}
