import type { VersionEntry, VersionListResponse, VersionResponse } from '@common/versions';
import { apiFetch } from '@client/lib/api';
import type { SavedTextbookResponse } from '../textbook/textbook.api';

export const versionsKey = (textbookId: number) => [`/api/textbooks/${textbookId}/versions`] as const;
export const versionKey = (textbookId: number, versionId: number) => [`/api/textbooks/${textbookId}/versions/${versionId}`] as const;

/** A failed versions call; the message follows docs/product.md ('Failed to fetch versions: 500 Internal Server Error'). */
export class VersionsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'VersionsApiError';
  }
}

async function call<T>(method: 'GET' | 'POST', url: string, failure: string): Promise<T> {
  const res = await apiFetch(method, url);
  if (!res.ok) throw new VersionsApiError(res.status, `${failure}: ${res.status} ${res.statusText}`.trimEnd());
  return (await res.json()) as T;
}

export async function fetchVersions(textbookId: number): Promise<VersionEntry[]> {
  const body = await call<VersionListResponse>('GET', `/api/textbooks/${textbookId}/versions`, 'Failed to fetch versions');
  return Array.isArray(body.versions) ? body.versions : [];
}

export async function fetchVersion(textbookId: number, versionId: number): Promise<VersionEntry> {
  const body = await call<VersionResponse>('GET', `/api/textbooks/${textbookId}/versions/${versionId}`, 'Failed to fetch version');
  return body.version;
}

/** Restores through the server's one save path; it answers with the textbook as it now stands. */
export function restoreVersion(textbookId: number, versionId: number): Promise<SavedTextbookResponse & { restoredVersion?: number }> {
  return call('POST', `/api/textbooks/${textbookId}/versions/${versionId}/restore`, 'Failed to restore version');
}
