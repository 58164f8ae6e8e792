import { describe, expect, it } from 'vitest';
import { isFurniture, isPublishingNotice } from './furniture';

const paragraph = (text: string) => ({ kind: 'paragraph' as const, text });

describe('publishing notices and furniture', () => {
  it('knows a licence line, a copyright line, a draft notice and a "©" drawn as a circled "c" as notices', () => {
    for (const text of [
      'This handout is licensed under a Creative Commons Attribution 4.0 International License.',
      'Copyright 2024 by the teaching team. Please do not distribute this file.',
      'Draft (April 29, 2019) of “Mathematics for Machine Learning” c 2019 by Marc Peter Deisenroth,',
    ])
      expect(isPublishingNotice(paragraph(text))).toBe(true);
  });

  it('leaves teaching text alone, a year or a draft inside a sentence included', () => {
    for (const text of [
      'In 2019 the committee published a first draft of the standard, revised in 2021.',
      'The speed of light c is constant, and in 2019 the kilogram was redefined.',
    ])
      expect(isPublishingNotice(paragraph(text))).toBe(false);
    expect(isFurniture(paragraph('Contents . . . . . . . . 12'))).toBe(true);
    expect(isFurniture(paragraph('The answer is 12.'))).toBe(false);
  });
});
