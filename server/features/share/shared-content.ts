import type { TextbookContent } from '@common/textbook';

const imgTag = /<img\b[^>]*>/g;
const ownImageSrc = /\bsrc="\/api\/images\/(\d+)"/;

/**
 * Points the book's images at the reader link's own image path. The HTML was sanitized on write
 * (docs/decisions.md, "Sanitize on every write"), so an image is always `<img ... src="...">` with
 * a double-quoted value, and a "<img" in text is escaped: only real image tags are rewritten.
 */
export function rewriteImageSources(html: string, imageBase: string): string {
  if (!html.includes('/api/images/')) return html;
  return html.replace(imgTag, (tag) => tag.replace(ownImageSrc, (_m, id: string) => `src="${imageBase}/${id}"`));
}

/**
 * The book as a student reads it: chapters and sections with their images re-pointed, and only
 * the references the owner approved, and its language. The notice (a remark to the author) stays out.
 */
export function presentSharedContent(content: TextbookContent, imageBase: string): TextbookContent {
  return {
    title: content.title,
    chapters: content.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      content: rewriteImageSources(chapter.content, imageBase),
      sections: chapter.sections.map((section) => ({
        id: section.id,
        title: section.title,
        content: rewriteImageSources(section.content, imageBase),
      })),
      // The reader names the files a chapter came from, as the editor's contents do.
      ...(chapter.sourceFiles?.length ? { sourceFiles: chapter.sourceFiles } : {}),
    })),
    references: content.references.filter((r) => r.approved),
    // The reader page declares the book's language.
    ...(content.language ? { language: content.language } : {}),
  };
}
