import { createOfflineEngine } from '@server/ai/offline';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
import { realCorpusDir, realFiles } from '../real/corpus';
import { writeFileSync } from 'node:fs';
const only = process.argv[2];
const files = (realFiles(realCorpusDir) ?? []).filter((f) => !only || f.name.includes(only));
const engine = createOfflineEngine();
for (const file of files) {
  const kind = sniffKind(Buffer.from(file.data))!;
  const { document } = await extractAndChunk({ kind, filename: file.name, data: file.data.slice() });
  const material = { sources: [{ id: 1, filename: file.name, mime: mimeByKind[kind], text: document.text, document }], chunks: [] };
  const book = await engine.outline({ material, retriever: { search: async () => [] } }, { topic: document.title ?? file.name, references: [] });
  writeFileSync(`/tmp/corpusread/${file.name}.book.json`, JSON.stringify(book, null, 1));
  writeFileSync(`/tmp/corpusread/${file.name}.doc.txt`, document.text);
  writeFileSync(`/tmp/corpusread/${file.name}.doc.json`, JSON.stringify(document, null, 1));
}
