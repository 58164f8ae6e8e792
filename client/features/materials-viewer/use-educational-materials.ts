import { useEffect, useMemo, useState } from 'react';
import { loadStoredMaterials, mergeMaterials, storeMaterials, toMaterials, type EducationalMaterial } from './educational-material';

export const educationalContentEvent = 'educationalContentGenerated';

export interface EducationalContentEventDetail {
  textbookId: number | string;
  content: unknown;
}

/**
 * Items from the 'educationalContentGenerated' window event (spec 4), merged by title +
 * contentType and kept in localStorage per textbook (spec 3). Server items, when given,
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
    window.addEventListener(educationalContentEvent, onEvent);
    return () => window.removeEventListener(educationalContentEvent, onEvent);
  }, [textbookId]);

  return useMemo(() => mergeMaterials(serverItems, localItems), [serverItems, localItems]);
}
