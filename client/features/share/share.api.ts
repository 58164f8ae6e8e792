import type { MaterialContentType } from '@common/materials';
import type { CreatedShareLink, RevokedShareLink, ShareLinkStatus } from '@common/share';
import { apiJson } from '@client/lib/api';

export type { CreatedShareLink, ShareLinkStatus };

export const shareKey = (textbookId: number) => [`/api/textbooks/${textbookId}/share`] as const;

export const fetchShareStatus = (textbookId: number) => apiJson<ShareLinkStatus>('GET', `/api/textbooks/${textbookId}/share`);

export const createShareLink = (textbookId: number, materialTypes?: MaterialContentType[], sourceNotes?: boolean) =>
  apiJson<CreatedShareLink>(
    'POST',
    `/api/textbooks/${textbookId}/share`,
    materialTypes || sourceNotes !== undefined
      ? { ...(materialTypes ? { materialTypes } : {}), ...(sourceNotes !== undefined ? { sourceNotes } : {}) }
      : undefined,
  );

export const updateSharedMaterials = (textbookId: number, materialTypes: MaterialContentType[]) =>
  apiJson<ShareLinkStatus>('PATCH', `/api/textbooks/${textbookId}/share`, { materialTypes });

export const updateShareSourceNotes = (textbookId: number, sourceNotes: boolean) =>
  apiJson<ShareLinkStatus>('PATCH', `/api/textbooks/${textbookId}/share`, { sourceNotes });

export const revokeShareLink = (textbookId: number) => apiJson<RevokedShareLink>('DELETE', `/api/textbooks/${textbookId}/share`);

/**
 * The server keeps only a hash of the link's token and shows its address once, when it is made;
 * the browser that made it keeps the address (with the link's creation time, so a link replaced
 * elsewhere is not offered) so the owner can copy it again later.
 */
const storageKey = (textbookId: number) => `reader-link-${textbookId}`;

export function rememberLink(textbookId: number, link: { url: string; createdAt: string }): void {
  try {
    localStorage.setItem(storageKey(textbookId), JSON.stringify({ url: link.url, createdAt: link.createdAt }));
  } catch {
    /* storage full or disabled: the address is still shown until the dialog closes */
  }
}

export function forgetLink(textbookId: number): void {
  try {
    localStorage.removeItem(storageKey(textbookId));
  } catch {
    /* nothing kept */
  }
}

/** The reader link this browser kept for the book, whatever its age (the server checks it is still the live one). */
export function keptReaderLink(textbookId: number): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(textbookId)) ?? 'null') as { url?: unknown } | null;
    return kept && typeof kept.url === 'string' ? kept.url : null;
  } catch {
    return null;
  }
}

/** The address this browser kept for the active link, or null when it has none or it belongs to an older link. */
export function rememberedLink(textbookId: number, activeCreatedAt: string): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(textbookId)) ?? 'null') as { url?: unknown; createdAt?: unknown } | null;
    return kept && typeof kept.url === 'string' && kept.createdAt === activeCreatedAt ? kept.url : null;
  } catch {
    return null;
  }
}
