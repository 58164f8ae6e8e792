import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { extractTxt } from '@server/ingest/txt-extract';
import type { Material } from '@server/ai/material';
import { htmlToText } from '@common/textbook-ops/html';
import { composeFromDocuments } from './tree-book';

const material = (doc: ExtractedDocument): Material => ({
  sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }],
  chunks: [],
});

/** A syllabus written for this test: logistics around one unit that teaches. */
const syllabus = [
  '# Networks 101',
  '## Acknowledgements',
  'The author thanks the teaching assistants of last year for their corrections to these notes and slides.',
  '## Grading',
  'Homework counts for 40 points, the midterm for 25 points and the final exam for 35 points of the total grade.',
  'Late homework loses 10 points per day unless the instructor agreed to an extension before the deadline.',
  '## Schedule',
  '- Jan 10: introduction and course logistics, room 204',
  '- Jan 17: topologies, homework 1 due',
  '- Jan 24: addressing, homework 2 due',
  '- Jan 31: midterm exam in class',
  '## Equity and Diversity',
  'Equity and diversity are central values of this course, and every student is welcome in every discussion we hold.',
  '## Topologies',
  'A star network is a network in which every device connects to one central switch in the middle of the office.',
  'A mesh network is a network in which each device connects to several others so that traffic can take another route.',
  'A star network is cheap to wire, but a mesh network survives the failure of a single device.',
  'The central switch of a star network is a single point of failure for the whole office network.',
].join('\n\n');

describe('kinds of documents: a syllabus keeps its logistics without a learning apparatus', () => {
  const book = composeFromDocuments(material(extractTxt(new TextEncoder().encode(syllabus), 'syllabus.md')), { title: 'Networks 101' });
  const chapter = (title: string) => book.chapters.find((c) => c.title === title)!;
  const html = (title: string) => {
    const c = chapter(title);
    return c.content + c.sections.map((s) => s.content).join('');
  };

  it('keeps the text of the acknowledgements, grading, schedule and policy units but gives them no objectives, review or key terms', () => {
    for (const title of ['Acknowledgements', 'Grading', 'Schedule', 'Equity and Diversity']) {
      expect(chapter(title), title).toBeDefined();
      expect(htmlToText(html(title)).length, title).toBeGreaterThan(40);
      expect(html(title), title).not.toMatch(/Learning Objectives|Review Questions|Key Terms|in your own words/);
    }
    expect(htmlToText(html('Grading'))).toContain('Homework counts for 40 points');
  });

  it('gives the unit that teaches objectives from what it does, never "Explain {heading}"', () => {
    const topologies = html('Topologies');
    expect(topologies).toContain('<h3>Learning Objectives</h3>');
    expect(htmlToText(topologies)).toMatch(/Define a star network and a mesh network\./);
    expect(topologies).not.toMatch(/Explain (?:topologies|grading|schedule)/i);
  });
});
