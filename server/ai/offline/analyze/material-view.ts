import type { DocBlock, Material } from '@server/ai/material';
import { countWords } from '@server/core/nlp';

/** Headings that frame a paper rather than teach its subject. */
export const frameHeading =
  /^(abstract|introduction|background|historical background|overview|foreword|prologue|epilogue|motivation|preliminaries|about this (book|document|course|tutorial)|how to use this (book|document)|conclusions?|summary|related work|future work|acknowledge?ments?|references|bibliography|further reading|reading list|appendix.*|discussion|preface|contents|table of contents|index|notes|(key )?(definitions|terms)|glossary|(worked )?examples?|exercises|(practice |review )?questions|review(?: of (?:the )?(?:recent |previous |last )?(?:material|lectures?|class|week|sessions?|topics?|concepts?))?|recap|concluding thoughts|final thoughts|closing thoughts|take-?home (?:messages?|points?))$/i;

export function stripNumbering(heading: string): string {
  return heading.replace(/^((\d{1,2}|[A-Z]|[IVX]{1,4})(\.\d{1,2})*\.?)\s+/, '').trim();
}

export interface SectionView {
  heading: string;
  level: number;
  words: number;
}

/** The material as an analyst sees it: documents' titles, sections with their sizes, chunk texts. */
export interface MaterialView {
  titles: string[];
  /** Uploaded files' names (direct input has none): the last resort for naming a tiny document. */
  filenames?: string[];
  sections: SectionView[];
  texts: string[];
  totalWords: number;
  /** The documents' code blocks and their prose, each cut at `maxKindChars`: a topic is never a code identifier. */
  code?: string;
  prose?: string;
}

/** Enough of the code and of the prose to tell a code identifier from a term of the text. */
const maxKindChars = 200_000;

/** At most this many chunks are read for analysis, spread evenly over the material (a 300-page book is sampled). */
const maxTexts = 160;

export function viewMaterial(material: Material): MaterialView {
  const titles: string[] = [];
  const filenames: string[] = [];
  const sections: SectionView[] = [];
  let code = '';
  let prose = '';
  for (const source of material.sources) {
    const doc = source.document;
    if (doc.title) titles.push(doc.title);
    // Direct input is stored under its chapter title or this placeholder, neither a file's name.
    if (/\.[a-z0-9]{2,5}$/i.test(source.filename)) filenames.push(source.filename);
    let current: SectionView | undefined;
    for (const block of doc.blocks as DocBlock[]) {
      if (block.kind === 'heading') {
        if (doc.title && block.text === doc.title && block.level === 1) continue;
        current = { heading: stripNumbering(block.text), level: block.level ?? 1, words: 0 };
        sections.push(current);
      } else if (current && block.kind !== 'bibliography') {
        current.words += countWords(block.text);
      }
      if (block.kind === 'code' && code.length < maxKindChars) code += `${block.text}\n`;
      else if ((block.kind === 'paragraph' || block.kind === 'list-item') && prose.length < maxKindChars) prose += `${block.text}\n`;
    }
  }
  const all = material.chunks.length ? material.chunks.map((c) => c.text) : material.sources.map((s) => s.text);
  const step = Math.max(1, all.length / maxTexts);
  const texts: string[] = [];
  for (let i = 0; i < all.length && texts.length < maxTexts; i += step) texts.push(all[Math.floor(i)]);
  const totalWords = material.sources.reduce((n, s) => n + countWords(s.text), 0);
  return { titles, filenames, sections, texts, totalWords, code, prose };
}
