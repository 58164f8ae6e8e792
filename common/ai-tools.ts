import { z } from 'zod';
import { limits } from './limits';
import { referenceInputSchema, sectionSchema, type Chapter, type Section, type TextbookContent } from './textbook';

/** Request and response contracts of the AI writing tools (/api/ai/expand-*, generate-section, customize-structure, add-section). */

const textbookId = z
  .number({ error: 'textbookId must be a number' })
  .int('textbookId must be a whole number')
  .positive('textbookId must be positive');
const chapterIndex = z
  .number({ error: 'chapterIndex must be a number' })
  .int('chapterIndex must be a whole number')
  .min(0, 'chapterIndex cannot be negative');

/** The five example instructions of "Customize structure"; each fills the guidance (the quality bench runs each). */
export const customizeExamples = [
  'Follow my class outline with weekly topics',
  'Make a 10-week syllabus',
  'Reorganize chapters chronologically',
  'Make the structure more application-focused',
  'Split into beginner, intermediate and advanced',
] as const;

/** Longest selection, chapter or section text the tools take (a whole chapter of a long book fits). */
export const aiToolLimits = {
  selectionMaxChars: 50_000,
  chapterMaxChars: 2_000_000,
  contextMaxChars: 200_000,
  originalDocumentMaxChars: 200_000,
  maxSectionCount: 12,
  maxParagraphCount: 20,
} as const;

/**
 * Content in answers: the server sends what saveTextbook stored (already
 * normalized). Typed without the content schema's input transforms, which a
 * response serializer cannot run backwards.
 */
const isObject = (v: unknown) => typeof v === 'object' && v !== null;
const storedContent = z.custom<TextbookContent>(isObject, 'textbook content');
const storedChapter = z.custom<Chapter>(isObject, 'chapter');
const storedSection = z.custom<Section>(isObject, 'section');

/** What the answer adds when the sources have nothing more on the subject: the text is returned unchanged. */
const expansionOutcome = {
  exhausted: z.boolean(),
  note: z.string().optional(),
  /** Which engine wrote it: 'offline' draws passages from the sources, 'llm' writes new text from them (the dialogs say which). */
  engine: z.enum(['offline', 'llm']).optional(),
};

/** docs/product.md sends `context` for paragraph expansion; clients have sent it as text or as an object, so both are taken. */
export const expandParagraphBody = z.object({
  paragraphContent: z
    .string({ error: 'paragraphContent must be text' })
    .max(
      aiToolLimits.selectionMaxChars,
      `The selected text is too long to expand (at most ${aiToolLimits.selectionMaxChars.toLocaleString('en-US')} characters).`,
    )
    .refine((s) => s.trim().length > 0, 'Please select text to expand.'),
  subject: z.string().max(1000).optional(),
  textbookId,
  context: z
    .union([z.string().max(aiToolLimits.contextMaxChars, 'The context is too long.'), z.record(z.string(), z.unknown())])
    .optional(),
});
export type ExpandParagraphBody = z.infer<typeof expandParagraphBody>;
export const expandParagraphResponse = z.object({ expandedContent: z.string(), ...expansionOutcome });
export type ExpandParagraphResponse = z.infer<typeof expandParagraphResponse>;

export const expandChapterBody = z.object({
  textbookId,
  chapterIndex,
  chapterTitle: z.string({ error: 'chapterTitle must be text' }).max(500).optional(),
  chapterContent: z
    .string({ error: 'chapterContent must be text' })
    .max(aiToolLimits.chapterMaxChars, 'The chapter is too long to expand.')
    .optional(),
  sectionCount: z
    .number({ error: 'sectionCount must be a number' })
    .int()
    .min(2, 'sectionCount must be at least 2')
    .max(aiToolLimits.maxSectionCount, `sectionCount can be at most ${aiToolLimits.maxSectionCount}`)
    .default(limits.chapterExpansionSections),
  /** Answer the expanded chapter without saving it, so the user can review it first (every AI change is a proposal). */
  preview: z.boolean().optional(),
});
export type ExpandChapterBody = z.infer<typeof expandChapterBody>;
export const expandChapterResponse = z.object({
  expandedChapter: storedChapter,
  /** The saved book and its revision (the change is stored through the normal save path); with `preview`, the proposed book and the revision it was made from. */
  textbookContent: storedContent,
  revision: z.number().int(),
  ...expansionOutcome,
  /** True when nothing was saved (a preview). */
  preview: z.boolean().optional(),
});
export type ExpandChapterResponse = z.infer<typeof expandChapterResponse>;

export const generateSectionBody = z.object({
  textbookId,
  chapterIndex,
  chapterTitle: z.string({ error: 'chapterTitle must be text' }).max(500).optional(),
  sectionTitle: z
    .string({ error: 'sectionTitle must be text' })
    .max(500)
    .refine((s) => s.trim().length > 0, 'sectionTitle is required'),
  /** Our addition: which section, when titles repeat. */
  sectionIndex: z.number().int().min(0).optional(),
  context: z.string({ error: 'context must be text' }).max(aiToolLimits.contextMaxChars, 'The context is too long.').optional(),
  references: z.array(referenceInputSchema).max(1000).optional().default([]),
  expansionLevel: z.string().max(40).optional().default('comprehensive'),
  paragraphCount: z
    .number({ error: 'paragraphCount must be a number' })
    .int()
    .min(1)
    .max(aiToolLimits.maxParagraphCount)
    .optional()
    .default(limits.sectionExpansionParagraphs),
  /** Answer the expanded section (and the proposed book) without saving it, so the user can review it first. */
  preview: z.boolean().optional(),
});
export type GenerateSectionBody = z.infer<typeof generateSectionBody>;
export const generateSectionResponse = z.object({
  sectionContent: z.string(),
  /** Present when the section was found and the expansion saved (with `preview`: the proposed book, not saved). */
  textbookContent: storedContent.optional(),
  /** The saved revision; with `preview`, the revision the proposal was made from. */
  revision: z.number().int().optional(),
  ...expansionOutcome,
  /** True when nothing was saved (a preview). */
  preview: z.boolean().optional(),
});
export type GenerateSectionResponse = z.infer<typeof generateSectionResponse>;

export const customizeStructureBody = z.object({
  textbookId,
  userGuidance: z
    .string({ error: 'userGuidance must be text' })
    .max(limits.guidanceMaxChars, `The guidance is too long (at most ${limits.guidanceMaxChars.toLocaleString('en-US')} characters).`)
    .refine((s) => s.trim().length > 0, 'Please provide instructions on how to customize the textbook structure.'),
  originalDocument: z
    .string({ error: 'originalDocument must be text' })
    .max(
      aiToolLimits.originalDocumentMaxChars,
      `The reference document is too long (at most ${aiToolLimits.originalDocumentMaxChars.toLocaleString('en-US')} characters).`,
    )
    .optional(),
  /** Answer the restructured book without saving it, so the new table of contents can be shown first. */
  preview: z.boolean().optional(),
});
export type CustomizeStructureBody = z.infer<typeof customizeStructureBody>;
export const customizeStructureResponse = z.object({
  textbookContent: storedContent,
  revision: z.number().int(),
  /** What changed, in a sentence or two. */
  summary: z.string(),
  /** True when nothing was saved (a preview): `revision` is the one the preview was made from. */
  preview: z.boolean().optional(),
});
export type CustomizeStructureResponse = z.infer<typeof customizeStructureResponse>;

export const addSectionBody = z.object({
  textbookId,
  chapterIndex,
  /**
   * The chapter's id. When given, the section goes to that chapter wherever it now stands (a collaborator may
   * have reordered the chapters since the caller looked), and a chapter that is gone is a 409.
   */
  chapterId: z.string({ error: 'chapterId must be text' }).min(1).max(100).optional(),
  section: sectionSchema.extend({
    title: z
      .string({ error: 'section.title must be text' })
      .max(500)
      .refine((s) => s.trim().length > 0, 'Please provide a title for the new section.'),
    content: z.string().max(aiToolLimits.chapterMaxChars).optional().default(''),
  }),
  position: z.number().int().min(0).optional(),
});
export type AddSectionBody = z.infer<typeof addSectionBody>;
export const addSectionResponse = z.object({ textbookContent: storedContent, revision: z.number().int(), section: storedSection });
export type AddSectionResponse = z.infer<typeof addSectionResponse>;

const guidanceInDescription = 80;

/** The version description of a restructuring: "Restructured: " and the guidance's first line, cut at a word near 80 characters. */
export function restructuredDescription(guidance: string): string {
  const first = guidance.trim().split(/\r?\n/)[0].replace(/\s+/g, ' ').trim();
  if (first.length <= guidanceInDescription) return `Restructured: ${first}`;
  const cut = first.slice(0, guidanceInDescription);
  return `Restructured: ${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}...`;
}
