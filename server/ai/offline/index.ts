import type { AuthoringEngine } from '../engine';
import { analyze } from './analyze';
import { chat } from './chat';
import { customizeStructure } from './customize';
import { expandChapter, expandParagraph, generateSection } from './expand';
import { generateMaterial } from './materials';
import { outline } from './outline';

/** The offline engine: deterministic classical NLP over the user's own material. */
export function createOfflineEngine(): AuthoringEngine {
  return { name: 'offline', analyze, outline, chat, expandParagraph, expandChapter, generateSection, customizeStructure, generateMaterial };
}
