import { approvedReferencesField } from '@common/generate';
import type { Reference } from '@common/textbook';

/**
 * The multipart `approvedReferences` field: a JSON array of
 * references. Missing or empty means none (the server then generates from
 * the material alone, docs/decisions.md); anything that is not valid JSON or not a list
 * of references is refused. Each kept reference gets a citation key R1, R2...
 */
export function parseApprovedReferences(raw: string | undefined): { ok: true; references: Reference[] } | { ok: false; message: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, references: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'Invalid approved references: not valid JSON' };
  }
  if (value === null) return { ok: true, references: [] };
  const parsed = approvedReferencesField.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path?.length ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      message: `Invalid approved references${where}: ${Array.isArray(value) ? (issue?.message ?? 'not a reference') : 'expected a list of references'}`,
    };
  }
  const references = parsed.data.filter((r) => r.title.trim());
  if (references.length !== parsed.data.length) return { ok: false, message: 'Invalid approved references: every reference needs a title' };
  return { ok: true, references: references.map((r, i) => ({ ...r, approved: true, key: `R${i + 1}` })) };
}
