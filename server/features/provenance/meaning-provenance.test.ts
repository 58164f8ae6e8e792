import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvenanceBlock } from '@common/provenance';
import { LocalEmbedder } from '@server/ai/embeddings/local-embedder';
import type { LlmChapterText } from '@server/ai/llm/schemas';
import type { Material } from '@server/ai/material';
import { tracemonkeyMaterial, tracingBook, tracingModel } from '@server/test/ai/tracing-book.support';
import { indexOf, judgeWith, type ChapterText } from './chapter-provenance';
import { similaritiesOf } from './meaning';

/**
 * Support by meaning as well as words: a sentence that says what its cited passage says in other words is
 * supported once sentence embeddings are compared, while a number or a name the passage does not hold, or a
 * claim it does not make, stays unsupported. Without embeddings the same sentences are judged by words only.
 */
// The cited passage (3.1 Traces): "A trace is simply a program path, which may cross function call boundaries."
const inOtherWords = 'Put differently, traces are routes through a program that are allowed to go past the edges of called functions [S2].';
const otherWordsWrongNumber =
  'Put differently, traces are routes through a program that may go past the edges of 12 called functions [S2].';
const otherWordsWrongName =
  'Put differently, as Brendan Eich showed, traces are routes through a program that go past the edges of called functions [S2].';
const anotherClaim = 'Traces are recorded only for loops that run often, and never for straight-line code [S2].';

const chapterText: LlmChapterText = {
  introduction: ['This chapter describes traces [S1].'],
  sections: [{ title: 'Traces', paragraphs: [inOtherWords, otherWordsWrongNumber, otherWordsWrongName, anotherClaim] }],
};

let material: Material;
let chapter: ChapterText;
const embedder = new LocalEmbedder();
beforeAll(async () => {
  material = await tracemonkeyMaterial();
  // The book as the scripted model writes it; retrieval by BM25 only (the chunks carry no vectors).
  chapter = (await tracingBook(tracingModel(chapterText), material)).chapters[0];
}, 60_000);
afterAll(() => embedder.close());

function verdictOf(blocks: ProvenanceBlock[], start: string): ProvenanceBlock['verdict'] {
  const found = blocks.find((b) => b.text.startsWith(start));
  expect(found, start).toBeDefined();
  return found!.verdict;
}

describe('support by meaning', () => {
  it('by words only, a sentence in other words than its cited passage is unsupported', () => {
    const { answer, questions } = judgeWith(indexOf(material), chapter, 0);
    expect(questions).toEqual([]);
    expect(answer.supportBy).toBe('words');
    expect(verdictOf(answer.blocks, 'Put differently, traces are routes')).toBe('unsupported');
  });

  it('with sentence embeddings it is supported; a wrong number or name, or another claim, stays unsupported', async () => {
    const held = indexOf(material);
    const first = judgeWith(held, chapter, 0, 'ask');
    // Only sentences whose passages hold their numbers and names are asked about.
    const asked = new Set(first.questions.map((q) => q.sentence));
    expect([...asked].some((s) => s.startsWith('Put differently, traces are routes through a program that are allowed'))).toBe(true);
    expect([...asked].some((s) => s.includes('12 called functions'))).toBe(false);
    expect([...asked].some((s) => s.includes('Brendan Eich'))).toBe(false);
    const similarities = await similaritiesOf(embedder, first.questions);
    const { answer } = judgeWith(held, chapter, 0, similarities);
    expect(answer.supportBy).toBe('words-and-meaning');
    const supported = answer.blocks.find((b) =>
      b.text.startsWith('Put differently, traces are routes through a program that are allowed'),
    )!;
    expect(supported.verdict).toBe('supported');
    expect(supported.source?.passage).toContain('program path');
    expect(supported.stored).toBe(true);
    expect(verdictOf(answer.blocks, 'Put differently, traces are routes through a program that may go past the edges of 12')).toBe(
      'unsupported',
    );
    expect(verdictOf(answer.blocks, 'Put differently, as Brendan Eich')).toBe('unsupported');
    expect(verdictOf(answer.blocks, 'Traces are recorded only for loops')).toBe('unsupported');
  }, 120_000);
});
