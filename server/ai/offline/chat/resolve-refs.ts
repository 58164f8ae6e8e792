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

export function resolveChapter(content: TextbookContent, ref: ChapterRef): Resolved<number> {
  const n = content.chapters.length;
  if (n === 0) return { ok: false, reason: 'The outline has no chapters yet.' };
  if (ref.by === 'last') return { ok: true, value: n - 1 };
  if (ref.by === 'index') {
    if (ref.index < 0 || ref.index >= n)
      return { ok: false, reason: `There is no chapter ${ref.index + 1}: the outline has ${n} chapter${n === 1 ? '' : 's'}.` };
    return { ok: true, value: ref.index };
  }
  return bestByTitle(
    content.chapters.map((c) => c.title),
    ref.title,
    'chapter',
  );
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
