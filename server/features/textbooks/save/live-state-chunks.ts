import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/**
 * A large stored state cut into updates that each apply quickly, in an order where every update
 * only refers to what earlier ones brought (an item's neighbours and parent come first), so the
 * document that takes them in one at a time, yielding between them, never holds anything pending.
 * Applying 20 MB of state at once holds the main thread for seconds; cut here (in the live-state
 * worker), each piece holds it for a few milliseconds. The last update carries the deletions.
 */

type Struct = Y.Item | Y.GC;

/** The ids an item's encoding refers to: its left and right neighbours when it was inserted, else its parent item. */
function dependencies(s: Struct): Array<Y.ID | null> {
  if (!(s instanceof Y.Item)) return [];
  if (s.origin || s.rightOrigin) return [s.origin, s.rightOrigin];
  const parent = s.parent as Y.AbstractType<unknown> | Y.ID | null;
  if (parent instanceof Y.AbstractType) return [parent._item ? parent._item.id : null];
  return [parent];
}

/** A V1 update of whole structs, one run of consecutive structs per client (an update holds one per client), without deletions. */
function encodeRuns(runs: Map<number, Struct[]>): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, runs.size);
  for (const [client, structs] of runs) {
    encoding.writeVarUint(encoder.restEncoder, structs.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, structs[0].id.clock);
    for (const s of structs) s.write(encoder, 0);
  }
  // An empty delete set: the deletions come last, in one update of their own.
  encoding.writeVarUint(encoder.restEncoder, 0);
  return encoder.toUint8Array();
}

/**
 * The state as updates of about `chunkSize` characters of content each, in an order that applies
 * without anything pending. A state that small already is returned as it is.
 */
export function stateInChunks(state: Uint8Array, chunkSize: number): Uint8Array[] {
  if (state.length <= chunkSize) return [state];
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const lists = [...doc.store.clients.entries()].map(([client, structs]) => ({ client, structs: structs as Struct[], next: 0 }));
  /** Per client, the clock below which everything has been put into a chunk. */
  const done = new Map<number, number>();
  const ready = (id: Y.ID | null) => !id || (done.get(id.client) ?? 0) > id.clock;
  const chunks: Uint8Array[] = [];
  // A client's structs go into chunks in clock order, so those in one chunk are consecutive.
  let runs = new Map<number, Struct[]>();
  let size = 0;
  const take = (list: (typeof lists)[number]) => {
    const s = list.structs[list.next++];
    const run = runs.get(list.client);
    if (run) run.push(s);
    else runs.set(list.client, [s]);
    done.set(list.client, s.id.clock + s.length);
    // Content length, and a little for each struct's ids.
    size += s.length + 8;
  };
  const close = () => {
    if (runs.size > 0) chunks.push(encodeRuns(runs));
    runs = new Map();
    size = 0;
  };
  let left = lists.reduce((n, l) => n + l.structs.length, 0);
  while (left > 0) {
    let progressed = false;
    for (const list of lists) {
      while (list.next < list.structs.length && dependencies(list.structs[list.next]).every(ready)) {
        take(list);
        left--;
        progressed = true;
        if (size >= chunkSize) close();
      }
    }
    // Not expected in a consistent state; should it happen, the document keeps the struct pending until its neighbour comes.
    if (!progressed) {
      const list = lists.find((l) => l.next < l.structs.length)!;
      take(list);
      left--;
    }
  }
  close();
  // Every deletion, as an update with no new structs.
  chunks.push(Y.encodeStateAsUpdate(doc, Y.encodeStateVector(doc)));
  doc.destroy();
  return chunks;
}
