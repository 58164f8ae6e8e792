import type { PublicUser } from '../../../common/auth';
import type { VersionEntry } from '../../../common/versions';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AppDeps } from '../../http/deps';
import { saveTextbook } from '../textbooks/textbook-save.service';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import { presentDetail } from '../textbooks/textbooks.service';
import * as repo from './versions.repo';

/** A history longer than this is cut to its newest entries (each carries a whole textbook). */
const maxListed = 200;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findVersion>>>;

function present(row: Row): VersionEntry {
  return {
    id: row.id,
    versionNumber: row.versionNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    description: row.description,
    topic: row.topic,
    content: row.content,
    revision: row.revision,
    createdBy: row.createdById !== null && row.createdByName !== null ? { id: row.createdById, username: row.createdByName } : null,
  };
}

export async function listVersions(db: Db, user: PublicUser, textbookId: number): Promise<VersionEntry[]> {
  await requireTextbookRole(db, textbookId, user, 'read');
  return (await repo.listVersions(db, textbookId, maxListed)).map(present);
}

export async function getVersion(db: Db, user: PublicUser, textbookId: number, versionId: number): Promise<VersionEntry> {
  await requireTextbookRole(db, textbookId, user, 'read');
  const row = await repo.findVersion(db, textbookId, versionId);
  if (!row) throw AppError.notFound('Version not found');
  return present(row);
}

/**
 * Restores an old version through the one save path: the current state is
 * already the newest version (saveTextbook keeps it so), and the restore
 * becomes a version of its own, so a restore can itself be undone.
 */
export async function restoreVersion(deps: AppDeps, user: PublicUser, textbookId: number, versionId: number) {
  const db = deps.database.db;
  await requireTextbookRole(db, textbookId, user, 'edit');
  const row = await repo.findVersion(db, textbookId, versionId);
  if (!row) throw AppError.notFound('Version not found');
  const saved = await saveTextbook(deps, {
    textbookId,
    user,
    content: row.content,
    topic: row.topic,
    description: `Restored version ${row.versionNumber}`,
    kind: 'restore',
  });
  return { ...presentDetail(saved.textbook, user), restoredVersion: row.versionNumber, versionNumber: saved.versionNumber };
}
