import { useEffect, useMemo, useState } from 'react';
import {
  loadStoredMaterials,
  materialKey,
  mergeMaterials,
  storeMaterials,
  toMaterials,
  type EducationalMaterial,
} from './educational-material';

export const educationalContentEvent = 'educationalContentGenerated';
/** Our own event for a deleted material: the local copy goes too, or it would reappear on reload. */
export const educationalContentRemovedEvent = 'educationalContentRemoved';

export interface EducationalContentRemovedDetail {
  textbookId: number | string;
  title: string;
  contentType: string;
}

export interface EducationalContentEventDetail {
  textbookId: number | string;
  content: unknown;
}

/**
 * Items from the 'educationalContentGenerated' window event, merged by title +
 * contentType and kept in localStorage per textbook. Server items, when given,
 * come first and local ones with the same key replace them (the newer generation wins).
 */
export function useEducationalMaterials(textbookId: number, serverItems: readonly EducationalMaterial[] = []): EducationalMaterial[] {
  const [localItems, setLocalItems] = useState<EducationalMaterial[]>(() => loadStoredMaterials(textbookId));

  useEffect(() => {
    setLocalItems(loadStoredMaterials(textbookId));
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<EducationalContentEventDetail>).detail;
      if (!detail || Number(detail.textbookId) !== textbookId) return;
      const incoming = toMaterials(detail.content);
      if (incoming.length === 0) return;
      setLocalItems((current) => {
        const merged = mergeMaterials(current, incoming);
        storeMaterials(textbookId, merged);
        return merged;
      });
    };
    const onRemoved = (event: Event) => {
      const detail = (event as CustomEvent<EducationalContentRemovedDetail>).detail;
      if (!detail || Number(detail.textbookId) !== textbookId) return;
      setLocalItems((current) => {
        const kept = current.filter((m) => materialKey(m) !== materialKey(detail));
        storeMaterials(textbookId, kept);
        return kept;
      });
    };
    window.addEventListener(educationalContentEvent, onEvent);
    window.addEventListener(educationalContentRemovedEvent, onRemoved);
    return () => {
      window.removeEventListener(educationalContentEvent, onEvent);
      window.removeEventListener(educationalContentRemovedEvent, onRemoved);
    };
  }, [textbookId]);

  return useMemo(() => mergeMaterials(serverItems, localItems), [serverItems, localItems]);
}
