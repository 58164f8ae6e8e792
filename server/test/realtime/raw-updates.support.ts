import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import type { LiveClient } from './live-client.support';

/**
 * Updates sent past the client's provider, as an attacker's own client would: a Hocuspocus sync frame
 * (document name, message type 0 = sync, sync step 2 = update) and an update made in a copy.
 */
export function syncUpdateFrame(documentName: string, update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, documentName);
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 2);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

/** An update made in a copy of the client's document, so the client's own document never holds it. */
export function updateFrom(c: LiveClient, change: (doc: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(c.doc));
  const before = Y.encodeStateVector(copy);
  change(copy);
  return Y.encodeStateAsUpdate(copy, before);
}
