import { createHash } from 'node:crypto';
import type { Chapter, Section, TextbookContent } from '@common/textbook';
import type { MergeConflict } from '@common/textbooks-api';
import type { RevisionManifest } from '@server/db/schema';

/**
 * The 3-way merge of a save made against an older revision (docs/decisions.md "Saving,
 * versions and conflicts"). "Ours" is what the client sends, "theirs" is what is
 * stored now, and the base is the manifest of the revision the client started
 * from. Chapters and sections are matched by their stable id, so edits to
 * different sections both survive; a conflict is only the same part changed
 * differently on both sides, or changed on one side and deleted on the other.
 */

export function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 16);
}

/**
 * The hashes of a textbook's parts. With `reuse` (an earlier state and its manifest),
 * parts whose text is the very same string keep their hash: an autosave of a 5 MB
 * book then hashes one section, not 2,000.
 */
export function manifestOf(content: TextbookContent, reuse?: { content: TextbookContent; manifest: RevisionManifest }): RevisionManifest {
  const known = new Map<string, string>();
  // A chapter shared with the earlier state (the very object; see normalizeContentReport) keeps its entry whole.
  const sameChapter = new Map<object, RevisionManifest['chapters'][number]>();
  if (reuse) {
    reuse.content.chapters.forEach((ch, i) => {
      const m = reuse.manifest.chapters[i];
      if (!m) return;
      if (m.id === (ch.id ?? '') && m.s.length === ch.sections.length) sameChapter.set(ch, m);
    });
    const shared = new Set(content.chapters.filter((ch) => sameChapter.has(ch)));
    reuse.content.chapters.forEach((ch, i) => {
      const m = reuse.manifest.chapters[i];
      if (!m || shared.has(ch)) return;
      known.set(`t${ch.title}`, m.t).set(`c${ch.id}`, ch.content).set(`h${ch.id}`, m.c);
      ch.sections.forEach((s, j) => {
        const ms = m.s[j];
        if (ms) known.set(`t${s.title}`, ms.t).set(`c${s.id}`, s.content).set(`h${s.id}`, ms.c);
      });
    });
  }
  const title = (t: string) => known.get(`t${t}`) ?? hashText(t);
  const html = (id: string | undefined, text: string) => (known.get(`c${id}`) === text ? known.get(`h${id}`)! : hashText(text));
  return {
    t: hashText(content.title),
    r: hashText(JSON.stringify(content.references)),
    chapters: content.chapters.map(
      (ch) =>
        sameChapter.get(ch) ?? {
          id: ch.id ?? '',
          t: title(ch.title),
          c: html(ch.id, ch.content),
          s: ch.sections.map((s) => ({ id: s.id ?? '', t: title(s.title), c: html(s.id, s.content) })),
        },
    ),
  };
}

export type MergeResult = { ok: true; content: TextbookContent } | { ok: false; conflicts: MergeConflict[] };

const conflict = Symbol('conflict');
type Pick = string | typeof conflict;

/** One field, 3 ways: the side that changed it wins; both changing it differently is a conflict. */
function pickField(baseHash: string | undefined, ours: string, theirs: string): Pick {
  if (ours === theirs) return ours;
  if (baseHash === undefined) return conflict;
  if (hashText(ours) === baseHash) return theirs;
  if (hashText(theirs) === baseHash) return ours;
  return conflict;
}

/**
 * Merges two orderings of ids. If ours moved any of the ids all three share, our
 * order wins (the later intent), else theirs; ids only one side has are inserted
 * after their nearest predecessor on that side, so additions keep their place.
 */
export function mergeOrder(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  keep: ReadonlySet<string>,
): string[] {
  const inOurs = new Set(ours);
  const inTheirs = new Set(theirs);
  const common = new Set(base.filter((id) => inOurs.has(id) && inTheirs.has(id)));
  const seq = (list: readonly string[]) => list.filter((id) => common.has(id)).join('\u0000');
  const oursReordered = seq(ours) !== seq(base);
  const [primary, secondary] = oursReordered ? [ours, theirs] : [theirs, ours];
  const result: string[] = [];
  const placed = new Set<string>();
  for (const id of primary) {
    if (keep.has(id) && !placed.has(id)) {
      result.push(id);
      placed.add(id);
    }
  }
  for (let i = 0; i < secondary.length; i++) {
    const id = secondary[i];
    if (!keep.has(id) || placed.has(id)) continue;
    let j = i - 1;
    while (j >= 0 && !placed.has(secondary[j])) j--;
    result.splice(j >= 0 ? result.indexOf(secondary[j]) + 1 : 0, 0, id);
    placed.add(id);
  }
  for (const id of keep) if (!placed.has(id)) result.push(id);
  return result;
}

interface Located<T> {
  item: T;
  parent: string;
}

function sectionsById(content: TextbookContent): Map<string, Located<Section>> {
  const map = new Map<string, Located<Section>>();
  for (const ch of content.chapters) for (const s of ch.sections) map.set(s.id ?? '', { item: s, parent: ch.id ?? '' });
  return map;
}

/** Which ids survive: both sides keep it, or one side added it, or one side deleted it and the other left it alone. */
function survivors<T>(
  ids: Iterable<string>,
  inBase: (id: string) => boolean,
  ours: Map<string, T>,
  theirs: Map<string, T>,
  changed: (id: string, side: T) => boolean,
  onConflict: (id: string, kept: T) => void,
): Set<string> {
  const keep = new Set<string>();
  for (const id of ids) {
    const o = ours.get(id);
    const t = theirs.get(id);
    if (o && t) keep.add(id);
    else if (o) {
      if (!inBase(id)) keep.add(id);
      else if (changed(id, o)) onConflict(id, o); // they deleted what we edited
    } else if (t) {
      if (!inBase(id)) keep.add(id);
      else if (changed(id, t)) onConflict(id, t); // we deleted what they edited
    }
  }
  return keep;
}

export function mergeTextbook(base: RevisionManifest, ours: TextbookContent, theirs: TextbookContent): MergeResult {
  const conflicts: MergeConflict[] = [];
  const baseChapters = new Map(base.chapters.map((c) => [c.id, c]));
  const baseSections = new Map(base.chapters.flatMap((c) => c.s.map((s) => [s.id, { ...s, parent: c.id }] as const)));
  const ourChapters = new Map(ours.chapters.map((c) => [c.id ?? '', c]));
  const theirChapters = new Map(theirs.chapters.map((c) => [c.id ?? '', c]));
  const ourSections = sectionsById(ours);
  const theirSections = sectionsById(theirs);

  // A chapter counts as changed for delete-vs-edit when its own text or its set of sections changed.
  const chapterChanged = (id: string, ch: Chapter) => {
    const b = baseChapters.get(id)!;
    const members = (ids: string[]) => [...ids].sort().join('\u0000');
    return (
      hashText(ch.title) !== b.t ||
      hashText(ch.content) !== b.c ||
      members(ch.sections.map((s) => s.id ?? '')) !== members(b.s.map((s) => s.id))
    );
  };
  const sectionChanged = (id: string, s: Located<Section>) => {
    const b = baseSections.get(id)!;
    return hashText(s.item.title) !== b.t || hashText(s.item.content) !== b.c;
  };

  const keptChapters = survivors(
    [...ourChapters.keys(), ...theirChapters.keys()],
    (id) => baseChapters.has(id),
    ourChapters,
    theirChapters,
    chapterChanged,
    (id, ch) => conflicts.push({ chapterId: id, title: ch.title, kind: 'edited-and-deleted' }),
  );
  const keptSections = survivors(
    [...ourSections.keys(), ...theirSections.keys()],
    (id) => baseSections.has(id),
    ourSections,
    theirSections,
    sectionChanged,
    (id, s) => conflicts.push({ chapterId: s.parent, sectionId: id, title: s.item.title, kind: 'edited-and-deleted' }),
  );

  const mergedSections = new Map<string, Located<Section>>();
  for (const id of keptSections) {
    const o = ourSections.get(id);
    const t = theirSections.get(id);
    if (!o || !t) {
      mergedSections.set(id, (o ?? t)!);
      continue;
    }
    const b = baseSections.get(id);
    const title = pickField(b?.t, o.item.title, t.item.title);
    const html = pickField(b?.c, o.item.content, t.item.content);
    if (title === conflict || html === conflict) {
      conflicts.push({ chapterId: t.parent, sectionId: id, title: t.item.title, kind: 'both-edited' });
      continue;
    }
    // A section moved by us goes where we put it; otherwise wherever they put it.
    const parent = o.parent === t.parent || (b && o.parent !== b.parent) ? o.parent : t.parent;
    // Unchanged on their side: their very object, so the save shares it with the stored state.
    const item = title === t.item.title && html === t.item.content ? t.item : { id, title, content: html };
    mergedSections.set(id, { item, parent });
  }

  const sectionsByParent = new Map<string, Set<string>>();
  for (const [sid, s] of mergedSections) {
    if (!sectionsByParent.has(s.parent)) sectionsByParent.set(s.parent, new Set());
    sectionsByParent.get(s.parent)!.add(sid);
  }

  const mergedChapters = new Map<string, Chapter>();
  for (const id of keptChapters) {
    const o = ourChapters.get(id);
    const t = theirChapters.get(id);
    const b = baseChapters.get(id);
    let title = (o ?? t)!.title;
    let html = (o ?? t)!.content;
    if (o && t) {
      const pt = pickField(b?.t, o.title, t.title);
      const pc = pickField(b?.c, o.content, t.content);
      if (pt === conflict || pc === conflict) {
        conflicts.push({ chapterId: id, title: t.title, kind: 'both-edited' });
        continue;
      }
      title = pt;
      html = pc;
    }
    const keepHere = sectionsByParent.get(id) ?? new Set<string>();
    const order = mergeOrder(
      b?.s.map((s) => s.id) ?? [],
      o?.sections.map((s) => s.id ?? '') ?? [],
      t?.sections.map((s) => s.id ?? '') ?? [],
      keepHere,
    );
    const sections = order.map((sid) => mergedSections.get(sid)!.item);
    const same =
      t &&
      t.title === title &&
      t.content === html &&
      t.sections.length === sections.length &&
      t.sections.every((sec, i) => sec === sections[i]);
    mergedChapters.set(id, same ? t : { id, title, content: html, sections });
  }

  // A section whose merged chapter did not survive would vanish silently: that is a conflict too.
  for (const [id, s] of mergedSections) {
    if (!mergedChapters.has(s.parent) && !conflicts.some((c) => c.chapterId === s.parent)) {
      conflicts.push({ chapterId: s.parent, sectionId: id, title: s.item.title, kind: 'edited-and-deleted' });
    }
  }
  if (conflicts.length) return { ok: false, conflicts };

  const chapterOrder = mergeOrder(
    base.chapters.map((c) => c.id),
    ours.chapters.map((c) => c.id ?? ''),
    theirs.chapters.map((c) => c.id ?? ''),
    keptChapters,
  );
  return {
    ok: true,
    content: {
      ...theirs,
      ...ours,
      title: hashText(ours.title) !== base.t ? ours.title : theirs.title,
      references: hashText(JSON.stringify(ours.references)) !== base.r ? ours.references : theirs.references,
      chapters: chapterOrder.map((id) => mergedChapters.get(id)!),
    },
  };
}
