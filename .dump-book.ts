import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createOfflineEngine } from '@server/ai/offline';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
const file = process.argv[2];
const data = new Uint8Array(readFileSync(file));
const kind = sniffKind(Buffer.from(data))!;
const { document } = await extractAndChunk({ kind, filename: basename(file), data });
if (process.argv.includes('--blocks')) for (const b of document.blocks) console.log(b.kind, b.level ?? '', JSON.stringify(b.text).slice(0, 160));
const book = await createOfflineEngine().outline(
  { material: { sources: [{ id: 1, filename: basename(file), mime: mimeByKind[kind], text: document.text, document }], chunks: [], imageUrls: {} }, retriever: { search: async () => [] } },
  { topic: document.title ?? file, references: [] },
);
for (const c of book.chapters) {
  console.log('# ' + c.title);
  if (process.argv.includes('--html')) console.log(c.content.slice(0, 3000));
  for (const s of c.sections) { console.log('## ' + s.title); if (process.argv.includes('--html')) console.log(s.content.slice(0, 3000)); }
}
console.log(JSON.stringify(book.generation));
