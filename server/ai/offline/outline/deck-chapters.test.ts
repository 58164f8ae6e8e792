import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { materialOf } from '@server/test/ai/material.support';
import { composeFromDocuments } from './tree-book';
import { titleTerms } from './deck-chapters';

const h = (text: string): DocBlock => ({ kind: 'heading', text, level: 1 });
const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
/** A slide: its title and two bullets of prose (about fifty words). */
const slide = (title: string, words = 2) => [
  h(title),
  ...Array.from({ length: words }, (_, i) =>
    p(`${title} is explained on this slide in point ${i + 1}, with a full sentence of the lecture that a student reads as prose.`),
  ),
];
const titles = [
  'Why study queues?',
  'Arrival processes',
  'Poisson arrivals',
  'Arrival rates in practice',
  'A queue at the bakery',
  'Service times',
  'Exponential service times',
  'Measuring service times',
  'Little’s law',
  'Little’s law in a hospital',
  'Little’s law, continued',
];
// Repeated exactly, a slide title reads "..., continued" under the chapter of that title.
const repeated = [...titles.slice(0, 9), 'Arrival rates in practice', 'Little’s law'];
const deck = (mime: ExtractedDocument['mime'], list = titles): ExtractedDocument => {
  const blocks = [...list.flatMap((t) => slide(t)), ...slide('Coffee break', 0), p('Five minutes.')];
  return { filename: 'queues.pptx', mime, text: blocks.map((b) => b.text).join('\n\n'), blocks, title: 'Queues' };
};
const pptx: ExtractedDocument['mime'] = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('a deck alone as a book', () => {
  it('reads the titles’ terms: stopwords out, plurals and an acronym’s plural as one', () => {
    expect([...titleTerms('Hidden Markov Models (HMMs)')]).toEqual(['hidden', 'markov', 'model', 'hmm']);
    expect([...titleTerms('A simple DNA HMM')]).toEqual(['simple', 'dna', 'hmm']);
  });

  it('has chapters of consecutive slides whose titles share a term, each slide a section, an aside kept in its chapter', () => {
    const book = composeFromDocuments(materialOf([deck(pptx)]), { title: 'Queues' });
    const outline = book.chapters.map((c) => [c.title, c.sections.map((s) => s.title).filter((t) => t !== 'Summary and Review')]);
    expect(outline).toEqual([
      ['Why study queues?', []],
      ['Arrival processes', ['Poisson arrivals', 'Arrival rates in practice']],
      ['A queue at the bakery', []],
      ['Service times', ['Exponential service times', 'Measuring service times']],
      ['Little’s law', ['Little’s law in a hospital', 'Little’s law, continued', 'Coffee break']],
    ]);
    // Nothing of the slides is lost: the last slide's words and the short one after it are in the last chapter.
    const last = book.chapters[4].sections.map((s) => s.content).join(' ');
    expect(last).toContain('Little’s law, continued is explained');
    expect(JSON.stringify(book.chapters)).toContain('Five minutes.');
  });

  it('tells a later slide of the chapter’s very title apart', () => {
    const book = composeFromDocuments(materialOf([deck(pptx, repeated)]), { title: 'Queues' });
    expect(book.chapters.at(-1)?.sections.map((s) => s.title)).toContain('Little’s law, continued');
  });

  it('leaves a few slides, and a document that is no deck, one chapter each', () => {
    const few = composeFromDocuments(materialOf([deck(pptx, titles.slice(0, 5))]), { title: 'Queues' });
    expect(few.chapters.length).toBeGreaterThanOrEqual(5);
    const pdf = composeFromDocuments(materialOf([deck('application/pdf')]), { title: 'Queues' });
    expect(pdf.chapters.length).toBeGreaterThanOrEqual(11);
  });
});
