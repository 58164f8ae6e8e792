import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import type { MergeConflict } from '@common/textbooks-api';
import { saveTextbook, type SaveTextbookInput, type SaveTextbookResult } from '../textbooks/save/textbook-save.service';

/** Says in the tool's words why its save was refused, or null to keep the save path's message. */
export type ExplainConflict = (conflicts: MergeConflict[]) => string | null;

function conflictsOf(details: Record<string, unknown> | undefined): MergeConflict[] {
  const conflicts = details?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as MergeConflict[]) : [];
}

/**
 * Saves what a tool made from the book as read at `baseRevision`. The textbook's open live
 * document is stored first: typing is stored only once it pauses (ARCHITECTURE.md, live
 * documents), and a tool that rewrote a body someone is typing in would otherwise save over text
 * the merge never saw. Stored, that typing is a change since `baseRevision`: typing elsewhere is
 * merged in; typing in the rewritten part refuses the save (409), so it stays in every editor.
 */
export async function saveToolResult(
  ctx: RequestContext,
  input: SaveTextbookInput & { baseRevision: number },
  explain: ExplainConflict,
): Promise<SaveTextbookResult> {
  await ctx.collab?.flush(input.textbookId);
  try {
    return await saveTextbook(ctx, input);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
    const message = explain(conflictsOf(err.details));
    if (!message) throw err;
    throw AppError.conflict(message, err.details);
  }
}
