import { describe, expect, it } from 'vitest';
import {
  cleanText,
  cosine,
  countWords,
  extractKeyphrases,
  joinHyphenation,
  normalizeCharacters,
  quickTokenize,
  splitSentences,
  tokenize,
  toTitleCase,
  truncateWords,
  unwrapLines,
} from './index';

const photosynthesis = `Photosynthesis converts light energy into chemical energy. In the light reactions, chlorophyll absorbs photons
and the thylakoid membrane builds a proton gradient. The Calvin cycle then fixes carbon dioxide into sugars.

Plants regulate photosynthesis through stomata. When stomata close, carbon dioxide uptake falls and the Calvin cycle slows.
Chlorophyll absorbs red and blue light most strongly; the light reactions stall in green light.`;

describe('splitSentences', () => {
  it('splits on sentence ends but not on abbreviations or decimals', () => {
    const s = splitSentences('Dr. Smith measured 3.5 volts. Was it enough? Yes, e.g. for the lamp!');
    expect(s).toEqual(['Dr. Smith measured 3.5 volts.', 'Was it enough?', 'Yes, e.g. for the lamp!']);
  });
  it('never joins a heading onto the next paragraph', () => {
    expect(splitSentences('Introduction\n\nLoops are hot. They run often.')).toEqual(['Introduction', 'Loops are hot.', 'They run often.']);
  });
  it('returns nothing for blank text', () => {
    expect(splitSentences('  \n\n ')).toEqual([]);
  });
});

describe('tokenize', () => {
  it('keeps lowercased lemmas of content words only', () => {
    const t = tokenize('The compilers were running the loops faster, and 42 of them failed!');
    expect(t).toContain('compiler');
    expect(t).toContain('loop');
    expect(t).toContain('run');
    expect(t).not.toContain('the');
    expect(t).not.toContain('and');
    expect(t).not.toContain('42');
    expect(t.every((w) => w === w.toLowerCase())).toBe(true);
  });
  it('quickTokenize stems plurals and drops stopwords', () => {
    expect(quickTokenize('The studies of trees and classes')).toEqual(['study', 'tree', 'class']);
  });
});

describe('extractKeyphrases', () => {
  it('finds the multi-word terms a text is about, best first', () => {
    const phrases = extractKeyphrases(photosynthesis.split('\n\n'), { limit: 6 }).map((p) => p.phrase.toLowerCase());
    expect(phrases).toContain('calvin cycle');
    expect(phrases).toContain('light reactions');
    expect(phrases.slice(0, 4).some((p) => p.includes('photosynthesis') || p.includes('chlorophyll') || p.includes('carbon dioxide'))).toBe(
      true,
    );
    // "cycle" alone is subsumed by "Calvin cycle".
    expect(phrases).not.toContain('cycle');
  });
  it('scores in (0, 1] with the best at 1 and respects the limit', () => {
    const res = extractKeyphrases([photosynthesis], { limit: 3 });
    expect(res).toHaveLength(3);
    expect(res[0].score).toBe(1);
    expect(res.every((p) => p.score > 0 && p.score <= 1)).toBe(true);
  });
  it('reads a sentence ending on "cannot", which the tagger gives no lemma (it failed the whole analysis)', () => {
    const text = 'The register allocator spills what the register file cannot. A register file holds what the allocator can.';
    expect(extractKeyphrases([text], { limit: 4 }).map((p) => p.phrase.toLowerCase())).toEqual(
      expect.arrayContaining(['register', 'allocator']),
    );
  });
  it('returns nothing for empty input', () => {
    expect(extractKeyphrases([])).toEqual([]);
    expect(extractKeyphrases(['', '  '])).toEqual([]);
  });
});

describe('cosine', () => {
  it('is 1 for parallel, 0 for orthogonal, -1 for opposite vectors', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
  });
  it('is 0 for empty, zero or mismatched vectors', () => {
    expect(cosine([], [])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(cosine([1, 2], [1, 2, 3])).toBe(0);
  });
});

describe('text cleanup', () => {
  it('replaces ligatures and odd spaces, removes soft hyphens and control characters', () => {
    expect(normalizeCharacters('e\uFB03cient \uFB01le\u00A0size\u00ADs\u0007')).toBe('efficient file sizes');
  });
  it('composes a TeX spacing accent with its letter, but reads a tilde after a slash as the "~" of a web address', () => {
    expect(normalizeCharacters('na\u00A8\u0131ve Se\u02DCnor at http://tau.ac.il/\u02DCtromer/acoustic/')).toBe(
      'naïve Señor at http://tau.ac.il/~tromer/acoustic/',
    );
  });
  it('keeps the letters œ and Œ of French words ("par cœur", "Œuvres"), which are no typographic ligatures', () => {
    expect(normalizeCharacters('Formulaire (à connaître par cœur), Œuvres complètes')).toBe(
      'Formulaire (à connaître par cœur), Œuvres complètes',
    );
  });
  it('joins words hyphenated across lines but keeps real compounds', () => {
    expect(joinHyphenation('the compi-\nlation step')).toBe('the compilation step');
    expect(joinHyphenation('a well-\nknown result', new Set(['well-known']))).toBe('a well-known result');
    expect(joinHyphenation('see Section-\nThree')).toBe('see Section-\nThree');
    // A break inside a compound of three parts keeps its hyphen ("step-by-step", never "stepby-step").
    expect(joinHyphenation('in a step-\nby-step fashion', undefined, new Set(['fashion']))).toBe('in a step-by-step fashion');
    expect(joinHyphenation('an up-\nto-date list')).toBe('an up-to-date list');
  });
  it('unwraps lines into one paragraph', () => {
    expect(unwrapLines('Trace trees are\n  recorded for hot  loops, and com-\npiled.')).toBe(
      'Trace trees are recorded for hot loops, and compiled.',
    );
  });
  it('cleanText keeps paragraph breaks and trims', () => {
    expect(cleanText('  One   two \r\n\r\n\r\n three\t four  ')).toBe('One two\n\nthree four');
  });
  it('counts words and truncates at a word boundary', () => {
    expect(countWords("It's a 3.5-volt cell, isn't it?")).toBe(6);
    expect(truncateWords('alpha beta gamma delta', 14)).toBe('alpha beta...');
  });
  it('title-cases headings but keeps acronyms and small words', () => {
    expect(toTitleCase('introduction to the JIT compiler')).toBe('Introduction to the JIT Compiler');
  });
});
