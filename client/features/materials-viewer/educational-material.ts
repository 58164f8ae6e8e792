/**
 * Educational content items: title, description, contentType, metadata.chapterTitle,
 * kept per textbook in localStorage and merged by title plus contentType. Server materials
 * (GET /api/textbooks/{id}/materials) have the same shape plus an id.
 */
export interface EducationalMaterial {
  id?: number | string;
  title: string;
  description: string;
  contentType: string;
  metadata: { chapterTitle?: string };
  content: unknown;
}

export const materialsStorageKey = (textbookId: number) => `educational-content-${textbookId}`;

/** Items are the same item when title and contentType match. */
export const materialKey = (m: Pick<EducationalMaterial, 'title' | 'contentType'>) => `${m.contentType}\u0000${m.title}`;

/** Accepts what an event, localStorage or the server hands us; anything without a title and type is dropped. */
export function toMaterial(raw: unknown): EducationalMaterial | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.title !== 'string' || !r.title.trim() || typeof r.contentType !== 'string' || !r.contentType.trim()) return null;
  const meta = r.metadata && typeof r.metadata === 'object' ? (r.metadata as Record<string, unknown>) : {};
  return {
    ...(typeof r.id === 'number' || typeof r.id === 'string' ? { id: r.id } : {}),
    title: r.title,
    description: typeof r.description === 'string' ? r.description : '',
    contentType: r.contentType,
    metadata: typeof meta.chapterTitle === 'string' ? { chapterTitle: meta.chapterTitle } : {},
    content: r.content,
  };
}

export function toMaterials(raw: unknown): EducationalMaterial[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map(toMaterial).filter((m): m is EducationalMaterial => m !== null);
}

/** Incoming items replace existing ones with the same title + contentType; new ones are appended. */
export function mergeMaterials(existing: readonly EducationalMaterial[], incoming: readonly EducationalMaterial[]): EducationalMaterial[] {
  const result = [...existing];
  for (const item of incoming) {
    const at = result.findIndex((m) => materialKey(m) === materialKey(item));
    if (at >= 0) result[at] = { ...item, id: item.id ?? result[at].id };
    else result.push(item);
  }
  return result;
}

export function loadStoredMaterials(textbookId: number): EducationalMaterial[] {
  try {
    const raw = localStorage.getItem(materialsStorageKey(textbookId));
    return raw ? toMaterials(JSON.parse(raw)) : [];
  } catch {
    // A corrupt entry must not break the page; it is overwritten on the next event.
    return [];
  }
}

export function storeMaterials(textbookId: number, items: readonly EducationalMaterial[]): void {
  try {
    localStorage.setItem(materialsStorageKey(textbookId), JSON.stringify(items));
  } catch {
    /* storage full or disabled: the items still show for this visit */
  }
}

const knownLabels: Record<string, string> = { quiz: 'Quiz', assessment: 'Assessment', lessonPlan: 'Lesson Plan', homework: 'Homework' };

/** Quiz, Assessment, Lesson Plan, Homework; any other type a capitalised label. */
export function materialTypeLabel(contentType: string): string {
  if (knownLabels[contentType]) return knownLabels[contentType];
  const words = contentType
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}
