import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { classifyGuidance } from './classify';
import { groupIntoParts, parsePartsRequest } from './parts';
import { lostSentences } from '@server/ai/shared/units';

/** A logic book written for this test, in the order forall x teaches it. */
const chapter = (title: string, text: string, sections: Array<[string, string]> = []) => ({
  id: title,
  title,
  content: `<p>${text}</p>`,
  sections: sections.map(([t, c]) => ({ id: `${title}/${t}`, title: t, content: `<p>${c}</p>` })),
});
const book: TextbookContent = {
  title: 'Logic',
  references: [],
  chapters: [
    chapter('Sentences', 'Sentential logic studies sentences joined by connectives.'),
    chapter('Truth tables', 'A truth table gives the truth value of a sentential formula for each valuation.', [
      ['Complete tables', 'A complete truth table lists every valuation of the sentence letters.'],
    ]),
    chapter('Quantifiers', 'Quantified logic adds quantifiers that range over a domain of objects.'),
    chapter('Models', 'A model for quantified logic gives a domain and an extension to each predicate.'),
    chapter('Natural deduction', 'Proofs in natural deduction apply rules to derive a conclusion from premises.'),
    chapter('Derived rules', 'Derived rules shorten proofs; every derived rule can be replaced by basic proof steps.'),
  ],
};

describe('grouping chapters into parts', () => {
  it('reads the instruction the issue quotes, and the range form', () => {
    expect(parsePartsRequest('Group the chapters into three parts: sentential logic, quantified logic, and proofs')).toEqual({
      kind: 'named',
      names: ['sentential logic', 'quantified logic', 'proofs'],
    });
    expect(parsePartsRequest('Group chapters 1-3 into a part called Foundations')).toEqual({
      kind: 'range',
      from: 1,
      to: 3,
      name: 'Foundations',
    });
    expect(classifyGuidance('Group the chapters into three parts: sentential logic, quantified logic, and proofs').kind).toBe('parts');
    // A count that does not match the names listed is not guessed at.
    expect(parsePartsRequest('Group the chapters into two parts: sentential logic, quantified logic, and proofs')).toBeNull();
  });

  it('makes each part from the run of chapters about it, in order, losing nothing', () => {
    const request = parsePartsRequest('Group the chapters into three parts: sentential logic, quantified logic, and proofs')!;
    const { content, summary } = groupIntoParts(book, request);
    expect(content.chapters.map((c) => c.title)).toEqual(['Part 1: sentential logic', 'Part 2: quantified logic', 'Part 3: proofs']);
    expect(content.chapters.map((c) => c.sections.map((s) => s.title))).toEqual([
      ['Sentences', 'Truth tables'],
      ['Quantifiers', 'Models'],
      ['Natural deduction', 'Derived rules'],
    ]);
    // A chapter's own section follows inside it under its title.
    expect(content.chapters[0].sections[1].content).toContain('<h3>Complete tables</h3>');
    expect(htmlToText(content.chapters[0].sections[1].content)).toContain('A complete truth table lists every valuation');
    expect(lostSentences(book, content)).toEqual([]);
    expect(summary).toContain('"proofs" (chapters 5-6)');
  });

  it('groups a numbered range into one part and leaves the other chapters as they are', () => {
    const { content } = groupIntoParts(book, { kind: 'range', from: 1, to: 2, name: 'Foundations' });
    expect(content.chapters.map((c) => c.title)).toEqual(['Foundations', 'Quantifiers', 'Models', 'Natural deduction', 'Derived rules']);
    expect(lostSentences(book, content)).toEqual([]);
  });

  it('refuses, with a reason and an example that works, a part no chapter is about', () => {
    const request = { kind: 'named' as const, names: ['sentential logic', 'modal logic', 'proofs'] };
    expect(() => groupIntoParts(book, request)).toThrow(
      /No chapter is about "modal logic".*Group chapters 1-3 into a part called Foundations/,
    );
  });
});
