/**
 * The line under a chapter's title that names the course files its text was taken from ("From: week1.pdf,
 * notes.docx"), in the reader and in every export, as the editor's contents show it; none for a chapter the user typed
 * or a book made from one file.
 */
export function chapterSourcesLine(files: readonly string[] | undefined): string | null {
  const names = (files ?? []).map((f) => f.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return names.length ? `From: ${names.join(', ')}` : null;
}
