import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createOfflineEngine } from '@server/ai/offline';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
import { materialText } from './bench/textbook-quality/measures';
const file = process.argv[2];
const data = new Uint8Array(readFileSync(file));
const kind = sniffKind(Buffer.from(data))!;
const { document } = await extractAndChunk({ kind, filename: basename(file), data });
const book = await createOfflineEngine().outline(
  { material: { sources: [{ id: 1, filename: basename(file), mime: mimeByKind[kind], text: document.text, document }], chunks: [], imageUrls: {} }, retriever: { search: async () => [] } },
  { topic: document.title ?? file, references: [] },
);
const w = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const bookW = w(materialText(book));
const grams = new Set<string>();
for (let i = 0; i + 6 <= bookW.length; i++) grams.add(bookW.slice(i, i + 6).join(' '));
for (const b of document.blocks) {
  if (b.kind === 'heading' || b.kind === 'bibliography') continue;
  const s = w(b.text);
  const cov = new Uint8Array(s.length);
  for (let i = 0; i + 6 <= s.length; i++) if (grams.has(s.slice(i, i + 6).join(' '))) cov.fill(1, i, i + 6);
  const missing = cov.length - cov.reduce((a, x) => a + x, 0);
  if (missing >= 3) console.log(`${missing}\t${b.kind}\tp${b.page ?? ''}\t${JSON.stringify(b.text).slice(0, 150)}`);
}
