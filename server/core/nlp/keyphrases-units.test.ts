import { describe, expect, it } from 'vitest';
import { extractKeyphrases } from './keyphrases';

describe('extractKeyphrases on quantitative text', () => {
  it('never offers a bare unit or span of time as a key phrase, but keeps phrases that contain one', () => {
    const text = [
      'Plates move at rates between 1 and 15 centimetres per year. Over ten million years a plate travels 500 kilometres.',
      'The spreading rate of the ridge is 5 centimetres per year. The ridge opened 125 million years ago.',
      'The magnetic anomaly lies 39 kilometres from the ridge. The anomaly is 780,000 years old, so the spreading rate is 50 kilometres per million years.',
      'Hotspot volcanism is dated in years; the ridge and the hotspot differ in age by millions of years.',
    ];
    const phrases = extractKeyphrases(text, { limit: 12 }).map((p) => p.phrase.toLowerCase());
    expect(phrases).toContain('ridge');
    for (const bare of ['year', 'years', 'kilometres', 'centimetres', 'rate', 'rates']) expect(phrases).not.toContain(bare);
    expect(phrases.some((p) => p.includes('spreading rate'))).toBe(true);
  });
});
