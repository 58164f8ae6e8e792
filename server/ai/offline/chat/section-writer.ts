import type { TextbookContent } from '../../../../common/textbook';
import { splitSentences } from '../../../core/nlp';
import type { Retriever } from '../../material';
import { paragraphsToHtml } from '../compose/html';
import { groupParagraphs } from '../compose/paragraphs';
import { selectSentences } from '../compose/select-sentences';
import { buildSourceSentences } from '../compose/source-sentences';
import { UsedSentences } from '../compose/used-sentences';
import type { SectionWriter } from './apply-command';

/** How much a new section drafted from the material holds, at most. */
const sectionSentences = 8;

export function bookHtml(book: TextbookContent): string[] {
  return book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);
}

/**
 * Drafts a new section from the passages of the material that match its
 * title, using only sentences not already in the book. Null when the
 * material has nothing new on the subject.
 */
export function materialSectionWriter(retriever: Retriever): SectionWriter {
  return async ({ title, chapterTitle, book }) => {
    const chunks = await retriever.search(`${title} ${chapterTitle}`, { limit: 8 });
    if (chunks.length === 0) return null;
    const { sentences, stats } = buildSourceSentences(
      chunks.map((c) => ({ text: c.text, headingPath: c.headingPath, sourceId: c.sourceId })),
    );
    const used = UsedSentences.fromHtml(bookHtml(book), splitSentences);
    const query = stats.vectorOf(`${title} ${title} ${chapterTitle}`);
    // Only sentences that share words with the subject: a section on X must be about X.
    const chosen = selectSentences(sentences, query, { limit: sectionSentences, used, minScore: 0.08 });
    if (chosen.length === 0) return null;
    return paragraphsToHtml(groupParagraphs(chosen).map((p) => p.join(' ')));
  };
}
