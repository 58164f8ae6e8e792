import type { AuthoringEngine } from '../engine';
import { analyze } from './analyze';
import { chat } from './chat';
import { customizeStructure } from './customize';
import { expandChapter, expandParagraph, generateSection } from './expand';
import { buildMaterial } from './materials';
import { outline } from './outline';

/** The engine's operations, by name: what runs in a worker thread (server/ai/offline/worker). */
export const engineOps = [
  'analyze',
  'outline',
  'chat',
  'expandParagraph',
  'expandChapter',
  'generateSection',
  'customizeStructure',
  'generateMaterial',
] as const satisfies ReadonlyArray<keyof AuthoringEngine>;
export type EngineOp = (typeof engineOps)[number];
export type EngineOperations = Pick<AuthoringEngine, EngineOp>;

/**
 * The offline engine's operations as plain functions of their inputs (the material, the book, the
 * request) and the retriever: no state, no I/O, so they run the same on the request thread (unit
 * tests, benchmarks) and in a worker thread (the app).
 */
export const offlineOperations: EngineOperations = {
  analyze,
  outline,
  chat,
  expandParagraph,
  expandChapter,
  generateSection,
  customizeStructure,
  // The builders read the book's own text, never the material or the retriever.
  generateMaterial: async (ctx, input) => {
    const material = buildMaterial({ book: input.book, contentType: input.contentType, chapterIndex: input.chapterIndex });
    ctx.onProgress?.(100);
    return material;
  },
};
