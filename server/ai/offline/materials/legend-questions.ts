import type { TextbookContent } from '@common/textbook';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { greekLetter } from '@server/core/nlp/tex-greek';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import { arrangeOptions, seedOf } from './distractors';
import type { QuestionCandidate } from './questions';

/**
 * A formula's legend: the lines under it that say what each symbol stands for ("x̄ is the sample
 * mean", "s is the sample standard deviation"). A legend is a matching exercise the text sets
 * itself: each symbol has one meaning, and the other lines' meanings are wrong answers of the same
 * kind and grain. Legend lines carry no full stop, so they are no sentences of the book; they are
 * read here from the chapter's blocks.
 */
export interface LegendLine {
  /** The symbol as a reader sees it: "x̄", "s". */
  symbol: string;
  /** What it stands for, without its article: "sample mean". */
  meaning: string;
  /** The line as printed, quoted as the item's source. */
  text: string;
  chapterIndex: number;
  sectionTitle?: string;
}

const accents: Record<string, string> = { bar: '\u0304', hat: '\u0302', tilde: '\u0303', dot: '\u0307' };

/** A symbol's LaTeX as plain text ("\bar{x}" → "x̄"), or undefined for anything more than one marked letter. */
export function symbolText(latex: string): string | undefined {
  const t = latex.trim();
  if (/^\p{L}$/u.test(t)) return t;
  const command = /^\\([a-zA-Z]+)$/.exec(t);
  const letter = command && greekLetter(command[1]);
  if (letter) return letter;
  const a = /^\\(bar|hat|tilde|dot)\{(\p{L})\}$/u.exec(t) ?? /^\\(bar|hat|tilde|dot)\s+(\p{L})$/u.exec(t);
  return a ? `${a[2]}${accents[a[1]]}` : undefined;
}

const legendLine =
  /^<p><span data-type="inline-math" data-latex="([^"]*)"><\/span>\s+(?:is|are|denotes|stands for)\s+(?:the|an?)\s+([^<]{3,60}?)\s*[.:;,]?<\/p>$/;

/** The legends of a chapter: runs of at least three lines, each naming what one symbol stands for. */
export function chapterLegends(book: TextbookContent, chapterIndex: number): LegendLine[][] {
  const chapter = book.chapters[chapterIndex];
  const parts: Array<{ html: string; sectionTitle?: string }> = [
    { html: materialHtml(chapter.content) },
    ...chapter.sections.map((s) => ({ html: materialHtml(s.content), sectionTitle: s.title })),
  ];
  const out: LegendLine[][] = [];
  for (const part of parts) {
    let run: LegendLine[] = [];
    const close = () => {
      if (run.length >= 3 && new Set(run.map((l) => l.meaning.toLowerCase())).size === run.length) out.push(run);
      run = [];
    };
    for (const block of htmlBlocks(part.html)) {
      const m = legendLine.exec(block.trim());
      const symbol = m && symbolText(m[1].replace(/&amp;/g, '&'));
      if (!m || !symbol) {
        close();
        continue;
      }
      const meaning = htmlToText(m[2]).trim();
      run.push({
        symbol,
        meaning,
        text: `${symbol} ${/\s(is|are|denotes|stands for)\s/.exec(block)![1]} the ${meaning}`,
        chapterIndex,
        sectionTitle: part.sectionTitle,
      });
    }
    close();
  }
  return out;
}

/**
 * A meaning the symbol spells out: "z" for "z-score", "p̂" for "sample proportion" when no other
 * option has a word starting with p. The letter tells the key, not the student.
 */
function spelledBySymbol(symbol: string, key: string, others: string[]): boolean {
  const letter = symbol.normalize('NFD')[0].toLowerCase();
  if (!/\p{Ll}/u.test(letter)) return false;
  const starts = (s: string) =>
    s
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .some((w) => w.startsWith(letter));
  return starts(key) && others.filter(starts).length < 2;
}

/** "What does x̄ stand for in the formulas of "Confidence Intervals"?": one item per legend line the letters do not give away. */
export function legendQuestions(book: TextbookContent, chapters: number[]): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  let order = 0;
  for (const ci of chapters) {
    const chapter = book.chapters[ci];
    for (const legend of chapterLegends(book, ci)) {
      for (const line of legend) {
        const seed = seedOf(line.text);
        // Of the key's grain: "z-score" is no option beside "sample standard deviation".
        const wordsOf = (s: string) => s.split(/\s+/).length;
        const others = legend.filter((l) => l !== line && Math.abs(wordsOf(l.meaning) - wordsOf(line.meaning)) <= 1).map((l) => l.meaning);
        // Three wrong answers at most, chosen stably, so every quiz of the book asks the same item.
        const distractors = [...others].sort((a, b) => seedOf(a + seed) - seedOf(b + seed)).slice(0, 3);
        if (distractors.length < 2 || spelledBySymbol(line.symbol, line.meaning, distractors)) continue;
        const where = line.sectionTitle ? `${chapter.title} - ${line.sectionTitle}` : chapter.title;
        const source: BookSentence = {
          text: line.text,
          plain: line.text,
          chapterIndex: ci,
          chapterTitle: chapter.title,
          sectionTitle: line.sectionTitle,
          order: 1_000_000 + order++,
          isStandalone: true,
        };
        out.push({
          question: {
            type: 'multiple-choice',
            prompt: `In the formulas of "${where}", what does the symbol ${line.symbol} stand for?`,
            options: arrangeOptions(line.meaning, distractors, seed),
            answer: line.meaning,
            explanation: `The legend under the formulas of "${where}" reads "${line.text}"; the other options are what its other symbols stand for.`,
            source: line.text,
          },
          source,
          answerKey: `legend:${ci}:${line.symbol}`,
          kind: 'legend',
        });
      }
    }
  }
  return out;
}
