import type { TextbookContent, TextbookContentInput, TextbookOutlineSummary } from '../../../common/textbook';
import type { TrashedTextbook } from '../../../common/textbooks-api';
import { apiJson, apiRequest } from '../../lib/api';

/** The textbook as GET /api/textbooks/{id} answers it; content may be a JSON string or an object. */
export interface TextbookResponse {
  id: number;
  topic: string;
  userId: number;
  isOwner: boolean;
  /** Absent from a PATCH answer asked with echo 'changes' when the sent content was stored as it was. */
  content: TextbookContent | string | null;
  revision: number;
  createdAt: string;
  updatedAt?: string;
}

/**
 * One entry of GET /api/textbooks (id, topic, createdAt, content; we add isOwner). This server's
 * `content` is a summary, {title, chapters: [{title}]}, and chapterCount says how many chapters.
 */
export interface TextbookListItem {
  id: number;
  topic: string;
  createdAt: string;
  content: TextbookContent | TextbookOutlineSummary | string | null;
  chapterCount?: number;
  isOwner?: boolean;
  userId?: number;
  /** Added by this server: when it was last saved and what it was made from. */
  updatedAt?: string;
  sourceNames?: string[];
}

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
): Promise<TextbookResponse> {
  // A description ('Reordered chapters') makes the save a version of its own instead of joining recent typing.
  return apiJson<TextbookResponse>('PATCH', `/api/textbooks/${id}`, {
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
  let res: Response;
  try {
    res = await fetch('/api/images/upload', { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new Error('Failed to upload image');
  }
  if (!res.ok) {
    let message = 'Failed to upload image';
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      /* no JSON body: keep the spec's default */
    }
    throw new Error(message);
  }
  const body = (await res.json()) as { dataUrl?: unknown };
  if (typeof body.dataUrl !== 'string' || !body.dataUrl) throw new Error('Failed to upload image');
  return body.dataUrl;
}
