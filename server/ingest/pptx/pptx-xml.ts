import { DOMParser } from '@xmldom/xmldom';
import type { XmlNode } from '../docx/omml-latex';
import { ExtractError } from '../extract-error';

/** An element of a parsed part (xmldom), with the few members the deck reader uses. */
export type XmlEl = XmlNode & { getAttribute(name: string): string | null };

/** OOXML parts never declare a DTD: one that does is refused before parsing, so no entity can be expanded (an XML bomb). */
const dtd = /<!(DOCTYPE|ENTITY)/i;

/** A part's root element; a part that is not well-formed XML (or declares a DTD) is a damaged file. */
export function parseXml(xml: string, part: string): XmlEl {
  if (dtd.test(xml)) throw new ExtractError('corrupt', `${part} declares a DTD`);
  let root: XmlEl | null = null;
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {} } }).parseFromString(xml, 'text/xml') as unknown as {
      documentElement: XmlEl | null;
    };
    root = doc.documentElement;
  } catch {
    root = null;
  }
  if (!root) throw new ExtractError('corrupt', `${part} is not readable XML`);
  return root;
}

/** An element's local name ("sp" for p:sp). */
export const local = (n: XmlNode): string => n.localName ?? n.nodeName.replace(/^.*:/, '');

/** Child elements, optionally only those of one local name. */
export function kids(el: XmlNode, name?: string): XmlEl[] {
  const out: XmlEl[] = [];
  for (let i = 0; i < el.childNodes.length; i++) {
    const c = el.childNodes[i];
    if (c.nodeType === 1 && (!name || local(c) === name)) out.push(c as XmlEl);
  }
  return out;
}

/** The first child of that local name. */
export const kid = (el: XmlNode, name: string): XmlEl | undefined => kids(el, name)[0];

/** The first child along a path of local names. */
export function path(el: XmlNode | undefined, ...names: string[]): XmlEl | undefined {
  let at = el as XmlEl | undefined;
  for (const n of names) at = at && kid(at, n);
  return at;
}

/** Every descendant element of that local name, in document order. */
export function descendants(el: XmlNode, name: string, out: XmlEl[] = []): XmlEl[] {
  for (const c of kids(el)) {
    if (local(c) === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

/** An attribute by its qualified name, as a number when it is one. */
export function numAttr(el: XmlEl | undefined, name: string): number | undefined {
  const v = el?.getAttribute(name);
  if (v == null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The branch of an mc:AlternateContent to read: the first mc:Choice (newer content such as
 * equations, which this reader understands), else the mc:Fallback.
 */
export function alternateBranches(el: XmlEl): XmlEl[] {
  return [...kids(el, 'Choice'), ...kids(el, 'Fallback')];
}
