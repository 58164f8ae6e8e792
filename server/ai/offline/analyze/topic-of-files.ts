import type { Material } from '@server/ai/material';
import { extractKeyphrases, type Keyphrase } from '@server/core/nlp';
import { toTitleCase } from '@server/core/nlp';
import { viewMaterial } from './material-view';
import { detectTopic, isCodeIdentifier, sharedOpening } from './topic';

/** Beyond this many files, naming each one makes no topic: the material's own key phrases do. */
const maxNamedFiles = 3;

/** A file's own key phrases, those of its code left out ("Exp", "Identifier" of a parser's classes). */
function filePhrases(view: ReturnType<typeof viewMaterial>): Keyphrase[] {
  return extractKeyphrases(view.texts, { limit: 16 })
    .filter((p) => !isCodeIdentifier(p.phrase, view))
    .slice(0, 12);
}

/** The topic of each file alone: its title, else what its headings and text name (the one-file rules). */
export function fileTopics(material: Material): string[] {
  return material.sources.map((source) => {
    const view = viewMaterial({ sources: [source], chunks: material.chunks.filter((c) => c.sourceId === source.id) });
    return detectTopic(view, filePhrases(view)).trim();
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = (phrase: string, topic: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}_])`, 'iu').test(topic);

/** "A and B"; "A, B and C"; a part that holds "and" itself is set off by a comma ("A and B, and C"). */
function joinTopics(topics: string[]): string {
  if (topics.length <= 1) return topics[0] ?? '';
  const last = topics[topics.length - 1];
  const head = topics.slice(0, -1).join(', ');
  const comma = topics.some((t) => /\band\b/i.test(t)) ? ',' : '';
  return `${head}${comma} and ${last}`;
}

/**
 * The topic of several files from each file's own topic: one they all share, the opening their titles share
 * ("Ecology week 1", "Ecology week 2": "Ecology"), a field every file's topic names ("Linear regression",
 * "Logistic regression": "Regression"), else each file's topic joined ("Classical Probability and Networks").
 * Never from one file alone, never a code identifier. '' when the files name nothing (the caller falls back).
 */
export function combineFileTopics(topics: string[], phrases: Keyphrase[]): string {
  const distinct: string[] = [];
  for (const t of topics) if (t && !distinct.some((d) => d.toLowerCase() === t.toLowerCase())) distinct.push(t);
  if (distinct.length <= 1) return distinct[0] ?? '';
  const opening = sharedOpening(distinct);
  if (opening) return opening;
  const field = phrases.find((p) => p.phrase.length >= 4 && distinct.every((t) => names(p.phrase, t)));
  if (field) return toTitleCase(field.phrase);
  return distinct.length <= maxNamedFiles ? joinTopics(distinct) : '';
}

/** The detected topic of the material: of its files together when there are several, else of its one document. */
export function materialTopic(material: Material, view: ReturnType<typeof viewMaterial>, phrases: Keyphrase[], given?: string): string {
  if (material.sources.length > 1) {
    const combined = combineFileTopics(fileTopics(material), phrases);
    if (combined) return combined;
  }
  return detectTopic(view, phrases, given);
}
