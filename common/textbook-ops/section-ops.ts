import type { Section, TextbookContent } from '@common/textbook';
import { divideBlocks, htmlBlocks } from './html';
import { checkChapter, checkSection, clampPosition, done, fail, move, newSectionId, withChapters, type OpResult } from './op-helpers';

export function addSection(
  content: TextbookContent,
  chapterIndex: number,
  input: { title: string; content?: string; position?: number },
): OpResult {
  const bad = checkChapter(content, chapterIndex);
  if (bad) return fail(bad);
  const title = input.title.trim();
  if (!title) return fail('Please provide a title for the new section.');
  const chapter = content.chapters[chapterIndex];
  const section: Section = { id: newSectionId(), title, content: input.content ?? '' };
  const sections = chapter.sections.slice();
  const at = clampPosition(input.position, sections.length);
  sections.splice(at, 0, section);
  const chapters = content.chapters.map((c, i) => (i === chapterIndex ? { ...c, sections } : c));
  return done(withChapters(content, chapters), `Added section "${title}" to chapter ${chapterIndex + 1}, "${chapter.title}".`);
}

export function removeSection(content: TextbookContent, chapterIndex: number, sectionIndex: number): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  const chapter = content.chapters[chapterIndex];
  const removed = chapter.sections[sectionIndex];
  const chapters = content.chapters.map((c, i) =>
    i === chapterIndex ? { ...c, sections: c.sections.filter((_, j) => j !== sectionIndex) } : c,
  );
  return done(withChapters(content, chapters), `Removed section "${removed.title}" from chapter ${chapterIndex + 1}.`);
}

export function renameSection(content: TextbookContent, chapterIndex: number, sectionIndex: number, title: string): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  const clean = title.trim();
  if (!clean) return fail('Section title cannot be empty.');
  const old = content.chapters[chapterIndex].sections[sectionIndex].title;
  const chapters = content.chapters.map((c, i) =>
    i === chapterIndex ? { ...c, sections: c.sections.map((s, j) => (j === sectionIndex ? { ...s, title: clean } : s)) } : c,
  );
  return done(withChapters(content, chapters), `Renamed section "${old}" to "${clean}".`);
}

/** Replaces a section's title and body (the editor's "Edit section"); its id stays. */
export function updateSection(
  content: TextbookContent,
  chapterIndex: number,
  sectionIndex: number,
  next: { title: string; content: string },
): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  const title = next.title.trim();
  if (!title) return fail('Section title cannot be empty.');
  const chapters = content.chapters.map((c, i) =>
    i === chapterIndex
      ? { ...c, sections: c.sections.map((s, j) => (j === sectionIndex ? { ...s, title, content: next.content } : s)) }
      : c,
  );
  return done(withChapters(content, chapters), `Updated section "${title}" in chapter ${chapterIndex + 1}.`);
}

/** Moves a section to `to.index` (0-based, in the resulting order) of chapter `to.chapter`. */
export function moveSection(
  content: TextbookContent,
  from: { chapter: number; section: number },
  to: { chapter: number; index: number },
): OpResult {
  const bad = checkSection(content, from.chapter, from.section) ?? checkChapter(content, to.chapter);
  if (bad) return fail(bad);
  const section = content.chapters[from.chapter].sections[from.section];
  if (from.chapter === to.chapter) {
    const sections = content.chapters[from.chapter].sections;
    const target = Math.max(0, Math.min(sections.length - 1, to.index));
    if (target === from.section) return fail(`"${section.title}" is already in that place.`);
    const chapters = content.chapters.map((c, i) => (i === from.chapter ? { ...c, sections: move(c.sections, from.section, target) } : c));
    return done(
      withChapters(content, chapters),
      `Moved section "${section.title}" to position ${target + 1} in chapter ${from.chapter + 1}.`,
    );
  }
  const chapters = content.chapters.map((c, i) => {
    if (i === from.chapter) return { ...c, sections: c.sections.filter((_, j) => j !== from.section) };
    if (i === to.chapter) {
      const sections = c.sections.slice();
      sections.splice(clampPosition(to.index, sections.length), 0, section);
      return { ...c, sections };
    }
    return c;
  });
  return done(
    withChapters(content, chapters),
    `Moved section "${section.title}" to chapter ${to.chapter + 1}, "${content.chapters[to.chapter].title}".`,
  );
}

export function splitSection(content: TextbookContent, chapterIndex: number, sectionIndex: number, parts = 2): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  if (!Number.isInteger(parts) || parts < 2) return fail('A section can only be split into two or more parts.');
  const section = content.chapters[chapterIndex].sections[sectionIndex];
  const blocks = htmlBlocks(section.content);
  if (blocks.length < parts) return fail(`Section "${section.title}" does not have enough paragraphs to split into ${parts}.`);
  const runs = divideBlocks(blocks, parts);
  const pieces: Section[] = runs.map((run, k) => ({
    id: k === 0 ? section.id : newSectionId(),
    title: `${section.title} (Part ${k + 1})`,
    content: run.join(''),
  }));
  const chapters = content.chapters.map((c, i) => {
    if (i !== chapterIndex) return c;
    const sections = c.sections.slice();
    sections.splice(sectionIndex, 1, ...pieces);
    return { ...c, sections };
  });
  return done(withChapters(content, chapters), `Split section "${section.title}" into ${parts} sections.`);
}

export function mergeSections(content: TextbookContent, chapterIndex: number, a: number, b: number): OpResult {
  const bad = checkSection(content, chapterIndex, a) ?? checkSection(content, chapterIndex, b);
  if (bad) return fail(bad);
  if (a === b) return fail('Merging needs two different sections.');
  const [first, second] = a < b ? [a, b] : [b, a];
  const chapter = content.chapters[chapterIndex];
  const s1 = chapter.sections[first];
  const s2 = chapter.sections[second];
  const title = `${s1.title} and ${s2.title}`.length <= 120 ? `${s1.title} and ${s2.title}` : s1.title;
  const merged: Section = { ...s1, title, content: s1.content + s2.content };
  const sections = chapter.sections.filter((_, j) => j !== second).map((s, j) => (j === first ? merged : s));
  const chapters = content.chapters.map((c, i) => (i === chapterIndex ? { ...c, sections } : c));
  return done(withChapters(content, chapters), `Merged sections "${s1.title}" and "${s2.title}" in chapter ${chapterIndex + 1}.`);
}
