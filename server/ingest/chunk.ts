import type { DocBlock, ExtractedDocument } from '../core/document-model';
import { countWords } from '../core/nlp';

export interface DraftChunk {
  headingPath: string[];
  text: string;
  words: number;
}

/** Chunks of about 200-400 words along headings and paragraphs. */
export const chunkWords = { target: 300, min: 200, max: 400 } as const;

const sentenceEnd = /(?<=[.!?]["”’)]?)\s+(?=["“(]?\p{Lu})/u;

/** A paragraph longer than a chunk is cut between sentences into pieces of about the target size. */
function splitLongParagraph(text: string): string[] {
  const sentences = text.split(sentenceEnd);
  const pieces: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const n = countWords(sentence);
    if (words > 0 && words + n > chunkWords.max) {
      pieces.push(current.join(' '));
      current = [];
      words = 0;
    }
    // A single run-on "sentence" over the limit (tables, lists without stops) is cut by words.
    if (n > chunkWords.max) {
      const tokens = sentence.split(/\s+/);
      for (let i = 0; i < tokens.length; i += chunkWords.target) pieces.push(tokens.slice(i, i + chunkWords.target).join(' '));
      continue;
    }
    current.push(sentence);
    words += n;
  }
  if (current.length) pieces.push(current.join(' '));
  return pieces;
}

/**
 * Splits a document into chunks that never cross a heading, each with its
 * heading path (["3. Trace Trees", "3.1 Traces"]). Paragraphs are packed
 * until the next would pass 400 words with at least 200 already in; the
 * bibliography is left out (it is kept apart for the references).
 */
export function chunkDocument(doc: Pick<ExtractedDocument, 'blocks'>): DraftChunk[] {
  const chunks: DraftChunk[] = [];
  const path: Array<{ level: number; text: string }> = [];
  let parts: string[] = [];
  let words = 0;
  const currentPath = () => path.map((h) => h.text);
  const flush = () => {
    if (parts.length && words > 0) chunks.push({ headingPath: currentPath(), text: parts.join('\n\n'), words });
    parts = [];
    words = 0;
  };
  const add = (text: string) => {
    const n = countWords(text);
    if (n === 0) return;
    if (words > 0 && words + n > chunkWords.max && words >= chunkWords.min * 0.5) flush();
    if (n > chunkWords.max) {
      flush();
      for (const piece of splitLongParagraph(text)) {
        parts.push(piece);
        words = countWords(piece);
        if (words >= chunkWords.min) flush();
      }
      return;
    }
    parts.push(text);
    words += n;
  };
  for (const block of doc.blocks as DocBlock[]) {
    if (block.kind === 'bibliography') continue;
    if (block.kind === 'heading') {
      flush();
      const level = block.level ?? 1;
      while (path.length && path[path.length - 1].level >= level) path.pop();
      path.push({ level, text: block.text });
      continue;
    }
    add(block.text);
  }
  flush();
  return chunks;
}
