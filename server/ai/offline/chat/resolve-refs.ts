import type { TextbookContent } from '@common/textbook';
import type { ChapterRef, SectionRef } from './parse-request';
import { titleWords } from './words';

/** Turns parsed references into indexes in the outline, or a plain reason they do not match. */
export type Resolved<T> = { ok: true; value: T } | { ok: false; reason: string };

function matchScore(title: string, wanted: string): number {
  const a = title.trim().toLowerCase();
  const b = wanted.trim().toLowerCase();
  if (!b) return 0;
  if (a === b) return 1;
  const aw = titleWords(title);
  const bw = titleWords(wanted);
  if (!aw.length || !bw.length) return 0;
  if (aw.join(' ') === bw.join(' ')) return 0.95;
  const aSet = new Set(aw);
  const shared = bw.filter((w) => aSet.has(w)).length;
  if (shared === bw.length) return 0.6 + 0.3 * (shared / aw.length);
  return 0.5 * (shared / new Set([...aw, ...bw]).size);
}

function bestByTitle(titles: string[], wanted: string, what: string): Resolved<number> {
  const scored = titles.map((t, i) => ({ i, score: matchScore(t, wanted) })).sort((x, y) => y.score - x.score);
  const top = scored[0];
  if (!top || top.score < 0.3) return { ok: false, reason: `I couldn't find a ${what} called "${wanted}".` };
  const tied = scored.filter((s) => s.score === top.score);
  if (tied.length > 1) {
    const names = tied
      .slice(0, 3)
      .map((s) => `"${titles[s.i]}"`)
      .join(', ');
    return { ok: false, reason: `"${wanted}" could mean more than one ${what} (${names}). Please give its number.` };
  }
  return { ok: true, value: top.i };
}

/** The number a chapter's own title gives it ("Chapter 6: Proofs", "6. Proofs", "6 Proofs"), if any. */
export function titleNumber(title: string): number | null {
  const m = /^\s*(?:(?:chapter|ch\.?|unit|lecture|week|part)\s*)?(\d{1,3})(?:[.:)\s\u2013\u2014-]|$)/i.exec(title);
  return m ? Number(m[1]) : null;
}

export function resolveChapter(content: TextbookContent, ref: ChapterRef): Resolved<number> {
  const n = content.chapters.length;
  if (n === 0) return { ok: false, reason: 'The outline has no chapters yet.' };
  if (ref.by === 'last') return { ok: true, value: n - 1 };
  if (ref.by === 'index') {
    // "Chapter 6" is the chapter whose title says 6 when the titles are numbered (a book that opens with
    // front matter counts from its first numbered chapter, as the reader sees it), else the 6th in the list.
    const numbered = content.chapters.map((c) => titleNumber(c.title));
    const byTitle = numbered.indexOf(ref.index + 1);
    if (byTitle >= 0 && numbered.filter((x) => x !== null).length >= 2) return { ok: true, value: byTitle };
    if (ref.index < 0 || ref.index >= n)
      return { ok: false, reason: `There is no chapter ${ref.index + 1}: the outline has ${n} chapter${n === 1 ? '' : 's'}.` };
    return { ok: true, value: ref.index };
  }
  const found = bestByTitle(
    content.chapters.map((c) => c.title),
    ref.title,
    'chapter',
  );
  if (found.ok) return found;
  // Not a chapter's title: perhaps a section's, which the user cannot tell apart in the navigator.
  const all = content.chapters.flatMap((c, ci) => c.sections.map((x) => ({ ci, title: x.title })));
  const section = bestByTitle(
    all.map((x) => x.title),
    ref.title,
    'section',
  );
  if (section.ok) {
    const { ci, title } = all[section.value];
    return {
      ok: false,
      reason: `"${title}" is a section of chapter ${ci + 1} ("${content.chapters[ci].title}"), not a chapter. Say "the section ${title}" to work on it.`,
    };
  }
  return found;
}

/** A section reference; with no chapter named, searches every chapter by title. */
export function resolveSection(content: TextbookContent, ref: SectionRef): Resolved<{ chapter: number; section: number }> {
  if (ref.chapter) {
    const chapter = resolveChapter(content, ref.chapter);
    if (!chapter.ok) return chapter;
    const sections = content.chapters[chapter.value].sections;
    if (sections.length === 0) return { ok: false, reason: `Chapter ${chapter.value + 1} has no sections.` };
    const s = ref.section;
    if (s.by === 'last') return { ok: true, value: { chapter: chapter.value, section: sections.length - 1 } };
    if (s.by === 'index') {
      if (s.index < 0 || s.index >= sections.length) {
        return { ok: false, reason: `Chapter ${chapter.value + 1} has no section ${s.index + 1}: it has ${sections.length}.` };
      }
      return { ok: true, value: { chapter: chapter.value, section: s.index } };
    }
    const found = bestByTitle(
      sections.map((x) => x.title),
      s.title,
      'section',
    );
    return found.ok ? { ok: true, value: { chapter: chapter.value, section: found.value } } : found;
  }
  const s = ref.section;
  if (s.by !== 'title')
    return { ok: false, reason: 'Please say which chapter the section is in (for example "section 2 of chapter 3" or "section 3.2").' };
  const all = content.chapters.flatMap((c, ci) => c.sections.map((x, si) => ({ ci, si, title: x.title })));
  const found = bestByTitle(
    all.map((x) => x.title),
    s.title,
    'section',
  );
  return found.ok ? { ok: true, value: { chapter: all[found.value].ci, section: all[found.value].si } } : found;
}
