import type { ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { extractTxt } from '@server/ingest/txt-extract';

/** The engine's material made of documents already read, numbered from 1 in the order given. */
export function materialOf(docs: ExtractedDocument[], extra: Partial<Material> = {}): Material {
  return {
    sources: docs.map((d, i) => ({ id: i + 1, filename: d.filename, mime: d.mime, text: d.text, document: d })),
    chunks: [],
    ...extra,
  };
}

/** The engine's material made of text files, each read as an upload is: `textMaterial(['notes.md', '# Title ...'])`. */
export function textMaterial(...files: Array<[filename: string, text: string]>): Material {
  return materialOf(files.map(([filename, text]) => extractTxt(new TextEncoder().encode(text), filename)));
}
