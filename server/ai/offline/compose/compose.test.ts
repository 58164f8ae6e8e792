import { describe, expect, it } from 'vitest';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { divideBlocks, escapeHtml, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { cleanSentence, repairAccents } from '@server/ai/shared/sentence-filter';
import { UsedSentences } from '@server/ai/shared/used-sentences';

describe('sentence filter', () => {
  it('keeps prose and repairs accents', () => {
    expect(cleanSentence('Nested loops can be difficult to optimize for tracing VMs.')).toBe(
      'Nested loops can be difficult to optimize for tracing VMs.',
    );
    expect(repairAccents('In a na¨ıve implementation')).toBe('In a naïve implementation');
    expect(cleanSentence('(12) For example, we would expect loop counters to remain integers.')).toBe(
      'For example, we would expect loop counters to remain integers.',
    );
  });

  it('drops debris: fragments, broken words, captions, boilerplate, references, code, numbers', () => {
    for (const debris of [
      'and is used for the application logic of browser-based productivity applications.',
      'Dynamic languages such as JavaScript are more difficult to com- pile than statically typed ones.',
      'Figure 4. x86 snippet for sample program with the loop body shown.',
      'Permission to make digital or hard copies of all or part of this work is granted.',
      '[7] V. Bala, E. Duesterwald, and S. Banerjia. Dynamo: a transparent dynamic optimization system. In PLDI, 2000.',
      'Gal, A., Probst, C. W., and Franz, M. HotpathVM: an effective JIT compiler. VEE 2006.',
      'for (var i = 2; i < 100; ++i) { if (!primes[i]) continue; }',
      'Keywords JavaScript, just-in-time compilation, trace trees.',
      '3.2 1.5 4.8 12 77 0.5 and 1 2 3 4 5 6.',
      'Far too short.',
      'A heading without an end',
    ]) {
      expect(cleanSentence(debris), debris).toBeNull();
    }
  });
});

describe('used sentences', () => {
  it('refuses exact and near repeats, either way round', () => {
    const used = new UsedSentences();
    expect(used.tryAdd('The trace monitor decides whether to record or execute a native trace.')).toBe(true);
    expect(used.tryAdd('the trace monitor decides whether to record, or execute, a native trace')).toBe(false);
    expect(used.tryAdd('At this point the trace monitor decides whether to record or execute a native trace.')).toBe(false);
    expect(used.tryAdd('Recording stops when execution returns to the loop header.')).toBe(true);
    expect(used.size).toBe(2);
  });
});

describe('html helpers', () => {
  it('splits top-level blocks without losing text and divides them evenly', () => {
    const html = '<p>One <strong>two</strong>.</p><ul><li>a</li><li>b</li></ul>loose<p>Three.</p><img src="/api/images/1">';
    const blocks = htmlBlocks(html);
    expect(blocks).toEqual([
      '<p>One <strong>two</strong>.</p>',
      '<ul><li>a</li><li>b</li></ul>',
      'loose',
      '<p>Three.</p>',
      '<img src="/api/images/1">',
    ]);
    expect(blocks.join('')).toBe(html);
    const runs = divideBlocks(blocks, 2);
    expect(runs).toHaveLength(2);
    expect(runs.flat()).toEqual(blocks);
    expect(htmlToText('<p>a &amp; b</p><p>c</p>')).toBe('a & b c');
    expect(escapeHtml('<script>"x"</script>')).toBe('&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
  });
});

describe('fast sentence splitter', () => {
  it('splits at sentence ends but not after abbreviations, initials or et al.', () => {
    expect(
      fastSentences('Trace trees were proposed by Gal et al. (11) in the context of Java. They work, e.g. for loops. A. Gal wrote it.'),
    ).toEqual(['Trace trees were proposed by Gal et al. (11) in the context of Java.', 'They work, e.g. for loops.', 'A. Gal wrote it.']);
  });
});
