import { readFileSync } from 'node:fs';
import { extractAndChunk } from '@server/ingest/extract-document';
import { sniffKind } from '@server/ingest/sniff';
import { detectLanguage } from '@server/core/nlp/language';
for (const f of process.argv.slice(2)) {
  const data = new Uint8Array(readFileSync(f));
  const { document } = await extractAndChunk({ kind: sniffKind(Buffer.from(data))!, filename: f, data });
  console.log(f, document.language, detectLanguage(document.text));
}
