import type { TextbookContent } from '@common/textbook';
import type { Material } from '@server/ai/material';
import { chapterFrame } from '../expand/chapter-frame';
import { continuesLine } from '../expand/gather';
import { sourceMap } from '@server/ai/shared/source-map';
import { htmlToText } from '@common/textbook-ops/html';
import { sparseCosine } from '@server/ai/shared/term-vectors';
import { buildSourceSentences, type SourceParagraph } from '../compose/source-sentences';
import { truncateWords } from '@server/core/nlp';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { parseChapterRef } from './parse-request';
import { resolveChapter, resolveSection } from './resolve-refs';

export const capabilities =
  'I can change the outline for you: add, remove, rename, move, split or merge chapters and sections (by number or title), ' +
  'for example "move chapter 4 before chapter 2", "add a section on X to chapter 1", "merge chapters 3 and 4" or "make it 6 chapters". ' +
  'I can also answer questions from your material.';

function describeOutline(book: TextbookContent): string {
  if (book.chapters.length === 0) return 'The outline has no chapters yet.';
  const list = book.chapters.map(
    (c, i) => `${i + 1}. ${c.title}${c.sections.length ? ` (${c.sections.length} section${c.sections.length === 1 ? '' : 's'})` : ''}`,
  );
  return `The outline has ${book.chapters.length} chapter${book.chapters.length === 1 ? '' : 's'}: ${list.join('; ')}.`;
}

/**
 * Answers a question that is not a structural request: questions about the
 * outline itself from its structure, anything else from the best matching
 * sentences of the material and the book, naming where they come from.
 */
export async function answerQuestion(input: { message: string; book: TextbookContent; material: Material }): Promise<string> {
  const q = input.message.trim();
  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(q) && q.split(/\s+/).length <= 4) return `Hello! ${capabilities}`;
  if (/^(thanks|thank you|great|perfect|ok|okay)\b/i.test(q) && q.split(/\s+/).length <= 4)
    return 'Glad to help. Ask me for any other change to the outline.';
  if (/\b(help|what can you do|how do i use|what do you do)\b/i.test(q)) return capabilities;
  if (
    /\b(how many|list|what are|show|which)\b.*\b(chapters?|sections?|outline|structure)\b|\b(outline|structure)\b.*\?$/i.test(q) &&
    !/\babout\b/i.test(q)
  ) {
    return describeOutline(input.book);
  }

  const summary = summarizeChapter(q, input.book);
  if (summary) return summary;

  const passages: Array<SourceParagraph & { where: string }> = [];
  // The book's own text, not its teaching apparatus: an answer never quotes the review questions back.
  const own = (html: string) => htmlToText(chapterFrame(html).body);
  input.book.chapters.forEach((c, ci) => {
    passages.push({ text: own(c.content), where: `chapter ${ci + 1}, "${c.title}"` });
    c.sections
      .filter((s) => !/^review:/i.test(s.title))
      .forEach((s) => passages.push({ text: own(s.content), where: `the section "${s.title}" of chapter ${ci + 1}` }));
  });
  for (const passage of materialPassages(input.material, q)) passages.push(passage);
  const built = buildSourceSentences(passages.map((p, i) => ({ text: p.text, headingPath: [String(i)] })));
  const query = built.stats.vectorOf(q);
  const subject = definitionSubject(q);
  const ranked = built.sentences
    .map((s) => ({ s, score: sparseCosine(s.vector, query) + (subject && definesSubject(s.text, subject) ? 0.3 : 0) }))
    .filter((x) => x.score >= 0.12)
    .sort((a, b) => b.score - a.score);
  if (ranked.length === 0) {
    return `I couldn't find anything about that in your material or in the outline, so I won't guess. ${capabilities}`;
  }
  // The best passages, one quote per place, each named: an answer the user can check against the material.
  const best = ranked[0].score;
  const places: string[] = [];
  for (const x of ranked) {
    const place = x.s.headingPath?.[0] ?? '0';
    if (x.score < best * 0.5) break;
    if (!places.includes(place)) places.push(place);
    if (places.length === maxPlaces) break;
  }
  const quotes = places.map((place) => {
    const picked = ranked
      .filter((x) => x.s.headingPath?.[0] === place && x.score >= best * 0.4)
      .slice(0, 3)
      .map((x) => x.s)
      .sort((a, b) => a.order - b.order);
    return `From ${passages[Number(place)].where}: "${truncateWords(picked.map((s) => s.text).join(' '), 300)}"`;
  });
  if (quotes.length === 1) return quotes[0];
  return `Your material answers this in ${quotes.length} places (the closest first):\n${quotes.map((t, i) => `${i + 1}. ${t}`).join('\n')}`;
}

/** Passages of the material searched for an answer. */
const passagesSearched = 6;

/**
 * The passages of the documents closest to the question (the blocks of their
 * section tree, ranked by shared terms), each named by its file, the heading
 * it sits under and its page.
 */
function materialPassages(material: Material, question: string): Array<SourceParagraph & { where: string }> {
  const map = sourceMap(material);
  const query = map.stats.vectorOf(question);
  return map.blocks
    .filter((b) => !b.isDebris && b.block.kind !== 'equation' && b.block.kind !== 'figure')
    .map((b) => ({ b, score: sparseCosine(b.vector, query) }))
    .filter((x) => x.score > 0)
    .sort((x, y) => y.score - x.score)
    .slice(0, passagesSearched)
    .map(({ b }) => {
      const unit = map.units[b.unit];
      const heading = unit.depth > 0 ? `, under "${unit.title}"` : '';
      const page = b.block.page ? `, page ${b.block.page}` : '';
      // A line the PDF broke off ("... partial deriva-" / "tives of ...") is read with the line it continues.
      let text = b.text;
      for (let o = b.order - 1, n = 0; o >= 0 && n < 2 && continuesLine(map.blocks[o].block, { ...b.block, text }); o--, n++)
        text = `${map.blocks[o].text.replace(/-$/, '')}${/-$/.test(map.blocks[o].text) ? '' : ' '}${text}`;
      return { text, where: `your material ("${unit.filename}"${heading}${page})` };
    });
}

/** Quotes from at most this many places, so the answer stays short enough to read. */
const maxPlaces = 3;

/** "What is a Markov chain?", "define entropy", "explain the Calvin cycle": the term asked about. */
function definitionSubject(question: string): string | undefined {
  const m =
    /^(?:what\s+(?:is|are|was|were|does)|what's|define|explain|describe|who\s+(?:is|was))\s+(?:an?\s+|the\s+)?(.+?)(?:\s+mean)?\??$/i.exec(
      question.trim(),
    );
  return m ? m[1].toLowerCase() : undefined;
}

/** A sentence that states what the subject is: "A Markov chain is ...", "Entropy refers to ...", "... is called the Jacobian". */
function definesSubject(sentence: string, subject: string): boolean {
  const lower = sentence.toLowerCase().replace(/^(an?|the)\s+/, '');
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`\\b(?:is|are) (?:called|known as|termed) (?:an?\\s+|the\\s+)?${escaped}\\b`).test(lower)) return true;
  if (!lower.startsWith(subject)) return false;
  return /^\s*(\([^)]*\)\s*)?,?\s*(is|are|refers to|means|denotes|describes|was|were)\b/.test(lower.slice(subject.length));
}

/** "Summarize chapter 3", "what is in the Evaluation chapter?": the chapter's own opening and each section's first sentence. */
function summarizeChapter(question: string, book: TextbookContent): string | null {
  // "Summarize chapter 3", "what does the chapter on truth tables cover?", "what is chapter 2 about?": the chapter the user names.
  const m =
    /\b(?:summari[sz]e|summary of|what(?:'s| is) in|tell me about|describe|overview of)\s+(.*\bchapter\b.*?)\??$/i.exec(question) ??
    /^\s*what\s+(?:does|do|is|will)\s+(.*\bchapter\b.*?)\s+(?:cover|covers|say|says|discuss|discusses|teach|teaches|contain|contains|about|deal with|explain)\b[^?]*\??$/i.exec(
      question,
    );
  if (!m) return null;
  const ref = parseChapterRef(m[1]);
  if (!ref) return null;
  const found = resolveChapter(book, ref);
  if (!found.ok) return (ref.by === 'title' && summarizeSection(ref.title, book)) || found.reason;
  const chapter = book.chapters[found.value];
  const opening = fastSentences(htmlToText(chapter.content)).slice(0, 2).join(' ');
  const sections = chapter.sections.map((s) => {
    const first = fastSentences(htmlToText(s.content))[0];
    return first ? `${s.title}: ${first}` : s.title;
  });
  const parts = [
    `Chapter ${found.value + 1}, "${chapter.title}"${chapter.sections.length ? `, has ${chapter.sections.length} section${chapter.sections.length === 1 ? '' : 's'}` : ''}.`,
  ];
  if (opening) parts.push(`It opens: "${opening}"`);
  if (sections.length) parts.push(sections.join(' '));
  return truncateWords(parts.join(' '), 900);
}

/**
 * A question about "the chapter on X" where X is a section's title (the navigator shows both alike): the
 * section is described, rather than the user sent away to rephrase a question.
 */
function summarizeSection(title: string, book: TextbookContent): string | null {
  const found = resolveSection(book, { section: { by: 'title', title } });
  if (!found.ok) return null;
  const { chapter, section } = found.value;
  const s = book.chapters[chapter].sections[section];
  const opening = fastSentences(htmlToText(chapterFrame(s.content).body))
    .slice(0, 3)
    .join(' ');
  const parts = [`"${s.title}" is a section of chapter ${chapter + 1}, "${book.chapters[chapter].title}".`];
  parts.push(opening ? `It opens: "${opening}"` : 'It has no text yet.');
  return truncateWords(parts.join(' '), 900);
}
