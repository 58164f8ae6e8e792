import { z } from 'zod';
import { referenceSchema, type Reference } from './textbook';

/**
 * Contracts of POST /api/textbooks/preview-references and the
 * reference sources. The spec's fields stay;
 * `sources` is added so the client can say which indexes answered.
 */
export const referenceSourceNames = ['documents', 'openalex', 'crossref', 'semanticscholar', 'core', 'openlibrary', 'arxiv'] as const;
export type ReferenceSourceName = (typeof referenceSourceNames)[number];

export const sourcesReport = z.object({
  used: z.array(z.string()),
  failed: z.array(z.object({ source: z.string(), reason: z.string() })),
});
export type SourcesReport = z.infer<typeof sourcesReport>;

export const previewReferencesResponse = z.object({
  references: z.array(referenceSchema),
  extractedText: z.string(),
  detectedTopic: z.string(),
  sources: sourcesReport,
});
export type PreviewReferencesResponse = z.infer<typeof previewReferencesResponse>;

/** A reference without a title is called 'Reference {n}' (1-based position). */
export function defaultReferenceTitle(n: number): string {
  return `Reference ${n}`;
}

/**
 * One reference as a client or an engine may send it: an object, or a plain
 * string that becomes the description under the default title.
 */
export function normalizeReferenceInput(raw: unknown, n: number): Reference | undefined {
  if (typeof raw === 'string') {
    const description = raw.trim();
    if (!description) return undefined;
    return referenceSchema.parse({ title: defaultReferenceTitle(n), description });
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const record = { ...(raw as Record<string, unknown>) };
  // Years and other scalars arrive as numbers or strings; null means absent.
  for (const [key, value] of Object.entries(record)) if (value === null) delete record[key];
  if (typeof record.authors !== 'string' && Array.isArray(record.authors)) {
    record.authors = record.authors.filter((a) => typeof a === 'string').join(', ');
  }
  const parsed = referenceSchema.safeParse(record);
  if (!parsed.success) return undefined;
  const reference = parsed.data;
  if (!reference.title.trim()) reference.title = defaultReferenceTitle(n);
  return reference;
}

export type ParsedReferenceList = { ok: true; references: Reference[] } | { ok: false; message: string };

/** Parses the `existingReferences` / `approvedReferences` multipart field (a JSON array). */
export function parseReferenceList(raw: string | undefined, field: string): ParsedReferenceList {
  if (raw === undefined || raw.trim() === '') return { ok: true, references: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: `${field} is not valid JSON` };
  }
  if (!Array.isArray(value)) return { ok: false, message: `${field} must be a JSON array of references` };
  const references: Reference[] = [];
  for (let i = 0; i < value.length; i++) {
    const reference = normalizeReferenceInput(value[i], references.length + 1);
    if (!reference) return { ok: false, message: `${field}[${i}] is not a reference` };
    references.push(reference);
  }
  return { ok: true, references };
}
