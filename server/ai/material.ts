/**
 * What the authoring pipeline knows about a user's material, shared by ingest,
 * retrieval, the engines and references. Produced by server/ingest, stored in
 * `sources` (text + structure) and `chunks` (text + heading path + vector).
 */

export type {
  DocBlock,
  DocBlockKind,
  DocSection,
  DocumentTree,
  ExtractedDocument,
  ExtractedImage,
  ImageRef,
  SourcePos,
} from '../core/document-model';
import type { ExtractedDocument } from '../core/document-model';

export interface MaterialChunk {
  id: number;
  sourceId: number;
  ordinal: number;
  headingPath: string[];
  text: string;
  embedding?: number[];
}

export interface MaterialSource {
  id: number;
  filename: string;
  mime: string;
  text: string;
  document: ExtractedDocument;
}

/** Everything an engine may draw on for one textbook or one request. */
export interface Material {
  sources: MaterialSource[];
  chunks: MaterialChunk[];
  /** Stored images by sha256 -> '/api/images/<id>', for the figures and equation crops the documents hold. */
  imageUrls?: Record<string, string>;
}

export interface RetrievedChunk extends MaterialChunk {
  score: number;
}

/** Hybrid retrieval (vector cosine + BM25) over a material's chunks. */
export interface Retriever {
  search(query: string, opts?: { limit?: number; excludeChunkIds?: Set<number> }): Promise<RetrievedChunk[]>;
}

export function emptyMaterial(): Material {
  return { sources: [], chunks: [] };
}
