import { stripStructurePrefixes } from './titles';
import type { TextbookContent } from '@common/textbook';
import { quickTokenize } from '@server/core/nlp';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { sparseCosine, TermStats } from '@server/ai/shared/term-vectors';
import { alignInOrder } from './order-alignment';
import { chapterOf, type Unit } from '@server/ai/shared/units';

export interface OutlineTopic {
  title: string;
  /** Lines under the topic in the document (readings, sub-topics): they help place content. */
  details: string[];
  /** The document's own label for its parts ("Week", "Unit", "Module"), when it uses one. */
  label?: string;
}

const labelled = /^\s*(week|wk|unit|module|lesson|session|class|lecture|day|part|topic)\s*\.?\s*(\d{1,2})\b\s*[:.)\-\u2013\u2014]?\s*/i;
const bullet = /^\s*(?:[-*\u2022\u25e6\u2023]+|\(?\d{1,2}[.)]|[a-z][.)])\s+/i;

function capitalLabel(word: string): string {
  const w = word.toLowerCase() === 'wk' ? 'week' : word.toLowerCase();
  return w[0].toUpperCase() + w.slice(1);
}

/**
 * Reads a pasted class outline: when lines are labelled ("Week 3: Loops",
 * "Unit 2 - Forces") those are the topics and other lines are their details;
 * otherwise every non-empty line (bullets and numbers removed) is a topic.
 */
export function parseOutline(document: string): OutlineTopic[] {
  const lines = document
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim());
  const isLabelled = lines.filter((l) => labelled.test(l)).length;
  const topics: OutlineTopic[] = [];
  if (isLabelled >= 2) {
    for (const line of lines) {
      const m = labelled.exec(line);
      if (m) {
        const title = line.slice(m[0].length).replace(bullet, '').trim();
        topics.push({ title: title || `${capitalLabel(m[1])} ${m[2]}`, details: [], label: capitalLabel(m[1]) });
      } else if (topics.length) {
        topics[topics.length - 1].details.push(line.replace(bullet, '').trim());
      }
    }
    return topics;
  }
  for (const line of lines) {
    const title = line.replace(bullet, '').trim();
    if (title && !/^(?:course|class)?\s*(?:outline|syllabus|schedule)\s*:?$/i.test(title)) topics.push({ title, details: [] });
  }
  return topics;
}

/**
 * "Follow my class outline with weekly topics": one chapter per topic of the
 * pasted outline, in its order; the book's parts are aligned to the topics in
 * order (`alignInOrder`), so a part is placed by its words and by where it
 * stands: "Benchmark results" after "Evaluation" goes with it.
 */
export function followClassOutline(book: TextbookContent, units: Unit[], document: string, weekly: boolean): CustomizeResult {
  const topics = parseOutline(document).slice(0, 100);
  if (topics.length < 2) {
    throw new AppError(
      'UNPROCESSABLE',
      'Paste your class outline (one topic per line, for example "Week 1: Introduction") into the reference document box so I can follow it.',
    );
  }
  const unitTokens = units.map((u) => quickTokenize(`${u.title} ${u.title} ${u.text}`));
  const topicTokens = topics.map((t) => quickTokenize(`${t.title} ${t.title} ${t.details.join(' ')}`));
  const stats = new TermStats([...unitTokens, ...topicTokens]);
  const unitVectors = unitTokens.map((t) => stats.vector(t));
  const topicVectors = topicTokens.map((t) => stats.vector(t));
  const similarity = units.map((_, i) => topicVectors.map((v) => sparseCosine(unitVectors[i], v)));

  const assignment = alignInOrder(
    similarity,
    topics.length,
    units.map((u) => u.chapterIndex),
  );
  const label = topics.find((t) => t.label)?.label ?? (weekly ? 'Week' : undefined);
  const chapters = topics.map((topic, t) => {
    const title = label ? `${label} ${t + 1}: ${stripStructurePrefixes(topic.title)}` : topic.title;
    return chapterOf(
      title,
      units.filter((_, i) => assignment[i] === t),
    );
  });
  const empty = chapters.filter((c) => c.sections.length === 0).length;
  const summary =
    `Followed your outline: ${topics.length} ${label ? `${label.toLowerCase()}s` : 'chapters'}, each holding the parts of the textbook most like its topic.` +
    (empty ? ` ${empty} of them ${empty === 1 ? 'has' : 'have'} no material in the textbook yet.` : '');
  return { content: { ...book, chapters }, summary };
}
