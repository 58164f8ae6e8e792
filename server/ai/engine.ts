import type { BookLength, Chapter, Reference, Section, TextbookContent } from '@common/textbook';
import type { Material, Retriever } from './material';

/**
 * The authoring engine: one interface,
 * two implementations, `offline` (classical NLP over the user's material) and
 * `llm` (the AI SDK). Chosen by AI_PROVIDER in server/ai/index.ts.
 */
export interface EngineContext {
  material: Material;
  retriever: Retriever;
  /** Reports real progress of long operations (0-100 within the current stage). */
  onProgress?: (percent: number, message?: string) => void;
  /** Cancels the operation (default: the current request's, so a client that leaves stops its work). */
  signal?: AbortSignal;
}

export interface AnalyzeResult {
  detectedTopic: string;
  objectives: string[];
  suggestions: string[];
}

export interface OutlineInput {
  topic: string;
  references: Reference[];
  /** The whole material (default) or a condensed book: the user's choice at generation. */
  length?: BookLength;
}

export interface ChatInput {
  message: string;
  topic: string;
  content: TextbookContent;
}
export interface ChatResult {
  message: string;
  updatedContent?: TextbookContent;
}

export interface ExpandParagraphInput {
  paragraphHtml: string;
  subject?: string;
  context?: string;
  /** The whole book, so the engine never repeats what is already in it. */
  book?: TextbookContent;
}
/** `exhausted` is true when the material has nothing more on the subject: the answer says so instead of padding. */
export interface ExpandResult<T> {
  value: T;
  exhausted: boolean;
  note?: string;
}

export interface ExpandChapterInput {
  book: TextbookContent;
  chapterIndex: number;
  chapterTitle: string;
  chapterContent: string;
  sectionCount: number;
}

export interface GenerateSectionInput {
  book: TextbookContent;
  chapterIndex: number;
  chapterTitle: string;
  sectionTitle: string;
  context?: string;
  references: Reference[];
  paragraphCount: number;
  expansionLevel?: string;
}

export interface CustomizeInput {
  book: TextbookContent;
  guidance: string;
  originalDocument?: string;
}
export interface CustomizeResult {
  content: TextbookContent;
  /** A short plain description of what changed, for the version history. */
  summary: string;
}

export type MaterialType = 'quiz' | 'assessment' | 'lessonPlan' | 'homework';
export interface GenerateMaterialInput {
  book: TextbookContent;
  contentType: MaterialType;
  /** Absent: the whole book. */
  chapterIndex?: number;
}
export interface GeneratedMaterial {
  title: string;
  description: string;
  contentType: MaterialType;
  chapterTitle?: string;
  content: unknown;
}

export interface AuthoringEngine {
  readonly name: 'offline' | 'llm';
  analyze(ctx: EngineContext, input: { topic?: string }): Promise<AnalyzeResult>;
  outline(ctx: EngineContext, input: OutlineInput): Promise<TextbookContent>;
  chat(ctx: EngineContext, input: ChatInput): Promise<ChatResult>;
  expandParagraph(ctx: EngineContext, input: ExpandParagraphInput): Promise<ExpandResult<string>>;
  expandChapter(ctx: EngineContext, input: ExpandChapterInput): Promise<ExpandResult<Chapter>>;
  generateSection(ctx: EngineContext, input: GenerateSectionInput): Promise<ExpandResult<string>>;
  customizeStructure(ctx: EngineContext, input: CustomizeInput): Promise<CustomizeResult>;
  generateMaterial(ctx: EngineContext, input: GenerateMaterialInput): Promise<GeneratedMaterial>;
  /**
   * Whether composing a book from this material uses the chunks' vectors (absent: it does). A
   * generation waits for the background embeddings only then.
   */
  needsEmbeddings?(material: Material): boolean;
  /** Starts what the engine runs on (the offline engine's worker threads) before the first request. */
  warm?(): Promise<void>;
  /** Releases worker threads the engine started (the offline engine's workers). */
  close?(): Promise<void>;
}

export type { Section };
