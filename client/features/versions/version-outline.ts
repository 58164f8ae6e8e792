/**
 * The content structure outline of a version: its
 * title and chapter titles with section counts, or one of docs/product.md's placeholders
 * when the stored content cannot show one. Old versions may hold anything: a
 * JSON string, an object, or nothing.
 */
export type VersionOutline =
  | { kind: 'placeholder'; message: string; title?: string }
  | { kind: 'outline'; title: string; chapters: Array<{ title: string; sectionCount: number }> };

export const outlinePlaceholders = {
  missing: 'No content available',
  empty: 'Empty content',
  invalidJson: 'Error parsing content: Invalid JSON format',
  unprocessable: 'Error processing content',
  noChapters: 'No chapters available',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function versionOutline(raw: unknown): VersionOutline {
  if (raw === null || raw === undefined) return { kind: 'placeholder', message: outlinePlaceholders.missing };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { kind: 'placeholder', message: outlinePlaceholders.empty };
    try {
      value = JSON.parse(raw);
    } catch {
      return { kind: 'placeholder', message: outlinePlaceholders.invalidJson };
    }
  }
  if (value === null || value === undefined) return { kind: 'placeholder', message: outlinePlaceholders.missing };
  if (!isRecord(value)) return { kind: 'placeholder', message: outlinePlaceholders.unprocessable };
  if (Object.keys(value).length === 0) return { kind: 'placeholder', message: outlinePlaceholders.empty };

  const title = typeof value.title === 'string' ? value.title : '';
  const chapters = value.chapters;
  if (chapters === undefined || chapters === null || (Array.isArray(chapters) && chapters.length === 0)) {
    return { kind: 'placeholder', message: outlinePlaceholders.noChapters, title };
  }
  if (!Array.isArray(chapters) || !chapters.every(isRecord))
    return { kind: 'placeholder', message: outlinePlaceholders.unprocessable, title };
  return {
    kind: 'outline',
    title,
    chapters: chapters.map((c, i) => ({
      title: typeof c.title === 'string' && c.title.trim() ? c.title : `Chapter ${i + 1}`,
      // A missing sections list is treated as empty.
      sectionCount: Array.isArray(c.sections) ? c.sections.length : 0,
    })),
  };
}
