import { useQuery } from '@tanstack/react-query';
import type { ProvenanceResponse } from '@common/provenance';
import { apiJson } from '@client/lib/api';

export const provenanceKey = (textbookId: number, chapterIndex: number) =>
  [`/api/textbooks/${textbookId}/provenance?chapter=${chapterIndex}`] as const;

/**
 * Where the chapter's text comes from (common/provenance.ts). Computed by the server on each call, so
 * it is asked for only while the Sources panel is open, and again when the chapter's text changed.
 */
export function useProvenance(textbookId: number, chapterIndex: number | null, version: string) {
  return useQuery({
    queryKey: [...provenanceKey(textbookId, chapterIndex ?? -1), version],
    queryFn: () => apiJson<ProvenanceResponse>('GET', provenanceKey(textbookId, chapterIndex ?? 0)[0]),
    enabled: chapterIndex !== null,
    staleTime: 30_000,
  });
}
