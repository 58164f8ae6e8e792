import type { RevisionDelta, RevisionManifest } from '@server/db/schema';

/**
 * Revision deltas: each save stores what it replaced (previous hashes of the
 * parts it changed, and the previous order when it moved things), so the base
 * of a merge is rebuilt by rolling the current manifest back, revision by
 * revision. An autosave's delta is a few hundred bytes.
 */

type Hashes = { t: string; c: string };

function hashesById(m: RevisionManifest): Map<string, Hashes> {
  const map = new Map<string, Hashes>();
  for (const ch of m.chapters) {
    map.set(ch.id, { t: ch.t, c: ch.c });
    for (const s of ch.s) map.set(s.id, { t: s.t, c: s.c });
  }
  return map;
}

function structureOf(m: RevisionManifest): Array<[string, string[]]> {
  return m.chapters.map((ch) => [ch.id, ch.s.map((s) => s.id)]);
}

const sameStructure = (a: Array<[string, string[]]>, b: Array<[string, string[]]>) =>
  a.length === b.length && a.every(([id, s], i) => id === b[i][0] && s.join('\u0000') === b[i][1].join('\u0000'));

/** The delta stored with `next`'s revision: the values of `prev` that `next` replaced. */
export function deltaOf(prev: RevisionManifest, next: RevisionManifest): RevisionDelta {
  const delta: RevisionDelta = { v: 2 };
  if (prev.t !== next.t) delta.t = prev.t;
  if (prev.r !== next.r) delta.r = prev.r;
  const now = hashesById(next);
  const items: NonNullable<RevisionDelta['items']> = {};
  for (const [id, before] of hashesById(prev)) {
    const after = now.get(id);
    if (!after) {
      items[id] = { ...before };
      continue;
    }
    const changed: { t?: string; c?: string } = {};
    if (before.t !== after.t) changed.t = before.t;
    if (before.c !== after.c) changed.c = before.c;
    if (changed.t !== undefined || changed.c !== undefined) items[id] = changed;
  }
  if (Object.keys(items).length) delta.items = items;
  const structure = structureOf(prev);
  if (!sameStructure(structure, structureOf(next))) delta.structure = structure;
  return delta;
}

/** The manifest one revision earlier. */
export function rollBack(m: RevisionManifest, delta: RevisionDelta): RevisionManifest {
  const hashes = hashesById(m);
  for (const [id, before] of Object.entries(delta.items ?? {})) {
    const current = hashes.get(id);
    hashes.set(id, { t: before.t ?? current?.t ?? '', c: before.c ?? current?.c ?? '' });
  }
  const structure = delta.structure ?? structureOf(m);
  return {
    t: delta.t ?? m.t,
    r: delta.r ?? m.r,
    chapters: structure.map(([id, sections]) => ({
      id,
      ...hashes.get(id)!,
      s: sections.map((sid) => ({ id: sid, ...hashes.get(sid)! })),
    })),
  };
}

/**
 * The manifest of `baseRevision`, from the current one and the deltas of the
 * revisions after it (newest first). Undefined when any is missing or of an
 * older format: the caller then cannot merge and says so.
 */
export function manifestAt(
  current: { manifest: RevisionManifest; revision: number },
  baseRevision: number,
  deltas: Array<{ revision: number; delta: RevisionDelta | { v?: undefined } }>,
): RevisionManifest | undefined {
  let m = current.manifest;
  const byRevision = new Map(deltas.map((d) => [d.revision, d.delta]));
  for (let r = current.revision; r > baseRevision; r--) {
    const delta = byRevision.get(r);
    if (!delta || delta.v !== 2) return undefined;
    m = rollBack(m, delta);
  }
  return m;
}
