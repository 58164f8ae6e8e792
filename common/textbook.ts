import { z } from 'zod';

/**
 * The textbook content model of docs/product.md, with the stable ids docs/decisions.md adds.
 * Old clients may omit ids and sections; the server fills ids in on every write.
 */
export const referenceSchema = z.object({
  title: z.string().default(''),
  description: z.string().optional().default(''),
  authors: z.string().optional().default(''),
  year: z.union([z.number(), z.string()]).optional().default(''),
  publisher: z.string().optional().default(''),
  url: z.string().optional().default(''),
  approved: z.boolean().optional().default(false),
  doi: z.string().optional(),
  source: z.string().optional(),
  key: z.string().optional(),
});
export type Reference = z.infer<typeof referenceSchema>;

/** Longest plain field of a reference a client sends (as `limits.referenceFieldMaxChars`; kept here to spare an import cycle). */
export const referenceInputFieldMaxChars = 2000;
const referenceText = () =>
  z.string().max(referenceInputFieldMaxChars, `A reference field is at most ${referenceInputFieldMaxChars} characters`);
/** A reference as a request carries it: the same shape, every text field bounded. */
export const referenceInputSchema = referenceSchema.extend({
  title: referenceText().default(''),
  description: referenceText().optional().default(''),
  authors: referenceText().optional().default(''),
  year: z.union([z.number(), referenceText()]).optional().default(''),
  publisher: referenceText().optional().default(''),
  url: referenceText().optional().default(''),
  doi: referenceText().optional(),
  source: referenceText().optional(),
  key: referenceText().optional(),
});

export const sectionSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string(),
  content: z.string().default(''),
});
export type Section = z.infer<typeof sectionSchema>;

export const chapterSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string(),
  content: z.string().default(''),
  sections: z
    .array(sectionSchema)
    .nullish()
    .transform((s) => s ?? []),
  /**
   * The files of a book made from several that the chapter's text was taken from, most first (read from its blocks'
   * stored sources when the book is made): the contents say where each chapter comes from. Absent: one file, typed text,
   * or a book made before it was recorded.
   */
  sourceFiles: z.array(z.string().max(255)).max(20).optional(),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** Licences an owner can choose: all rights reserved, or a Creative Commons licence (4.0) or CC0. */
export const textbookLicenseSchema = z.enum([
  'all-rights-reserved',
  'cc-by',
  'cc-by-sa',
  'cc-by-nd',
  'cc-by-nc',
  'cc-by-nc-sa',
  'cc-by-nc-nd',
  'cc0',
]);
export type TextbookLicense = z.infer<typeof textbookLicenseSchema>;

/** How much of the material a generated book carries: all of it (the default), or condensed, at the user's choice. */
export const bookLengthSchema = z.enum(['full', 'condensed']);
export type BookLength = z.infer<typeof bookLengthSchema>;

/** What a generation left out of the material, stored with the book so its page can say so. */
export const generationReportSchema = z.object({
  length: bookLengthSchema,
  /** The chapters a condensed book shortened: the material's words under each and the words the book kept. */
  condensed: z
    .array(z.object({ chapter: z.string(), sourceWords: z.number().int().min(0), keptWords: z.number().int().min(0) }))
    .default([]),
  /** Material left out and why, one line each. */
  leftOut: z.array(z.string()).default([]),
  /**
   * What the files could not give the book as text, as reading them said (pages kept as pictures of the page, scanned
   * pages not read in time, fonts without a text mapping): one entry per file and note, with the pages it names and
   * the chapters those pages are in (absent: books made before it was recorded).
   */
  fromFiles: z
    .array(
      z.object({
        file: z.string(),
        note: z.string(),
        pages: z.array(z.number().int().min(1)).default([]),
        chapters: z.array(z.object({ chapter: z.string(), pages: z.array(z.number().int().min(1)) })).default([]),
      }),
    )
    .optional(),
});
export type GenerationReport = z.infer<typeof generationReportSchema>;

export const textbookContentSchema = z.object({
  title: z.string().default(''),
  chapters: z.array(chapterSchema),
  references: z.array(referenceSchema).optional().default([]),
  /** Set by the offline engine when it had no material: the page says so plainly. */
  notice: z.string().optional(),
  /**
   * The lines set with each document's title (subtitle, authors, course, institution, date), read at generation: the
   * title page prints them, so they are kept without becoming a chapter.
   */
  credits: z.array(z.string().max(300)).max(60).optional(),
  /** The material's language as a BCP 47 tag ("en", "de"), detected at generation and editable: the reader and exports declare it. */
  language: z
    .string()
    .max(35)
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/, 'Language must be a language tag such as "en" or "de-CH"')
    .optional(),
  /** The licence the owner chose for the book; absent means all rights reserved. */
  license: textbookLicenseSchema.optional(),
  /** What the generation condensed or left out (absent: books made before it was recorded). */
  generation: generationReportSchema.optional(),
  /**
   * The material's own index words (a LaTeX book's margin key words), kept at generation for the book's index;
   * where they occur is found in the text when the book is rendered (common/book-render/back-matter.ts).
   */
  indexTerms: z.array(z.string().max(80)).max(2000).optional(),
});
export type TextbookContent = z.infer<typeof textbookContentSchema>;
/** What a client may send: ids and defaults optional. */
export type TextbookContentInput = z.input<typeof textbookContentSchema>;

/** Content may arrive as a JSON string or as an object (Textbook view). */
export function parseTextbookContent(
  raw: unknown,
): { ok: true; content: TextbookContent } | { ok: false; reason: 'missing' | 'invalid-json' | 'invalid-shape'; message: string } {
  if (raw === null || raw === undefined || raw === '') {
    return { ok: false, reason: 'missing', message: 'No content' };
  }
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, reason: 'invalid-json', message: 'Invalid JSON format' };
    }
  }
  const parsed = textbookContentSchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, reason: 'invalid-shape', message: parsed.error.issues[0]?.message ?? 'Invalid content' };
  }
  return { ok: true, content: parsed.data };
}

/**
 * Content in answers: what the server stored (already normalized), sent as it is and never walked
 * again (a book can be 5 MB). Not textbookContentSchema: a response serializer cannot run its
 * defaults and transforms backwards. The API reference describes it with that schema
 * (server/http/openapi.ts).
 */
export const storedTextbookContent = z.custom<TextbookContent>((v) => typeof v === 'object' && v !== null, 'textbook content');

export const textbookSummary = z.object({
  id: z.number().int(),
  topic: z.string(),
  createdAt: z.string(),
  content: storedTextbookContent,
  isOwner: z.boolean(),
  userId: z.number().int(),
  /** When it was last saved: two books on one topic differ here. */
  updatedAt: z.string().optional(),
  /** The names of the files (or typed text) it was made from, in the list only. */
  sourceNames: z.array(z.string()).optional(),
});
export type TextbookSummary = z.infer<typeof textbookSummary>;

/**
 * The content of a GET /api/textbooks entry: the title and the chapter titles only (a book can
 * be 5 MB; a list of them must not be). Clients read the chapter count from it (or chapterCount).
 */
export const textbookOutlineSummary = z.object({
  title: z.string(),
  chapters: z.array(z.object({ title: z.string() })),
});
export type TextbookOutlineSummary = z.infer<typeof textbookOutlineSummary>;

/** An entry of GET /api/textbooks: the spec's fields, `content` as an outline summary, and what we add. */
export const textbookListEntry = textbookSummary.extend({
  content: textbookOutlineSummary,
  chapterCount: z.number().int(),
  updatedAt: z.string(),
  sourceNames: z.array(z.string()),
});
export type TextbookListEntry = z.infer<typeof textbookListEntry>;
export const textbookListResponse = z.array(textbookListEntry);

/** The list's summary of a content. */
export function outlineSummaryOf(content: { title?: string; chapters?: Array<{ title?: string }> }): TextbookOutlineSummary {
  return { title: content.title ?? '', chapters: (content.chapters ?? []).map((c) => ({ title: c.title ?? '' })) };
}

export const textbookDetail = textbookSummary.extend({
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type TextbookDetail = z.infer<typeof textbookDetail>;
