import { z } from 'zod';
import { asciiFileBase, pageSizes, type DownloadFormatInfo } from './export';

/**
 * A saved quiz or assessment as a file to hand out or import
 * (GET /api/textbooks/{id}/materials/{materialId}/download?format=...).
 */
export const materialDownloadFormats = ['qti', 'moodle', 'gift', 'docx', 'pdf'] as const;
export type MaterialDownloadFormat = (typeof materialDownloadFormats)[number];

/** The material types that have questions to download. */
export const downloadableMaterialTypes = ['quiz', 'assessment'] as const;

export const materialDownloadInfo: Record<MaterialDownloadFormat, DownloadFormatInfo> = {
  qti: {
    label: 'QTI 1.2 (.zip)',
    description: 'Import into Canvas, Blackboard, Brightspace or Sakai',
    mime: 'application/zip',
    extension: 'qti.zip',
  },
  moodle: {
    label: 'Moodle XML (.xml)',
    description: "Import into Moodle's question bank",
    mime: 'application/xml; charset=utf-8',
    extension: 'xml',
  },
  gift: {
    label: 'GIFT (.txt)',
    description: 'Plain-text questions for Moodle and other tools',
    mime: 'text/plain; charset=utf-8',
    extension: 'gift.txt',
  },
  docx: {
    label: 'Printable handout (.docx)',
    description: 'Questions first, the answer key on its own pages',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  pdf: {
    label: 'Printable handout (.pdf)',
    description: 'Questions first, the answer key on its own pages',
    mime: 'application/pdf',
    extension: 'pdf',
  },
};

export const materialDownloadQuery = z.object({
  format: z.enum(materialDownloadFormats, { error: `format must be one of ${materialDownloadFormats.join(', ')}` }),
  /** The paper of a PDF handout; absent, Letter. */
  pageSize: z.enum(pageSizes, { error: "pageSize must be 'a4' or 'letter'" }).optional(),
});
export type MaterialDownloadQuery = z.infer<typeof materialDownloadQuery>;

/** The file name of a download: the material's title in letters, digits and dashes, and the format's extension. */
export function materialDownloadFileName(title: string, format: MaterialDownloadFormat): string {
  return `${asciiFileBase(title) || 'quiz'}.${materialDownloadInfo[format].extension}`;
}
