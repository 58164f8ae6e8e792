import type { TextbookDetail, TextbookListEntry, TextbookContentInput } from '@common/textbook';
import type { TrashedTextbook } from '@common/textbooks-api';
import { apiJson, apiRequest, serverMessageOr } from '@client/lib/api';

/**
 * Content as it may arrive: an object, or the same as a JSON string (docs/product.md, "The
 * generated book"). This server sends objects; pages read either with parseTextbookContent.
 */
type ArrivingContent<T> = T | string | null;

/** GET /api/textbooks/{id}: the common TextbookDetail, its content as it may arrive. */
export type TextbookResponse = Omit<TextbookDetail, 'content'> & { content: ArrivingContent<TextbookDetail['content']> };

/**
 * The answer of a save (PATCH /api/textbooks/{id}) or a version restore: the textbook as it now
 * stands. `content` is left out when the save asked echo 'changes' and the content was stored
 * exactly as sent.
 */
export type SavedTextbookResponse = Omit<TextbookResponse, 'content'> &
  Partial<Pick<TextbookResponse, 'content'>> & { merged?: boolean; versionNumber?: number | null };

/**
 * One entry of GET /api/textbooks: the common TextbookListEntry (content an outline summary, with
 * chapterCount). docs/product.md makes only id, topic, createdAt and content certain, so what this
 * server adds is optional here, and content may also be a whole book or a JSON string.
 */
export type TextbookListItem = Pick<TextbookListEntry, 'id' | 'topic' | 'createdAt'> &
  Partial<Pick<TextbookListEntry, 'isOwner' | 'userId' | 'chapterCount' | 'updatedAt' | 'sourceNames'>> & {
    content: ArrivingContent<TextbookListEntry['content'] | TextbookDetail['content']>;
  };

export const textbooksListKey = ['/api/textbooks'] as const;
export const textbookKey = (id: number) => [`/api/textbooks/${id}`] as const;

export function fetchTextbook(id: number): Promise<TextbookResponse> {
  return apiJson<TextbookResponse>('GET', `/api/textbooks/${id}`);
}

export async function fetchTextbooks(): Promise<TextbookListItem[]> {
  const body = await apiJson<TextbookListItem[] | { textbooks: TextbookListItem[] }>('GET', '/api/textbooks');
  return Array.isArray(body) ? body : body.textbooks;
}

/** Moves the book to its owner's trash (restorable for 30 days). */
export async function deleteTextbook(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/textbooks/${id}`);
}

export const trashKey = ['/api/textbooks/trash'] as const;

export async function fetchTrash(): Promise<TrashedTextbook[]> {
  return (await apiJson<{ textbooks: TrashedTextbook[] }>('GET', '/api/textbooks/trash')).textbooks;
}

export async function restoreTextbook(id: number): Promise<void> {
  await apiRequest('POST', `/api/textbooks/${id}/restore`);
}

export async function deleteTextbookForever(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/textbooks/trash/${id}`);
}

/**
 * Saves the whole textbook. baseRevision lets the server merge
 * by section id with edits made meanwhile; a 409 carries the current content.
 * With echo 'changes' the answer leaves `content` out when the server stored
 * exactly what was sent (no merge, no new ids, nothing sanitized): the caller's
 * copy is then the stored one, and autosave does not download the book again.
 */
export function patchTextbook(
  id: number,
  content: TextbookContentInput,
  baseRevision?: number,
  description?: string,
  echo?: 'full' | 'changes',
): Promise<SavedTextbookResponse> {
  // A description ('Reordered chapters') makes the save a version of its own instead of joining recent typing.
  return apiJson<SavedTextbookResponse>('PATCH', `/api/textbooks/${id}`, {
    content,
    ...(baseRevision === undefined ? {} : { baseRevision }),
    ...(description === undefined ? {} : { description }),
    ...(echo === undefined ? {} : { echo }),
  });
}

/**
 * POST /api/images/upload: multipart file + textbookId, answering {dataUrl}.
 * Raises the server's message, or 'Failed to upload image'.
 */
export async function uploadImage(file: File, textbookId: number): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('textbookId', String(textbookId));
  // No answer, or one without the server's message: the spec's default.
  const res = await apiRequest('POST', '/api/images/upload', form).catch((err: unknown) => {
    throw new Error(serverMessageOr(err, 'Failed to upload image'));
  });
  const body = (await res.json()) as { dataUrl?: unknown };
  if (typeof body.dataUrl !== 'string' || !body.dataUrl) throw new Error('Failed to upload image');
  return body.dataUrl;
}
