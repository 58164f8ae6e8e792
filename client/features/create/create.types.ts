import type { Reference, TextbookContent } from '../../../common/textbook';

/**
 * Types of the creation flow. The generate and assistant contracts come from
 * common/; extract-text and preview-references are defined here from spec 3/7
 * until their common/ files exist (only the fields the form reads).
 */
export type { Reference, TextbookContent };
export type { GenerateOutlineResponse, GenerationJobResponse } from '../../../common/generate';
export type { OutlineAssistantResponse } from '../../../common/assistant';

export type InputMode = 'file' | 'direct';
export type PageMode = 'idle' | 'processing' | 'error';

/** A reference as a server may send it: a plain string or a loose object (spec 3). */
export type RawReference = string | Record<string, unknown>;

/** POST /api/extract-text (spec 3, Extraction response). */
export interface ExtractTextResponse {
  extractedText: string;
  detectedTopic?: string;
  objectives?: string[];
  extractedReferences?: RawReference[];
  aiSuggestions?: string[];
}

/** POST /api/textbooks/preview-references; `sources` is our addition (which indexes answered). */
export interface PreviewReferencesResponse {
  references: RawReference[];
  extractedText?: string;
  detectedTopic?: string;
  sources?: unknown;
}

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

/** Spec 3, Progress step. */
export interface ProgressStep {
  label: string;
  status: 'pending' | 'in-progress' | 'complete';
  progress: number;
}

/** Spec 3, Assistant chat message. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}
