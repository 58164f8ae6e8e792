import { limits } from '@common/limits';
import type { Reference, TextbookContent } from '@common/textbook';

/** Visible text of HTML, for building request context (the server never trusts it as content). */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Paragraph context holds the book title, the current chapter and section titles, and all chapter titles. */
export function paragraphContext(book: TextbookContent, chapterIndex: number | null, sectionIndex: number | null): string {
  const chapter = chapterIndex === null ? undefined : book.chapters[chapterIndex];
  const section = chapter && sectionIndex !== null ? chapter.sections[sectionIndex] : undefined;
  return [
    `Textbook: ${book.title}`,
    chapter ? `Current chapter: ${chapter.title}` : '',
    section ? `Current section: ${section.title}` : '',
    `Chapters: ${book.chapters.map((c) => c.title).join('; ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The learning objectives a chapter states: list items of its introduction,
 * or the sentences that say what the reader will learn. Empty when it states none.
 */
export function chapterObjectives(introductionHtml: string): string[] {
  const items = [...introductionHtml.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => plainText(m[1])).filter(Boolean);
  if (items.length) return items;
  return plainText(introductionHtml)
    .split(/(?<=[.!?])\s+/)
    .filter((s) => /\b(?:you will|students will|learn(?:ing)? (?:to|how)|objectives?|be able to|covers)\b/i.test(s));
}

/**
 * Section expansion context holds the learning objectives, the
 * other sections of the chapter, and the first 5000 characters of the book.
 */
export function sectionContext(book: TextbookContent, chapterIndex: number, sectionIndex: number): string {
  const chapter = book.chapters[chapterIndex];
  const objectives = chapterObjectives(chapter.content);
  const others = chapter.sections.filter((_, i) => i !== sectionIndex).map((s) => `${s.title}: ${plainText(s.content)}`);
  const whole = [
    book.title,
    ...book.chapters.flatMap((c) => [c.title, plainText(c.content), ...c.sections.map((s) => `${s.title} ${plainText(s.content)}`)]),
  ].join('\n');
  return [
    `Learning objectives: ${objectives.length ? objectives.join('; ') : 'none stated'}`,
    `Other sections of this chapter:\n${others.join('\n') || 'none'}`,
    `Textbook content:\n${whole.slice(0, limits.sectionExpansionContextChars)}`,
  ].join('\n\n');
}

/** Only approved references go with a section expansion, each with year as a string. */
export function approvedReferences(book: TextbookContent): Reference[] {
  return (book.references ?? [])
    .filter((r) => r.approved)
    .map((r) => ({
      title: r.title,
      authors: r.authors,
      year: String(r.year ?? ''),
      publisher: r.publisher,
      url: r.url,
      description: r.description,
      approved: true,
    }));
}
