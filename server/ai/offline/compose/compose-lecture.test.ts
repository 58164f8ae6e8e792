import { describe, expect, it } from 'vitest';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { keyphraseTitle } from './keyphrase-titles';
import { groupParagraphs } from './paragraphs';
import { segmentSentences } from './segment';
import { cleanSentence } from '@server/ai/shared/sentence-filter';
import { buildSourceSentences } from './source-sentences';

describe('sentence filter on lecture material', () => {
  it('keeps worked-example questions, computations with units and "Example N." labels', () => {
    const paragraph =
      'Example 1. A stake on a glacier moves 36 metres in 90 days. What is the surface velocity? ' +
      'The velocity is distance divided by time: 36 m / 90 days = 0.4 m/day = 146 m/yr. ' +
      'Converting units, 4 cm/yr is 40 km/Myr, so the time is 5,000 / 40 = 125 million years.';
    const sentences = fastSentences(paragraph);
    expect(sentences).toEqual([
      'Example 1. A stake on a glacier moves 36 metres in 90 days.',
      'What is the surface velocity?',
      'The velocity is distance divided by time: 36 m / 90 days = 0.4 m/day = 146 m/yr.',
      'Converting units, 4 cm/yr is 40 km/Myr, so the time is 5,000 / 40 = 125 million years.',
    ]);
    for (const s of sentences) expect(cleanSentence(s), s).toBe(s);
    expect(cleanSentence('An ice core from Greenland is 1,500 metres long and its base is about 60,000 years old.')).not.toBeNull();
  });

  it('still drops number tables, code and captions', () => {
    for (const debris of [
      '3.2 1.5 4.8 12 77 0.5 and 1 2 3 4 5 6.',
      'for (var i = 2; i < 100; ++i) { x = y / 2; }',
      'Figure 4. x86 snippet for sample program with the loop body shown.',
      'x = 3 y = 4 z = 5 w = 6 and v = 7.',
    ]) {
      expect(cleanSentence(debris), debris).toBeNull();
    }
  });
});

describe('segmentation and paragraphs', () => {
  const definitions = [
    'Firn: granular snow that has survived at least one melt season.',
    'Ablation: all the processes by which a glacier loses mass. It is strongest near the snout in summer. Calving adds to it at tidewater fronts.',
    'Moraine: a ridge of unsorted sediment deposited directly by glacier ice.',
    'Crevasse: a deep open crack in the upper brittle layer of a glacier.',
    'Striation: a scratch cut into bedrock by stones frozen into moving ice.',
  ];

  it('never cuts a source paragraph when it segments a chapter', () => {
    const { sentences } = buildSourceSentences(definitions.map((text) => ({ text })));
    for (const parts of [2, 3]) {
      const pieces = segmentSentences(sentences, parts);
      for (let i = 1; i < pieces.length; i++) expect(pieces[i][0].paragraph).not.toBe(pieces[i - 1][pieces[i - 1].length - 1].paragraph);
      expect(pieces.flat()).toEqual(sentences);
    }
    // One long paragraph has no place to cut: it stays whole.
    const { sentences: single } = buildSourceSentences([{ text: definitions.join(' ') }]);
    expect(segmentSentences(single, 2)).toEqual([single]);
  });

  it('prints each entry of a definitions list as its own paragraph, whole', () => {
    const { sentences } = buildSourceSentences([{ text: definitions.join(' ') }]);
    const paragraphs = groupParagraphs(sentences).map((p) => p.join(' '));
    expect(paragraphs).toEqual(definitions);
  });
});

describe('key-phrase titles', () => {
  it('are noun phrases written in the text, several words rather than one', () => {
    const forces = [
      'Slab pull is the force exerted by the cold, dense descending slab on the rest of the plate.',
      'Plates attached to long subducting slabs move fastest, which suggests that slab pull dominates.',
      'The slab sinks because it is colder and denser than the mantle around the slab.',
      'Ridge push arises because the elevated ridge sits higher than the surrounding sea floor.',
    ];
    const title = keyphraseTitle(forces);
    expect(title).toBe('Slab pull');
    const intro = [
      'Before the theory was accepted, geologists treated mountain building, volcanism and seismicity as separate problems.',
      'Later work showed that geologists treated mountain building too narrowly.',
      'Mountain building is now explained by the collision of plates.',
    ];
    const introTitle = keyphraseTitle(intro) ?? '';
    expect(introTitle.toLowerCase()).not.toMatch(/treated/);
    expect(intro.join(' ').toLowerCase()).toContain(introTitle.toLowerCase());
    expect(introTitle.split(' ').length).toBeGreaterThanOrEqual(2);
  });
});
