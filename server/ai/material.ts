/**
 * What the authoring pipeline knows about a user's material, shared by ingest,
 * retrieval, the engines and references. Produced by server/ingest, stored in
 * `sources` (text + structure) and `chunks` (text + heading path + vector).
 */

/** One structural block of an extracted document, in reading order. */
export interface DocBlock {
  kind: 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'caption' | 'bibliography';
  text: string;
  /** Heading level 1-6 for headings. */
  level?: number;
  /** 1-based page for PDFs. */
  page?: number;
}

export interface ExtractedDocument {
  filename: string;
  mime: 'application/pdf' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' | 'text/plain';
  /** The cleaned text, blocks joined with blank lines, headings on their own line. */
  text: string;
  blocks: DocBlock[];
  /** Title from metadata or the first heading, when known. */
  title?: string;
  /** The bibliography / references section's raw entries, when found. */
  bibliography?: string[];
  pageCount?: number;
}

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
