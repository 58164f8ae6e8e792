import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toMaterials, type EducationalMaterial } from '../materials-viewer/educational-material';
import { fetchMaterials, materialsKey } from './materials.api';

const none: EducationalMaterial[] = [];

/** The textbook's stored materials, loaded when the page opens; empty while loading or when the call fails. */
export function useServerMaterials(textbookId: number): EducationalMaterial[] {
  const { data } = useQuery({ queryKey: materialsKey(textbookId), queryFn: () => fetchMaterials(textbookId) });
  return useMemo(() => (data ? toMaterials(data) : none), [data]);
}
