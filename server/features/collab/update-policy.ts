import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { isAllowedLink } from '@common/link-rules';
import { isAllowedImageSrc } from '../textbooks/sanitize';

/**
 * What a client may send into a live document, checked before it is applied: a well-formed Yjs
 * update made of the kinds of content an editor writes, with no picture from another site and no
 * link with a forbidden scheme (docs/decisions.md "Sanitize on every write": the other editors
 * render the document before any save sanitizes it).
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

function attributeProblem(key: string | null, values: unknown[]): string | null {
  if (key !== 'src') return null;
  for (const v of values) if (typeof v === 'string' && !isAllowedImageSrc(v)) return 'images may only come from this site';
  return null;
}

function formatProblem(content: Y.ContentFormat): string | null {
  if (!content.key.startsWith('link')) return null;
  const value = content.value as { href?: unknown } | null;
  if (value && typeof value.href === 'string' && !isAllowedLink(value.href)) return 'a link with a scheme that is not allowed';
  return null;
}

/** Why an update may not be applied, or null when it may. */
export function updateProblem(update: Uint8Array): string | null {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'a malformed update';
  }
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue;
    const content = struct.content;
    // Sub-documents and binary blobs are never part of a textbook body.
    if (content instanceof Y.ContentDoc || content instanceof Y.ContentBinary) return 'content an editor never writes';
    if (content instanceof Y.ContentFormat) {
      const problem = formatProblem(content);
      if (problem) return problem;
    } else if (content instanceof Y.ContentAny || content instanceof Y.ContentString) {
      const problem = attributeProblem(struct.parentSub, content instanceof Y.ContentAny ? content.arr : [content.str]);
      if (problem) return problem;
    }
  }
  return null;
}
