import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { parseGift } from '@server/test/export/gift-reader.support';
import { skipWithoutXmllint, validateCcQti, xmllint } from '@server/test/export/qti-schema.support';
import { downloadItems } from './download-items';
import { writeMaterialFile } from './material-download';

/** A quiz whose text holds every character the formats must escape: GIFT's ~ = # { } :, XML's < & " and a control character. */
const quiz = {
  questions: [
    {
      type: 'multiple-choice',
      prompt: 'In the set {a, b}, which symbol means "is an element of": x ~ y, x = y, or x ∈ A?',
      options: ['x ∈ A', 'x ~ y', 'x = y', 'x < y & y > z'],
      answer: 'x ∈ A',
      explanation: 'Membership is written with ∈ (see #2: sets).',
      source: 'We write x ∈ A when x is an element of A.',
    },
    {
      type: 'true-false',
      prompt: 'Ratio: a 2:1 mixture has twice as much of the first part.',
      answer: 'True',
      explanation: 'A ratio a:b compares the parts.',
      source: 'A 2:1 mixture has two parts of the first to one of the second.',
    },
    {
      type: 'short-answer',
      prompt: 'What is the name of the set with no elements?\u0007',
      answer: 'empty set',
      explanation: 'It is written ∅ or {}.',
      source: 'The empty set, written ∅, has no elements.',
    },
    {
      type: 'short-answer',
      prompt: 'Explain why the union of two finite sets is finite.',
      answer:
        'The union has at most as many elements as the two sets together, and the sum of two finite counts is finite, so the union cannot be infinite.',
      explanation: 'Count the elements of each set.',
      source: 'The union of two finite sets is finite.',
    },
  ],
};

const assessment = {
  totalPoints: 16,
  items: [
    { type: 'essay', prompt: 'Compare {sets} and lists: when does order matter?', points: 10, rubric: ['Names order', 'Names repetition'] },
    { type: 'multiple-choice', prompt: 'Which is a subset of every set?', options: ['∅', '{0}', 'ℕ'], answer: '∅', points: 4 },
    { type: 'true-false', prompt: 'Every set is a subset of itself.', answer: 'true', points: 2 },
  ],
};

const quizItems = downloadItems('quiz', quiz);
const examItems = downloadItems('assessment', assessment);
const write = (format: 'qti' | 'moodle' | 'gift' | 'docx' | 'pdf', items = quizItems, title = 'Quiz: Sets {1}') =>
  writeMaterialFile(title, items, { format }, 'en');
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('quiz and assessment downloads', () => {
  it('a lesson plan has no questions to download', () => {
    expect(() =>
      downloadItems('lessonPlan', { objectives: ['x'], durationMinutes: 5, activities: [], materials: [], assessment: ['y'] }),
    ).toThrow(/Only quizzes and assessments/);
  });

  it('QTI: a content package whose manifest names the assessment, every item valid against the CC QTI profile (XSD and Schematron)', async () => {
    for (const [items, kinds] of [
      [quizItems, ['cc.multiple_choice.v0p1', 'cc.true_false.v0p1', 'cc.fib.v0p1', 'cc.essay.v0p1']],
      [examItems, ['cc.essay.v0p1', 'cc.multiple_choice.v0p1', 'cc.true_false.v0p1']],
    ] as const) {
      const zip = await JSZip.loadAsync(await write('qti', items));
      const manifest = new DOMParser().parseFromString(await zip.file('imsmanifest.xml')!.async('string'), 'application/xml');
      const resource = manifest.getElementsByTagName('resource')[0];
      expect(resource.getAttribute('type')).toBe('imsqti_xmlv1p2');
      const xml = await zip.file(resource.getAttribute('href')!)!.async('string');
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const profiles = Array.from(doc.getElementsByTagName('item')).map(
        (item) =>
          Array.from(item.getElementsByTagName('qtimetadatafield'))
            .find((f) => f.getElementsByTagName('fieldlabel')[0].textContent === 'cc_profile')!
            .getElementsByTagName('fieldentry')[0].textContent,
      );
      expect(profiles).toEqual(kinds);
      // The bell character (U+0007) cannot be in XML: it is dropped, the question kept.
      if (items === quizItems) expect(xml).toContain('What is the name of the set with no elements?</mattext>');
      if (!xmllint) {
        console.warn(skipWithoutXmllint);
        continue;
      }
      const result = validateCcQti(xml);
      expect(result.errors).toBe('');
      expect(result.items).toBe(items.length);
    }
  });

  it('an item worth 150 points is weighted 99, the most the CC profile allows, and stays valid', async () => {
    const heavy = downloadItems('assessment', {
      totalPoints: 150,
      items: [{ type: 'essay', prompt: 'Write the report.', points: 150, rubric: ['Complete'] }],
    });
    const zip = await JSZip.loadAsync(await write('qti', heavy));
    const xml = await zip.file('assessment/assessment.xml')!.async('string');
    expect(xml).toContain('<fieldlabel>cc_weighting</fieldlabel><fieldentry>99</fieldentry>');
    if (!xmllint) return console.warn(skipWithoutXmllint);
    expect(validateCcQti(xml).errors).toBe('');
  });

  it('the CC QTI check fails an essay not marked as scored by a person, so it can fail', async () => {
    if (!xmllint) return console.warn(skipWithoutXmllint);
    const zip = await JSZip.loadAsync(await write('qti', examItems));
    const xml = await zip.file('assessment/assessment.xml')!.async('string');
    const broken = xml.replace(
      /<qtimetadatafield><fieldlabel>qmd_computerscored<\/fieldlabel><fieldentry>No<\/fieldentry><\/qtimetadatafield>/,
      '',
    );
    expect(broken).not.toBe(xml);
    const result = validateCcQti(broken);
    expect(result.valid).toBe(false);
    expect(result.errors).toContain('RULE 8f');
  });

  it('Moodle XML: a category, then multichoice, truefalse, shortanswer and essay questions with the text unchanged', async () => {
    const doc = new DOMParser().parseFromString(decode(await write('moodle')), 'application/xml');
    const questions = Array.from(doc.getElementsByTagName('question'));
    expect(questions.map((q) => q.getAttribute('type'))).toEqual(['category', 'multichoice', 'truefalse', 'shortanswer', 'essay']);
    expect(questions[0].getElementsByTagName('text')[0].textContent).toBe('$course$/top/Quiz: Sets {1}');
    const textOf = (q: Element, tag: string) => q.getElementsByTagName(tag)[0].getElementsByTagName('text')[0].textContent;
    expect(textOf(questions[1], 'questiontext')).toBe(quiz.questions[0].prompt);
    const answers = Array.from(questions[1].getElementsByTagName('answer')).map((a) => [
      a.getAttribute('fraction'),
      a.getElementsByTagName('text')[0].textContent,
    ]);
    expect(answers).toEqual([
      ['100', 'x ∈ A'],
      ['0', 'x ~ y'],
      ['0', 'x = y'],
      ['0', 'x < y & y > z'],
    ]);
    expect(questions[1].getElementsByTagName('single')[0].textContent).toBe('true');
    const truth = Array.from(questions[2].getElementsByTagName('answer')).map((a) => [a.getAttribute('fraction'), a.textContent]);
    expect(truth).toEqual([
      ['100', 'true'],
      ['0', 'false'],
    ]);
    expect(textOf(questions[3], 'questiontext')).toBe('What is the name of the set with no elements?');
    expect(questions[3].getElementsByTagName('answer')[0].getElementsByTagName('text')[0].textContent).toBe('empty set');
    expect(textOf(questions[4], 'graderinfo')).toContain(`Model answer: ${quiz.questions[3].answer}`);
    expect(Array.from(doc.getElementsByTagName('defaultgrade')).map((g) => g.textContent)).toEqual(['1', '1', '1', '1']);
  });

  it('Moodle XML of an assessment keeps the points of each item', async () => {
    const doc = new DOMParser().parseFromString(decode(await write('moodle', examItems, 'Exam')), 'application/xml');
    expect(Array.from(doc.getElementsByTagName('defaultgrade')).map((g) => g.textContent)).toEqual(['10', '4', '2']);
    expect(doc.getElementsByTagName('graderinfo')[0].textContent).toContain('Rubric: Names order; Names repetition');
  });

  it('GIFT: read back by a GIFT reader, every prompt, right and wrong answer and feedback is the same text', async () => {
    const text = decode(await write('gift'));
    const parsed = parseGift(text);
    expect(parsed.category).toBe('$course$/top/Quiz: Sets {1}');
    expect(parsed.questions.map((q) => q.type)).toEqual(['multichoice', 'truefalse', 'shortanswer', 'essay']);
    expect(parsed.questions.map((q) => q.name)).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4']);
    expect(parsed.questions[0]).toMatchObject({
      format: 'plain',
      prompt: quiz.questions[0].prompt,
      right: ['x ∈ A'],
      wrong: ['x ~ y', 'x = y', 'x < y & y > z'],
      generalFeedback: quiz.questions[0].explanation,
    });
    expect(parsed.questions[1]).toMatchObject({ prompt: quiz.questions[1].prompt, truth: true });
    expect(parsed.questions[2]).toMatchObject({ prompt: 'What is the name of the set with no elements?', right: ['empty set'] });
    expect(parsed.questions[3].generalFeedback).toContain(quiz.questions[3].answer);
    // Every control character of the format inside the text is escaped: none can open or close a block.
    expect(text).toContain('In the set \\{a, b\\}');
    expect(text).toContain('Ratio\\: a 2\\:1 mixture');
  });

  it('GIFT of an assessment: an essay with its rubric, a choice and a true/false', async () => {
    const parsed = parseGift(decode(await write('gift', examItems, 'Exam')));
    expect(parsed.questions.map((q) => q.type)).toEqual(['essay', 'multichoice', 'truefalse']);
    expect(parsed.questions[0].prompt).toBe('Compare {sets} and lists: when does order matter?');
    expect(parsed.questions[0].generalFeedback).toBe('Rubric: Names order; Names repetition');
    expect(parsed.questions[1]).toMatchObject({ right: ['∅'], wrong: ['{0}', 'ℕ'] });
  });

  it('DOCX handout: the questions first, then a page break, then the answer key; no key before the break', async () => {
    const zip = await JSZip.loadAsync(await write('docx'));
    const xml = await zip.file('word/document.xml')!.async('string');
    const paragraphs = Array.from(new DOMParser().parseFromString(xml, 'application/xml').getElementsByTagName('w:p')).map((p) => ({
      text: Array.from(p.getElementsByTagName('w:t'))
        .map((t) => t.textContent)
        .join(''),
      breakBefore: p.getElementsByTagName('w:pageBreakBefore').length > 0 || p.getElementsByTagName('w:br').length > 0,
    }));
    const keyStart = paragraphs.findIndex((p) => p.text.startsWith('Answer key'));
    expect(keyStart).toBeGreaterThan(0);
    expect(paragraphs[keyStart].breakBefore).toBe(true);
    const questions = paragraphs.slice(0, keyStart).map((p) => p.text);
    const key = paragraphs.slice(keyStart).map((p) => p.text);
    expect(questions).toContain(`1. ${quiz.questions[0].prompt}`);
    expect(questions).toContain('A. x ∈ A');
    expect(key).toEqual(expect.arrayContaining(['1. A. x ∈ A', '2. True', '3. empty set', '4. Marked by hand.']));
    // Nothing of the key or the explanations is on the students' pages.
    for (const q of quiz.questions) expect(questions.join('\n')).not.toContain(q.explanation);
    expect(key.join('\n')).toContain(quiz.questions[0].explanation);
  });

  it('PDF handout: the last page holds the answer key, the first pages only the questions', async () => {
    const bytes = await writeMaterialFile('Exam: Sets', examItems, { format: 'pdf', pageSize: 'a4' }, 'de');
    const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise;
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const text = await (await pdf.getPage(n)).getTextContent();
      pages.push(text.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    }
    expect(pdf.numPages).toBeGreaterThanOrEqual(2);
    const last = pages[pages.length - 1];
    expect(last).toContain('Answer key: Exam: Sets');
    expect(last).toContain('2. A. ∅');
    expect(last).toContain('3. True');
    expect(last).toContain('Rubric: Names order; Names repetition');
    const front = pages.slice(0, -1).join(' ');
    expect(front).toContain('Compare {sets} and lists');
    expect(front).toContain('(10 points)');
    expect(front).not.toContain('Answer key');
    expect(front).not.toContain('Rubric');
    expect((await pdf.getMetadata()).info).toMatchObject({ Title: 'Exam: Sets', Language: 'de' });
    // Tagged: a screen reader finds the title and the key as headings.
    const tree = JSON.stringify(await (await pdf.getPage(pdf.numPages)).getStructTree());
    expect(tree).toContain('"role":"H1"');
    expect(tree).toContain('"role":"P"');
  });
});
