import { z } from 'zod';
import { numericId } from './textbooks-api';

/**
 * Where the text of a chapter comes from: computed when asked, by matching the book against its own
 * material (the sources it was made from), never stored with the book.
 *
 * - material: the sentences are sentences of the material, quoted or lightly edited (same words, same numbers);
 * - supported: not quoted, but the passage that matches it holds its numbers and named terms and most of its words;
 * - unsupported: neither (typed, generated or changed so that a number or a name no longer agrees);
 * - unknown: the book has no material left to compare with (its sources were deleted): "source unknown";
 * - typed: typed or changed by a person through the editor (the block's stored `data-by`,
 *   common/block-provenance.ts) and not found in the material.
 *
 * A block may also carry its source stored with the book (`data-src`): that passage is checked first.
 */
export const provenanceVerdicts = ['material', 'supported', 'unsupported', 'unknown', 'typed'] as const;
export const provenanceVerdict = z.enum(provenanceVerdicts);
export type ProvenanceVerdict = z.infer<typeof provenanceVerdict>;

export const provenanceParams = z.object({ id: numericId('Textbook id') });

/** GET /api/textbooks/{id}/sources/{documentId}/page/{n}: page n (1-based) of a PDF source, as a PNG. */
export const pagePictureParams = z.object({
  id: numericId('Textbook id'),
  documentId: numericId('Document id'),
  n: numericId('Page number'),
});

/** The address of a page picture, as the Sources panel shows it. */
export const pagePictureUrl = (textbookId: number, documentId: number, page: number) =>
  `/api/textbooks/${textbookId}/sources/${documentId}/page/${page}`;

/** GET /api/textbooks/{id}/provenance?chapter=N: N is the chapter's 0-based index, as the AI tools count. */
export const provenanceQuery = z.object({
  chapter: z
    .string()
    .regex(/^\d{1,6}$/, 'chapter must be a whole number (0 for the first chapter)')
    .transform(Number),
});
export type ProvenanceQuery = z.infer<typeof provenanceQuery>;

/** The passage of a source a block was found in. `span` is the matched part of `passage` (character offsets, end excluded). */
export const provenanceSource = z.object({
  documentId: z.number().int(),
  filename: z.string(),
  /** 1-based page of a PDF. */
  page: z.number().int().optional(),
  /** 0-based paragraph of a DOCX, Markdown or text file: the extractor's index, else the block's place among the document's blocks. */
  paragraph: z.number().int().optional(),
  headingPath: z.array(z.string()),
  passage: z.string(),
  span: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  /** The text blocks just before and after the passage in its document: the passage in context. */
  context: z.object({ before: z.string(), after: z.string() }),
  /** Whether the document is a PDF: its page can be shown as a picture. */
  isPdf: z.boolean(),
  /** Whether the passage is (one block of) the source stored with the block when the book was made. */
  stored: z.boolean().optional(),
});
export type ProvenanceSource = z.infer<typeof provenanceSource>;

export const provenanceSentence = z.object({
  text: z.string(),
  verdict: provenanceVerdict,
  /** Index in the block's `passages` of the passage that holds or supports it; null when none does. */
  passage: z.number().int().nullable(),
});
export type ProvenanceSentence = z.infer<typeof provenanceSentence>;

export const provenanceBlock = z.object({
  /** Stable within one answer: "chapter" or the section's index, then the block's position. */
  key: z.string(),
  /** null for the chapter's own text, else the section's 0-based index. */
  sectionIndex: z.number().int().nullable(),
  sectionTitle: z.string(),
  /** Position among the top-level blocks of that text (a list counts each item). */
  position: z.number().int(),
  kind: z.enum(['paragraph', 'list-item', 'quote', 'heading', 'table', 'figure', 'equation', 'code']),
  /** The block's visible text, as the editor shows it. */
  text: z.string(),
  /** Study apparatus the offline engine wrote around the material (overview, objectives, review): it names the material, it does not quote it. */
  apparatus: z.boolean(),
  verdict: provenanceVerdict,
  sentences: z.array(provenanceSentence),
  /** The passage most of its sentences come from; null when none matches ("source unknown" when the material is gone). */
  source: provenanceSource.nullable(),
  /** Every passage a sentence of the block comes from, `source` first (a paragraph may join several of the material's). */
  passages: z.array(provenanceSource),
  note: z.string().optional(),
  /** Whether `source` is the one stored with the block when the book was made (and its text still matches it). */
  stored: z.boolean().optional(),
  /** Who typed or changed the block through the editor, and when it was first (ISO time). */
  typedBy: z.object({ userId: z.number().int(), name: z.string(), at: z.string() }).nullable().optional(),
});
export type ProvenanceBlock = z.infer<typeof provenanceBlock>;

/** Shares (0..1) of the chapter's sentences in each verdict, and the counts they come from. */
export const provenanceFigures = z.object({
  sentences: z.number().int(),
  counts: z.object({
    material: z.number().int(),
    supported: z.number().int(),
    unsupported: z.number().int(),
    unknown: z.number().int(),
    typed: z.number().int(),
  }),
  shares: z.object({ material: z.number(), supported: z.number(), unsupported: z.number(), unknown: z.number(), typed: z.number() }),
});
export type ProvenanceFigures = z.infer<typeof provenanceFigures>;

export const provenanceResponse = z.object({
  chapterIndex: z.number().int(),
  chapterTitle: z.string(),
  blocks: z.array(provenanceBlock),
  figures: provenanceFigures,
  /** How many documents the book's material holds now. */
  documents: z.number().int(),
  /** What the answer cannot say, in words for the user. */
  notes: z.array(z.string()),
  /**
   * How support was decided: by words (shared words and term vectors), or by words and meaning (sentence
   * embeddings, when the embedding model is available). Numbers and named terms must agree either way.
   */
  supportBy: z.enum(['words', 'words-and-meaning']).optional(),
});
export type ProvenanceResponse = z.infer<typeof provenanceResponse>;
