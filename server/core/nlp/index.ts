export { splitSentences } from './sentences';
export { tokenize, quickTokenize, lightStem, genericWords, quickStopwords } from './tokenize';
export { extractKeyphrases, type Keyphrase } from './keyphrases';
export { cosine, normalizeVector, meanVector } from './vector';
export {
  normalizeCharacters,
  composeAccents,
  collapseSpaces,
  joinHyphenation,
  collectCompounds,
  unwrapLines,
  cleanText,
  countWords,
  truncateWords,
  toTitleStart,
  toTitleCase,
} from './cleanup';
