import type { Chapter, Section, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult, EngineContext } from '@server/ai/engine';
import { newSectionId } from '@common/textbook-ops';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText, paragraphsToHtml } from '@common/textbook-ops/html';
import { groupParagraphs } from '../compose/paragraphs';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { sparseCosine } from '@server/ai/shared/term-vectors';
import { UsedSentences } from '@server/ai/shared/used-sentences';
import { bookHtml } from '@server/ai/shared/book-usage';
import { indexMaterial, type IndexedSentence } from '../expand/material-index';

export const applicationsTitle = 'Applications and Worked Examples';

/** Sentences that give an example, a case or a use: what an application-focused section is made of. */
const exampleMarker =
  /\b(?:for example|for instance|e\.g\.|in practice|in the real world|real-world|case study|worked example|as an example|an example|example of|consider|suppose|imagine|illustrat\w*|appl(?:y|ies|ied|ication|ications)|used (?:to|in|for|by)|in use|such as)\b/i;
const examplesPerChapter = 6;
const minRelevance = 0.05;

export function isExample(text: string): boolean {
  return exampleMarker.test(text);
}

function chapterText(c: Chapter): string {
  return `${c.title} ${c.title} ${c.sections.map((s) => s.title).join(' ')} ${htmlToText(c.content)} ${c.sections.map((s) => htmlToText(s.content)).join(' ')}`;
}

/** A paragraph of text, inline math included ("exit at \\(i_{5}\\)" read from a PDF), with no other markup. */
const plainParagraph = /^<p>(?:[^<]|<span data-type="inline-math" data-latex="[^"]*"><\/span>)*<\/p>$/;

/** A chapter's own example paragraphs, moved (not copied) out of sections that keep other text. */
function moveOwnExamples(chapter: Chapter): { chapter: Chapter; moved: string[] } {
  const moved: string[] = [];
  const sections = chapter.sections.map((s) => {
    const blocks = htmlBlocks(s.content);
    if (blocks.length < 2 || moved.length >= 2) return s;
    // At most two in all, and a section always keeps at least one paragraph.
    let room = Math.min(2 - moved.length, blocks.length - 1);
    const keep: string[] = [];
    for (const b of blocks) {
      if (room > 0 && plainParagraph.test(b) && isExample(htmlToText(b))) {
        moved.push(b);
        room--;
      } else keep.push(b);
    }
    return keep.length ? { ...s, content: keep.join('') } : s;
  });
  // A chapter without sections (or whose sections had none) gives its own text's examples.
  let content = chapter.content;
  if (moved.length === 0) {
    const blocks = htmlBlocks(chapter.content);
    const prose = blocks.filter((b) => plainParagraph.test(b));
    const picked = prose.filter((b) => isExample(htmlToText(b))).slice(0, Math.min(2, prose.length - 1));
    if (picked.length) {
      moved.push(...picked);
      content = blocks.filter((b) => !picked.includes(b)).join('');
    }
  }
  return { chapter: { ...chapter, content, sections }, moved };
}

/**
 * "Make the structure more application-focused": every chapter gains an
 * Applications and Worked Examples section, built from the examples and
 * uses in the textbook's sources that the book does not print yet (each
 * example goes to the chapter it is most about). A chapter the sources have
 * no examples for gathers its own example paragraphs there instead.
 */
export async function applicationFocus(ctx: EngineContext, book: TextbookContent): Promise<CustomizeResult> {
  const index = indexMaterial(ctx.material);
  const used = UsedSentences.fromHtml(bookHtml(book), fastSentences);
  const chapterVectors = book.chapters.map((c) => index.stats.vectorOf(chapterText(c)));

  // Every example each chapter could use, best first (an example may suit several chapters).
  const candidates: Array<Array<{ s: IndexedSentence; score: number }>> = book.chapters.map(() => []);
  // The passages a chapter was written from (where its sentences sit in the sources) are about it as a whole.
  const chunkOfKey = new Map(index.sentences.map((s) => [sentenceKey(s.text), s.chunkId]));
  const ownChunks = book.chapters.map(
    (c) =>
      new Set(
        [c.content, ...c.sections.map((s) => s.content)]
          .flatMap((html) => fastSentences(htmlToText(html)))
          .flatMap((s) => chunkOfKey.get(sentenceKey(s)) ?? []),
      ),
  );
  for (const s of index.sentences) {
    if (!isExample(s.text) || used.isRepeat(s.text)) continue;
    chapterVectors.forEach((v, ci) => {
      const relevance = sparseCosine(s.vector, v);
      const isOwn = ownChunks[ci].has(s.chunkId);
      if (relevance >= minRelevance || isOwn) candidates[ci].push({ s, score: relevance + (isOwn ? 0.2 : 0) });
    });
  }
  for (const list of candidates) list.sort((a, b) => b.score - a.score);
  // Rounds, the chapters with the fewest options choosing first, so one rich chapter cannot take every example.
  const chosenBy: IndexedSentence[][] = book.chapters.map(() => []);
  const turnOrder = book.chapters.map((_, ci) => ci).sort((a, b) => candidates[a].length - candidates[b].length || a - b);
  for (let round = 0; round < examplesPerChapter; round++) {
    for (const ci of turnOrder) {
      const next = candidates[ci].find(({ s }) => !used.isRepeat(s.text));
      if (next) {
        used.add(next.s.text);
        chosenBy[ci].push(next.s);
      }
    }
  }

  const fromSources: string[] = [];
  const fromOwn: string[] = [];
  const without: string[] = [];
  const chapters = book.chapters.map((chapter, ci) => {
    const chosen = chosenBy[ci];
    let base = chapter;
    let html = '';
    if (chosen.length) {
      html = paragraphsToHtml(
        groupParagraphs(
          chosen.sort((a, b) => a.order - b.order),
          { maxSentences: 3 },
        ).map((p) => p.join(' ')),
      );
      fromSources.push(chapter.title);
    } else {
      const own = moveOwnExamples(chapter);
      if (own.moved.length) {
        base = own.chapter;
        html = own.moved.join('');
        fromOwn.push(chapter.title);
      }
    }
    if (!html) {
      without.push(chapter.title);
      return chapter;
    }
    // A chapter's text is hidden once it has sections, so text of a chapter without sections becomes its first section.
    const sections: Section[] = base.sections.length
      ? base.sections.slice()
      : [{ id: newSectionId(), title: 'Overview', content: base.content }];
    const taken = sections.some((s) => s.title.toLowerCase() === applicationsTitle.toLowerCase());
    sections.push({ id: newSectionId(), title: taken ? `More ${applicationsTitle}` : applicationsTitle, content: html });
    return { ...base, content: base.sections.length ? base.content : '', sections };
  });

  if (fromSources.length + fromOwn.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      'Neither your sources nor the textbook hold examples or applications to build on, so the textbook is unchanged.',
    );
  }
  const parts = [`Added an "${applicationsTitle}" section to ${fromSources.length + fromOwn.length} of ${book.chapters.length} chapters`];
  if (fromOwn.length)
    parts.push(
      `; for ${fromOwn.length === 1 ? 'one chapter' : `${fromOwn.length} chapters`} the sources had no new examples, so its own example paragraphs were gathered there`,
    );
  if (without.length) parts.push(`; no examples were found for ${without.map((t) => `"${t}"`).join(', ')}`);
  return { content: { ...book, chapters }, summary: `${parts.join('')}.` };
}
