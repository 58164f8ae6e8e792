/**
 * Quiz downloads on books made from real course materials (../shared/corpus/real): the offline engine's outline,
 * then a quiz and an assessment for every chapter, each written as QTI (validated by xmllint against the CC QTI
 * profile's XSD and Schematron rules), Moodle XML (parsed, one question per item) and GIFT (read back by the
 * tests' GIFT reader, prompts unchanged). Prints per document the items written and those that pass.
 *
 *   npm run bench:quiz-downloads
 */
import { DOMParser } from '@xmldom/xmldom';
import type { TextbookContent } from '@common/textbook';
import { createOfflineEngine } from '@server/ai/offline';
import { assessmentXml, itemsOf } from '@server/features/export/formats/imscc/qti';
import { writeGift } from '@server/features/materials/downloads/gift';
import { writeMoodleXml } from '@server/features/materials/downloads/moodle-xml';
import { extractAndChunk } from '@server/ingest/extract-document';
import { mimeByKind, sniffKind } from '@server/ingest/sniff';
import { parseGift } from '@server/test/export/gift-reader.support';
import { validateCcQti, xmllint } from '@server/test/export/qti-schema.support';
import { realFiles, table } from '../real/corpus';

const files = realFiles();
if (!files) {
  console.log('bench:quiz-downloads: ../shared/corpus/real is not here (the real corpus lives beside the project in this workplace only).');
  process.exit(0);
}
if (!xmllint) console.log('xmllint is not installed (libxml2-utils): the QTI column counts nothing.');

const engine = createOfflineEngine();
const rows: string[][] = [];
const totals = { materials: 0, items: 0, qtiValid: 0, moodle: 0, gift: 0 };
const failures: string[] = [];
for (const file of files) {
  const kind = sniffKind(Buffer.from(file.data));
  if (!kind) {
    rows.push([file.name, 'not a kind the product reads', '', '', '', '']);
    continue;
  }
  const extracted = await extractAndChunk({ kind, filename: file.name, data: file.data.slice() }).catch((err: Error) => err);
  if (extracted instanceof Error) {
    rows.push([file.name, 'unreadable', '', '', '', '']);
    continue;
  }
  const { document } = extracted;
  const material = {
    sources: [{ id: 1, filename: file.name, mime: mimeByKind[kind], text: document.text, document }],
    chunks: [],
    imageUrls: {},
  };
  const context = { material, retriever: { search: async () => [] } };
  const book: TextbookContent = await engine.outline(context, { topic: document.title ?? file.name, references: [] });
  const row = { materials: 0, items: 0, qtiValid: 0, moodle: 0, gift: 0 };
  for (let i = 0; i < book.chapters.length; i++) {
    for (const contentType of ['quiz', 'assessment'] as const) {
      const made = await engine.generateMaterial(context, { book, contentType, chapterIndex: i }).catch(() => undefined);
      const items = made ? itemsOf(contentType, made.content) : [];
      if (!items.length) continue;
      row.materials++;
      row.items += items.length;
      if (xmllint) {
        const result = validateCcQti(assessmentXml(`m${row.materials}`, made!.title, items));
        if (result.valid) row.qtiValid += result.items;
        else failures.push(`${file.name} ${made!.title}: ${result.errors.slice(0, 400)}`);
      }
      const moodle = new DOMParser().parseFromString(writeMoodleXml(made!.title, items), 'application/xml');
      row.moodle += Array.from(moodle.getElementsByTagName('question')).filter((q) => q.getAttribute('type') !== 'category').length;
      const gift = parseGift(writeGift(made!.title, items));
      row.gift += gift.questions.filter(
        (q, k) => q.prompt === items[k]?.prompt.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').trim(),
      ).length;
    }
  }
  for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += row[k];
  rows.push([file.name, String(row.materials), String(row.items), String(row.qtiValid), String(row.moodle), String(row.gift)]);
}
rows.push(['total', String(totals.materials), String(totals.items), String(totals.qtiValid), String(totals.moodle), String(totals.gift)]);
console.log(
  table(['document', 'quizzes+assessments', 'items', 'QTI items valid (CC profile)', 'Moodle questions', 'GIFT prompts read back'], rows),
);
for (const f of failures) console.log(`QTI invalid: ${f}`);
