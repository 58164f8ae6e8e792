import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';

/**
 * A 100,000-word document made at bench time from a real corpus paper:
 * its sentences, recombined into new paragraphs, with words exchanged
 * between sentences on each pass so no sentence repeats (a repeated sentence
 * would be dropped by deduplication and make the benchmark too easy). The
 * text reads as shuffled academic prose; it is for timing, not for reading.
 */
const corpusDir = path.resolve(process.cwd(), 'test-fixtures/pdf');

function hash(a: number, b: number): number {
  let h = (a * 374761393 + b * 668265263) >>> 0;
  h = ((h ^ (h >>> 13)) * 1274126177) >>> 0;
  // Unsigned: a negative hash picked vocabulary[-k], and the text read "undefined" 300 times.
  return (h ^ (h >>> 16)) >>> 0;
}

export async function corpusSentences(): Promise<string[]> {
  const sentences: string[] = [];
  // TAMReview.pdf is a scanned paper with no text layer; tracemonkey.pdf is the corpus's one text paper.
  for (const name of ['tracemonkey.pdf']) {
    const doc = await extractPdf(new Uint8Array(readFileSync(path.join(corpusDir, name))), name);
    for (const block of doc.blocks) {
      if (block.kind !== 'paragraph') continue;
      for (const s of block.text.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) {
        const words = s.split(/\s+/).length;
        if (words >= 8 && words <= 45 && /[.!?]$/.test(s)) sentences.push(s);
      }
    }
  }
  return sentences;
}

export interface BuiltDocument {
  text: string;
  words: number;
}

/** Markdown-style TXT: `# chapter` and `## section` headings when `withHeadings`, plain paragraphs otherwise. */
export function build100kWords(sentences: string[], opts: { withHeadings: boolean; targetWords?: number }): BuiltDocument {
  const target = opts.targetWords ?? 100_000;
  const vocabulary = [...new Set(sentences.flatMap((s) => s.split(/\s+/)).filter((w) => /^[a-z]{4,}$/.test(w)))];
  const lines: string[] = [];
  let words = 0;
  let pass = 0;
  let n = 0;
  const chapters = 10;
  const sectionsPerChapter = 5;
  const perSection = Math.ceil(target / (chapters * sectionsPerChapter));
  for (let c = 0; c < chapters; c++) {
    if (opts.withHeadings)
      lines.push(`# ${c + 1}. ${vocabulary[hash(c, 1) % vocabulary.length]} ${vocabulary[hash(c, 2) % vocabulary.length]}`, '');
    for (let s = 0; s < sectionsPerChapter; s++) {
      if (opts.withHeadings)
        lines.push(
          `## ${c + 1}.${s + 1} ${vocabulary[hash(c * 10 + s, 3) % vocabulary.length]} ${vocabulary[hash(c * 10 + s, 4) % vocabulary.length]}`,
          '',
        );
      let sectionWords = 0;
      while (sectionWords < perSection) {
        const paragraph: string[] = [];
        for (let k = 0; k < 5; k++, n++) {
          if (n >= sentences.length * (pass + 1)) pass++;
          const base = sentences[n % sentences.length];
          // Later passes swap about half the ordinary words, so every sentence is new.
          const sentence =
            pass === 0
              ? base
              : base.replace(/\b[a-z]{4,}\b/g, (w, offset: number) =>
                  hash(n + pass, offset) % 2 ? vocabulary[hash(pass, offset + n) % vocabulary.length] : w,
                );
          paragraph.push(sentence);
          const count = sentence.split(/\s+/).length;
          sectionWords += count;
          words += count;
        }
        lines.push(paragraph.join(' '), '');
      }
    }
  }
  return { text: lines.join('\n'), words };
}
