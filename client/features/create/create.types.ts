import type { ExtractTextResponse } from '@common/extract';
import type { PreviewReferencesResponse as PreviewReferencesContract } from '@common/references';
import type { Reference, TextbookContent } from '@common/textbook';

/**
 * Types of the creation flow: the contracts of common/ (extract, references,
 * generate, assistant) plus what only the form needs.
 */
export type { Reference, TextbookContent };
export type { GenerateOutlineResponse, GenerationJobResponse } from '@common/generate';
export type { OutlineAssistantResponse } from '@common/assistant';

export type InputMode = 'file' | 'direct';
export type PageMode = 'idle' | 'processing' | 'error';

/** A reference as a server may send it: a plain string or a loose object. */
export type RawReference = string | Record<string, unknown>;

export type { ExtractTextResponse };

/**
 * POST /api/textbooks/preview-references (common/references.ts). References are
 * read loosely, and `sources` may be absent on an older server.
 */
export type PreviewReferencesResponse = Partial<Omit<PreviewReferencesContract, 'references'>> & {
  references: RawReference[];
};

/** One reference source and whether it answered, as shown under the references panel. */
export interface ReferenceSourceReport {
  name: string;
  isOk: boolean;
  detail?: string;
}

/** What the user supplied as material: files, typed text, or nothing (then the topic stands in). */
export interface MaterialInput {
  mode: InputMode;
  files: File[];
  directContent: string;
  chapterTitle: string;
}

/** docs/product.md, Progress step. */
export interface ProgressStep {
  label: string;
  status: 'pending' | 'in-progress' | 'complete';
  progress: number;
}

/** docs/product.md, Assistant chat message. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}
