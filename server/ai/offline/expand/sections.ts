import type { Section } from '../../../../common/textbook';
import { newSectionId } from '../chat/structure-ops';
import { fastSentences } from '../compose/fast-sentences';
import { divideBlocks, htmlToText } from '../compose/html';
import { keyphraseTitle, PhraseCounts } from '../compose/keyphrase-titles';

/** A paragraph with no markup inside: safe to cut between its sentences. */
const plainParagraph = /^<p>([^<]*)<\/p>$/;

/** Cuts plain paragraphs into single sentences (longest first) until there are `count` blocks. */
function refine(blocks: string[], count: number): string[] {
  let out = blocks.slice();
  while (out.length < count) {
    let best = -1;
    let bestSentences: string[] = [];
    out.forEach((b, i) => {
      const m = plainParagraph.exec(b);
      if (!m) return;
      const sentences = fastSentences(m[1]);
      if (sentences.length > Math.max(1, bestSentences.length)) [best, bestSentences] = [i, sentences];
    });
    if (best < 0) break;
    const half = Math.ceil(bestSentences.length / 2);
    const pieces = [bestSentences.slice(0, half), bestSentences.slice(half)].map((s) => `<p>${s.join(' ')}</p>`);
    out = [...out.slice(0, best), ...pieces, ...out.slice(best + 1)];
  }
  return out;
}

/**
 * Divides a chapter's blocks (in order) into exactly `count` sections of
 * balanced length, titled by their key phrases, keeping every block. With
 * plenty of text, the first block stays as the chapter's introduction.
 * Null when even single sentences do not make `count` parts.
 */
export function divideIntoSections(
  blocks: string[],
  count: number,
  opts: { chapterTitle: string; taken: Set<string> },
): { introduction: string; sections: Section[] } | null {
  let body = blocks.filter((b) => htmlToText(b) || /<img\b/i.test(b));
  let introduction = '';
  if (body.length >= count * 2) {
    introduction = body[0];
    body = body.slice(1);
  }
  body = refine(body, count);
  if (body.length < count) return null;
  const runs = divideBlocks(body, count).filter((r) => r.length > 0);
  if (runs.length !== count) return null;
  const sentencesOf = (run: string[]) => run.flatMap((b) => fastSentences(htmlToText(b)));
  const all = PhraseCounts.of(sentencesOf(body));
  const taken = new Set(opts.taken);
  taken.add(opts.chapterTitle.toLowerCase());
  const sections = runs.map((run, k): Section => ({
    id: newSectionId(),
    title: keyphraseTitle(sentencesOf(run), { all, taken }) ?? `${opts.chapterTitle} (Part ${k + 1})`,
    content: run.join(''),
  }));
  return { introduction, sections };
}
