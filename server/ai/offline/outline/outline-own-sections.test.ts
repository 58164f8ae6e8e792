import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { extractDocx } from '@server/ingest/docx-extract';
import { extractTxt } from '@server/ingest/txt-extract';
import type { ExtractedDocument, Material } from '@server/ai/material';
import { isReviewSection, reviewSectionTitle } from '@server/ai/shared/apparatus-html';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { outline } from '../outline';
import { glacierLecture } from '@server/test/ai/glacier-lecture.support';

const noRetrieval = { search: async () => [] };
const covers = /^This chapter (?:covers|has \d+ sections:) /;

function materialOf(doc: ExtractedDocument): Material {
  return { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
}

async function bookOf(doc: ExtractedDocument): Promise<TextbookContent> {
  return outline({ material: materialOf(doc), retriever: noRetrieval }, { topic: 'Glaciers', references: [] });
}

const apparatusHeading = /^<h[3-6]>(Overview|Learning Objectives|Summary|Key Terms|Review Questions)<\/h[3-6]>$/;

/** The material's own text of a chapter or section: the opening overview and objectives (added around it) left out. */
function ownBlocks(html: string): string[] {
  const out: string[] = [];
  let skip = false;
  for (const block of htmlBlocks(html)) {
    if (/^<hr ?\/?>$/.test(block)) {
      skip = false;
      continue;
    }
    if (/^<h[3-6]>/.test(block)) {
      skip = apparatusHeading.test(block);
      if (!skip) out.push(block);
      continue;
    }
    if (!skip) out.push(block);
  }
  return out;
}
const sentencesOf = (html: string) =>
  ownBlocks(html)
    .filter((b) => !/^<h[3-6]>/.test(b))
    .map(htmlToText)
    .filter((p) => !covers.test(p))
    .flatMap((p) => fastSentences(p));
const reviewSection = isReviewSection;

/** The lecture's own parts: each numbered heading with the text written under it (up to the next heading). */
function lectureParts(text: string): Array<{ heading: string; body: string }> {
  const parts: Array<{ heading: string; body: string }> = [];
  for (const block of text.split(/\n\s*\n/)) {
    const line = block.trim();
    if (/^\d+(\.\d+)*\.? [A-Z][^.]*$/.test(line) || line === 'References')
      parts.push({ heading: line.replace(/^[\d.]+\s+/, ''), body: '' });
    else if (parts.length) parts[parts.length - 1].body += ` ${line}`;
  }
  return parts;
}

describe('offline outline keeps every sentence in its own section (a lecture handout)', () => {
  const doc = extractTxt(new TextEncoder().encode(glacierLecture), 'glaciers.txt');
  const parts = lectureParts(glacierLecture);
  const bodyOf = (heading: string) => sentenceKey(parts.find((p) => p.heading === heading)?.body ?? '');
  /** Each chapter's text: from its heading up to the next chapter heading (its subsections included). */
  const chapterText = (title: string) => {
    const start = parts.findIndex((p) => p.heading === title);
    const end = parts.findIndex(
      (p, i) =>
        i > start && !p.heading.includes('.') && /^\d+\. /.test(glacierLecture.split('\n').find((l) => l.endsWith(p.heading)) ?? ''),
    );
    return sentenceKey(
      parts
        .slice(start, end < 0 ? undefined : end)
        .map((p) => p.body)
        .join(' '),
    );
  };

  it('prints each section from its own text, chapter openings from the text before the first subsection, all in reading order', async () => {
    const book = await bookOf(doc);
    const headings = new Set(parts.map((p) => p.heading));
    const source = sentenceKey(glacierLecture);
    let position = -1;
    for (const chapter of book.chapters) {
      const ownChapter = chapterText(chapter.title);
      expect(ownChapter.length, chapter.title).toBeGreaterThan(0);
      const opening = sentencesOf(chapter.content);
      // The opening of a chapter with subsections is its own text before them: for "Glacier Formation" there is none.
      // The lines before the first heading (course, lecture, instructor) open the first chapter: they are material too.
      const preamble = chapter === book.chapters[0] ? sentenceKey(glacierLecture.slice(0, glacierLecture.indexOf('1. Introduction'))) : '';
      const beforeFirstSub = preamble + bodyOf(chapter.title);
      for (const s of opening) expect(beforeFirstSub, `${chapter.title} opens with "${s}"`).toContain(sentenceKey(s));
      for (const section of chapter.sections.filter((x) => !reviewSection(x.title))) {
        // A section named by the document's heading holds that heading's text; an invented one, its chapter's own text.
        const own = headings.has(section.title) ? bodyOf(section.title) : ownChapter;
        for (const s of sentencesOf(section.content)) expect(own, `${chapter.title} / ${section.title}: "${s}"`).toContain(sentenceKey(s));
      }
      // Selection may leave sentences out but never moves one: the book reads in the lecture's order.
      for (const s of [...opening, ...chapter.sections.filter((x) => !reviewSection(x.title)).flatMap((x) => sentencesOf(x.content))]) {
        const at = source.indexOf(sentenceKey(s));
        expect(at, `"${s}" is out of order`).toBeGreaterThan(position);
        position = at;
      }
    }
    // "Glacier Formation" has no text before its first subsection: it opens with its overview and objectives only.
    const glacierFormation = book.chapters.find((c) => c.title === 'Glacier Formation');
    expect(ownBlocks(glacierFormation?.content ?? '')).toEqual([]);
    // Titles that are not noun phrases are listed as printed, not forced into a sentence.
    expect(htmlToText(glacierFormation?.content ?? '')).toContain(
      'This chapter has 3 sections: From snow to firn; From firn to ice; The mass balance.',
    );
  });

  it('keeps every heading, the Summary and the worked examples with their questions, computations and labels', async () => {
    const book = await bookOf(doc);
    const titles = book.chapters.map((c) => c.title);
    expect(titles).toEqual([
      'Introduction',
      'Glacier Formation',
      'Key Definitions',
      'How Glaciers Move',
      'Evidence of Former Glaciation',
      'Worked Examples',
      'Summary',
    ]);
    const all = book.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]);
    for (const p of parts.filter((x) => x.heading !== 'References')) expect(all).toContain(p.heading);
    expect(book.chapters.find((c) => c.title === 'How Glaciers Move')?.sections.map((s) => s.title)).toContain('Glacier surges');
    const examples = htmlToText(book.chapters.find((c) => c.title === 'Worked Examples')?.content ?? '');
    for (const needed of [
      'Example 1. A stake drilled into a valley glacier moves 36 metres downstream in 90 days.',
      'What is the surface velocity of the glacier?',
      'The velocity is distance divided by time: 36 m / 90 days = 0.4 m/day = 146 m/yr.',
      'Example 2. An ice core from Greenland',
      'Estimate the average thickness of ice added per year.',
      '1,500 m / 60,000 yr = 0.025 m/yr = 2.5 cm/yr of ice each year.',
    ]) {
      expect(examples).toContain(needed);
    }
    const summary = htmlToText(book.chapters.find((c) => c.title === 'Summary')?.content ?? '');
    expect(summary).toContain('Glaciers form where snow survives the summer');
  });

  it('never invents sections: a chapter without subsections stays whole, text before a subsection stays in the chapter, definitions stay whole', async () => {
    const book = await bookOf(doc);
    for (const title of ['Introduction', 'Key Definitions', 'Worked Examples', 'Summary']) {
      expect(book.chapters.find((c) => c.title === title)?.sections, title).toEqual([]);
    }
    const definitions = ownBlocks(book.chapters.find((c) => c.title === 'Key Definitions')?.content ?? '').map(htmlToText);
    expect(definitions).toContain(
      'Ablation: all the processes by which a glacier loses mass, including melting, sublimation and calving. It is strongest near the snout in summer.',
    );
    // "How Glaciers Move" has four paragraphs before its one subsection: they open the chapter, in place.
    const move = book.chapters.find((c) => c.title === 'How Glaciers Move');
    expect(htmlToText(ownBlocks(move?.content ?? '').join(''))).toMatch(
      /^Why does solid ice flow at all\?.*Internal deformation is the slow creep/,
    );
    expect(move?.sections.map((s) => s.title)).toEqual(['Glacier surges', reviewSectionTitle]);
  });
});

describe('offline outline on a DOCX without a Title style', () => {
  it('keeps the first Heading 1 as a chapter when real text follows it', async () => {
    const h1 = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_1 });
    const p = (text: string) => new Paragraph({ text });
    const sentences = (topic: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `Point ${['one', 'two', 'three', 'four', 'five', 'six'][i]} about ${topic} is explained here with enough words to read as prose.`,
      ).join(' ');
    const data = new Uint8Array(
      await Packer.toBuffer(
        new Document({
          sections: [
            {
              children: [
                h1('Why study memory?'),
                p(`Memory lets us keep information over time and use it later. ${sentences('the forgetting curve', 4)}`),
                p(`Hermann Ebbinghaus measured his own forgetting with nonsense syllables. ${sentences('savings', 3)}`),
                h1('Working memory'),
                p(`Working memory holds information for a short time while we use it. ${sentences('the phonological loop', 4)}`),
                h1('Long-term memory'),
                p(`Long-term memory is divided into explicit and implicit memory. ${sentences('episodic memory', 4)}`),
                h1('Retrieval and forgetting'),
                p(`Retrieval depends on cues that were present when the memory was formed. ${sentences('interference', 4)}`),
              ],
            },
          ],
        }),
      ),
    );
    const doc = await extractDocx(data, 'memory.docx');
    const book = await bookOf(doc);
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Why study memory?',
      'Working memory',
      'Long-term memory',
      'Retrieval and forgetting',
    ]);
    expect(htmlToText(book.chapters[0].content)).toContain('Hermann Ebbinghaus measured his own forgetting with nonsense syllables.');
  });
});
