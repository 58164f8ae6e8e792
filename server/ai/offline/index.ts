import type { AuthoringEngine } from '../engine';
import { analyze } from './analyze';
import { chat } from './chat';
import { customizeStructure } from './customize';
import { expandChapter, expandParagraph, generateSection } from './expand';
import { OfflineMaterialsRunner } from './materials-runner';
import { outline } from './outline';

/** The offline engine: deterministic classical NLP over the user's own material. */
export function createOfflineEngine(): AuthoringEngine {
  // Materials run in a worker thread owned by this engine, closed with the app.
  const materials = new OfflineMaterialsRunner();
  return {
    name: 'offline',
    analyze,
    outline,
    chat,
    expandParagraph,
    expandChapter,
    generateSection,
    customizeStructure,
    generateMaterial: materials.generate,
    close: () => materials.close(),
  };
}
