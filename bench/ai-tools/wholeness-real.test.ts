import { describe, expect, it } from 'vitest';
import { sniffKind } from '@server/ingest/sniff';
import { readRealFile, realCorpusDir, realFiles } from '../real/corpus';
import { toolDamage } from './quality';

/**
 * The whole-unit property: on every book the offline engine makes from the real course materials
 * (../shared/corpus/real, beside the project in this workplace; skipped where it is not), every
 * tool (each expansion on every part, the five examples and five more instructions) keeps every
 * sentence, code block and formula whole and loses nothing of the version it changes.
 */
const files = (realFiles() ?? []).filter((f) => sniffKind(Buffer.from(f.data)));

describe.skipIf(files.length === 0)(`AI tools keep units whole on the real materials in ${realCorpusDir}`, () => {
  for (const file of files) {
    it(`${file.name}: no damaged unit, nothing lost`, { timeout: 600_000 }, async () => {
      const document = await readRealFile(file);
      // A file the product refuses (a scan without a text layer) has no book to damage.
      if (!document || document instanceof Error) return;
      const tally = await toolDamage(document, file.name);
      expect(tally.runs).toBeGreaterThan(0);
      expect(tally.damaged).toEqual([]);
      expect(tally.lost).toEqual([]);
    });
  }
});
