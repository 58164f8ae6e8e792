import type { TextbookContent, TextbookContentInput } from '../../../common/textbook';
import { apiJson } from '../../lib/api';

/** The textbook as GET /api/textbooks/{id} answers it; content may be a JSON string or an object (spec 2). */
export interface TextbookResponse {
  id: number;
  topic: string;
  userId: number;
  isOwner: boolean;
  content: TextbookContent | string | null;
  revision: number;
  createdAt: string;
  updatedAt?: string;
}

export const textbooksListKey = ['/api/textbooks'] as const;
export const textbookKey = (id: number) => [`/api/textbooks/${id}`] as const;

export function fetchTextbook(id: number): Promise<TextbookResponse> {
  return apiJson<TextbookResponse>('GET', `/api/textbooks/${id}`);
}

/**
 * Saves the whole textbook (spec 7 PATCH). baseRevision lets the server merge
 * by section id with edits made meanwhile; a 409 carries the current content.
 */
export function patchTextbook(id: number, content: TextbookContentInput, baseRevision?: number): Promise<TextbookResponse> {
  return apiJson<TextbookResponse>('PATCH', `/api/textbooks/${id}`, baseRevision === undefined ? { content } : { content, baseRevision });
}
