import { describe, expect, it } from 'vitest';
import { sniffKind } from '@server/ingest/sniff';
import { composeBook, contextOf, materialOf } from '../ai-tools/book-setup';
import { readRealFile, realCorpusDir, realFiles } from '../real/corpus';
import { stamped, trace } from './trace';

/**
 * Provenance on every book the offline engine makes from the real course materials (../shared/corpus/real,
 * beside the project in this workplace; skipped where it is not), stored as generation stores it: of 100
 * sentences drawn at random, at least 98% of those that are the material's have a provenance whose passage
 * holds them, and the stored sources add less than 30% to the book.
 */
const files = (realFiles() ?? []).filter((f) => sniffKind(Buffer.from(f.data)));

describe.skipIf(files.length === 0)(`provenance of the books made from the real materials in ${realCorpusDir}`, () => {
  for (const file of files) {
    it(`${file.name}: sentences from the material are traced to a passage that holds them`, { timeout: 600_000 }, async () => {
      const document = await readRealFile(file);
      // A file the product refuses (a scan without a text layer) has no book.
      if (!document || document instanceof Error) return;
      const material = materialOf(document, file.name);
      const stamp = stamped(material, await composeBook(contextOf(material), document.title ?? file.name));
      expect(stamp.growth).toBeLessThan(0.3);
      const t = trace(material, stamp.book);
      if (t.fromMaterial === 0) return;
      expect(t.traced / t.fromMaterial, `not traced: ${t.misses.slice(0, 3).join(' | ')}`).toBeGreaterThanOrEqual(0.98);
      // Most are found through the source stored with their block, not by searching again.
      expect(t.stored / t.traced).toBeGreaterThan(0.5);
    });
  }
});
