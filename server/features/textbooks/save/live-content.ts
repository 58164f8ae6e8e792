import type { Node as PmNode } from '@tiptap/pm/model';
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { bodySchema } from '@common/editor-schema';
import { bodyFieldOf, bodyIdOf } from '@common/live-document';
import type { TextbookContent } from '@common/textbook';
import { parseBody, printBody } from './body-html';

/**
 * A textbook's live document (docs/decisions.md "One live document per textbook"): one Yjs
 * XmlFragment per chapter and per section body, named `body:<id>` after the stable id. Titles,
 * order and references stay in the JSON content, written through the save path.
 */

/** Every body of the content by id: chapters' own text and their sections'. */
export function bodiesOf(content: TextbookContent): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const chapter of content.chapters) {
    if (chapter.id) bodies.set(chapter.id, chapter.content);
    for (const section of chapter.sections) if (section.id) bodies.set(section.id, section.content);
  }
  return bodies;
}

function writeBody(doc: Y.Doc, id: string, node: PmNode): void {
  // A minimal diff against what the fragment holds: concurrent typing elsewhere in it survives.
  updateYFragment(doc, doc.getXmlFragment(bodyFieldOf(id)), node, { mapping: new Map(), isOMark: new Map() });
}

/** The body of one fragment as a ProseMirror document. */
export function readBodyNode(doc: Y.Doc, id: string): PmNode {
  return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(bodyFieldOf(id)), bodySchema());
}

/** The HTML of one fragment, as the editor prints it. */
export function readBody(doc: Y.Doc, id: string): string {
  return printBody(readBodyNode(doc, id));
}

/** Fills an empty document with every body of the content. */
export function writeContent(doc: Y.Doc, content: TextbookContent, origin?: unknown): void {
  doc.transact(() => {
    for (const [id, html] of bodiesOf(content)) writeBody(doc, id, parseBody(html));
  }, origin);
}

/**
 * Applies a change of the JSON content (before -> after) to the document as edits: changed
 * bodies are diffed into their fragments, removed ones emptied, untouched ones left alone, so
 * whatever else is in the document (someone's typing) is kept. Returns the ids it changed.
 */
export function applyContentChange(doc: Y.Doc, before: TextbookContent, after: TextbookContent, origin?: unknown): string[] {
  const old = bodiesOf(before);
  const next = bodiesOf(after);
  const changed: string[] = [];
  doc.transact(() => {
    for (const [id, html] of next) {
      if (old.get(id) === html) continue;
      writeBody(doc, id, parseBody(html));
      changed.push(id);
    }
    for (const id of old.keys()) {
      if (next.has(id)) continue;
      const fragment = doc.getXmlFragment(bodyFieldOf(id));
      if (fragment.length > 0) fragment.delete(0, fragment.length);
      changed.push(id);
    }
  }, origin);
  return changed;
}

/** Writes bodies (HTML by id) into the document as edits, e.g. the sanitized form of what a client typed. */
export function writeBodies(doc: Y.Doc, bodies: Map<string, PmNode>, origin?: unknown): void {
  if (bodies.size === 0) return;
  doc.transact(() => {
    for (const [id, node] of bodies) writeBody(doc, id, node);
  }, origin);
}

/** The body ids a transaction changed: the fragments at the roots of its changed types. */
export function changedBodyIds(transaction: Y.Transaction): Set<string> {
  const ids = new Set<string>();
  const doc = transaction.doc;
  for (const type of transaction.changed.keys()) {
    let root = type;
    while (root._item?.parent instanceof Y.AbstractType) root = root._item.parent;
    for (const [name, shared] of doc.share) {
      if (shared !== root) continue;
      const id = bodyIdOf(name);
      if (id) ids.add(id);
      break;
    }
  }
  return ids;
}

/** A new document holding the given state. */
export function docFromState(state: Uint8Array | null): Y.Doc {
  const doc = new Y.Doc();
  if (state && state.length > 0) Y.applyUpdate(doc, state);
  return doc;
}
