import type { BookLength } from '@common/textbook';
import type {
  ExtractTextResponse,
  InputMode,
  MaterialInput,
  PreviewReferencesResponse,
  Reference,
  ReferenceSourceReport,
} from './create.types';
import { keepApprovals, normalizeReferences, normalizeSources, referenceIdentity } from './normalize-references';
import { sameFile } from './file-types';

export type PanelName = 'text' | 'objectives' | 'suggestions' | 'references';

/** Everything the creation form holds; it lives in the page so Try Again finds the form as it was. */
export interface CreationState {
  topic: string;
  mode: InputMode;
  files: File[];
  directContent: string;
  chapterTitle: string;
  extractedText: string;
  /** What the files could not give ("notes.pdf: pages 3–7 are images of text: no readable text"). */
  extractWarnings: string[];
  /** What the files gave beyond plain text ("week3.pptx: 23 slides, 11 with speaker notes", "exam.pdf: 4 scanned pages read as text"). */
  extractSummaries: string[];
  detectedTopic: string;
  objectives: string[];
  suggestions: string[];
  references: Reference[];
  /** The files each extracted reference was found in (by its identity): leaving those files out leaves it out. */
  referenceFiles: Record<string, string[]>;
  /** Files that do not mention the topic the user typed, with why: each kept or left out by the user. */
  offTopicFiles: Array<{ filename: string; reason: string }>;
  /** Set once extraction answered: objectives and suggestions panels then show even when empty. */
  hasExtracted: boolean;
  /** Files removed since the last extraction: its text and objectives still hold them until the next preview. */
  removedSinceExtraction: string[];
  /** The sources extraction stored (their embeddings are made in the background). */
  sourceIds: number[];
  /** Set once a reference preview answered, so an empty result still shows its panel. */
  hasPreviewedReferences: boolean;
  referenceSources: ReferenceSourceReport[];
  open: Record<PanelName, boolean>;
  /** The whole material (default) or a condensed book. */
  length: BookLength;
}

export type CreationAction =
  | { type: 'topic'; value: string }
  | { type: 'mode'; value: InputMode }
  | { type: 'addFiles'; files: File[] }
  | { type: 'removeFile'; index: number }
  | { type: 'keepFile'; filename: string }
  | { type: 'directContent'; value: string }
  | { type: 'chapterTitle'; value: string }
  | { type: 'extracted'; response: ExtractTextResponse }
  | { type: 'referencesPreviewed'; response: PreviewReferencesResponse }
  | { type: 'toggleReference'; index: number }
  | { type: 'togglePanel'; panel: PanelName }
  | { type: 'length'; value: BookLength };

export const initialCreationState: CreationState = {
  topic: '',
  length: 'full',
  mode: 'file',
  files: [],
  directContent: '',
  chapterTitle: '',
  extractedText: '',
  extractWarnings: [],
  extractSummaries: [],
  detectedTopic: '',
  objectives: [],
  suggestions: [],
  references: [],
  referenceFiles: {},
  offTopicFiles: [],
  hasExtracted: false,
  removedSinceExtraction: [],
  sourceIds: [],
  hasPreviewedReferences: false,
  referenceSources: [],
  open: { text: false, objectives: false, suggestions: false, references: false },
};

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

export function creationReducer(state: CreationState, action: CreationAction): CreationState {
  switch (action.type) {
    case 'topic':
      return { ...state, topic: action.value };
    case 'length':
      return { ...state, length: action.value };
    case 'mode':
      return { ...state, mode: action.value };
    case 'addFiles': {
      const fresh = action.files.filter((f) => !state.files.some((g) => sameFile(f, g)));
      return { ...state, files: [...state.files, ...fresh] };
    }
    case 'removeFile': {
      const files = state.files.filter((_, i) => i !== action.index);
      const removed = state.files[action.index]?.name;
      const left = new Set(files.map((f) => f.name));
      // A reference found only in files no longer chosen goes with them; one the user found or added stays.
      const fromLeftFiles = (r: Reference) => {
        const from = state.referenceFiles[referenceIdentity(r)];
        return !from?.length || from.some((name) => left.has(name));
      };
      return {
        ...state,
        files,
        references: state.references.filter(fromLeftFiles),
        offTopicFiles: state.offTopicFiles.filter((f) => f.filename !== removed),
        removedSinceExtraction:
          state.hasExtracted && removed && !left.has(removed) ? [...state.removedSinceExtraction, removed] : state.removedSinceExtraction,
      };
    }
    case 'keepFile':
      return { ...state, offTopicFiles: state.offTopicFiles.filter((f) => f.filename !== action.filename) };
    case 'directContent':
      return { ...state, directContent: action.value };
    case 'chapterTitle':
      return { ...state, chapterTitle: action.value };
    case 'extracted': {
      // docs/product.md, Extraction success: text, topic (only into an empty field), objectives and references opened, suggestions.
      const r = action.response;
      const detectedTopic = typeof r.detectedTopic === 'string' ? r.detectedTopic.trim() : '';
      const references = normalizeReferences(r.extractedReferences);
      const referenceFiles: Record<string, string[]> = {};
      (Array.isArray(r.extractedReferences) ? r.extractedReferences : []).forEach((raw, i) => {
        const files = raw && typeof raw === 'object' ? strings((raw as { files?: unknown }).files) : [];
        if (files.length && references[i]) referenceFiles[referenceIdentity(references[i])] = files;
      });
      const offTopicFiles = (Array.isArray(r.offTopicFiles) ? r.offTopicFiles : []).filter(
        (f): f is { filename: string; reason: string } => typeof f?.filename === 'string' && typeof f?.reason === 'string',
      );
      return {
        ...state,
        extractedText: typeof r.extractedText === 'string' ? r.extractedText : '',
        extractWarnings: strings(r.warnings),
        extractSummaries: strings(r.summaries),
        detectedTopic,
        topic: state.topic.trim() ? state.topic : detectedTopic || state.topic,
        objectives: strings(r.objectives),
        suggestions: strings(r.aiSuggestions),
        references,
        referenceFiles,
        offTopicFiles,
        hasExtracted: true,
        removedSinceExtraction: [],
        sourceIds: Array.isArray(r.sourceIds) ? r.sourceIds.filter((id): id is number => Number.isInteger(id)) : [],
        // A warning (a page kept as a picture, a citation with no entry) is opened with the text, never left folded away.
        open: { ...state.open, objectives: true, references: true, text: state.open.text || strings(r.warnings).length > 0 },
      };
    }
    case 'referencesPreviewed': {
      const r = action.response;
      const detectedTopic = typeof r.detectedTopic === 'string' && r.detectedTopic.trim() ? r.detectedTopic.trim() : state.detectedTopic;
      return {
        ...state,
        references: keepApprovals(state.references, normalizeReferences(r.references)),
        hasPreviewedReferences: true,
        referenceSources: normalizeSources(r.sources),
        extractedText: typeof r.extractedText === 'string' && r.extractedText ? r.extractedText : state.extractedText,
        detectedTopic,
        open: { ...state.open, references: true },
      };
    }
    case 'toggleReference':
      return {
        ...state,
        references: state.references.map((r, i) => (i === action.index ? { ...r, approved: !r.approved } : r)),
      };
    case 'togglePanel':
      return { ...state, open: { ...state.open, [action.panel]: !state.open[action.panel] } };
  }
}

export function materialOf(state: CreationState): MaterialInput {
  return { mode: state.mode, files: state.files, directContent: state.directContent, chapterTitle: state.chapterTitle };
}

export function approvedCount(state: Pick<CreationState, 'references'>): number {
  return state.references.filter((r) => r.approved).length;
}

/** Pending, no topic, or references with none approved keep the generate button disabled. */
export function canGenerate(state: Pick<CreationState, 'topic' | 'references'>, isPending: boolean): boolean {
  if (isPending || !state.topic.trim()) return false;
  return state.references.length === 0 || approvedCount(state) > 0;
}

export interface ValidationProblem {
  title: string;
  description: string;
}

/** docs/product.md, the form's checks before generating (the button is disabled for the same reasons). */
export function validateGenerate(state: Pick<CreationState, 'topic' | 'references'>): ValidationProblem | null {
  if (!state.topic.trim()) return { title: 'Validation Error', description: 'Please enter a topic' };
  if (state.references.length > 0 && approvedCount(state) === 0) {
    return {
      title: 'No Approved References',
      description: 'Please approve at least one reference or preview references again to continue.',
    };
  }
  return null;
}

/** docs/product.md, extraction preview: a file in file mode, non-blank content in direct mode. */
export function validateExtraction(state: Pick<CreationState, 'mode' | 'files' | 'directContent'>): ValidationProblem | null {
  if (state.mode === 'file' && state.files.length === 0)
    return { title: 'Validation Error', description: 'Please upload at least one file' };
  if (state.mode === 'direct' && !state.directContent.trim())
    return { title: 'Validation Error', description: 'Please enter some content' };
  return null;
}
