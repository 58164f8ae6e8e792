import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { composeFromDocuments } from '@server/ai/offline/outline/tree-book';
import { materialOf } from '@server/test/ai/material.support';
import { withChapterFiles } from './chapter-files';
import { stampSources } from './stamp-sources';

const h = (text: string, level: number): DocBlock => ({ kind: 'heading', text, level });
const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
const doc = (filename: string, title: string, blocks: DocBlock[]): ExtractedDocument => ({
  filename,
  mime: 'application/pdf',
  text: blocks.map((b) => b.text).join('\n\n'),
  blocks,
  title,
});
const long = (topic: string) =>
  Array.from({ length: 450 }, (_, i) => p(`${topic} is described in sentence ${i + 1} of the notes, with enough words to read as prose.`));

describe('the files each chapter comes from', () => {
  it('a book from several files names under each chapter the file its text was taken from; one from a single file names none', () => {
    // Long notes keep their own chapters; a short handout beside them is one chapter under its title.
    const notes = doc('vectors.pdf', 'Vectors', [
      h('Vectors', 1),
      h('Inner product', 2),
      ...long('The inner product'),
      h('Cross product', 2),
      ...long('The cross product'),
    ]);
    const handout = doc('sequences.pptx', 'Sequence Searching', [
      h('Sequence Searching', 1),
      h('BLAST', 2),
      p('BLAST finds local alignments between a query sequence and the sequences of a database.'),
      h('Hidden Markov Models', 2),
      p('A hidden Markov model gives the probability of each residue at each position of a protein family.'),
    ]);
    const material = materialOf([notes, handout]);
    const book = withChapterFiles(material, stampSources(material, composeFromDocuments(material, { title: 'Vectors and sequences' })));
    expect(book.chapters.map((c) => [c.title, c.sourceFiles])).toEqual([
      ['Inner product', ['vectors.pdf']],
      ['Cross product', ['vectors.pdf']],
      ['Sequence Searching', ['sequences.pptx']],
    ]);
    const single = materialOf([handout]);
    const alone = withChapterFiles(single, stampSources(single, composeFromDocuments(single, { title: 'Sequences' })));
    expect(alone.chapters.every((c) => c.sourceFiles === undefined)).toBe(true);
  });
});
