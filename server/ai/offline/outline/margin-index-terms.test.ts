import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import type { ExtractedDocument, Material } from '@server/ai/material';
import { fixturePath } from '@server/test/fixture-path.support';
import { outline } from '../outline';

const noRetrieval = { search: async () => [] };

describe('offline book from logic-notes.pdf: margin key words are index terms, not notes or text', () => {
  let doc: ExtractedDocument;
  let html: string;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/logic-notes.pdf'))), 'logic-notes.pdf');
    const material: Material = { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
    const book: TextbookContent = await outline({ material, retriever: noRetrieval }, { topic: 'Logic', references: [] });
    html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).join('\n');
  }, 60_000);

  it('reads the one-word margin words as index terms and the margin sentence as a margin note', () => {
    expect(doc.blocks.filter((b) => b.kind === 'index-term').map((b) => b.text)).toEqual([
      'premise',
      'conclusion',
      'declarative',
      'valid',
      'form',
      'inductive',
      'feedback',
      'ambiguity',
    ]);
    expect(doc.blocks.filter((b) => b.kind === 'margin').map((b) => b.text)).toEqual([
      'A counterexample needs only to be possible, not actual.',
    ]);
  });

  it('prints no index term as a note or a paragraph of its own', () => {
    expect(html).toContain('Validity is therefore a matter of form rather than content.');
    for (const term of ['premise', 'declarative', 'inductive', 'feedback', 'ambiguity']) {
      expect(html).not.toMatch(new RegExp(`Note:</strong> ${term}\\b`));
      expect(html).not.toMatch(new RegExp(`<p>${term}</p>`));
    }
  });
});
