import { describe, expect, it } from 'vitest';
import type { MaterialView } from './material-view';
import { buildSuggestions } from './suggestions';

function view(sections: MaterialView['sections']): MaterialView {
  return { titles: ['A Paper'], sections, texts: [], totalWords: sections.reduce((n, s) => n + s.words, 0) };
}

/** Written so that no other rule fires: it has examples, questions and no undefined terms. */
const text = 'For example, what is a trace? A trace is a path through a loop. Why record it?';

describe('suggestions name concrete gaps', () => {
  it('a section of 1,200 words or more with no sub-heading gets a sub-heading suggestion naming it and its size', () => {
    const out = buildSuggestions(
      view([
        { heading: 'Traces', level: 2, words: 1497 },
        { heading: 'Trace Trees', level: 2, words: 937 },
      ]),
      [],
      text,
    );
    expect(out).toEqual([
      'The section "Traces" runs 1497 words under one heading; add sub-headings where its topic changes so readers can find their way in it.',
    ]);
  });

  it('a long section that has sub-headings, or a framing one (Introduction), is not a wall of text', () => {
    const out = buildSuggestions(
      view([
        { heading: 'Introduction', level: 2, words: 1400 },
        { heading: 'Trace Trees', level: 2, words: 1300 },
        { heading: 'Nesting', level: 3, words: 700 },
      ]),
      [],
      text,
    );
    expect(out).toEqual([]);
  });

  it('thin sections are named with their word count', () => {
    const out = buildSuggestions(
      view([
        { heading: 'Register Allocation', level: 2, words: 30 },
        { heading: 'Trace Trees', level: 2, words: 900 },
      ]),
      [],
      text,
    );
    expect(out[0]).toBe(
      'The section "Register Allocation" has only 30 words of material; add an explanation or an example so its textbook section is not thin.',
    );
  });

  it('material with no questions asked of the reader and no exercise section gets a practice suggestion; "in practice" is not practice', () => {
    const sections = [{ heading: 'Traces', level: 2, words: 900 }];
    const plain = 'For example, in practice a trace is a path through a loop. The ? operator picks a value.';
    expect(buildSuggestions(view(sections), [], plain)).toEqual([
      'There are no exercises or questions yet; add practice questions on "Traces" to check understanding.',
    ]);
    expect(buildSuggestions(view([...sections, { heading: 'Exercises', level: 2, words: 300 }]), [], plain)).toEqual([]);
  });
});
