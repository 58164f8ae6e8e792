import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('syllabus-layout.pdf (LaTeX: ragged right in a narrow measure, labelled lines, hanging indents, large bold subsection headings)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/syllabus-layout.pdf'))), 'syllabus-layout.pdf');
  });
  const paragraphs = () => doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);

  it('keeps the instructor lines under a flush-left title as text, one line each, not as title metadata', () => {
    expect(doc.title).toBe('Statistics for Field Ecology');
    expect(paragraphs().slice(0, 3)).toEqual([
      'Instructor: Dr. Ada Marsh',
      'Office: Room 204, Life Sciences Building',
      'Office hours: Tuesdays and Thursdays, 2–4 pm',
    ]);
    expect(doc.titleBlock).toBeUndefined();
  });

  it('finds the bold subsection headings set a point above the body, in order', () => {
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings.filter((h) => ['Course description', 'Policies', 'Schedule', 'Assessment'].includes(h))).toEqual([
      'Course description',
      'Policies',
      'Schedule',
      'Assessment',
    ]);
  });

  it('joins short ragged lines and hanging indents into paragraphs, each ending its sentence', () => {
    const ps = paragraphs();
    expect(ps).toContain(
      'This course teaches the statistics that field ecologists use every week: how to plan a survey so that its answers can be trusted, how to describe what was counted, and how to test whether a difference between two sites is larger than chance would make it. We work with real data from the campus wetland throughout.',
    );
    expect(ps).toContain('Week 1: Why ecologists count, and what can go wrong when a survey is planned without a question in mind.');
    expect(ps).toContain(
      'You may discuss the assignments with your classmates, but the analysis and the words you hand in must be your own; copied work is reported to the dean as the university requires.',
    );
    expect(ps.filter((p) => /^Week \d:/.test(p))).toHaveLength(5);
    // The last paragraph runs over the page break.
    expect(ps[ps.length - 1]).toMatch(/^Your grade is made of .* its weight moves to the final exam rather than being lost\.$/);
    expect(ps.every((p) => /[.?!]$/.test(p) || /^(?:Instructor|Office|Office hours): /.test(p))).toBe(true);
  });
});
