/**
 * The set-up the offline engine's refusal tests share: a book of plain chapters written in the test, and what building a
 * material on it throws (the test then reads the error's kind and message).
 */
import type { TextbookContent } from '@common/textbook';
import type { GenerateMaterialInput } from '@server/ai/engine';
import { buildMaterial } from '@server/ai/offline/materials';

/** A book of chapters without sections: `bookOf('Loops', ['Repeating actions', '<p>...</p>'])`. */
export function bookOf(title: string, ...chapters: Array<[title: string, content: string]>): TextbookContent {
  return { title, references: [], chapters: chapters.map(([title, content]) => ({ title, content, sections: [] })) };
}

/** What building the material throws, or undefined when it builds it. */
export function refusalOf(input: GenerateMaterialInput): unknown {
  try {
    buildMaterial(input);
  } catch (e) {
    return e;
  }
  return undefined;
}
