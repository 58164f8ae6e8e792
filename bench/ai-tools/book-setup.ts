import type { TextbookContent } from '@common/textbook';
import type { EngineContext } from '@server/ai/engine';
import type { Material } from '@server/ai/material';
import { createOfflineEngine } from '@server/ai/offline';
import { htmlBlocks } from '@common/textbook-ops/html';
import { chapterFrame } from '@server/ai/offline/expand/chapter-frame';
import { createRetriever } from '@server/ai/retrieval';
import type { ExtractedDocument } from '@server/core/document-model';
import { chunkDocument } from '@server/ingest/chunk';

/** One document as the product holds it after ingest (chunks without vectors: retrieval ranks by BM25). */
export function materialOf(document: ExtractedDocument, filename: string): Material {
  const chunks = chunkDocument(document).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  return {
    sources: [{ id: 1, filename, mime: document.mime, text: document.text, document }],
    chunks,
    imageUrls: Object.fromEntries((document.images ?? []).map((im, i) => [im.sha256, `/api/images/${i + 1}`])),
  };
}

/** The engine context of a route: the material and a retriever over it (never asked for vectors here). */
export function contextOf(material: Material): EngineContext {
  const embedder = {
    model: 'none',
    embed: async () => {
      throw new Error('no vectors in this benchmark');
    },
    close: async () => {},
  };
  return { material, retriever: createRetriever(material, embedder) };
}

export const engine = createOfflineEngine();

/** The book the offline engine composes from the material (as generate-outline stores it). */
export async function composeBook(ctx: EngineContext, topic: string): Promise<TextbookContent> {
  return engine.outline(ctx, { topic, references: [] });
}

/**
 * The book as an author who kept only the opening of each part would have it
 * (or a book an LLM summarised): every chapter text and section cut to its
 * first `keep` blocks of own text, its overview and review kept. The sources
 * then hold the rest of every unit, which is what expansion is for.
 */
export function thinBook(book: TextbookContent, keep = 1): TextbookContent {
  const cut = (html: string) => {
    const frame = chapterFrame(html);
    return frame.opening + htmlBlocks(frame.body).slice(0, keep).join('') + frame.closing;
  };
  return {
    ...book,
    chapters: book.chapters.map((c) => ({
      ...c,
      content: cut(c.content),
      sections: c.sections.map((s) => ({ ...s, content: cut(s.content) })),
    })),
  };
}
