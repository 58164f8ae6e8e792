import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { assessmentXml, itemsOf } from './qti';

/** The QTI items of the cartridge, read back with an XML parser as an LMS importer would. */
function parseItems(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return Array.from(doc.getElementsByTagName('item')).map((item) => {
    const fields = Object.fromEntries(
      Array.from(item.getElementsByTagName('qtimetadatafield')).map((f) => [
        f.getElementsByTagName('fieldlabel')[0].textContent,
        f.getElementsByTagName('fieldentry')[0].textContent,
      ]),
    );
    const scoring = Array.from(item.getElementsByTagName('respcondition')).filter((c) => c.getElementsByTagName('setvar').length > 0);
    return {
      profile: fields.cc_profile,
      computerScored: fields.qmd_computerscored,
      accepted: scoring.map((c) => c.getElementsByTagName('varequal')[0].textContent),
      feedback: item.getElementsByTagName('itemfeedback')[0]?.textContent ?? '',
    };
  });
}

const passage =
  'Linear regression is a common statistical analysis when you have both a continuous x-variable and a continuous y-variable. ' +
  'The idea is that the x-variable is meant to cause changes in the y-variable.';

describe('QTI items of the cartridge', () => {
  it('a short answer of a few words is auto-marked; a model answer of a whole passage becomes an essay with the answer as feedback', () => {
    const items = itemsOf('quiz', {
      questions: [
        {
          type: 'short-answer',
          prompt: 'Who is in the picture first?',
          answer: 'Alice',
          explanation: 'The sentence names her.',
          source: 'x',
        },
        { type: 'short-answer', prompt: 'Summarize linear regression.', answer: passage, explanation: 'From the chapter.', source: 'x' },
      ],
    });
    const parsed = parseItems(assessmentXml('a1', 'Quiz', items));
    expect(parsed[0]).toMatchObject({ profile: 'cc.fib.v0p1', accepted: ['Alice'] });
    // No LMS could match a student's typing against a 200-character passage: every answer would be marked wrong.
    expect(parsed[1].profile).toBe('cc.essay.v0p1');
    expect(parsed[1].accepted).toEqual([]);
    expect(parsed[1].feedback).toContain(`Model answer: ${passage}`);
    expect(parsed[1].feedback).toContain('From the chapter.');
  });

  it('an assessment short answer with a long model answer is an essay; a true/false item without an answer gets none invented', () => {
    const items = itemsOf('assessment', {
      totalPoints: 12,
      items: [
        { type: 'short-answer', prompt: 'Explain the idea.', answer: passage, points: 5, rubric: ['States the idea'] },
        { type: 'true-false', prompt: 'The slope can be zero.', points: 1 },
        { type: 'true-false', prompt: 'The mean residual is zero.', answer: 'true', points: 1 },
        { type: 'short-answer', prompt: 'Name the response variable.', answer: 'y', points: 5, rubric: ['y'] },
      ],
    });
    const parsed = parseItems(assessmentXml('a2', 'Assessment', items));
    expect(parsed.map((p) => p.profile)).toEqual(['cc.essay.v0p1', 'cc.true_false.v0p1', 'cc.true_false.v0p1', 'cc.fib.v0p1']);
    expect(parsed[0].feedback).toContain('Model answer:');
    expect(parsed[0].feedback).toContain('Rubric: States the idea');
    expect(parsed[1].accepted).toEqual([]);
    expect(parsed[2].accepted).toEqual(['a2_q3_c1']);
    expect(parsed[3].accepted).toEqual(['y']);
  });

  it('marks every essay as scored by a person (CC QTI rule 8f: qmd_computerscored), and no other item', () => {
    const items = itemsOf('assessment', {
      totalPoints: 12,
      items: [
        { type: 'essay', prompt: 'Explain entropy.', points: 10, rubric: ['Defines it'] },
        { type: 'multiple-choice', prompt: 'Pick one', options: ['a', 'b'], answer: 'a', points: 2 },
      ],
    });
    const parsed = parseItems(assessmentXml('a1', 'Exam', items));
    expect(parsed.map((i) => [i.profile, i.computerScored])).toEqual([
      ['cc.essay.v0p1', 'No'],
      ['cc.multiple_choice.v0p1', undefined],
    ]);
  });
});
