/**
 * The languages the extraction tells apart in a material (BCP 47 tags; server/core/nlp/language.ts holds each one's
 * function words): the book's language select offers them, and a book may carry any other tag besides.
 */
export const detectedLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;

export type DetectedLanguage = (typeof detectedLanguages)[number];

export function isDetectedLanguage(tag: string): tag is DetectedLanguage {
  return (detectedLanguages as readonly string[]).includes(tag);
}
