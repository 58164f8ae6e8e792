import { describe, expect, it } from 'vitest';
import { htmlToText } from '@common/textbook-ops/html';
import { divideIntoSections } from './sections';

const p = (text: string, isNew = false) => ({ html: `<p>${text}</p>`, isNew });
const opts = () => ({ chapterTitle: 'Thermodynamics', taken: new Set<string>() });

/** Every sentence of the input, as the divided chapter's sections hold them, joined back. */
const sectionTexts = (result: ReturnType<typeof divideIntoSections>) => result!.sections.map((s) => htmlToText(s.content));

describe('divideIntoSections keeps sentences and lead-ins whole', () => {
  it('never ends a section inside a sentence that the source broke over two paragraphs', () => {
    const blocks = [
      p('The first law of thermodynamics relates heat and work in a closed system.'),
      p('We combine the first law with our microscopic definition of internal'),
      p('energy to describe our system in terms of its states.'),
      p('Entropy measures how many microscopic states are compatible with a macroscopic one.'),
      p('The second law says that the entropy of an isolated system never decreases over time.'),
      p('Temperature is defined through the change of entropy with internal energy at fixed volume.'),
    ];
    const result = divideIntoSections(blocks, 4, opts());
    expect(result).not.toBeNull();
    const texts = sectionTexts(result);
    // The broken sentence is in one section, in one piece.
    expect(texts.some((t) => t.includes('definition of internal') && t.includes('energy to describe our system'))).toBe(true);
    expect(texts.every((t) => !/^energy to describe/.test(t))).toBe(true);
  });

  it('keeps a sentence that introduces a list with the list', () => {
    const blocks = [
      p('Sorting algorithms arrange the items of a list in a chosen order, usually ascending.'),
      p('Insertion sort builds the sorted list one item at a time from the front.'),
      p('The algorithm proceeds in three steps:'),
      { html: '<ol><li>Take the next item.</li><li>Find its place.</li><li>Insert it.</li></ol>', isNew: false },
      p('Merge sort divides the list into halves, sorts each half and merges the results.'),
      p('Quick sort partitions the list around a pivot and sorts the two parts recursively.'),
    ];
    const result = divideIntoSections(blocks, 3, opts());
    expect(result).not.toBeNull();
    const holder = result!.sections.find((s) => s.content.includes('three steps:'));
    expect(holder?.content).toContain('<ol>');
  });

  it('gives up (null) rather than cut when the whole units are fewer than the sections asked', () => {
    const blocks = [p('A sentence that runs on over'), p('several paragraphs of the source because the'), p('layout broke its lines.')];
    expect(divideIntoSections(blocks, 2, opts())).toBeNull();
  });
});
