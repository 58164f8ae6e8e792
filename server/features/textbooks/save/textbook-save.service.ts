import { limits } from '@common/limits';
import type { TextbookContent } from '@common/textbook';
import type { SaveConflictDetails } from '@common/textbooks-api';
import type { Tx } from '@server/db/client';
import type { RevisionManifest, TextbookRow } from '@server/db/schema';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { bodiesOf } from './live-content';
import { captureLiveState, contentWithTypedBodies, storeLiveState, writeBackSanitized, type LiveStoreInput } from './live-save';
import { publishAfterCommit } from '../textbook-events';
import { describeChanges, formatDescription, mergePhrases } from './textbook-changes';
import { normalizeContentReport } from '../textbook-content';
import { manifestOf, mergeTextbook } from './textbook-merge';
import { deltaOf, manifestAt } from './textbook-revisions';
import { freezeContent, rememberSavedState, savedState, type SavedState } from './textbook-state-cache';
import { vacuumWhenIdle } from './textbook-vacuum';
import { requireTextbookRole } from '../textbooks.policy';
import * as repo from '../textbooks.repo';

export interface SaveTextbookInput {
  textbookId: number;
  /** The whole textbook, as an object or a JSON string; normalized and sanitized here. */
  content: unknown;
  /** The revision the caller's copy started from; older than the stored one means a 3-way merge. */
  baseRevision?: number;
  /** What changed, when the caller knows ("Expanded section ..."); otherwise computed from a diff. */
  description?: string;
  topic?: string;
  /** 'restore' always records a version, even when the restored state equals the current one. */
  kind?: 'restore';
  /**
   * A save without `baseRevision` (PATCH): the revision its sender last read or wrote. When the
   * stored one is newer, the save replaces changes its sender never saw: the replaced state is
   * kept as a version of its own ("Replaced by a save from ...") before it is overwritten.
   */
  seenRevision?: number;
  /**
   * A live document's store (server/features/collab): `content` is then ignored and the stored
   * content with the bodies typed into the document is saved instead.
   */
  live?: LiveStoreInput;
}

export interface SaveTextbookResult {
  textbook: TextbookRow;
  content: TextbookContent;
  revision: number;
  /** False when the content, topic and title were already exactly so (nothing written, nothing published). */
  changed: boolean;
  /** True when the save was merged with edits made since baseRevision. */
  merged: boolean;
  /** True when the stored content differs from the one sent: merged, ids given, or text sanitized. */
  altered: boolean;
  versionNumber: number | null;
  description: string | null;
}

/** Deltas older than this many revisions are pruned; a client that far behind gets a 409 and reloads. */
const keptRevisions = 500;
/** Most added chapter and section ids a save's event names (about 20 bytes each, far under the bus's payload limit). */
const maxAnnouncedBodies = 100;

function sameContent(a: TextbookContent, b: TextbookContent): boolean {
  if (a.title !== b.title || a.notice !== b.notice || a.chapters.length !== b.chapters.length) return false;
  if (JSON.stringify(a.references) !== JSON.stringify(b.references)) return false;
  if (a.license !== b.license) return false;
  return a.chapters.every((ca, i) => {
    const cb = b.chapters[i];
    if (ca === cb) return true;
    if (ca.id !== cb.id || ca.title !== cb.title || ca.content !== cb.content || ca.sections.length !== cb.sections.length) return false;
    return ca.sections.every((sa, j) => {
      const sb = cb.sections[j];
      return sa.id === sb.id && sa.title === sb.title && sa.content === sb.content;
    });
  });
}

async function findBase(
  tx: Tx,
  current: { id: number; revision: number; manifest: RevisionManifest },
  baseRevision: number,
): Promise<RevisionManifest | undefined> {
  const deltas = await repo.listRevisionDeltas(tx, current.id, baseRevision);
  const rolledBack = manifestAt(current, baseRevision, deltas);
  if (rolledBack) return rolledBack;
  // Deltas pruned or from an older format: a version that holds exactly that revision still does.
  const content = await repo.findVersionContentAtRevision(tx, current.id, baseRevision);
  return content ? manifestOf(content) : undefined;
}

/**
 * The one save path for every writer (PATCH, AI tools, customize,
 * reorder, restore, and the live document's stores). One transaction: authorize,
 * lock the row, normalize, merge against baseRevision, bump the revision, keep the
 * state as a version, write the live document's state; then, after commit, publish
 * textbook.saved for the realtime hub and the live documents.
 */
export async function saveTextbook(ctx: RequestContext, input: SaveTextbookInput): Promise<SaveTextbookResult> {
  const { user } = ctx;
  const { textbookId } = input;
  let addedBodies: string[] = [];
  const { result, saved } = await ctx.db.transaction(async (tx): Promise<{ result: SaveTextbookResult; saved?: SavedState }> => {
    await requireTextbookRole(tx, textbookId, user, 'edit');
    // FOR UPDATE: a concurrent save of this textbook waits until we commit, then merges against our result.
    const header = await repo.lockTextbook(tx, textbookId);
    if (!header) throw AppError.notFound('Textbook not found');
    // The revision read under the lock decides whether this process's copy of the content is current.
    const known = savedState(ctx.database, textbookId, header.revision);
    const storedContent = known?.content ?? (await repo.findTextbookContent(tx, textbookId));
    if (!storedContent) throw AppError.notFound('Textbook not found');
    const current: TextbookRow = { ...header, content: storedContent };

    const typed = input.live ? await contentWithTypedBodies(tx, textbookId, input.live, current.content) : undefined;
    const normalized = normalizeContentReport(typed ? typed.content : input.content, { previous: current.content });
    let content = normalized.content;
    if (input.live && typed) writeBackSanitized(input.live, typed.typed, content);
    const currentManifest = known?.manifest ?? manifestOf(current.content);
    let merged = false;
    if (input.baseRevision !== undefined && input.baseRevision !== current.revision) {
      const refused = (message: string, conflicts: SaveConflictDetails['conflicts']) =>
        AppError.conflict(message, { content: current.content, revision: current.revision, conflicts } satisfies SaveConflictDetails);
      const base =
        input.baseRevision < current.revision
          ? await findBase(tx, { id: textbookId, revision: current.revision, manifest: currentManifest }, input.baseRevision)
          : undefined;
      if (!base) {
        throw refused(
          'This textbook has changed too much since you opened it to merge your edit. Review the current version and save again.',
          [],
        );
      }
      const outcome = mergeTextbook(base, content, current.content);
      if (!outcome.ok) {
        throw refused(
          'Someone else changed the same part of the textbook while you were editing. Review both versions and save again.',
          outcome.conflicts,
        );
      }
      content = outcome.content;
      merged = true;
    }

    const topic = input.topic ?? current.topic;
    if (input.kind !== 'restore' && topic === current.topic && sameContent(content, current.content)) {
      return {
        result: {
          textbook: current,
          content: current.content,
          revision: current.revision,
          changed: false,
          merged,
          altered: merged || normalized.altered,
          versionNumber: null,
          description: null,
        },
      };
    }

    // Still in the turn the typed bodies were read in (a live store sends no baseRevision, so nothing was awaited).
    if (input.live) captureLiveState(input.live);
    /** The state being replaced, kept whole as a snapshot version of nobody's. */
    const keepCurrent = (description: string) =>
      repo.insertVersion(tx, {
        textbookId,
        description,
        topic: current.topic,
        content: current.content,
        revision: current.revision,
        createdBy: null,
        kind: 'snapshot',
      });
    let latest: Awaited<ReturnType<typeof repo.findLatestVersionHeader>> | undefined = await repo.findLatestVersionHeader(tx, textbookId);
    if (!latest || latest.revision !== current.revision) {
      // The state being replaced has no version (an older row, or a writer that bypassed this path): keep it first.
      await keepCurrent('State kept before later changes');
      latest = undefined;
    }

    if (input.baseRevision === undefined && input.seenRevision && input.seenRevision < current.revision) {
      // Kept whole, so nothing the sender overwrote unseen is lost; the save then starts a version of its own.
      if (latest && !latest.hasContent) await repo.fillVersionContent(tx, latest.id, current.content);
      await keepCurrent(`Replaced by a save from ${user.username}`);
      latest = undefined;
    }

    const revision = current.revision + 1;
    // Frozen before it is written: its chapters are shared with later saves (and their JSON text reused).
    freezeContent(content);
    const textbook: TextbookRow = { ...(await repo.updateTextbook(tx, textbookId, { content, topic, revision })), content };
    const phrases = input.description
      ? [input.description]
      : describeChanges(current.content, content, { before: current.topic, after: topic });
    let kind: repo.VersionKind = input.kind ?? (input.description ? 'named' : 'edit');
    // A description makes a version of its own; past the hourly cap it is a plain edit, so no client floods the history.
    if (
      kind === 'named' &&
      (await repo.countVersionsSince(tx, textbookId, user.id, 'named', new Date(Date.now() - 60 * 60 * 1000))) >=
        limits.describedVersionsPerHour
    )
      kind = 'edit';
    // One user's plain saves within 10 minutes (limits.versionCoalesceMs) make one version, so typing does not flood the history.
    // A live store's version also keeps coalescing while anyone who typed into it made the last one.
    const coalesce =
      kind === 'edit' &&
      latest?.kind === 'edit' &&
      latest.createdBy !== null &&
      (latest.createdBy === user.id || (input.live?.editors.includes(latest.createdBy) ?? false)) &&
      Date.now() - latest.createdAt.getTime() < limits.versionCoalesceMs;
    let versionNumber: number;
    let description: string;
    if (coalesce && latest) {
      const changes = mergePhrases(latest.changes, phrases);
      description = formatDescription(changes, user.username);
      await repo.updateVersionHeader(tx, latest.id, { topic, revision, description, changes });
      versionNumber = latest.versionNumber;
    } else {
      // The newest version stood for the current state without a copy; it keeps that state now.
      if (latest && !latest.hasContent) await repo.fillVersionContent(tx, latest.id, current.content);
      description = formatDescription(phrases, user.username);
      const version = await repo.insertVersion(tx, {
        textbookId,
        description,
        topic,
        content: null,
        revision,
        createdBy: user.id,
        kind,
        changes: phrases,
      });
      versionNumber = version.versionNumber;
    }

    const nextManifest = manifestOf(content, { content: current.content, manifest: currentManifest });
    await repo.insertRevisionDelta(tx, textbookId, revision, deltaOf(currentManifest, nextManifest));
    if (revision % 50 === 0) await repo.pruneRevisionDeltas(tx, textbookId, revision - keptRevisions);
    await storeLiveState(tx, { textbookId, revision, before: current.content, after: content, live: input.live });
    const had = bodiesOf(current.content);
    addedBodies = [...bodiesOf(content).keys()].filter((id) => !had.has(id));
    return {
      result: { textbook, content, revision, changed: true, merged, altered: merged || normalized.altered, versionNumber, description },
      saved: { revision, content, manifest: nextManifest },
    };
  });
  if (saved) rememberSavedState(ctx.database, textbookId, saved);
  if (saved) vacuumWhenIdle(ctx.database, { onError: (message, err) => ctx.log.error({ err }, message) });

  if (result.changed && result.description) {
    await publishAfterCommit(ctx, {
      type: 'textbook.saved',
      textbookId,
      userId: user.id,
      username: user.username,
      revision: result.revision,
      description: result.description,
      ...(input.live ? { live: true } : {}),
      // The editor opens a body the save added from its answer: the open live document knows it by then. Past the cap
      // (the event crosses instances in a small payload) the document reads the book's bodies when typing names one.
      ...(addedBodies.length && addedBodies.length <= maxAnnouncedBodies ? { addedBodies } : {}),
    });
  }
  return result;
}
