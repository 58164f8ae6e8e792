import { z } from 'zod';

/** The formats a textbook exports to (GET /api/textbooks/{id}/export?format=...). */
export const exportFormats = ['docx', 'epub', 'pdf', 'html', 'imscc'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportFormatInfo: Record<ExportFormat, { label: string; description: string; mime: string; extension: string }> = {
  docx: {
    label: 'Word (.docx)',
    description: 'Keep editing in Word or Google Docs',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  epub: { label: 'EPUB', description: 'For e-readers and phones', mime: 'application/epub+zip', extension: 'epub' },
  pdf: { label: 'PDF', description: 'To print or post', mime: 'application/pdf', extension: 'pdf' },
  html: {
    label: 'Web page (.html)',
    description: 'One file that opens offline in any browser',
    mime: 'text/html; charset=utf-8',
    extension: 'html',
  },
  imscc: {
    label: 'LMS cartridge (.imscc)',
    description: 'Import chapters and quizzes into Canvas, Moodle, Blackboard or Brightspace',
    mime: 'application/vnd.ims.imsccv1p3',
    extension: 'imscc',
  },
};

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: "appendix must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const exportQuery = z.object({
  format: z.enum(exportFormats, { error: `format must be one of ${exportFormats.join(', ')}` }),
  /** Add the educational materials as an appendix. */
  appendix: booleanFlag,
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** A file name from the topic: letters, digits and dashes only, so every system and header takes it as it is. */
export function exportFileName(topic: string, format: ExportFormat): string {
  const base = topic
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || 'textbook'}.${exportFormatInfo[format].extension}`;
}
