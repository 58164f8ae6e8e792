import { readFileSync } from 'node:fs';
import type { TextbookContent } from '@common/textbook';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { chunkDocument } from '@server/ingest/chunk';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import type { EngineContext } from '@server/ai/engine';
import type { Material } from '@server/ai/material';
import { renderBlocks } from '@server/ai/shared/render-blocks';

/**
 * Linear algebra notes in Markdown (test-fixtures/text/linear-algebra-notes.md,
 * written for these tests): units with sub-units, inline and display math, and a
 * sentence about where the course was first taught sitting between two sentences
 * on elimination. Read through the real Markdown extractor.
 */
export const notesFile = 'linear-algebra-notes.md';

export function linearAlgebraNotes(): ExtractedDocument {
  return extractTxt(new Uint8Array(readFileSync(fixturePath(`text/${notesFile}`))), notesFile);
}

export function linearAlgebraContext(doc = linearAlgebraNotes()): EngineContext {
  const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  const material: Material = { sources: [{ id: 1, filename: notesFile, mime: doc.mime, text: doc.text, document: doc }], chunks };
  return { material, retriever: { search: async () => [] } };
}

/** The blocks under a heading of the notes (its own, not its sub-headings'). */
export function blocksUnder(doc: ExtractedDocument, heading: string): DocBlock[] {
  const at = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === heading);
  const out: DocBlock[] = [];
  for (const b of doc.blocks.slice(at + 1)) {
    if (b.kind === 'heading') break;
    out.push(b);
  }
  return out;
}

const html = (blocks: DocBlock[]) => renderBlocks(blocks);

/**
 * The book the composer would make from the notes, as an author left it:
 * each section and chapter printing only its opening paragraph (so the notes
 * hold more on every unit), and the elimination chapter also its paragraph on
 * back substitution.
 */
export function linearAlgebraBook(doc = linearAlgebraNotes()): TextbookContent {
  const first = (heading: string) => html(blocksUnder(doc, heading).slice(0, 1));
  const practice = blocksUnder(doc, 'Gaussian Elimination in Practice');
  return {
    title: 'Linear Algebra',
    references: [],
    chapters: [
      {
        id: 'c1',
        title: 'Matrices',
        content: html(blocksUnder(doc, 'Matrices')),
        sections: [
          { id: 's1', title: 'Matrix Multiplication', content: first('Matrix Multiplication') },
          { id: 's2', title: 'Matrix Inverse and Transpose', content: first('Matrix Inverse and Transpose') },
        ],
      },
      { id: 'c2', title: 'Gaussian Elimination', content: first('Gaussian Elimination') + html([practice[1]]), sections: [] },
      { id: 'c3', title: 'Linear Mappings', content: first('Linear Mappings'), sections: [] },
    ],
  };
}
