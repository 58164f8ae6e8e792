import { Extension } from '@tiptap/core';

/**
 * Provenance stored with the book, one attribute pair per block (paragraph, list item, quotation,
 * table, picture, display equation, code block), carried by the editor's schema so it survives live
 * co-editing, saves, restructuring, versions and restore (docs/document-model.md, "Provenance"):
 *
 * - `data-src="<documentId>:<block>"`: the block of a source document (its place among the
 *   document's blocks as read) the text was taken from or is supported by; `<documentId>:<first>-<last>`
 *   for a passage of several blocks (what a language model cited). Written when a book is
 *   generated; checked against the text whenever it is read, so an edited block simply no longer
 *   matches (then the text is matched afresh), never an error.
 * - `data-by="<userId>:<unix seconds>"`: the block was typed or changed by that person through the
 *   editor, first at that time.
 */

export const blockProvenanceTypes = ['paragraph', 'listItem', 'blockquote', 'table', 'image', 'blockMath', 'codeBlock'] as const;

export const sourceKeyPattern = /^\d{1,9}:\d{1,7}(?:-\d{1,7})?$/;
export const typedByPattern = /^\d{1,12}:\d{1,12}$/;

export interface SourceKey {
  documentId: number;
  block: number;
  /** The last block of a passage of several (a unit or an excerpt a model cited): `<document>:<first>-<last>`. */
  end?: number;
}

export function formatSourceKey(key: SourceKey): string {
  return key.end !== undefined && key.end > key.block ? `${key.documentId}:${key.block}-${key.end}` : `${key.documentId}:${key.block}`;
}

export function parseSourceKey(value: string | null | undefined): SourceKey | null {
  if (!value || !sourceKeyPattern.test(value)) return null;
  const [documentId, range] = value.split(':');
  const [block, end] = range.split('-').map(Number);
  return { documentId: Number(documentId), block, ...(end !== undefined && end > block ? { end } : {}) };
}

export interface TypedBy {
  userId: number;
  /** Unix seconds. */
  at: number;
}

export function formatTypedBy(by: TypedBy): string {
  return `${by.userId}:${by.at}`;
}

export function parseTypedBy(value: string | null | undefined): TypedBy | null {
  if (!value || !typedByPattern.test(value)) return null;
  const [userId, at] = value.split(':').map(Number);
  return { userId, at };
}

const attribute = (name: 'data-src' | 'data-by', pattern: RegExp) => ({
  default: null,
  // A malformed value (pasted, hand-made) is dropped rather than carried.
  parseHTML: (element: HTMLElement) => {
    const value = element.getAttribute(name);
    return value && pattern.test(value) ? value : null;
  },
  renderHTML: (attrs: Record<string, unknown>) => {
    const value = attrs[name === 'data-src' ? 'source' : 'typedBy'];
    return typeof value === 'string' && value ? { [name]: value } : {};
  },
});

/** The two attributes on every block type that can carry text of the book. */
export const BlockProvenance = Extension.create({
  name: 'blockProvenance',
  addGlobalAttributes() {
    return [
      {
        types: [...blockProvenanceTypes],
        attributes: {
          source: attribute('data-src', sourceKeyPattern),
          typedBy: attribute('data-by', typedByPattern),
        },
      },
    ];
  },
});
