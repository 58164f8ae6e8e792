import { saveConflictBody, type MergeConflict, type SaveConflictBody } from '@common/textbooks-api';
import { ApiError } from '@client/lib/api';

/** The server's refusal of a save (409 with the parts that collided), or null for any other failure. */
export function saveConflictOf(err: unknown): SaveConflictBody | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const parsed = saveConflictBody.safeParse(err.body);
  return parsed.success ? parsed.data : null;
}

/** Past this many names a kind of conflict says how many more. */
const maxNamed = 4;

function names(conflicts: readonly MergeConflict[]): string {
  const titles = [...new Set(conflicts.map((c) => `"${c.title.trim() || 'Untitled'}"`))];
  const shown = titles.slice(0, maxNamed).join(', ');
  return titles.length > maxNamed ? `${shown} and ${titles.length - maxNamed} more` : shown;
}

/** The server's message, then the sections (or chapters) that collided, by name. */
export function describeSaveConflict(conflict: SaveConflictBody): string {
  const both = conflict.conflicts.filter((c) => c.kind === 'both-edited');
  const deleted = conflict.conflicts.filter((c) => c.kind === 'edited-and-deleted');
  const parts = [conflict.message];
  if (both.length) parts.push(`Changed by you and someone else: ${names(both)}.`);
  if (deleted.length) parts.push(`Deleted on one side and edited on the other: ${names(deleted)}.`);
  return parts.join(' ');
}

/** A failed save's toast text: what collided when the server refused it as a conflict, else `fallback`. */
export function saveFailureDescription(err: unknown, fallback: string): string {
  const conflict = saveConflictOf(err);
  return conflict ? describeSaveConflict(conflict) : fallback;
}
