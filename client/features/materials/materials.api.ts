import type { MaterialContentType, MaterialListResponse, MaterialResponse, MaterialResponseItem } from '@common/materials';
import { apiJson, apiRequest } from '@client/lib/api';

export const materialsKey = (textbookId: number) => [`/api/textbooks/${textbookId}/materials`] as const;

export async function fetchMaterials(textbookId: number): Promise<MaterialResponseItem[]> {
  return (await apiJson<MaterialListResponse>('GET', `/api/textbooks/${textbookId}/materials`)).materials;
}

/** chapterIndex absent: the whole book. */
export async function createMaterial(
  textbookId: number,
  contentType: MaterialContentType,
  chapterIndex?: number,
): Promise<MaterialResponseItem> {
  return (
    await apiJson<MaterialResponse>('POST', `/api/textbooks/${textbookId}/materials`, {
      contentType,
      ...(chapterIndex === undefined ? {} : { chapterIndex }),
    })
  ).material;
}

export async function deleteMaterial(textbookId: number, materialId: number): Promise<void> {
  await apiRequest('DELETE', `/api/textbooks/${textbookId}/materials/${materialId}`);
}
