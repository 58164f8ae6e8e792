import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { bodySchema } from '@common/editor-schema';
import { bodyIdOf } from '@common/live-document';
import { limits } from '@common/limits';
import { isAllowedLink } from '@common/link-rules';
import { sourceKeyPattern, typedByPattern } from '@common/block-provenance';
import { isAllowedImageSrc } from '../textbooks/sanitize';

/**
 * What a client may send into a live document, checked before it is applied: a well-formed Yjs
 * update that writes only what the editor writes, and only where a textbook's body lives (the
 * body fragment of one of its chapters or sections; docs/decisions.md "One live document per
 * textbook"), with no picture from another site and no link with a forbidden scheme
 * (docs/decisions.md "Sanitize on every write": the other editors render the document before
 * any save sanitizes it). Anything else (another shared type, a map or a blob beside the
 * bodies) would be carried to every collaborator and stored for good, so it is refused whole.
 */

/** Hocuspocus frame kinds (its MessageType) and the Yjs sync steps inside a sync frame. */
const syncFrames = new Set([0, 4]);
const syncStep2 = 1;
const syncUpdate = 2;

export type InspectedFrame = { kind: 'update' | 'step2'; update: Uint8Array } | { kind: 'other' };

/** Reads a frame's kind, and the Yjs update it carries when it carries one. Throws on a malformed frame. */
export function inspectFrame(frame: Uint8Array): InspectedFrame {
  const d = decoding.createDecoder(frame);
  decoding.readVarString(d);
  const type = decoding.readVarUint(d);
  if (!syncFrames.has(type)) return { kind: 'other' };
  const step = decoding.readVarUint(d);
  if (step === syncStep2) return { kind: 'step2', update: decoding.readVarUint8Array(d) };
  if (step === syncUpdate) return { kind: 'update', update: decoding.readVarUint8Array(d) };
  return { kind: 'other' };
}

/** Where an update is applied: the document as it stands, and the body ids the textbook has. */
export interface PolicyContext {
  doc?: Y.Doc;
  /** The textbook's chapter and section ids; without it any well-formed body id is accepted. */
  bodies?: { has(id: string): boolean };
  /** False: nesting is not held to the limits (a stored state is checked for junk only: its depth came from the content). */
  nesting?: boolean;
}

/** What an item sits in: a body fragment, an element (by node name) or a text run; `gone` for collected content. */
/** An element knows how deep it sits: how many elements and lists enclose it, itself included. */
type Place =
  | { kind: 'body'; id: string }
  | { kind: 'element'; nodeName: string; depth: number; lists: number }
  | { kind: 'text' }
  | { kind: 'gone' }
  | { kind: 'foreign' };
type Located = { place: Place; parentSub: string | null };

/** Typing into a body the server does not know yet: it may have been added by a save this server has not taken in. */
export const unknownBodyProblem = 'a chapter or section this textbook does not have';

/** Attribute keys are short names; a longer one is data hidden in a key. */
const maxKeyChars = 64;

const listNodes = new Set(['bulletList', 'orderedList']);

/** The place an element of the document makes for its children, with its nesting counted up to the body. */
function elementPlace(type: Y.XmlElement): Place {
  let depth = 0;
  let lists = 0;
  for (let t: unknown = type; t instanceof Y.XmlElement; t = t._item?.parent) {
    depth++;
    if (listNodes.has(t.nodeName)) lists++;
  }
  return { kind: 'element', nodeName: type.nodeName, depth, lists };
}

function placeOfType(type: Y.AbstractType<unknown>): Place {
  if (type instanceof Y.XmlElement) return elementPlace(type);
  if (type instanceof Y.XmlText) return { kind: 'text' };
  if (type._item === null) {
    // A root type of the document: only a body fragment is one a textbook has.
    const name = Y.findRootTypeKey(type);
    const id = bodyIdOf(name);
    return id === null ? { kind: 'foreign' } : { kind: 'body', id };
  }
  return { kind: 'foreign' };
}

class Resolver {
  private readonly byClient = new Map<number, Y.Item[]>();
  private readonly memo = new Map<Y.Item, Located | null>();
  private readonly places = new Map<Y.AbstractType<unknown>, Place>();

  constructor(
    structs: Array<Y.Item | Y.GC | Y.Skip>,
    private readonly doc: Y.Doc | undefined,
  ) {
    for (const s of structs) {
      if (!(s instanceof Y.Item)) continue;
      let list = this.byClient.get(s.id.client);
      if (!list) this.byClient.set(s.id.client, (list = []));
      list.push(s);
    }
  }

  /** The item holding an id: in this update, or in the document; 'gone' when collected; null when neither has it. */
  private find(id: Y.ID): Y.Item | 'gone' | null {
    const list = this.byClient.get(id.client);
    if (list) {
      let lo = 0;
      let hi = list.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const s = list[mid];
        if (id.clock < s.id.clock) hi = mid - 1;
        else if (id.clock >= s.id.clock + s.length) lo = mid + 1;
        else return s;
      }
    }
    if (!this.doc || Y.getState(this.doc.store, id.client) <= id.clock) return null;
    const found = Y.getItem(this.doc.store, id) as Y.Item | Y.GC;
    return found instanceof Y.Item ? found : 'gone';
  }

  /** The place the shared type an item holds makes for its children: an element of the update counts its nesting through its own place. */
  private placeMadeBy(item: Y.Item, depth: number): Place {
    const type = (item.content as Y.ContentType).type;
    if (item.parent instanceof Y.AbstractType || !(type instanceof Y.XmlElement)) return placeOfType(type);
    // Past the limit the exact depth no longer matters: it is refused either way.
    if (depth > limits.nestingMax + 1) return { kind: 'element', nodeName: type.nodeName, depth: Infinity, lists: Infinity };
    const outer = this.locate(item, depth + 1)?.place;
    const base = outer?.kind === 'element' ? outer : { depth: 0, lists: 0 };
    return { kind: 'element', nodeName: type.nodeName, depth: base.depth + 1, lists: base.lists + (listNodes.has(type.nodeName) ? 1 : 0) };
  }

  /** Where an item of the update or the document sits, or null when it depends on an edit that is in neither. */
  /**
   * Where an item of the update or the document sits, or null when it depends on an edit that is in
   * neither. Items placed next to a neighbour take its place, as Yjs does on integration; such chains
   * run as long as a document's history (a whole stored state is checked too), so they are followed
   * in a loop, not by recursion. `depth` counts the elements enclosing the item.
   */
  locate(item: Y.Item, depth = 0): Located | null {
    const chain = new Set<Y.Item>();
    let current = item;
    let located: Located | null | undefined;
    while (located === undefined) {
      const known = this.memo.get(current);
      if (known !== undefined) located = known;
      else if (current.parent !== null) located = this.locateByParent(current, depth);
      else {
        chain.add(current);
        const neighbourId = current.origin ?? current.rightOrigin;
        const neighbour = neighbourId ? this.find(neighbourId) : null;
        // A cycle of origins is no update Yjs writes.
        if (neighbour === null || (neighbour !== 'gone' && chain.has(neighbour))) located = null;
        else if (neighbour === 'gone') located = { place: { kind: 'gone' }, parentSub: null };
        else current = neighbour;
      }
    }
    this.memo.set(current, located);
    for (const c of chain) this.memo.set(c, located);
    return located;
  }

  private locateByParent(item: Y.Item, depth: number): Located | null {
    if (item.parent instanceof Y.AbstractType) {
      // An item of the document: its parent is integrated already.
      let place = this.places.get(item.parent);
      if (!place) this.places.set(item.parent, (place = placeOfType(item.parent)));
      return { place, parentSub: item.parentSub };
    }
    // A decoded item names a root type by a string (typed as a shared type, which it is once integrated).
    const parentName: unknown = item.parent;
    if (typeof parentName === 'string') {
      const id = bodyIdOf(parentName);
      return { place: id === null ? { kind: 'foreign' } : { kind: 'body', id }, parentSub: item.parentSub };
    }
    if (!(item.parent instanceof Y.ID)) return null;
    const parent = this.find(item.parent);
    if (parent === null) return null;
    if (parent === 'gone' || parent.deleted) return { place: { kind: 'gone' }, parentSub: item.parentSub };
    if (parent.content instanceof Y.ContentType) return { place: this.placeMadeBy(parent, depth), parentSub: item.parentSub };
    return { place: { kind: 'foreign' }, parentSub: item.parentSub };
  }
}

const markNameOf = (key: string) => key.split('--')[0];

function formatProblem(content: Y.ContentFormat): string | null {
  if (!bodySchema().marks[markNameOf(content.key)] || content.key.length > maxKeyChars) return 'a format the editor does not have';
  if (!content.key.startsWith('link')) return null;
  const value = content.value as { href?: unknown } | null;
  if (value && typeof value.href === 'string' && !isAllowedLink(value.href)) return 'a link with a scheme that is not allowed';
  return null;
}

function attributeProblem(nodeName: string, key: string, values: unknown[]): string | null {
  const attrs = bodySchema().nodes[nodeName]?.spec.attrs ?? {};
  if (!Object.hasOwn(attrs, key)) return 'an attribute the editor does not have';
  // A block's stored provenance (common/block-provenance.ts): absent, or well formed.
  const pattern = key === 'source' ? sourceKeyPattern : key === 'typedBy' ? typedByPattern : null;
  if (pattern) {
    for (const v of values)
      if (v !== null && !(typeof v === 'string' && pattern.test(v))) return 'a provenance attribute that is not well formed';
    return null;
  }
  if (key !== 'src') return null;
  for (const v of values) if (typeof v === 'string' && !isAllowedImageSrc(v)) return 'images may only come from this site';
  return null;
}

/** Why an element put into a place would nest deeper than a book may (the limits of a save, html-nesting.ts), or null. */
function nestingProblem(content: Y.Item['content'], place: Place): string | null {
  if (!(content instanceof Y.ContentType) || !(content.type instanceof Y.XmlElement)) return null;
  const outer = place.kind === 'element' ? place : { depth: 0, lists: 0 };
  const lists = outer.lists + (listNodes.has(content.type.nodeName) ? 1 : 0);
  if (lists > limits.nestedListsMax || outer.depth + 1 > limits.nestingMax) return 'lists or blocks nested too deeply';
  return null;
}

function isNodeType(content: Y.Item['content']): boolean {
  if (!(content instanceof Y.ContentType)) return false;
  const type = content.type;
  if (type instanceof Y.XmlText) return true;
  // Y.XmlHook extends Y.Map, never Y.XmlElement: only real elements of a node the editor has.
  return type instanceof Y.XmlElement && type.nodeName !== 'doc' && type.nodeName !== 'text' && !!bodySchema().nodes[type.nodeName];
}

/** Why one item may not be applied where it sits, or null when it may. */
function itemProblem(
  item: Y.Item,
  located: Located,
  bodies: { has(id: string): boolean } | undefined,
  checkNesting: boolean,
): string | null {
  const content = item.content;
  // Sub-documents and binary blobs are never part of a textbook body.
  if (content instanceof Y.ContentDoc || content instanceof Y.ContentBinary) return 'content an editor never writes';
  const { place, parentSub } = located;
  // Content put into what is already collected is collected on arrival.
  if (place.kind === 'gone' || content instanceof Y.ContentDeleted) return null;
  switch (place.kind) {
    case 'foreign':
      return 'data outside the chapters and sections';
    case 'body':
      if (bodies && !bodies.has(place.id)) return unknownBodyProblem;
      if (parentSub !== null) return 'data outside the chapters and sections';
      return isNodeType(content) ? (checkNesting ? nestingProblem(content, place) : null) : 'content an editor never writes';
    case 'element':
      if (parentSub !== null) {
        if (parentSub.length > maxKeyChars || !(content instanceof Y.ContentAny)) return 'an attribute the editor does not have';
        return attributeProblem(place.nodeName, parentSub, content.arr);
      }
      return isNodeType(content) ? (checkNesting ? nestingProblem(content, place) : null) : 'content an editor never writes';
    case 'text':
      if (parentSub !== null) return 'an attribute the editor does not have';
      if (content instanceof Y.ContentString) return null;
      if (content instanceof Y.ContentFormat) return formatProblem(content);
      return 'content an editor never writes';
  }
}

/** What can be said of an item without knowing where it sits (a check of an update alone). */
function contentProblem(item: Y.Item): string | null {
  const content = item.content;
  if (content instanceof Y.ContentDoc || content instanceof Y.ContentBinary) return 'content an editor never writes';
  if (content instanceof Y.ContentFormat) return formatProblem(content);
  if (item.parentSub === 'src' && content instanceof Y.ContentAny) return attributeProblem('image', 'src', content.arr);
  return null;
}

/**
 * Why an update may not be applied, or null when it may. With the document it is applied to,
 * every item is placed (in this update or the document) and must sit in a body; an item that
 * depends on an edit neither holds would wait in the document for good, so it is refused too.
 */
export function updateProblem(update: Uint8Array, context: PolicyContext = {}): string | null {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'a malformed update';
  }
  const resolver = new Resolver(decoded.structs, context.doc);
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue;
    const located = resolver.locate(struct);
    if (!located && context.doc) return 'an edit that depends on edits this document does not have';
    const problem = located ? itemProblem(struct, located, context.bodies, context.nesting !== false) : contentProblem(struct);
    if (problem) return problem;
  }
  return null;
}
