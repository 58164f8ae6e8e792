import type { CustomizeStructureResponse, ExpandChapterResponse, ExpandParagraphResponse, GenerateSectionResponse } from '@common/ai-tools';
import { limits } from '@common/limits';
import type { Reference } from '@common/textbook';
import { ApiError, apiJson, serverMessageOr } from '@client/lib/api';

/** The server's message when it sent one (a clear reason beats a status line), else null. */
function reason(err: unknown): string | null {
  return serverMessageOr(err, null);
}

/** The call raises 'Failed to expand text: {status text}'; the server's reason stands in for the status text when it gave one. */
export async function expandParagraph(body: {
  paragraphContent: string;
  subject?: string;
  textbookId: number;
  context?: string;
}): Promise<ExpandParagraphResponse> {
  try {
    return await apiJson<ExpandParagraphResponse>('POST', '/api/ai/expand-paragraph', body);
  } catch (err) {
    if (err instanceof ApiError) throw new Error(`Failed to expand text: ${reason(err) ?? err.message.replace(/^\d+:\s*/, '')}`);
    throw err;
  }
}

export function expandChapter(body: {
  textbookId: number;
  chapterIndex: number;
  chapterTitle: string;
  chapterContent: string;
}): Promise<ExpandChapterResponse> {
  // Chapter expansion always requests 4 sections, as a preview the user accepts before it is saved.
  return apiJson<ExpandChapterResponse>('POST', '/api/ai/expand-chapter', {
    ...body,
    sectionCount: limits.chapterExpansionSections,
    preview: true,
  });
}

export function generateSection(body: {
  textbookId: number;
  chapterIndex: number;
  sectionIndex: number;
  chapterTitle: string;
  sectionTitle: string;
  context: string;
  references: Reference[];
}): Promise<GenerateSectionResponse> {
  return apiJson<GenerateSectionResponse>('POST', '/api/ai/generate-section', {
    ...body,
    // Section expansion is 'comprehensive', 8 paragraphs, as a preview the user accepts before it is saved.
    expansionLevel: 'comprehensive',
    paragraphCount: limits.sectionExpansionParagraphs,
    preview: true,
  });
}

/** A non-ok response raises 'Failed to customize textbook structure' unless the server said why. */
export async function customizeStructure(body: {
  textbookId: number;
  userGuidance: string;
  originalDocument?: string;
  preview?: boolean;
}): Promise<CustomizeStructureResponse> {
  try {
    return await apiJson<CustomizeStructureResponse>('POST', '/api/ai/customize-structure', body);
  } catch (err) {
    throw new Error(reason(err) ?? 'Failed to customize textbook structure');
  }
}
