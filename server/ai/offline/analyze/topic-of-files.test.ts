import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { combineFileTopics, fileTopics } from './topic-of-files';
import { textMaterial } from '@server/test/ai/material.support';

const material = textMaterial;

const probability = [
  '# Classical Probability',
  'When every outcome of an experiment is equally likely, the probability of an event is the number of outcomes in the event divided by the number of all outcomes. Rolling a fair die, the probability of an even number is three in six.',
  '## Counting outcomes',
  'The multiplication rule counts the outcomes of several steps: two coins and a die give two times two times six outcomes. Permutations count ordered arrangements and combinations count unordered selections of items.',
  '## Complements',
  'The probability that an event does not happen is one minus the probability that it happens. The chance of at least one six in four rolls is easiest to find through its complement.',
].join('\n\n');

const networks = [
  '# Computer Networks',
  'A network connects computers so that they can exchange messages. Every message is cut into packets, and routers pass the packets along from one network to the next until they reach their destination.',
  '## Addresses',
  'Every computer on the internet has an address. The domain name system translates a name such as example.org into the address that routers use to deliver packets to that computer.',
  '## Protocols',
  'A protocol is a set of rules for exchanging messages. The transmission control protocol resends lost packets and puts packets back in order, so that programs can read a reliable stream of bytes.',
].join('\n\n');

const search = async () => [];

describe('the topic of several files', () => {
  it('two unrelated files: each file topic is in it, not one file alone', async () => {
    const both = material(['probability.md', probability], ['networks.md', networks]);
    const perFile = fileTopics(both);
    expect(perFile).toEqual(['Classical Probability', 'Computer Networks']);
    const { detectedTopic } = await analyze({ material: both, retriever: { search } }, {});
    for (const own of perFile) expect(detectedTopic).toContain(own);
    // Each file alone gives the same topic as in the pair.
    for (const [i, file] of [
      ['probability.md', probability] as [string, string],
      ['networks.md', networks] as [string, string],
    ].entries()) {
      const alone = await analyze({ material: material(file), retriever: { search } }, {});
      expect(alone.detectedTopic).toBe(perFile[i]);
    }
  });

  it('the topic the files share wins over naming each one', () => {
    const phrases = [
      { phrase: 'regression', score: 1 },
      { phrase: 'data', score: 0.9 },
    ];
    expect(combineFileTopics(['Linear regression', 'Logistic regression'], phrases)).toBe('Regression');
    expect(combineFileTopics(['Ecology week 1', 'Ecology week 2'], phrases)).toBe('Ecology');
    expect(combineFileTopics(['Networks', 'networks'], phrases)).toBe('Networks');
  });

  it('joins two or three topics readably and leaves more to the key phrases', () => {
    expect(combineFileTopics(['Optics', 'Networks'], [])).toBe('Optics and Networks');
    expect(combineFileTopics(['Optics', 'Networks', 'Genetics'], [])).toBe('Optics, Networks and Genetics');
    expect(combineFileTopics(['Combinatorics and Probability', 'Networks'], [])).toBe('Combinatorics and Probability, and Networks');
    expect(combineFileTopics(['Optics', 'Networks', 'Genetics', 'Poetry'], [])).toBe('');
    expect(combineFileTopics(['', 'Networks'], [])).toBe('Networks');
  });
});
