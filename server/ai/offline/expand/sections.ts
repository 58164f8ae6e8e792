import type { Section } from '@common/textbook';
import { newSectionId } from '@common/textbook-ops';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlToText, paragraph } from '@common/textbook-ops/html';
import type { PlacedHtml as PlacedBlock } from './place-blocks';
import { sectionTitles } from './section-titles';

/** A run of blocks that stays together in one section: a text block with the images or headings before it. */
interface Unit {
  blocks: string[];
  size: number;
  /** Only new paragraphs (ours) may be cut in two; the author's blocks are kept exactly. */
  isNew: boolean;
}

const isHeading = (html: string) => /^<h[1-6]\b/i.test(html);

/** A text that stops before its sentence does (no closing punctuation), or that introduces what follows ("…the table:"). */
const leadsOn = (text: string) => !/[.!?…)"'\u201d\u2019\]]\s*$/.test(text.trim()) || /:\s*$/.test(text.trim());
/** A text that carries on a sentence begun before it (starts in lower case or with a closing mark). */
const carriesOn = (text: string) => /^[\s"'\u201c(]*[a-z\u00df-\u00ff,;)]/.test(text);

/**
 * The blocks as units: an image, a rule or a heading goes with the text block after it (the last
 * ones with the one before). A block that stops mid-sentence or introduces the next one ("…as
 * the table shows:") stays in one unit with what follows, and a block that carries on a sentence
 * stays with the one before it, so no section boundary ever falls inside a sentence or between a
 * lead-in and its list, table or equation ("Whole units only").
 */
function toUnits(blocks: PlacedBlock[]): Unit[] {
  const units: Unit[] = [];
  let pending: string[] = [];
  let joinNext = false;
  for (const b of blocks) {
    const text = htmlToText(b.html);
    const size = text.length;
    if (size === 0 || isHeading(b.html)) {
      // A heading always opens a new unit; an image or rule stays with the text it sits in.
      if (isHeading(b.html)) joinNext = false;
      pending.push(b.html);
      continue;
    }
    const last = units[units.length - 1];
    if (last && (joinNext || (pending.length === 0 && carriesOn(text)))) {
      units[units.length - 1] = { blocks: [...last.blocks, ...pending, b.html], size: last.size + size, isNew: false };
    } else {
      units.push({ blocks: [...pending, b.html], size, isNew: b.isNew && pending.length === 0 });
    }
    pending = [];
    joinNext = !/^<(?:ul|ol|table|pre|figure)\b/i.test(b.html) && leadsOn(text);
  }
  if (pending.length) {
    if (units.length)
      units[units.length - 1] = { ...units[units.length - 1], blocks: [...units[units.length - 1].blocks, ...pending], isNew: false };
    else units.push({ blocks: pending, size: 1, isNew: false });
  }
  return units;
}

/** Cuts the longest new multi-sentence paragraph in two until there are `count` units (the author's text is never cut). */
function cutNewParagraphs(units: Unit[], count: number): Unit[] {
  const out = units.slice();
  while (out.length < count) {
    let best = -1;
    let bestSentences: string[] = [];
    out.forEach((u, i) => {
      // Only a paragraph of plain text is cut: one with inline math, links or marks is kept whole.
      if (!u.isNew || !/^<p>[^<]*<\/p>$/.test(u.blocks[0])) return;
      const sentences = fastSentences(htmlToText(u.blocks[0]));
      if (sentences.length > Math.max(1, bestSentences.length)) [best, bestSentences] = [i, sentences];
    });
    if (best < 0) break;
    const half = Math.ceil(bestSentences.length / 2);
    const pieces = [bestSentences.slice(0, half), bestSentences.slice(half)].map((s): Unit => ({
      blocks: [paragraph(s.join(' '))],
      size: s.join(' ').length,
      isNew: true,
    }));
    out.splice(best, 1, ...pieces);
  }
  return out;
}

/**
 * Splits units (in order) into exactly `count` runs of balanced text length:
 * the split minimising the squared distance of each run from an equal share,
 * with a run of a single unit costed up when there are enough units for two
 * each (QA: the first sections held one or two sentences). Exact (dynamic
 * programming); a chapter has tens of units at most.
 */
export function balancedRuns(sizes: number[], count: number): number[][] {
  const n = sizes.length;
  const prefix = [0];
  for (const s of sizes) prefix.push(prefix[prefix.length - 1] + s);
  const share = prefix[n] / count;
  const thinPenalty = n >= 2 * count ? share * share : 0;
  const cost = (from: number, to: number) => {
    const d = prefix[to] - prefix[from] - share;
    return d * d + (to - from === 1 ? thinPenalty : 0);
  };
  // best[k][i]: least cost of the first i units in k runs.
  const best = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const cut = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(-1));
  best[0][0] = 0;
  for (let k = 1; k <= count; k++) {
    for (let i = k; i <= n - (count - k); i++) {
      for (let j = k - 1; j < i; j++) {
        const c = best[k - 1][j] + cost(j, i);
        if (c < best[k][i]) [best[k][i], cut[k][i]] = [c, j];
      }
    }
  }
  const runs: number[][] = [];
  let i = n;
  for (let k = count; k >= 1; k--) {
    const j = cut[k][i];
    runs.unshift(Array.from({ length: i - j }, (_, x) => j + x));
    i = j;
  }
  return runs;
}

/**
 * Divides a chapter's blocks (the author's, kept exactly and in order, and
 * the new paragraphs among them) into exactly `count` balanced sections,
 * each titled with a noun phrase of its own text. The chapter keeps no
 * introduction of its own: its opening blocks open the first section, which
 * the editor shows (a chapter with sections shows only its sections).
 * Null when there are fewer than `count` paragraphs even after cutting the
 * new ones: the author's paragraphs are never cut.
 */
export function divideIntoSections(
  blocks: PlacedBlock[],
  count: number,
  opts: { chapterTitle: string; taken: Set<string> },
): { introduction: string; sections: Section[] } | null {
  const units = cutNewParagraphs(toUnits(blocks), count);
  if (units.length < count) return null;
  const runs = balancedRuns(
    units.map((u) => Math.max(1, u.size)),
    count,
  ).map((run) => run.flatMap((i) => units[i].blocks));
  const titles = sectionTitles(
    runs.map((run) => run.map(htmlToText).join(' ')),
    opts,
  );
  const sections = runs.map((run, k): Section => ({
    id: newSectionId(),
    title: titles[k] ?? `${opts.chapterTitle} (Part ${k + 1})`,
    content: run.join(''),
  }));
  return { introduction: '', sections };
}
