import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a task page in a course tool's bracketed markup (sections, a box, an
// instructor's block, numbered questions, inline references, an included file), with a fence that keeps its brackets.
const page = [
  'title: "Listen"',
  'stage: beta',
  '---',
  '',
  '[SECTION::goal::idea]',
  'I can sort a list in place.',
  '[ENDSECTION]',
  '',
  '[SECTION::instructions::detailed]',
  'Read about [TERMREF::sorting] first, see [HREF::https://example.org/sort].',
  '',
  '[EQ] Which method sorts in place?',
  '',
  '### Keys',
  '',
  '[EQ] What does `key=` change?',
  '',
  '[WARNING]',
  'Sorting a list of mixed types fails.',
  '[ENDWARNING]',
  '',
  '```',
  '[EQ] stays as typed',
  '```',
  '[ENDSECTION]',
  '',
  '[SECTION::submission::information]',
  '[INCLUDE::/_include/Submission.md]',
  '[ENDSECTION]',
  '',
  '[INSTRUCTOR::Answers correct?]',
  'Accept sorted() too.',
  '[ENDINSTRUCTOR]',
].join('\n');

describe("a course tool's bracketed directives", () => {
  const doc = extractMarkdown(page, 'listen.md');
  const texts = doc.blocks.map((b) => b.text);

  it('prints no directive', () => {
    const prose = doc.blocks.filter((b) => b.kind !== 'code');
    expect(prose.filter((b) => /\[(?:END)?[A-Z]{2,}(?:::[^\]]*)?\]/.test(b.text ?? ''))).toEqual([]);
    expect(doc.blocks.find((b) => b.kind === 'code')?.text).toBe('[EQ] stays as typed');
  });

  it("makes a goal section a box, another section a heading above the page's own", () => {
    expect(doc.blocks.find((b) => b.kind === 'quote' && b.label === 'Goal')?.text).toBe('I can sort a list in place.');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Instructions', 2],
      ['Keys', 3],
      ['Submission', 2],
    ]);
  });

  it('numbers the questions through the page and reads inline references as their words', () => {
    const questions = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(questions.map((b) => [b.text, b.ordered, b.start ?? 1])).toEqual([
      ['Which method sorts in place?', true, 1],
      ['What does key= change?', true, 2],
    ]);
    expect(texts).toContain('Read about sorting first, see https://example.org/sort.');
  });

  it('makes a warning and an instructor block boxes, and names the included file', () => {
    expect(doc.blocks.find((b) => b.kind === 'quote' && b.label === 'Warning')?.text).toBe('Sorting a list of mixed types fails.');
    expect(doc.blocks.find((b) => b.kind === 'quote' && b.label === 'Instructor: Answers correct?')?.text).toBe('Accept sorted() too.');
    expect(texts.some((t) => t.includes('/_include/Submission.md'))).toBe(true);
    expect((doc.warnings ?? []).join(' ')).toContain('/_include/Submission.md');
  });
});
