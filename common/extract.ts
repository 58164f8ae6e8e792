import { z } from 'zod';

/** docs/product.md messages for POST /api/extract-text, word for word. */
export const extractMessages = {
  noFiles: 'Please upload at least one file',
  noContent: 'Please enter some content',
  invalidFormat: 'Invalid file format. Please upload PDF, DOCX, or TXT files only.',
} as const;

/**
 * The text fields of the material routes (extract-text, preview-references, generate-outline),
 * sent as multipart form fields next to the files (or as a JSON body without files). Unknown
 * fields are ignored.
 */
/** Longest pasted text (direct mode), as the 10 MB a multipart text field may carry. */
export const directContentMaxChars = 10 * 1024 * 1024;

export const materialFields = z.object({
  topic: z.string().max(300, 'The topic must be at most 300 characters').optional().describe('The book topic'),
  directContent: z.string().max(directContentMaxChars, 'The pasted text is too long').optional().describe('Pasted text (direct mode)'),
  directMethod: z.string().max(10).optional().describe("'true' in direct mode"),
  chapterTitle: z
    .string()
    .max(500, 'The chapter title must be at most 500 characters')
    .optional()
    .describe('The title of the pasted text (direct mode)'),
});
export type MaterialFields = z.infer<typeof materialFields>;

/** The topic preview-references and generate-outline need, trimmed. */
export const requiredTopicField = z
  .string({ error: 'Please enter a topic' })
  .trim()
  .min(1, 'Please enter a topic')
  // As a PATCH's topic: a topic is a title, and a 50,000-character one was stored as given.
  .max(300, 'The topic must be at most 300 characters');

/** An extracted reference: a plain string, or an object in the spec's Reference shape. */
export const extractedReference = z.union([
  z.string(),
  z
    .object({
      title: z.string().optional(),
      description: z.string().optional(),
      authors: z.string().optional(),
      year: z.union([z.number(), z.string()]).optional(),
      publisher: z.string().optional(),
      url: z.string().optional(),
      approved: z.boolean().optional(),
      /** The uploaded files the reference was found in (extraction only): leaving those files out leaves it out. */
      files: z.array(z.string()).optional(),
    })
    .passthrough(),
]);
export type ExtractedReference = z.infer<typeof extractedReference>;

/** POST /api/extract-text answers these fields (we may add fields). */
export const extractTextResponse = z.object({
  extractedText: z.string(),
  detectedTopic: z.string(),
  objectives: z.array(z.string()),
  extractedReferences: z.array(extractedReference),
  aiSuggestions: z.array(z.string()),
  /** What could not be read, one line per file and reason: "notes.pdf: pages 3–7 are images of text: no readable text". */
  warnings: z.array(z.string()).optional(),
  /** What was read, one line per file that has something to say: "week3.pptx: 23 slides, 11 with speaker notes", "exam.pdf: 4 scanned pages read as text". */
  summaries: z.array(z.string()).optional(),
  /** The stored sources read from the request: their embeddings are computed after the answer (GET /api/sources/embeddings). */
  sourceIds: z.array(z.number().int()).optional(),
  /** Files that do not mention the topic the user typed, each with why: the user keeps each one or leaves it out before generating. */
  offTopicFiles: z.array(z.object({ filename: z.string(), reason: z.string() })).optional(),
});
export type ExtractTextResponse = z.infer<typeof extractTextResponse>;

/** GET /api/sources/embeddings?ids=1,2: how far the background embedding of the user's sources has come. */
export const embeddingProgressQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/, 'ids: a comma-separated list of source ids')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
export const embeddingProgressResponse = z.object({
  /** Chunks of these sources, and how many have their vector stored. */
  total: z.number().int(),
  embedded: z.number().int(),
  percent: z.number().int().min(0).max(100),
  done: z.boolean(),
});
export type EmbeddingProgress = z.infer<typeof embeddingProgressResponse>;
